// A preview reads message lines in pi's form as stubs and parses only those whose contents it uses.
// Wherever a stub is not what its line holds, the preview must still be the full read's first turns.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewOf, readSessionPreview, wholeEntry, type PreviewLines } from '../../../../../electron/host/preview/read-preview.js';
import { readSessionFile } from '../../../../../electron/host/stream-session.js';
import { buildContext } from '../../../../../shared/session/context.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ti-quick-preview-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}';

/** A message entry in pi's field order. */
const entry = (id: string, parentId: string | null, message: Record<string, unknown>) =>
  JSON.stringify({ type: 'message', id, parentId, timestamp: '2026-01-01T00:00:01.000Z', message });

const assistant = (text: string, model = 'claude-sonnet-4-5', calls: string[] = []) => ({
  role: 'assistant',
  content: [{ type: 'text', text }, ...calls.map((id) => ({ type: 'toolCall', id, name: 'bash', arguments: { command: 'ls' } }))],
  api: 'anthropic-messages',
  provider: 'anthropic',
  model,
  usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 },
  stopReason: calls.length ? 'toolUse' : 'stop',
  timestamp: 2,
});

/** `cycles` user / assistant (with a call) / tool result turns, chained; each line passed through `edit`. */
function session(cycles: number, edit: (line: string, index: number) => string = (line) => line): string[] {
  const lines = [HEADER];
  let parent: string | null = null;
  for (let i = 0; i < cycles; i += 1) {
    lines.push(
      entry(`u${i}`, parent, { role: 'user', content: `question ${i}`, timestamp: 1 }),
      entry(`a${i}`, `u${i}`, assistant(`answer ${i}`, 'claude-sonnet-4-5', [`call_${i}`])),
      entry(`r${i}`, `a${i}`, { role: 'toolResult', toolCallId: `call_${i}`, toolName: 'bash', content: [], isError: false, timestamp: 3 }),
    );
    parent = `r${i}`;
  }
  return lines.map((line, index) => (index === 0 ? line : edit(line, index)));
}

/** The lines of `text` as a preview reads them, noting how often it read them all and which it read whole. */
function countedLines(text: string) {
  const all = text.split('\n');
  const seen = { passes: 0, whole: [] as number[] };
  const lines: PreviewLines = {
    async each(onLine) {
      seen.passes += 1;
      for (const line of all) {
        const bytes = Buffer.from(line.replace(/\r$/, ''), 'utf8');
        onLine(bytes, bytes.length);
      }
      return { bom: false, size: Buffer.byteLength(text) };
    },
    async entries(wanted) {
      seen.whole.push(...wanted);
      return wanted.map((line) => wholeEntry(all[line - 1] ?? ''));
    },
  };
  return { lines, seen };
}

