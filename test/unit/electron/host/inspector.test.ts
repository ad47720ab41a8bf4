// The Inspector service end to end: open, inspect, windows, documents, thumbnails, exports, repair, watching.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createInspector, UnknownIdError, type HostInspector } from '../../../../electron/host/inspector.js';
import { ownersOf } from '../../../../electron/host/inspector/document-service.js';
import { InputError } from '../../../../electron/host/read-input.js';
import type { FileChangedEvent, ProgressEvent } from '../../../../shared/api.js';

const ANTHROPIC = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
let dir: string;
let inspector: HostInspector;

const usage = {
  input: 1,
  output: 7,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 8,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
function sessionText(extraLines: string[] = []): string {
  const lines = [
    { type: 'session', version: 3, id: 's1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w' },
    {
      type: 'message',
      id: 'a1',
      parentId: null,
      timestamp: '2026-01-01T00:00:01.000Z',
      message: { role: 'user', content: 'Read a.txt please', timestamp: 1 },
    },
    {
      type: 'message',
      id: 'a2',
      parentId: 'a1',
      timestamp: '2026-01-01T00:00:02.000Z',
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading.' },
          { type: 'toolCall', id: 'toolu_01A', name: 'read', arguments: { path: 'a.txt' } },
        ],
        api: 'anthropic-messages',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        usage,
        stopReason: 'toolUse',
        timestamp: 2,
      },
    },
    {
      type: 'message',
      id: 'a3',
      parentId: 'a2',
      timestamp: '2026-01-01T00:00:03.000Z',
      message: {
        role: 'toolResult',
        toolCallId: 'toolu_01A',
        toolName: 'read',
        content: [{ type: 'text', text: 'hello' }],
        isError: false,
        timestamp: 3,
      },
    },
    {
      type: 'message',
      id: 'a4',
      parentId: 'a3',
      timestamp: '2026-01-01T00:00:04.000Z',
      message: {
        role: 'toolResult',
        toolCallId: 'toolu_stray',
        toolName: 'read',
        content: [{ type: 'text', text: 'stray' }],
        isError: false,
        timestamp: 4,
      },
    },
    {
      type: 'message',
      id: 'a5',
      parentId: 'a4',
      timestamp: '2026-01-01T00:00:05.000Z',
      message: {
        role: 'assistant',
        content: [{ type: 'text', text: 'It says hello.' }],
        api: 'anthropic-messages',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        usage,
        stopReason: 'stop',
        timestamp: 5,
      },
    },
  ].map((l) => JSON.stringify(l));
  return `${[...lines, ...extraLines].join('\n')}\n`;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ti-inspector-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await inspector?.dispose();
});

function fresh(options: Parameters<typeof createInspector>[0] = {}): HostInspector {
  inspector = createInspector({ recentFile: path.join(dir, `recent-${Math.random().toString(36).slice(2)}.json`), ...options });
  return inspector;
}

