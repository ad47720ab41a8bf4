/** The recorder's cuts and redactions are marks, not differences — unless what it kept contradicts the replay. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TurnWalk } from '../../../../shared/trajectory/compare-values.js';
import type { JsonValue } from '../../../../shared/types.js';

const walk = (recorded: JsonValue, replay: JsonValue, facts = { created: false, resized: false }) => {
  const w = new TurnWalk(3, facts);
  w.value(recorded, replay, 'messages[3]');
  return { marks: w.marks, differences: w.differences.map((d) => [d.path, d.explanation]) };
};
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('TurnWalk', () => {
  it('equal values: nothing', () => {
    expect(
      walk({ role: 'user', content: [{ type: 'text', text: 'hi' }] }, { role: 'user', content: [{ type: 'text', text: 'hi' }] }),
    ).toEqual({ marks: [], differences: [] });
  });

  it('a changed text is a difference, located and quoted', () => {
    expect(
      walk({ content: [{ type: 'text', text: 'hello world' }] }, { content: [{ type: 'text', text: 'hello there' }] }).differences,
    ).toEqual([['messages[3].content[0].text', 'the texts differ from character 7: recorded "world", the replay has "there"']]);
  });

  it('a string the recorder cut: a mark when its length is the replay’s, a difference otherwise', () => {
    const cut = { truncated: true, reason: 'trajectory-field-size-limit', originalChars: 40000, limitChars: 32768 };
    expect(walk({ text: cut }, { text: 'x'.repeat(40000) })).toEqual({
      marks: [
        {
          turn: 3,
          path: 'messages[3].text',
          kind: 'truncated',
          detail: "a string over 32 KiB (40000 characters, the same length as the replay's)",
        },
      ],
      differences: [],
    });
    expect(walk({ text: cut }, { text: 'x'.repeat(39999) }).differences).toEqual([
      ['messages[3].text', 'the recorder cut a string of 40000 characters; the replay has 39999 characters'],
    ]);
  });

  it('the recorder’s placeholders and redaction notes are marks', () => {
    expect(walk(['[Truncated]', '[Malformed diagnostic JSON redacted]'], [{ a: 1 }, '{ not json'])).toEqual({
      marks: [
        { turn: 3, path: 'messages[3][0]', kind: 'truncated', detail: 'past the recorder’s budget of 64 objects per event' },
        {
          turn: 3,
          path: 'messages[3][1]',
          kind: 'redacted',
          detail: "replaced by the recorder's note [Malformed diagnostic JSON redacted]",
        },
      ],
      differences: [],
    });
  });

  it('a masked secret stands for the replay’s text; a different text is still a difference', () => {
    const secret = 'key sk-ant-api03-Zq8uV2mB7xK1pR4tY9wE3sD6fG0hJ5kL8zX2cV7b1fAA please';
    expect(walk('key sk-ant…1fAA please', secret).marks.map((m) => m.detail)).toEqual(['a secret masked by the recorder']);
    expect(walk('key sk-ant…1fAA thanks', secret).differences).toHaveLength(1);
  });

  it('an image replaced by its digest: checked against the replay’s bytes', () => {
    const recorded = { type: 'image', data: '<redacted>', bytes: 70, sha256: sha(PNG), mimeType: 'image/png' };
    expect(walk(recorded, { type: 'image', data: PNG, mimeType: 'image/png' })).toEqual({
      marks: [
        {
          turn: 3,
          path: 'messages[3].data',
          kind: 'redacted',
          detail: 'media bytes replaced by their digest (the digest matches the replay)',
        },
      ],
      differences: [],
    });
    expect(walk({ ...recorded, sha256: sha('other') }, { type: 'image', data: PNG, mimeType: 'image/png' }).differences).toEqual([
      ['messages[3].data', 'the recorded media digest is not the replay’s: the image differs'],
    ]);
    expect(walk({ ...recorded, mimeType: 'image/jpeg' }, { type: 'image', data: PNG, mimeType: 'image/png' }).differences).toEqual([
      ['messages[3].mimeType', 'the texts differ from character 7: recorded "jpeg", the replay has "png"'],
    ]);
    // Both sides resized it: encoders differ, so the digest cannot match and says nothing.
    expect(
      walk({ ...recorded, sha256: sha('other') }, { type: 'image', data: PNG, mimeType: 'image/png' }, { created: false, resized: true })
        .differences,
    ).toEqual([]);
  });

  it('lists: an item-count cut is a mark; a list of the recorder’s 64 kept items stands for a longer one', () => {
    const marker = { truncated: true, reason: 'trajectory-array-size-limit', originalLength: 70, limitItems: 64 };
    const replay = Array.from({ length: 70 }, (_, i) => i);
    expect(walk([...replay.slice(0, 64), marker], replay).marks.map((m) => m.path)).toEqual(['messages[3][64]']);
    expect(walk([...replay.slice(0, 64), marker], replay.slice(0, 69)).differences).toEqual([
      ['messages[3]', 'the recorder saw 70 items and kept 64; the replay has 69'],
    ]);
    expect(walk(replay.slice(0, 64), replay).differences).toEqual([]);
    expect(walk(replay.slice(0, 63), replay).differences).toEqual([['messages[3]', 'recorded 63 items, the replay has 70']]);
  });

  it('keys: credentials the recorder leaves out are marks, other missing keys differences; a created turn’s time is the gateway’s', () => {
    expect(walk({ role: 'assistant' }, { role: 'assistant', thinkingSignature: 'abc', extra: 1 })).toEqual({
      marks: [
        { turn: 3, path: 'messages[3].thinkingSignature', kind: 'redacted', detail: '"thinkingSignature" is left out by the recorder' },
      ],
      differences: [['messages[3].extra', 'the replay has "extra", the recording has none']],
    });
    expect(
      walk({ role: 'toolResult', timestamp: 5 }, { role: 'toolResult', timestamp: 9 }, { created: true, resized: false }).differences,
    ).toEqual([]);
    expect(walk({ role: 'toolResult', timestamp: 5 }, { role: 'toolResult', timestamp: 9 }).differences).toEqual([
      ['messages[3].timestamp', 'recorded 5, the replay has 9'],
    ]);
    expect(
      walk({ depth: { truncated: true, reason: 'trajectory-depth-limit', limitDepth: 6 } }, { depth: { a: { b: 1 } } }).marks.map(
        (m) => m.detail,
      ),
    ).toEqual(['nested deeper than 6 levels']);
  });
});
