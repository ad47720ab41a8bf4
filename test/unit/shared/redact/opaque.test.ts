// Signatures and error messages: look-alikes of the same validity class; provider words kept, secrets masked.
import { describe, expect, it } from 'vitest';
import { redactErrorMessage, redactSignature, signatureClass } from '../../../../shared/redact/opaque.js';
import { isBase64Signature } from '../../../../shared/rules/thought-signature.js';
import { parseReasoningSignature } from '../../../../shared/rules/openai-reasoning.js';

describe('redactSignature', () => {
  it('keeps empty and blank signatures as they are', () => {
    for (const value of ['', ' ', '\n\t']) expect(redactSignature(value)).toBe(value);
  });

  it('turns base64 into base64 of the same length', () => {
    const value = 'EqQBCkgIARABGAIiQBkqL9c3ZaXh+pQ/2Vv4Qw==';
    expect(isBase64Signature(value)).toBe(true);
    const out = redactSignature(value);
    expect(out).toBe('AAAAAAAAAAAAAAAAAAAAAAAAAAAA+AA/AAAAAA==');
    expect(out.length).toBe(value.length);
    expect(isBase64Signature(out)).toBe(true);
  });

  it('keeps a leaked message id a message id, base64-valid or not as before', () => {
    expect(redactSignature('msg_01abcDEF')).toBe('msg_AAAAAAAA');
    expect(isBase64Signature('msg_zzz')).toBe(false);
    const out = redactSignature('msg_zzz');
    expect(out.startsWith('msg_')).toBe(true);
    expect(out.length).toBe(7);
    expect(isBase64Signature(out)).toBe(false);
  });

  it('keeps an OpenAI reasoning item a reasoning item, masking its summary and encrypted content', () => {
    const value = JSON.stringify({
      type: 'reasoning',
      id: 'rs_0a1b2c',
      summary: [{ type: 'summary_text', text: 'Checking the invoice' }],
      encrypted_content: 'gAAAAABo3x==',
    });
    const out = redactSignature(value);
    expect(JSON.parse(out)).toEqual({
      type: 'reasoning',
      id: 'rs_0a1b2c',
      summary: [{ type: 'summary_text', text: 'Xxxxxxxx xxx xxxxxxx' }],
      // The original's last character leaves pad bits set (not canonical base64): so does the copy's.
      encrypted_content: 'AAAAAAAAAB==',
    });
    expect(parseReasoningSignature(out)).toEqual(parseReasoningSignature(value));
  });

  it('keeps a text signature phase', () => {
    expect(redactSignature('{"v":1,"id":"msg_abc","phase":"final_answer"}')).toBe('{"v":1,"id":"msg_abc","phase":"final_answer"}');
  });
});

describe('redactSignature on random values', () => {
  it('gives a look-alike of the class of any value, and letters and digits made A where that keeps the class', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const pick = (text: string) => text[Math.floor(random() * text.length)];
    const alphabets = [
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_ =\n!é',
    ];
    let valid = 0;
    for (let round = 0; round < 6000; round += 1) {
      const alphabet = alphabets[round % alphabets.length];
      let value = random() < 0.1 ? 'msg_' : '';
      const length = Math.floor(random() * 40) + 1;
      for (let i = 0; i < length; i += 1) value += pick(alphabet);
      value += ['', '=', '==', '===', ' '][Math.floor(random() * 5)];
      if (value.trim() === '') continue;
      const out = redactSignature(value);
      expect(out.length).toBe(value.length);
      expect(signatureClass(out)).toBe(signatureClass(value));
      if (signatureClass(value) !== 'true:true') continue;
      valid += 1;
      expect(signatureClass(out)).toBe('true:true');
      const prefix = value.startsWith('msg_') ? 'msg_' : '';
      expect(out).toBe(prefix + value.slice(prefix.length).replace(/[A-Za-z0-9]/g, 'A'));
    }
    // Enough of them are base64 to both tests to say something.
    expect(valid).toBeGreaterThan(400);
  });
});

describe('redactErrorMessage', () => {
  it('keeps the provider words and masks keys, account ids and addresses', () => {
    const text =
      '429 Rate limit reached for gpt-4o in organization org-AbCdEf123456 on tokens; key sk-proj-ABCdef123456789 of alice@example.com';
    expect(redactErrorMessage(text)).toBe(
      '429 Rate limit reached for gpt-4o in organization xxx-XxXxXx000000 on tokens; key xx-xxxx-XXXxxx000000000 of xxxxx@xxxxxxx.xxx',
    );
  });

  it('leaves an error without secrets untouched', () => {
    const text = '400 messages.3.content.0: tool_use ids were found without tool_result blocks immediately after: toolu_01X';
    expect(redactErrorMessage(text)).toBe(text);
  });
});