describe('open', () => {
  it('opens a file by path, hashes its bytes, records it as recent, and takes the default target from the session', async () => {
    const file = path.join(dir, 'a.jsonl');
    writeFileSync(file, sessionText());
    const ins = fresh();
    const info = await ins.open({ kind: 'path', path: file });
    expect(info).toMatchObject({
      name: 'a.jsonl',
      path: file,
      format: 'jsonl',
      lineCount: 6,
      turnCount: 5,
      watched: false,
      diagnostics: [],
    });
    expect(info.digest).toBe(createHash('sha256').update(readFileSync(file)).digest('hex'));
    expect(info.defaultTarget).toMatchObject({ ...ANTHROPIC, reasoning: true });
    expect(await ins.recentFiles()).toEqual([file]);
  });

  it('opens bytes and text, and never fails because of problems inside the file', async () => {
    const ins = fresh();
    const broken = `${sessionText()}{"type":"message","id":"b1","parentId":"a5","message":{"role":"user","content":"cut of`;
    const fromBytes = await ins.open({ kind: 'bytes', name: '../evil/dropped.jsonl', bytes: Buffer.from(broken) });
    expect(fromBytes.name).toBe('dropped.jsonl');
    expect(fromBytes.path).toBeNull();
    expect(fromBytes.diagnostics.some((d) => d.line === 7 && d.severity === 'error')).toBe(true);
    const fromText = await ins.open({ kind: 'text', name: 'pasted.json', text: '[{"role":"user","content":"hi"}]' });
    expect(fromText).toMatchObject({ format: 'messages-json', turnCount: 1 });
    expect(await ins.recentFiles()).toEqual([]);
  });

  it("opens the bundled sample, reporting its read like a file's", async () => {
    const ins = fresh();
    const events: ProgressEvent[] = [];
    ins.onProgress((event) => events.push(event));
    const info = await ins.open({ kind: 'sample' });
    expect(info.name).toBe('sample-session.jsonl');
    expect(info.turnCount).toBeGreaterThan(10);
    expect(events.at(-1)).toEqual({
      operation: 'open',
      name: 'sample-session.jsonl',
      path: info.path,
      done: info.sizeBytes,
      total: info.sizeBytes,
    });
  });

  // Argument shapes are checked once, where calls cross into the host (api-guards.test.ts).
  it('fails only when the source cannot be read', async () => {
    const ins = fresh();
    await expect(ins.open({ kind: 'path', path: path.join(dir, 'missing.jsonl') })).rejects.toThrow(InputError);
    await expect(ins.open({ kind: 'path', path: dir })).rejects.toThrow(/is a directory/);
  });

  it('keeps the last ten recent files, newest first, across instances', async () => {
    const file = (i: number) => path.join(dir, `r${i}.jsonl`);
    const recentFile = path.join(dir, 'recent-shared.json');
    const ins = fresh({ recentFile });
    for (let i = 0; i < 12; i += 1) {
      writeFileSync(file(i), sessionText());
      await ins.open({ kind: 'path', path: file(i) });
    }
    await ins.open({ kind: 'path', path: file(5) });
    const expected = [5, 11, 10, 9, 8, 7, 6, 4, 3, 2].map(file);
    expect(await ins.recentFiles()).toEqual(expected);
    expect(await createInspector({ recentFile }).recentFiles()).toEqual(expected);
  });
});

