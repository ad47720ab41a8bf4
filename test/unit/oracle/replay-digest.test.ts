// The digest the release bench compares the two sides' replays by (test/bench/release.bench.ts): the
// same messages whatever the order of their fields, any other difference seen, an image's data not.
import { describe, expect, it } from 'vitest';
import { replayDigest } from '../../oracle/lib/replay-digest.mjs';

const user = { role: 'user', content: [{ type: 'text', text: 'read the file' }], timestamp: 1767225600000 };
const assistant = {
  role: 'assistant',
  content: [{ type: 'toolCall', id: 'toolu_1', name: 'read', arguments: { path: 'a.txt', lines: [1, 2] } }],
  stopReason: 'toolUse',
};
const image = (data: string) => ({
  role: 'toolResult',
  toolCallId: 'toolu_1',
  content: [
    { type: 'text', text: 'a screenshot' },
    { type: 'image', mimeType: 'image/png', data },
  ],
});

describe('replayDigest', () => {
  it('gives the same digest for the same messages with their fields in another order', () => {
    const reordered = [
      { timestamp: 1767225600000, content: [{ text: 'read the file', type: 'text' }], role: 'user' },
      {
        stopReason: 'toolUse',
        role: 'assistant',
        content: [{ arguments: { lines: [1, 2], path: 'a.txt' }, name: 'read', id: 'toolu_1', type: 'toolCall' }],
      },
    ];
    expect(replayDigest(reordered)).toEqual(replayDigest([user, assistant]));
  });

  it('drops a field left undefined, as JSON does', () => {
    expect(replayDigest([{ ...user, details: undefined }]).digest).toBe(replayDigest([user]).digest);
  });

  it('sees a changed text, a changed number, a changed argument, a missing or an extra message', () => {
    const base = replayDigest([user, assistant]).digest;
    const changed = [
      [{ ...user, content: [{ type: 'text', text: 'read the file!' }] }, assistant],
      [{ ...user, timestamp: 1767225600001 }, assistant],
      [user, { ...assistant, content: [{ ...assistant.content[0], arguments: { path: 'b.txt', lines: [1, 2] } }] }],
      [user],
      [user, assistant, user],
      [assistant, user],
    ];
    for (const messages of changed) expect(replayDigest(messages).digest).not.toBe(base);
  });

  it("leaves an image's data out and counts the images", () => {
    const a = replayDigest([user, assistant, image('iVBORw0KGgoAAAA')]);
    const b = replayDigest([user, assistant, image('/9j/4AAQSkZJRg')]);
    expect(a.digest).toBe(b.digest);
    expect(a.images).toBe(1);
    expect(replayDigest([user]).images).toBe(0);
    // Only the data: the image's other fields still count.
    const jpeg = image('iVBORw0KGgoAAAA');
    jpeg.content[1].mimeType = 'image/jpeg';
    expect(replayDigest([user, assistant, jpeg]).digest).not.toBe(a.digest);
  });

  it('hashes a replay longer than one piece of the writer whole', () => {
    const long = (n: number) => Array.from({ length: n }, (_, i) => ({ role: 'user', content: `turn ${i} ${'x'.repeat(500)}` }));
    const many = long(400);
    const edited = long(400);
    edited[399] = { role: 'user', content: `turn 399 ${'x'.repeat(499)}y` };
    expect(replayDigest(many).digest).not.toBe(replayDigest(edited).digest);
    expect(replayDigest(many).digest).toBe(replayDigest(long(400)).digest);
  });
});
