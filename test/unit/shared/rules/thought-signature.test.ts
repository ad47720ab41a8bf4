// thought-signature: the msg_ strip and the Gemini base64-only cleanup.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankTextRule, thoughtSignatureRule } from '../../../../shared/rules/index.js';
import { isBase64Signature } from '../../../../shared/rules/thought-signature.js';
import { applyRule, applySteps, brief, step } from '../../helpers/apply-rule.js';
import { A, text, U } from '../../helpers/messages.js';
import { TARGETS } from '../../helpers/pipeline.js';

const rule = 'thought-signature';

describe('thought-signature', () => {
  it('a msg_… thought_signature is stripped, a base64 one (AQID) kept', async () => {
    const turn = A([text('hello', { thought_signature: 'msg_abc123' }), { type: 'thinking', thinking: 'plan', thought_signature: 'AQID' }]);
    const out = await applyRule(thoughtSignatureRule, [U('go'), turn]);
    expect(out.messages).toEqual([
      U('go'),
      { ...turn, content: [text('hello'), { type: 'thinking', thinking: 'plan', thought_signature: 'AQID' }] },
    ]);
    expect(brief(out.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0]' }]);
  });

  it('non-array content is returned as is, and null/undefined blocks pass through', async () => {
    const stringTurn = A('plain text');
    const holes = A([null, undefined, text('x', { thought_signature: 'msg_1' })]);
    const out = await applyRule(thoughtSignatureRule, [U('go'), stringTurn, holes]);
    expect(out.messages[1]).toBe(stringTurn);
    expect(out.messages[2]).toEqual({ ...holes, content: [null, undefined, text('x')] });
    expect(brief(out.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 2, replayTurn: 2, path: 'content[2]' }]);
  });

  it('images-only with {allowBase64Only, includeCamelCase}: non-base64 msg_abc123 stripped, blank text removed', async () => {
    const turn = A([{ type: 'thinking', thinking: 'plan', thought_signature: 'msg_abc123' }, text(' '), text('visible')]);
    const out = await applySteps([step(thoughtSignatureRule), step(blankTextRule, { phase: 'content' })], [U('go'), turn], {
      policy: { sanitizeMode: 'images-only', sanitizeThoughtSignatures: { allowBase64Only: true, includeCamelCase: true } },
    });
    expect(out.messages).toEqual([U('go'), { ...turn, content: [{ type: 'thinking', thinking: 'plan' }, text('visible')] }]);
    expect(brief(out.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0]' },
      { rule: 'blank-text', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[1]' },
    ]);
  });

  it('the Gemini policy checks camelCase thoughtSignature too and keeps canonical base64/base64url', async () => {
    expect(isBase64Signature('AQID')).toBe(true);
    expect(isBase64Signature('msg_01abcDEF')).toBe(true);
    expect(isBase64Signature('msg_zzz')).toBe(false);
    const call = { type: 'toolCall', id: 'call_1', name: 'read', arguments: {}, thoughtSignature: 'msg_zzz' };
    const keep = { type: 'toolCall', id: 'call_2', name: 'read', arguments: {}, thoughtSignature: 'msg_01abcDEF' };
    const turn = A([call, keep], { stopReason: 'toolUse' });
    const out = await applyRule(thoughtSignatureRule, [U('go'), turn], { target: TARGETS.google });
    expect(out.messages[1]).toEqual({ ...turn, content: [{ type: 'toolCall', id: 'call_1', name: 'read', arguments: {} }, keep] });
    expect(brief(out.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0]' }]);
  });

  it('signature-preserving policies (Anthropic family) strip nothing', async () => {
    const turn = A([text('hello', { thought_signature: 'msg_abc123' })]);
    const out = await applyRule(thoughtSignatureRule, [U('go'), turn], { target: TARGETS.anthropicOpus46 });
    expect(out.untouched).toBe(true);
    expect(out.annotations).toEqual([]);
  });
});

/**
 * The definition `isBase64Signature` reads without decoding: decode with Node's rules (stop at the first
 * `=`, skip characters of the other alphabet, `+`/`/` read as `-`/`_` in base64url), encode again
 * without padding, and compare with the text before its trailing `=`.
 */
function roundTrips(value: string): boolean {
  const compact = value.trim().replace(/\s+/g, '');
  if (!compact || !/^[A-Za-z0-9+/=_-]+$/.test(compact)) return false;
  const url = compact.includes('-') || compact.includes('_');
  const alphabet = url
    ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    : 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const pad = compact.indexOf('=');
  const body = [...(pad >= 0 ? compact.slice(0, pad) : compact)]
    .filter((c) => alphabet.includes(c) || (url && (c === '+' || c === '/')))
    .map((c) => (url && c === '+' ? '-' : url && c === '/' ? '_' : c));
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of body) {
    acc = ((acc << 6) | alphabet.indexOf(c)) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  if (bytes.length === 0) return false;
  let encoded = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    for (let k = 0; k < (i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2); k += 1) encoded += alphabet[(n >> (18 - 6 * k)) & 63];
  }
  return encoded === compact.replace(/=+$/, '');
}

describe('isBase64Signature', () => {
  it('agrees with decoding and encoding again, on random texts near base64 (every length, padding, alphabet mix)', () => {
    const char = fc.constantFrom(...'AQIDgwxyz09+/-_= \n'.split(''), 'A', 'Q', 'g', 'w');
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(char, { maxLength: 40 }), (chars) => {
        const text = chars.join('');
        expect(isBase64Signature(text)).toBe(roundTrips(text));
        if (roundTrips(text)) accepted += 1;
      }),
      { numRuns: 5000 },
    );
    expect(accepted).toBeGreaterThan(200);
  });

  it('reads real-looking signatures as the decoding does', () => {
    const bytes = Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 37) & 0xff));
    for (let cut = 1; cut < 40; cut += 1) {
      for (const text of [
        bytes.subarray(0, cut).toString('base64'),
        bytes.subarray(0, cut).toString('base64url'),
        bytes.subarray(0, cut).toString('base64').replace(/=+$/, ''),
        `${bytes.subarray(0, cut).toString('base64')}x`,
        `msg_${bytes.subarray(0, cut).toString('hex')}`,
      ])
        expect(isBase64Signature(text)).toBe(roundTrips(text));
    }
    expect(isBase64Signature(bytes.toString('base64'))).toBe(true);
  });
});