/** The preview of `lines` (written to a file) and the full read's branch, side by side. */
async function previewAndFull(lines: string[], turns: number) {
  const file = path.join(dir, `s-${Math.random().toString(36).slice(2)}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const preview = await readSessionPreview(file, { turns });
  const full = buildContext((await readSessionFile(file, { digest: false })).parsed);
  return { preview: preview!, full };
}

/** The preview's first turns are the full read's, and it counts the turns as the full read does. */
function agrees({ preview, full }: Awaited<ReturnType<typeof previewAndFull>>, what = '') {
  expect(preview, what).not.toBeNull();
  expect(preview.totalTurns, what).toBe(full.messages.length);
  expect(preview.context.messages, what).toEqual(full.messages.slice(0, preview.turns));
  expect(preview.context.messageLines, what).toEqual(full.messageLines.slice(0, preview.turns));
  expect(preview.context.lastModel, what).toEqual(full.lastModel);
}

describe('a preview of message lines read as stubs', () => {
  it('reads whole only the first turns, the turns past them, and the branch’s last message (one pass over the lines)', async () => {
    const text = `${session(300).join('\n')}\n`;
    const { lines, seen } = countedLines(text);
    const preview = (await previewOf(lines, { turns: 3 }))!;
    expect(seen.passes).toBe(1);
    expect(preview.totalTurns).toBe(900);
    // The first 3 + 64 messages (lines 2–68), then the last assistant turn (its model) and the last message, once each.
    expect(seen.whole).toEqual([...Array.from({ length: 67 }, (_, i) => i + 2), 900, 901]);
    // Read on past the 3 asked until 8 more are read and every call among them is answered: 4 cycles.
    expect(preview.turns).toBe(12);
    expect(preview.context.messages.map((m) => m.role)).toEqual(
      Array.from({ length: 4 }, () => ['user', 'assistant', 'toolResult']).flat(),
    );
  });

  it('gives the branch’s last model and prefill from the lines themselves', async () => {
    const lines = session(50);
    lines.push(entry('last', 'r49', assistant('done', 'claude-opus-4-1')));
    const read = await previewAndFull(lines, 2);
    agrees(read);
    expect(read.preview.context.lastModel).toMatchObject({ modelId: 'claude-opus-4-1' });
    expect(read.preview.context.truncated).toEqual({ endsWithAssistantPrefill: true });
    const asked = await previewAndFull(session(50), 2);
    expect(asked.preview.context.truncated).toEqual({ endsWithAssistantPrefill: false });
  });

  it('reads every line again as a skeleton when a first turn in pi’s form is a message OpenClaw does not recognise', async () => {
    // The second assistant turn's content is a number: the loader skips it, and its child hangs off its parent.
    const bad = (line: string, index: number) => (index === 5 ? line.replace(/"content":\[.*\],"api"/, '"content":5,"api"') : line);
    const lines = session(40, bad);
    expect(lines[5]).toContain('"content":5');
    agrees(await previewAndFull(lines, 4));
    const { lines: counted, seen } = countedLines(`${lines.join('\n')}\n`);
    await previewOf(counted, { turns: 4 });
    expect(seen.passes).toBe(2);
  });

  it('agrees with the full read whatever a line far from the first turns holds that it must not take for a stub', async () => {
    // Line 92 (u30, past the 3 + 64 turns read whole) or 91 (the tool result before it).
    const user = (edit: (line: string) => string) => (line: string, index: number) => (index === 91 ? edit(line) : line);
    const cases: Record<string, (line: string, index: number) => string> = {
      // The full read drops the line: its child names a parent no entry has, and the branch starts there.
      'cut off': (line, index) => (index === 90 ? line.slice(0, -20) : line),
      'run together': (line, index) => (index === 90 ? `${line.slice(0, 40)}${line}` : line),
      'a trailing comma': user((line) => line.replace('"timestamp":1}', '"timestamp":1,}')),
      'an unknown escape': user((line) => line.replace('question 30', 'question \\x30')),
      'a number JSON does not have': user((line) => line.replace('"timestamp":1}', '"timestamp":01}')),
      'a bare word': user((line) => line.replace('"timestamp":1}', '"timestamp":one}')),
      // JSON.parse keeps the last of two members of one name.
      'a second id after the message': user((line) => line.replace(/}$/, ',"id":"other"}')),
      'a second parent after the message': user((line) => line.replace(/}$/, ',"parentId":"a0"}')),
      'a second type after the message': user((line) =>
        line.replace(/}$/, ',"type":"compaction","summary":"S","firstKeptEntryId":"u29","tokensBefore":1}'),
      ),
      // Taken out of the context, spelled plainly or with an escape.
      excluded: user((line) => line.replace('"role":"user"', '"role":"user","excludeFromContext":true')),
      'excluded by an escaped name': user((line) => line.replace('"role":"user"', '"role":"user","excludeFromConte\\u0078t":true')),
    };
    for (const [what, edit] of Object.entries(cases)) {
      const lines = session(40, edit);
      expect(lines[91] !== session(40)[91] || lines[90] !== session(40)[90], what).toBe(true);
      const read = await previewAndFull(lines, 3);
      agrees(read, what);
    }
  });

  it('reads whole the lines whose skeletons cut their place in the tree', async () => {
    // Ids longer than a skeleton keeps (128 bytes), on user lines too long to be stubs: each of their
    // skeletons has its id cut, which left the branch its last message alone.
    const long = (line: string) =>
      line.replace(/"([uar]\d+)"/g, (_, id: string) => `"${id}${'-'.repeat(150)}"`).replace(/question \d+/, (q) => q + ' '.repeat(2100));
    const lines = session(40, long);
    const { preview, full } = await previewAndFull(lines, 4);
    expect(full.messages).toHaveLength(120);
    agrees({ preview: preview!, full });
    expect(preview!.turns).toBe(12);
  });

  it('finds the lines skeletons cut again after its stubs failed, and reads them whole too', async () => {
    // A stub whose parent is a 200-byte id; the user line of that id is over 2 KiB (a skeleton, its id
    // cut); a stub OpenClaw ignores sends every line back to skeletons, where the stub's parent is cut too.
    const long = 'x'.repeat(200);
    const reply = (text: string) => ({ ...assistant(text), content: [{ type: 'text', text }] });
    const question = (text: string) => ({ role: 'user', content: text, timestamp: 1 });
    const lines = [
      HEADER,
      entry('u0', null, question('hi')),
      entry('a0', 'u0', reply('yo')),
      entry(long, 'a0', question(`big ${'z'.repeat(3000)}`)),
      entry('c', long, reply('c')),
      JSON.stringify({ type: 'compaction', id: 'k', parentId: 'c', timestamp: 't', summary: 'S', firstKeptEntryId: 'a0', tokensBefore: 1 }),
      entry('d', 'k', { ...reply('d'), content: 5 }),
    ];
    for (let i = 0; i < 5; i += 1) lines.push(entry(`e${i}`, i ? `e${i - 1}` : 'd', question(`e${i}`)));
    const read = await previewAndFull(lines, 1);
    expect(read.full.messageLines).toEqual([6, 3, 4, 5, 8, 9, 10, 11, 12]);
    agrees(read);
  });

  it('reads whole what a reset keeps from before it: it keeps the results that answer calls, which stubs do not have', async () => {
    const reset = (parentId: string, firstKeptEntryId: string) =>
      JSON.stringify({ type: 'reset', id: 'z', parentId, timestamp: 't', reason: 'reset', firstKeptEntryId });
    const lines = session(3);
    lines.push(reset('r2', 'u0'), entry('n', 'z', { role: 'user', content: 'next', timestamp: 1 }));
    const read = await previewAndFull(lines, 1);
    expect(read.full.messages.map((m) => m.role)).toEqual([...Array(3).fill(['user', 'assistant', 'toolResult']).flat(), 'user']);
    agrees(read);
    // Call ids longer than a skeleton keeps, on lines over 2 KiB: a result answering another call is not kept.
    const [a, b] = ['A'.repeat(200), 'B'.repeat(200)];
    const padded = { role: 'user', content: `q ${'p'.repeat(2100)}`, timestamp: 1 };
    const cut = [
      HEADER,
      entry('u0', null, padded),
      entry('a0', 'u0', { ...assistant('call', 'claude-sonnet-4-5', [a]), padding: 'p'.repeat(2100) }),
      entry('r0', 'a0', {
        role: 'toolResult',
        toolCallId: b,
        toolName: 'bash',
        content: [],
        isError: false,
        timestamp: 3,
        padding: 'p'.repeat(2100),
      }),
      reset('r0', 'u0'),
      ...Array.from({ length: 70 }, (_, i) => entry(`n${i}`, i ? `n${i - 1}` : 'z', { role: 'user', content: 'n', timestamp: 1 })),
    ];
    const pairs = await previewAndFull(cut, 1);
    expect(pairs.full.messageLines.slice(0, 3)).toEqual([2, 3, 6]);
    agrees(pairs);
  });

  it('reads whole the last model when it is a skeleton whose model id is longer than a skeleton keeps', async () => {
    const lines = session(30);
    lines.push(
      JSON.stringify({ type: 'model_change', id: 'mc', parentId: 'r29', timestamp: 't', provider: 'p', modelId: 'm'.repeat(200) }),
    );
    lines.push(entry('last', 'mc', { role: 'user', content: 'q', timestamp: 1 }));
    const read = await previewAndFull(lines, 1);
    expect(read.full.lastModel).toMatchObject({ modelId: 'm'.repeat(200) });
    agrees(read);
  });

  it('reads whole the last model even where a second role in a message makes a user turn an assistant turn', async () => {
    const lines = session(50);
    const hidden = entry('x1', 'r49', {
      role: 'user',
      content: 'hi',
      provider: 'anthropic',
      model: 'claude-hidden',
      api: 'anthropic-messages',
    });
    lines.push(hidden.replace('"api":', '"role":"assistant","api":'), entry('x2', 'x1', { role: 'user', content: 'last', timestamp: 1 }));
    const read = await previewAndFull(lines, 2);
    expect(read.full.lastModel).toMatchObject({ modelId: 'claude-hidden' });
    agrees(read);
  });

  it('reads whole a last model that was a stub far from the first turns', async () => {
    // The model is switched once, mid-branch, and only user turns follow.
    const lines = session(30);
    lines.push(entry('switch', 'r29', assistant('switched', 'claude-haiku-4-5')));
    for (let i = 0; i < 80; i += 1)
      lines.push(entry(`t${i}`, i === 0 ? 'switch' : `t${i - 1}`, { role: 'user', content: `more ${i}`, timestamp: 1 }));
    const read = await previewAndFull(lines, 2);
    agrees(read);
    expect(read.preview.context.lastModel).toMatchObject({ modelId: 'claude-haiku-4-5' });
  });
});
