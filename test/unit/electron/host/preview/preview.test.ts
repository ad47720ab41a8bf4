// A preview inspects the first turns of a large file from a skeleton read: its first window must be
// what the full inspection shows there, for every provider family, and it must never outlive its use.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspector, UnknownIdError } from '../../../../../electron/host/inspector.js';
import { readSessionPreview } from '../../../../../electron/host/preview/read-preview.js';
import type { Message, Target } from '../../../../../shared/types.js';
import { generateSession } from '../../../../bench/session-generator.js';
import { A as assistant, text, thinking, TR, U, ZERO_USAGE } from '../../../helpers/messages.js';
import { sessionText } from '../../../helpers/pipeline.js';
import { SESSION_FOLDERS, sessionFiles } from '../../../helpers/session-files.js';
import { rng, transcript } from '../../../helpers/transcripts.js';

const fixtures = path.resolve(__dirname, '../../../../fixtures');
const sessions = [
  ...readdirSync(path.join(fixtures, 'pi-sessions'))
    .filter((f) => f.endsWith('.jsonl'))
    .map((f) => path.join(fixtures, 'pi-sessions', f)),
  path.join(fixtures, 'payloads/many-rules.jsonl'),
];
const TARGETS: Target[] = [
  { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true },
  { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5', reasoning: true },
  { provider: 'mistral', api: 'openai-completions', modelId: 'mistral-large-latest' },
  { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro', reasoning: true },
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0', reasoning: true },
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ti-preview-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A payload document without an empty `tools` list: pi-ai's Chat Completions builder sends one when
 * the conversation it is given holds tool calls, which a preview's first turns may not hold while
 * the branch does (the full read's payload has it; the first screen's may not).
 */
function withoutEmptyTools(text: string): string {
  return text.replace(/,\n {2}"tools": \[\]\n\}$/, '\n}');
}

/** A session file of these messages on one branch, each stamped with its place (`${name}.jsonl` in the test folder). */
function writeSession(name: string, messages: readonly Record<string, unknown>[]): string {
  const file = path.join(dir, `${name}.jsonl`);
  writeFileSync(file, sessionText(messages.map((message, i) => ({ timestamp: 1000 + i, ...message }) as Message)));
  return file;
}

/** Synthetic turns carry the inspection's clock: equal up to it. */
const sameClock = (text: string) => text.replace(/"timestamp": 1[7-9]\d{11}/g, '"timestamp": NOW');

/** A session of `cycles` user/assistant pairs, each message about `chars` characters long. */
async function writeTurns(file: string, cycles: number, chars = 20): Promise<void> {
  const lines = ['{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}'];
  let parent: string | null = null;
  for (let i = 0; i < cycles; i += 1) {
    const user = `u${i}`;
    const assistant = `a${i}`;
    lines.push(
      JSON.stringify({
        type: 'message',
        id: user,
        parentId: parent,
        timestamp: '2026-01-01T00:00:01.000Z',
        message: { role: 'user', content: `question ${i} ${'q'.repeat(chars)}`, timestamp: 1 },
      }),
      JSON.stringify({
        type: 'message',
        id: assistant,
        parentId: user,
        timestamp: '2026-01-01T00:00:02.000Z',
        message: {
          role: 'assistant',
          content: [{ type: 'text', text: `answer ${i} ${'a'.repeat(chars)}` }],
          api: 'anthropic-messages',
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 },
          stopReason: 'stop',
          timestamp: 2,
        },
      }),
    );
    parent = assistant;
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}

/** An inspector that previews every file, whatever its size, reading `turns` turns. */
function previewingEverything(turns: number) {
  return createInspector({ recentFile: path.join(dir, 'recent.json'), previewMinBytes: 0, previewWholeMinBytes: 0, previewTurns: turns });
}

/**
 * Whether the preview's first window is the full inspection's (`allowNone`: a file may have nothing
 * to preview, or a payload pi-ai cannot build for a turn past the preview's; false then).
 */
async function firstWindowAgrees(file: string, target: Target, turns: number, options: { allowNone?: boolean } = {}): Promise<boolean> {
  const inspector = previewingEverything(turns);
  try {
    const preview = await inspector.preview({ kind: 'path', path: file }, target);
    if (options.allowNone && preview === null) return false;
    expect(preview, `${path.basename(file)} has turns`).not.toBeNull();
    const info = await inspector.open({ kind: 'path', path: file });
    const full = await inspector.inspect(info.sessionId, target);
    expect(preview!.preview!.totalTurns).toBe(full.original.turnCount);
    expect(preview!.preview!.turns).toBeGreaterThanOrEqual(Math.min(turns, full.original.turnCount));
    const window = { from: 0, to: Math.min(turns, full.original.turnCount) };
    for (const side of ['original', 'replay'] as const) {
      for (const view of ['payload', 'transcript'] as const) {
        const shown = await inspector.getDocument(preview!.inspectionId, side, view, window);
        const truth = await inspector.getDocument(full.inspectionId, side, view, window);
        // pi-ai refuses a message past the preview's turns: only the full read can know (and says so).
        if (options.allowNone && view === 'payload' && truth.text.startsWith('{\n  "error": "pi-ai could not build')) return false;
        const label = `${path.basename(file)} ${target.api} ${side} ${view}, ${turns} turns`;
        expect(withoutEmptyTools(sameClock(shown.text)), label).toBe(withoutEmptyTools(sameClock(truth.text)));
      }
    }
    return true;
  } finally {
    await inspector.dispose();
  }
}

describe('preview', () => {
  it('shows first turns identical to the full inspection (pi fixtures × provider families × window sizes)', async () => {
    for (const file of sessions) for (const target of TARGETS) for (const turns of [1, 3, 8]) await firstWindowAgrees(file, target, turns);
  }, 120_000);

  it('shows first turns identical to the full inspection on OpenClaw’s corpus, its adversarial cases and real sessions', async () => {
    const files = sessionFiles(SESSION_FOLDERS.filter((folder) => folder.startsWith('test/oracle/'))).map(({ file }) => file);
    expect(files.length).toBeGreaterThan(200);
    let shown = 0;
    // Claude, OpenAI Responses and Mistral's Chat Completions: the three ways a payload is cut in windows.
    for (const file of files)
      for (const target of TARGETS.slice(0, 3)) if (await firstWindowAgrees(file, target, 3, { allowNone: true })) shown += 1;
    // Most of them have turns to show.
    expect(shown).toBeGreaterThan(files.length * 2);
  }, 240_000);

  it('shows first turns identical to the full inspection on random sessions with silent replies and heartbeat polls', async () => {
    const random = rng(9);
    const silent = ['NO_REPLY', '   ', 'HEARTBEAT_OK'];
    for (let round = 0; round < 40; round += 1) {
      const messages: Record<string, unknown>[] = transcript(random, 6 + Math.floor(random() * 40), [{}, { responses: true }][round % 2]);
      for (let i = 0; i < messages.length; i += 1) {
        const r = random();
        if (r < 0.12 && messages[i].role === 'assistant')
          messages[i] = { ...messages[i], content: [{ type: 'text', text: silent[Math.floor(random() * silent.length)] }] };
        else if (r < 0.16 && messages[i].role === 'user') messages[i] = { ...messages[i], content: '[OpenClaw heartbeat poll]' };
      }
      const file = writeSession(`random-${round}`, messages);
      for (const target of [TARGETS[0], TARGETS[2]])
        for (const turns of [1, 4]) await firstWindowAgrees(file, target, turns, { allowNone: true });
    }
  }, 60_000);

  it('reads past the turns hygiene drops (silent replies, blank and failed turns, wake prompts) to a margin of kept ones', async () => {
    // A group chat: the agent answers, then stays silent for a long run; heartbeat polls come and go,
    // and OpenClaw mirrors two deliveries to a channel (turns it wrote, which hygiene drops).
    const route = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5', usage: { input: 1, output: 1 } };
    const mirror = {
      role: 'assistant',
      content: [{ type: 'text', text: 'Sent to #ops.' }],
      ...route,
      openclawDeliveryMirror: { kind: 'channel-final' },
    };
    const turns: Record<string, unknown>[] = [
      { role: 'user', content: 'Deploy the staging build.' },
      { role: 'assistant', content: [{ type: 'text', text: 'Deploying now.' }], ...route, stopReason: 'stop' },
      { role: 'user', content: [{ type: 'text', text: 'Alice: lunch?' }] },
    ];
    for (let i = 0; i < 12; i += 1) {
      turns.push(
        i === 4 || i === 7
          ? { ...mirror, stopReason: 'stop' }
          : {
              role: 'assistant',
              content: i % 3 === 0 ? '   ' : [{ type: 'text', text: 'NO_REPLY' }],
              ...route,
              stopReason: i % 4 === 1 ? 'error' : 'stop',
            },
        i % 5 === 2 ? { role: 'user', content: '[OpenClaw heartbeat poll]' } : { role: 'user', content: `Bob: message ${i}` },
      );
    }
    turns.push(
      { role: 'assistant', content: [{ type: 'text', text: 'Staging is deployed.' }], ...route, stopReason: 'stop' },
      { role: 'user', content: 'Thanks.' },
      { role: 'assistant', content: [{ type: 'text', text: 'You are welcome.' }], ...route, stopReason: 'stop' },
      { role: 'user', content: 'And production?' },
      { role: 'assistant', content: [{ type: 'text', text: 'Tomorrow.' }], ...route, stopReason: 'stop' },
    );
    const file = writeSession('silent-run', turns);
    const read = (await readSessionPreview(file, { turns: 3 }))!;
    // Up to the second answer after the silent run: the users of the run merge with the third turn's.
    expect(read.turns).toBe(turns.length - 2);
    for (const target of TARGETS) expect(await firstWindowAgrees(file, target, 3)).toBe(true);
  });

  it('reads past a synthetic result to the real one, and does not count turns the send-time guard may drop or bare mirrors', async () => {
    // Claude's turns (the project's message builders, with the model that wrote them).
    const A = (content: unknown[], extra: Record<string, unknown> = {}) =>
      assistant(content, { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5', ...extra });
    const TH = (text: string) => thinking(text, 'c2lnbmF0dXJl');
    const R = (id: string, result = 'ok', extra: Record<string, unknown> = {}) => TR(id, result, { toolName: 'exec', ...extra });
    // Claude Opus 4.6 keeps every turn's signed thinking, so the send-time guard judges every signed turn.
    const OPUS_46: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-opus-4-6', reasoning: true };
    // A group chat around turns the send-time guard drops: the users after them merge with Alice's if the margin counts them.
    const chatAround = (dropped: Record<string, unknown>[]) => [
      U('Deploy staging'),
      A([TH('plan'), text('Deploying.')]),
      U('Alice: status?'),
      ...dropped,
      ...['Bob: hello?', 'Carol: anyone?', 'Dan: ping', 'Eve: ?'].map((line) => U(line)),
      A([TH('more'), text('Here.')]),
      U('bye'),
    ];
    const sessions: Record<string, Record<string, unknown>[]> = {
      // An interrupted run answered by OpenClaw's synthetic result; the real result is written later, and pairing repair puts it in place.
      'synthetic-result': [
        U('Run the long build'),
        A([{ type: 'toolCall', id: 'toolu_1', name: 'exec', arguments: { command: 'make all' } }], { stopReason: 'toolUse' }),
        R('toolu_1', '[openclaw] missing tool result', { isError: true, details: { openclawSyntheticMissingToolResult: true } }),
        A([text('The build was interrupted.')]),
        ...['ok, retry later', 'status?', 'and now?', 'hm', 'ping'].flatMap((line) => [U(line), A([text(`About "${line}".`)])]),
        R('toolu_1', 'build finished: 0 errors'),
        U('done?'),
        A([text('Yes.')]),
      ],
      // Calls saved without arguments: the send-time guard drops them, their turns and then their results.
      'calls-without-input': chatAround(
        [1, 2].flatMap((n) => [A([{ type: 'toolCall', id: `toolu_${n}`, name: 'exec' }], { stopReason: 'toolUse' }), R(`toolu_${n}`)]),
      ),
      // Signed turns whose call id repeats within the turn: the send-time guard cannot edit them, and drops them whole.
      'signed-turns-dropped-whole': chatAround(
        [1, 2].flatMap((n) => {
          const call = { type: 'toolCall', id: `toolu_${n}`, name: 'exec', arguments: { step: n } };
          return [A([TH('check'), call, call], { stopReason: 'toolUse' }), R(`toolu_${n}`)];
        }),
      ),
      // Zero-usage copies of the last assistant turn (bare delivery mirrors), which hygiene drops.
      'bare-mirrors': [
        U('Deploy staging'),
        A([TH('plan'), text('Deployed to staging.')]),
        A([TH('plan'), text('Deployed to staging.')], { usage: ZERO_USAGE }),
        A([TH('plan'), text('Deployed to staging.')], { usage: ZERO_USAGE }),
        ...['Alice: nice', 'Bob: great', 'Carol: thanks', 'Dan: +1', 'Eve: :)', 'Frank: ok'].map((line) => U(line)),
        A([TH('more'), text('You are welcome.')]),
        U('bye'),
      ],
    };
    for (const [name, messages] of Object.entries(sessions)) {
      const file = writeSession(name, messages);
      for (const target of [...TARGETS, OPUS_46])
        for (const turns of [2, 3, 4]) expect(await firstWindowAgrees(file, target, turns)).toBe(true);
    }
  });

  it('reads a generated multi-megabyte session (images, branch, compaction) and agrees on its first 64 turns', async () => {
    const file = path.join(dir, 'generated.jsonl');
    await generateSession(file, 6);
    await firstWindowAgrees(file, TARGETS[0], 64);
    const read = (await readSessionPreview(file, { turns: 64, chunkBytes: 65_536 }))!;
    // The compaction's summary comes first, and the preview stops far before the branch ends.
    expect(read.context.messages[0].role).toBe('compactionSummary');
    expect(read.turns).toBeLessThan(read.totalTurns);
    expect(read.parsed.diagnostics).toEqual([]);
  }, 60_000);

  it('reads the same whatever the chunk size (lines across reads, CRLF, BOM)', async () => {
    const lines = [
      '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}',
      JSON.stringify({
        type: 'message',
        id: 'a',
        parentId: null,
        timestamp: '2026-01-01T00:00:01.000Z',
        message: { role: 'user', content: `long ${'é'.repeat(400)}`, timestamp: 1 },
      }),
      JSON.stringify({
        type: 'message',
        id: 'b',
        parentId: 'a',
        timestamp: '2026-01-01T00:00:02.000Z',
        message: {
          role: 'assistant',
          content: [{ type: 'text', text: 'x'.repeat(300) }],
          api: 'anthropic-messages',
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 },
          stopReason: 'stop',
          timestamp: 2,
        },
      }),
    ];
    const file = path.join(dir, 'crlf.jsonl');
    writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`);
    const reads = await Promise.all([3, 7, 64, 4096].map((chunkBytes) => readSessionPreview(file, { turns: 1, chunkBytes })));
    for (const read of reads) {
      expect(read!.totalTurns).toBe(2);
      expect(read!.context.messages.map((m) => m.content)).toEqual([`long ${'é'.repeat(400)}`, [{ type: 'text', text: 'x'.repeat(300) }]]);
      expect(read!.parsed).toEqual(reads[0]!.parsed);
    }
  });

  it('has nothing to show for a JSON message array, a v1 file, an empty file or a header alone', async () => {
    const cases: Record<string, string> = {
      'array.json': '[{"role":"user","content":"hi"}]',
      'v1.jsonl':
        '{"type":"session","id":"s","timestamp":"2026-01-01T00:00:00.000Z"}\n{"type":"message","timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"hi"}}\n',
      'empty.jsonl': '',
      'header.jsonl': '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z"}\n',
    };
    for (const [name, text] of Object.entries(cases)) {
      const file = path.join(dir, name);
      writeFileSync(file, text);
      expect(await readSessionPreview(file, { turns: 5 }), name).toBeNull();
    }
  });

  it('has nothing to show for a file that starts like a SQLite store, whatever follows (the page asks beside its store check)', async () => {
    const inspector = previewingEverything(2);
    try {
      const file = path.join(dir, 'store-like.jsonl');
      writeFileSync(file, Buffer.concat([Buffer.from('SQLite format 3\0\n'), readFileSync(sessions[0])]));
      expect(await inspector.preview({ kind: 'path', path: file }, null)).toBeNull();
    } finally {
      await inspector.dispose();
    }
  });

  it('answers the same question about an unchanged file once (serve previews FILE, then the page asks)', async () => {
    const inspector = previewingEverything(2);
    try {
      const file = path.join(dir, 'kept.jsonl');
      copyFileSync(sessions[0], file);
      const first = (await inspector.preview({ kind: 'path', path: file }, null))!;
      expect((await inspector.preview({ kind: 'path', path: file }, null))!.inspectionId).toBe(first.inspectionId);
      // The page asks with its behaviour spelled out: the default one is the same question as serve's.
      expect((await inspector.preview({ kind: 'path', path: file }, null, { behaviour: 'spec' }))!.inspectionId).toBe(first.inspectionId);
      const openclaw = (await inspector.preview({ kind: 'path', path: file }, null, { behaviour: 'openclaw-2026.9.6' }))!;
      expect(openclaw.inspectionId).not.toBe(first.inspectionId);
      expect(openclaw.behaviour).toBe('openclaw-2026.9.6');
      const spec = (await inspector.preview({ kind: 'path', path: file }, null))!;
      expect(spec.inspectionId).not.toBe(first.inspectionId);
      expect((await inspector.preview({ kind: 'path', path: file }, null, { behaviour: 'spec' }))!.inspectionId).toBe(spec.inspectionId);
      // Another target, or the file written since: a new preview.
      expect((await inspector.preview({ kind: 'path', path: file }, TARGETS[2]))!.inspectionId).not.toBe(first.inspectionId);
      const again = (await inspector.preview({ kind: 'path', path: file }, null))!;
      expect(again.inspectionId).not.toBe(first.inspectionId);
      utimesSync(file, new Date(), new Date(Date.now() + 5000));
      expect((await inspector.preview({ kind: 'path', path: file }, null))!.inspectionId).not.toBe(again.inspectionId);
    } finally {
      await inspector.dispose();
    }
  });

  it('below the whole-preview size, has nothing to show when its first turns are all of them; a "none" drops the kept preview', async () => {
    const inspector = createInspector({ recentFile: path.join(dir, 'recent.json'), previewMinBytes: 0, previewTurns: 2 });
    try {
      // A branch longer than the preview's turns and their margin gets one, whatever its size.
      const long = path.join(dir, 'long-branch.jsonl');
      await writeTurns(long, 40);
      const read = (await readSessionPreview(long, { turns: 2, partialOnly: true }))!;
      expect(read.turns).toBeLessThan(read.totalTurns);
      const shown = (await inspector.preview({ kind: 'path', path: long }, null))!;
      expect(shown.preview!.totalTurns).toBe(80);
      // Six turns: all of them within the preview's margin.
      const short = path.join(dir, 'short-branch.jsonl');
      await writeTurns(short, 3);
      const whole = (await readSessionPreview(short, { turns: 2 }))!;
      expect(whole.turns).toBe(whole.totalTurns);
      expect(await readSessionPreview(short, { turns: 2, partialOnly: true })).toBeNull();
      expect(await inspector.preview({ kind: 'path', path: short }, null)).toBeNull();
      expect(await inspector.preview({ kind: 'path', path: short }, null)).toBeNull();
      // The preview kept before is of no use any more.
      await expect(inspector.getDocument(shown.inspectionId, 'replay', 'payload', { from: 0, to: 1 })).rejects.toBeInstanceOf(
        UnknownIdError,
      );
      // From the whole-preview size on, the same file gets one.
      const whenLarge = previewingEverything(2);
      try {
        expect((await whenLarge.preview({ kind: 'path', path: short }, null))!.preview!.turns).toBe(6);
      } finally {
        await whenLarge.dispose();
      }
    } finally {
      await inspector.dispose();
    }
  });

  it('by default, from 512 KiB, also when the preview holds every turn', async () => {
    const inspector = createInspector({ recentFile: path.join(dir, 'recent.json') });
    try {
      const many = path.join(dir, 'many-turns.jsonl');
      await writeTurns(many, 400, 700);
      expect(statSync(many).size).toBeGreaterThan(512 * 1024);
      const shown = (await inspector.preview({ kind: 'path', path: many }, null))!;
      expect(shown.preview!.turns).toBeLessThan(shown.preview!.totalTurns);
      const fewer = path.join(dir, 'fewer-turns.jsonl');
      await writeTurns(fewer, 400, 300);
      expect(statSync(fewer).size).toBeLessThan(512 * 1024);
      expect(await inspector.preview({ kind: 'path', path: fewer }, null)).toBeNull();
      // A few long turns, all of them in the preview: shown from one request all the same.
      const few = path.join(dir, 'few-turns.jsonl');
      await writeTurns(few, 10, 60_000);
      expect(statSync(few).size).toBeGreaterThan(512 * 1024);
      const whole = (await inspector.preview({ kind: 'path', path: few }, null))!;
      expect(whole.preview!.turns).toBe(whole.preview!.totalTurns);
    } finally {
      await inspector.dispose();
    }
  });

  it('is only for files, from the size that needs one; a newer preview drops the older one', async () => {
    const inspector = createInspector({
      recentFile: path.join(dir, 'recent.json'),
      previewMinBytes: 1024,
      previewWholeMinBytes: 0,
      previewTurns: 2,
    });
    try {
      const small = path.join(dir, 'small.jsonl');
      writeFileSync(small, '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z"}\n');
      expect(await inspector.preview({ kind: 'path', path: small }, null)).toBeNull();
      expect(await inspector.preview({ kind: 'text', name: 'a.jsonl', text: 'x'.repeat(4096) }, null)).toBeNull();
      const file = sessions[0];
      const first = (await inspector.preview({ kind: 'path', path: file }, null))!;
      // Target null: the session's recorded model, as open would pick it.
      const info = await inspector.open({ kind: 'path', path: file });
      expect(first.target).toEqual(info.defaultTarget);
      expect(first.preview!.totalTurns).toBe(info.turnCount);
      const second = (await inspector.preview({ kind: 'path', path: file }, TARGETS[1]))!;
      expect(second.target.api).toBe('openai-responses');
      // Its first window's payload documents come along, as getDocument serves them.
      const sent = second.preview!.first!;
      const window = { from: 0, to: sent.original.window!.to };
      expect(window.to).toBeGreaterThan(0);
      expect(sent.view).toBe('payload');
      expect(sent.original).toEqual(await inspector.getDocument(second.inspectionId, 'original', 'payload', window));
      expect(sent.replay).toEqual(await inspector.getDocument(second.inspectionId, 'replay', 'payload', window));
      await expect(inspector.getDocument(first.inspectionId, 'replay', 'payload', { from: 0, to: 1 })).rejects.toBeInstanceOf(
        UnknownIdError,
      );
      expect((await inspector.getDocument(second.inspectionId, 'replay', 'payload', { from: 0, to: 1 })).text).toContain('"input"');
      await expect(inspector.preview({ kind: 'path', path: path.join(dir, 'missing.jsonl') }, null)).rejects.toThrow(/no such file/);
    } finally {
      await inspector.dispose();
    }
  });
});