describe('inspect and read back', () => {
  it('inspects, then serves turn windows with rules, tokens and file lines', async () => {
    const file = path.join(dir, 'b.jsonl');
    writeFileSync(file, sessionText());
    const ins = fresh();
    const info = await ins.open({ kind: 'path', path: file });
    const summary = await ins.inspect(info.sessionId, ANTHROPIC);
    expect(summary).toMatchObject({ sessionId: info.sessionId, target: ANTHROPIC, diagnostics: [] });
    expect(summary.original.turnCount).toBe(5);
    expect(summary.original.payloadBytes).toBeGreaterThan(100);
    expect(summary.rules.find((r) => r.rule === 'tool-result-pairing')).toBeDefined();
    // The stray result is a defect Anthropic would reject: preflight sees it in the original payload.
    expect(summary.preflight.original.map((f) => f.check)).toContain('anthropic-tool-result-without-use');

    const window = await ins.getTurns(summary.inspectionId, 'original', 1, 2);
    expect(window.total).toBe(5);
    expect(window.rows.map((r) => [r.index, r.turn, r.role, r.line])).toEqual([
      [1, 1, 'assistant', 3],
      [2, 2, 'toolResult', 4],
    ]);
    expect(window.rows[0].tokens).toEqual({ value: 7, estimated: false });
    expect(window.rows[1].tokens.estimated).toBe(true);
    expect(window.rows[1].preview).toBe('read: hello');
    expect(window.rows[0].bytes).toBeGreaterThan(50);
    const replayRows = (await ins.getTurns(summary.inspectionId, 'replay', 0, 100)).rows;
    for (const row of replayRows) if (row.turn !== null) expect(row.line).toBe(row.turn + 2);
    const touched = summary.annotations.filter((a) => a.replayTurn !== null).map((a) => a.replayTurn);
    for (const index of touched) expect(replayRows[index!].rules.length).toBeGreaterThan(0);
  });

  it('serves documents whose turn ranges cover each turn once, in order', async () => {
    const ins = fresh();
    const info = await ins.open({ kind: 'text', name: 'c.jsonl', text: sessionText() });
    const { inspectionId } = await ins.inspect(info.sessionId, ANTHROPIC);
    for (const side of ['original', 'replay'] as const) {
      for (const view of ['payload', 'transcript'] as const) {
        const doc = await ins.getDocument(inspectionId, side, view);
        const lineCount = doc.text.split('\n').length;
        let previous = 0;
        for (const range of doc.ranges) {
          expect(range.startLine).toBeGreaterThan(previous);
          expect(range.endLine).toBeGreaterThanOrEqual(range.startLine);
          expect(range.endLine).toBeLessThanOrEqual(lineCount);
          previous = range.endLine;
        }
        if (view === 'transcript')
          expect(doc.ranges.map((r) => r.index)).toEqual([...Array((await ins.getTurns(inspectionId, side, 0, 0)).total).keys()]);
        expect(() => JSON.parse(doc.text)).not.toThrow();
      }
    }
  });

  it('serves a window of a document: only the turns of the window, with the same text per turn as the whole document', async () => {
    const ins = fresh();
    const info = await ins.open({ kind: 'text', name: 'w.jsonl', text: sessionText() });
    const { inspectionId } = await ins.inspect(info.sessionId, ANTHROPIC);
    // A turn's lines, without the comma that separates it from the next one.
    const slice = (doc: { text: string }, r: { startLine: number; endLine: number }) =>
      doc.text
        .split('\n')
        .slice(r.startLine - 1, r.endLine)
        .join('\n')
        .replace(/,$/, '');
    for (const view of ['payload', 'transcript'] as const) {
      const whole = await ins.getDocument(inspectionId, 'original', view);
      const part = await ins.getDocument(inspectionId, 'original', view, { from: 1, to: 3 });
      expect(part.window).toEqual({ from: 1, to: 3, totalTurns: 5 });
      expect(part.ranges.map((r) => r.index)).toEqual([1, 2]);
      for (const range of part.ranges)
        expect(slice(part, range)).toBe(
          slice(
            whole,
            whole.ranges.find((r) => r.index === range.index)!,
          ),
        );
      expect(part.text.length).toBeLessThan(whole.text.length);
    }
    // The stray tool result (original turn 3) is dropped: its window on the replay side holds no original turn.
    const replayWhole = await ins.getDocument(inspectionId, 'replay', 'transcript');
    const replayPart = await ins.getDocument(inspectionId, 'replay', 'transcript', { from: 0, to: 3 });
    expect(replayPart.ranges.map((r) => r.index)).toEqual(replayWhole.ranges.slice(0, 3).map((r) => r.index));
    const beyond = await ins.getDocument(inspectionId, 'original', 'transcript', { from: 40, to: 50 });
    expect(beyond.ranges).toEqual([]);
  });

  it('puts every payload entry in exactly one window, those without a source (synthetic results) included', async () => {
    const orphanCall = JSON.stringify({
      type: 'message',
      id: 'o1',
      parentId: 'a5',
      timestamp: '2026-01-01T00:00:06.000Z',
      message: {
        role: 'assistant',
        content: [{ type: 'toolCall', id: 'toolu_orphan', name: 'read', arguments: { path: 'b.txt' } }],
        api: 'anthropic-messages',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        usage,
        stopReason: 'toolUse',
        timestamp: 6,
      },
    });
    const ins = fresh();
    const info = await ins.open({ kind: 'text', name: 'orphan.jsonl', text: sessionText([orphanCall]) });
    const { inspectionId } = await ins.inspect(info.sessionId, ANTHROPIC);
    const entries = (text: string) => (JSON.parse(text) as { messages: unknown[] }).messages;
    for (const side of ['original', 'replay'] as const) {
      const whole = entries((await ins.getDocument(inspectionId, side, 'payload')).text);
      for (const size of [1, 2, 4]) {
        const parts: unknown[] = [];
        for (let from = 0; from < 6; from += size)
          parts.push(...entries((await ins.getDocument(inspectionId, side, 'payload', { from, to: from + size })).text));
        expect(parts, `${side}, windows of ${size}`).toEqual(whole);
      }
    }
  });

  it('drops an inspection whose session was closed while it ran, and refuses forged window refs', async () => {
    const ins = fresh();
    const info = await ins.open({ kind: 'text', name: 'c.jsonl', text: sessionText() });
    const running = ins.inspect(info.sessionId, ANTHROPIC);
    await ins.close(info.sessionId);
    await expect(running).rejects.toThrow(UnknownIdError);
    const again = await ins.open({ kind: 'text', name: 'c.jsonl', text: sessionText() });
    const { inspectionId } = await ins.inspect(again.sessionId, ANTHROPIC);
    await expect(ins.reveal(inspectionId, 'original:payload:0-999999999:0')).resolves.toBeNull();
    await expect(ins.thumbnail(inspectionId, 'original:payload:5-1:0')).resolves.toBeNull();
  });

  it('elides a very long text in documents and reveals it on demand', async () => {
    const long = 'a long tool output line\n'.repeat(10_000);
    const line = JSON.stringify({
      type: 'message',
      id: 'l1',
      parentId: 'a5',
      timestamp: '2026-01-01T00:00:06.000Z',
      message: { role: 'user', content: long, timestamp: 6 },
    });
    const ins = fresh();
    const info = await ins.open({ kind: 'text', name: 'long.jsonl', text: sessionText([line]) });
    const { inspectionId } = await ins.inspect(info.sessionId, ANTHROPIC);
    const doc = await ins.getDocument(inspectionId, 'original', 'transcript');
    expect(doc.text.length).toBeLessThan(100_000);
    const elision = doc.elisions.find((e) => e.kind === 'text');
    expect(elision?.ref).toBeTruthy();
    await expect(ins.reveal(inspectionId, elision!.ref!)).resolves.toBe(long);
  });

  it('makes PNG thumbnails of elided images and exports the full payload', async () => {
    const png = (
      await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#c33' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const line = JSON.stringify({
      type: 'message',
      id: 'i1',
      parentId: 'a5',
      timestamp: '2026-01-01T00:00:06.000Z',
      message: {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', data: png, mimeType: 'image/png' },
        ],
        timestamp: 6,
      },
    });
    const ins = fresh();
    const info = await ins.open({ kind: 'text', name: 'img.jsonl', text: sessionText([line]) });
    const { inspectionId } = await ins.inspect(info.sessionId, ANTHROPIC);
    const original = await ins.getDocument(inspectionId, 'original', 'payload');
    const elision = original.elisions.find((e) => e.imageRef);
    expect(elision?.placeholder).toMatch(/^<image\/png .* 1600×1000>$/);
    const thumb = await ins.thumbnail(inspectionId, elision!.imageRef!);
    expect(thumb?.mimeType).toBe('image/png');
    const meta = await sharp(Buffer.from(thumb!.base64, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 160, 100]);
    // The replay image was reduced to the 1200 px side by the sharp codec.
    const replay = await ins.getDocument(inspectionId, 'replay', 'payload');
    expect(replay.elisions.find((e) => e.imageRef)?.placeholder).toMatch(/^<image\/jpeg .* 1200×750>$/);
    await expect(ins.reveal(inspectionId, elision!.imageRef!)).resolves.toBe(png);
    await expect(ins.reveal(inspectionId, 'original:payload:99')).resolves.toBeNull();
    await expect(ins.thumbnail(inspectionId, 'replay:payload:99')).resolves.toBeNull();
    await expect(ins.thumbnail(inspectionId, 'bogus')).resolves.toBeNull();
    const exported = await ins.exportText(inspectionId, 'payload-json');
    expect(exported.fileName).toBe('img.anthropic.claude-sonnet-4-5.payload.json');
    expect(JSON.parse(exported.text).messages.at(-1).content[1].source.data.length).toBeGreaterThan(1000);
  });

  it('exports curl with the key as a variable, and Markdown and JSON reports', async () => {
    const ins = fresh();
    const info = await ins.open({ kind: 'text', name: 'd.jsonl', text: sessionText() });
    const { inspectionId } = await ins.inspect(info.sessionId, ANTHROPIC);
    const curl = (await ins.exportText(inspectionId, 'curl')).text;
    expect(curl).toContain('curl -sS -N "https://api.anthropic.com/v1/messages"');
    expect(curl).toContain('-H "x-api-key: $ANTHROPIC_API_KEY"');
    expect(curl).toContain('-H "anthropic-version: 2023-06-01"');
    expect(curl).not.toContain('placeholder-api-key');
    const body = curl.slice(curl.indexOf("<<'TRANSCRIPT_INSPECTOR_BODY'\n") + 29, curl.lastIndexOf('TRANSCRIPT_INSPECTOR_BODY'));
    expect(JSON.parse(body).model).toBe('claude-sonnet-4-5');
    const md = (await ins.exportText(inspectionId, 'report-markdown')).text;
    expect(md).toMatch(/^# Transcript Inspector report: d\.jsonl/);
    expect(md).toContain('## Preflight');
    expect(md).toContain('`tool-result-pairing`');
    const report = JSON.parse((await ins.exportText(inspectionId, 'report-json')).text);
    expect(report.session.digest).toBe(info.digest);
    expect(report.annotations.length).toBeGreaterThan(0);
    expect(report.preflight.original.length).toBeGreaterThan(0);
    expect(report.behaviour).toBe('spec');
    expect(md).toContain('- hygiene: as specified (`spec`)');
    const release = await ins.inspect(info.sessionId, ANTHROPIC, { behaviour: 'openclaw-2026.9.6' });
    expect(release.behaviour).toBe('openclaw-2026.9.6');
    expect(JSON.parse((await ins.exportText(release.inspectionId, 'report-json')).text).behaviour).toBe('openclaw-2026.9.6');
    expect((await ins.exportText(release.inspectionId, 'report-markdown')).text).toContain(
      '- hygiene: OpenClaw 2026.9.6 as released (`openclaw-2026.9.6`)',
    );
  });

  it('explains a pasted error against an inspection, pointing at the transcript turn', async () => {
    const ins = fresh();
    const info = await ins.open({ kind: 'text', name: 'e.jsonl', text: sessionText() });
    const { inspectionId, preflight } = await ins.inspect(info.sessionId, ANTHROPIC);
    const finding = preflight.original.find((f) => f.check === 'anthropic-tool-result-without-use')!;
    const [first] = await ins.explainError(inspectionId, finding.typicalError);
    expect(first).toMatchObject({ check: 'anthropic-tool-result-without-use', rule: 'tool-result-pairing', turns: [3] });
    expect(first.explanation).toContain('hygiene fixes it');
    expect((await ins.explainError(null, finding.typicalError))[0].turns).toEqual([]);
  });

  it('keeps the last few inspections per session and rejects unknown ids', async () => {
    const ins = fresh({ inspectionsPerSession: 2 });
    const info = await ins.open({ kind: 'text', name: 'f.jsonl', text: sessionText() });
    const first = await ins.inspect(info.sessionId, ANTHROPIC);
    await ins.inspect(info.sessionId, { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' });
    await ins.getTurns(first.inspectionId, 'original', 0, 1);
    await ins.inspect(info.sessionId, { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' });
    await expect(ins.getTurns(first.inspectionId, 'original', 0, 1)).resolves.toBeDefined();
    await ins.inspect(info.sessionId, ANTHROPIC);
    await ins.inspect(info.sessionId, ANTHROPIC);
    await expect(ins.getTurns(first.inspectionId, 'original', 0, 1)).rejects.toThrow(UnknownIdError);
    await expect(ins.inspect('no-such-session', ANTHROPIC)).rejects.toThrow(UnknownIdError);
    await ins.close(info.sessionId);
    await expect(ins.inspect(info.sessionId, ANTHROPIC)).rejects.toThrow(/closed or never opened/);
  });
});

describe('files on disk', () => {
  it('reports changes and deletion of a watched file', async () => {
    const file = path.join(dir, 'watched.jsonl');
    writeFileSync(file, sessionText());
    const ins = fresh({ watch: true, watchIntervalMs: 20 });
    const info = await ins.open({ kind: 'path', path: file });
    expect(info.watched).toBe(true);
    const events: FileChangedEvent[] = [];
    const next = () =>
      new Promise<FileChangedEvent>((resolve) => {
        const off = ins.onFileChanged((event) => {
          off();
          resolve(event);
        });
      });
    ins.onFileChanged((e) => events.push(e));
    const changed = next();
    writeFileSync(file, sessionText([JSON.stringify({ type: 'label', id: 'l1', parentId: 'a5', targetId: 'a5', label: 'x' })]));
    await expect(changed).resolves.toEqual({ sessionId: info.sessionId, path: file, kind: 'changed' });
    const reloaded = await ins.reload(info.sessionId);
    expect(reloaded.lineCount).toBe(7);
    const deleted = next();
    unlinkSync(file);
    await expect(deleted).resolves.toMatchObject({ kind: 'deleted' });
    expect(events.map((e) => e.kind)).toEqual(['changed', 'deleted']);
  });

  it('reports the progress of reading a file for open and reload: throttled, then a final event at the full size', async () => {
    const filler = Array.from({ length: 400 }, (_, i) =>
      JSON.stringify({
        type: 'custom',
        id: `c${i}`,
        parentId: null,
        timestamp: '2026-01-01T00:00:06.000Z',
        customType: 'note',
        data: { text: 'x'.repeat(400) },
      }),
    );
    const file = path.join(dir, 'progress.jsonl');
    writeFileSync(file, sessionText(filler));
    const size = readFileSync(file).byteLength;
    const chunkBytes = 8 * 1024;
    expect(size).toBeGreaterThan(10 * chunkBytes);

    // No interval: every chunk is an event, then the final one.
    const every = fresh({ chunkBytes, progressIntervalMs: 0 });
    const events: ProgressEvent[] = [];
    every.onProgress((event) => events.push(event));
    const info = await every.open({ kind: 'path', path: file });
    expect(events.length).toBe(Math.ceil(size / chunkBytes) + 1);
    for (const event of events) expect(Object.keys(event).sort()).toEqual(['done', 'name', 'operation', 'path', 'total']);
    expect(events.every((e) => e.operation === 'open' && e.name === 'progress.jsonl' && e.path === file && e.total === size)).toBe(true);
    expect(events.map((e) => e.done)).toEqual([...events.map((e) => e.done)].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ done: size, total: size });
    events.length = 0;
    await every.reload(info.sessionId);
    expect(events.length).toBe(Math.ceil(size / chunkBytes) + 1);
    expect(events.every((e) => e.operation === 'reload' && e.path === file)).toBe(true);

    // A read shorter than the interval: only the final event.
    const throttled = fresh({ chunkBytes, progressIntervalMs: 60_000 });
    const few: ProgressEvent[] = [];
    const off = throttled.onProgress((event) => few.push(event));
    await throttled.open({ kind: 'path', path: file });
    expect(few).toEqual([{ operation: 'open', name: 'progress.jsonl', path: file, done: size, total: size }]);
    // Bytes are not read from disk; an unsubscribed listener hears nothing.
    await throttled.open({ kind: 'bytes', name: 'dropped.jsonl', bytes: readFileSync(file) });
    off();
    await throttled.open({ kind: 'path', path: file });
    expect(few).toHaveLength(1);
    expect(() => throttled.onProgress('nope' as never)).toThrow(/onProgress\(listener\): expected a function/);
  });

  it('plans and writes a repair of the opened file, then serves the repaired content', async () => {
    const file = path.join(dir, 'broken.jsonl');
    writeFileSync(file, `${sessionText()}{"type":"message","id":"z1","parentId":"a5","message":{"role":"user","content":"cut\n`);
    const ins = fresh();
    const info = await ins.open({ kind: 'path', path: file });
    const plan = await ins.planRepair(info.sessionId);
    expect(plan.needed).toBe(true);
    expect(plan.digest).toBe(info.digest);
    const result = await ins.repair(info.sessionId, plan.digest);
    expect(result.status).toBe('repaired');
    const after = await ins.reload(info.sessionId);
    expect(after.digest).not.toBe(info.digest);
    expect(after.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const textSession = await ins.open({ kind: 'text', name: 'x.jsonl', text: sessionText() });
    await expect(ins.planRepair(textSession.sessionId)).rejects.toThrow(
      'This session was dropped or pasted, so there is no file on disk to rewrite: open the file itself (Open…) to repair it.',
    );
  });
});

describe('ownersOf', () => {
  it('gives items without a source to the item before them, or after them at the start', () => {
    expect(ownersOf([null, 0, null, 1, 2, null, null])).toEqual([0, 0, 0, 1, 2, 2, 2]);
    expect(ownersOf([null, null])).toEqual([null, null]);
    expect(ownersOf([])).toEqual([]);
  });
});
