// Signatures and error messages: look-alikes of the same validity class; provider words kept, secrets masked.
import { describe, expect, it } from 'vitest';
import { redactErrorMessage, redactSignature } from '../../../../shared/redact/opaque.js';
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
