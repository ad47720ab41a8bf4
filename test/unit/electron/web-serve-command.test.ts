// `transcript-inspector serve`: argument checks, the exact first line, opening FILE at start, clean stop.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serve, type ServeDeps, type ServeInspector } from '../../../electron/cli/serve.js';
import { stubApi } from '../renderer/stub-api.js';
import { listStoreSessions } from '../../../electron/host/store/index.js';
import { storeFileReads } from '../../../electron/host/store/snapshot.js';
import { copyStore, manifest } from './host/store/support.js';

// The options each serve gave its warm-up (the warm-up itself runs, with the training session's
// inspections counted instead of run).
const warmUps = vi.hoisted(() => [] as { train?: boolean; stopping?: () => boolean }[]);
vi.mock('../../../electron/host/inspector/warm-up.js', async (importOriginal) =>
  (await import('../helpers/warm-up-recorder.js')).recordingWarmUp(importOriginal, warmUps, { inspectTraining: async () => undefined }),
);

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ti-serve-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  fs.writeFileSync(
    path.join(dir, 'session.jsonl'),
    '{"type":"session","version":3,"id":"x","timestamp":"2025-01-01T00:00:00Z","cwd":"/"}\n',
  );
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function deps(overrides: Partial<ServeDeps> = {}) {
  const lines: string[] = [];
  const stub = stubApi();
  const dispose = vi.fn(async () => undefined);
  let stop!: () => void;
  const stopSignal = new Promise<void>((resolve) => (stop = resolve));
  const d: ServeDeps = {
    createInspector: () => Object.assign(stub.api, { dispose }) as unknown as ServeInspector,
    rendererDir: dir,
    stopSignal,
    stdout: (line) => lines.push(line),
    cwd: dir,
    ...overrides,
  };
  return { d, lines, stub, dispose, stop };
}

describe('serve', () => {
  it('prints exactly the URL line first, reads FILE at start and stops on the signal', async () => {
    const { d, lines, stub, dispose, stop } = deps();
    const running = serve(['session.jsonl', '--port', '0'], d);
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
    expect(lines[0]).toMatch(/^Transcript Inspector at http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{40,}$/);
    // A preview: a large file's skeleton, not a second full read before the page's own.
    expect(stub.calls.find((c) => c.method === 'preview')?.args).toEqual([{ kind: 'path', path: path.join(dir, 'session.jsonl') }, null]);
    expect(stub.calls.some((c) => c.method === 'open' && (c.args[0] as { kind: string }).kind === 'path')).toBe(false);
    const url = new URL(lines[0].slice('Transcript Inspector at '.length));
    const launch = await fetch(`${url.origin}/api/launch`, { headers: { 'X-Inspector-Token': url.searchParams.get('token')! } });
    expect(await launch.json()).toEqual({ request: { kind: 'path', path: path.join(dir, 'session.jsonl') } });
    stop();
    expect(await running).toBe(0);
    expect(dispose).toHaveBeenCalled();
    await expect(fetch(`${url.origin}/`)).rejects.toThrow();
    // The page opens FILE as soon as it loads: its inspection must not wait for the training session.
    expect(warmUps.at(-1)?.train).toBe(false);
  });

  it('serve alone trains the engine after the URL is out: the page opens nothing by itself', async () => {
    const { d, lines, stop } = deps();
    const before = warmUps.length;
    const running = serve(['--port', '0'], d);
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
    const [options, ...more] = warmUps.slice(before);
    expect(more).toEqual([]);
    expect(options.train).toBe(true);
    // Ctrl+C ends the training before its next pass.
    expect(options.stopping?.()).toBe(false);
    stop();
    expect(await running).toBe(0);
    expect(options.stopping?.()).toBe(true);
  });

  it("serve's training gives way once the page asks for work, such as a dropped session (bytes, whose reading reports no progress)", async () => {
    const { d, lines, stop } = deps();
    const before = warmUps.length;
    const running = serve(['--port', '0'], d);
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
    const [options] = warmUps.slice(before);
    const url = new URL(lines[0].slice('Transcript Inspector at '.length));
    const call = (method: string, args: unknown[]) =>
      fetch(`${url.origin}/api/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Inspector-Token': url.searchParams.get('token')! },
        body: JSON.stringify({ args }),
      });
    // The page loading asks for targets and recent files: the training goes on.
    expect((await call('listTargets', [])).status).toBe(200);
    expect((await call('recentFiles', [])).status).toBe(200);
    expect(options.stopping?.()).toBe(false);
    const dropped = Buffer.from('{"type":"session","version":3,"id":"d"}\n').toString('base64');
    expect((await call('open', [{ kind: 'bytes', name: 'dropped.jsonl', bytes: { $bytes: dropped } }])).status).toBe(200);
    expect(options.stopping?.()).toBe(true);
    stop();
    expect(await running).toBe(0);
  });

  it('serve DIR opens the folder view on it: the page is told the folder, and no file is read at start', async () => {
    const { d, lines, stub, stop } = deps();
    fs.mkdirSync(path.join(dir, 'agents'));
    const running = serve(['agents', '--port', '0'], d);
    await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
    expect(stub.calls.filter((c) => c.method === 'preview' || c.method === 'listStore')).toEqual([]);
    const url = new URL(lines[0].slice('Transcript Inspector at '.length));
    const launch = await fetch(`${url.origin}/api/launch`, { headers: { 'X-Inspector-Token': url.searchParams.get('token')! } });
    expect(await launch.json()).toEqual({ request: null, folder: path.join(dir, 'agents') });
    stop();
    expect(await running).toBe(0);
    expect(warmUps.at(-1)?.train).toBe(false);
  });

  it('serve DB#ID finds the session in the store without listing it, and makes its preview before its URL (a failed one left to the page)', async () => {
    const store = copyStore('main');
    const id = manifest.stores[0].sessions[0].sessionId;
    try {
      const { d, lines, stub, stop } = deps();
      // A preview that ends only when the test says: the URL waits for it, as for a file.
      let finish = (): void => undefined;
      Object.assign(stub.api, {
        preview: (...args: unknown[]) => {
          stub.calls.push({ method: 'preview', args });
          return new Promise((resolve) => (finish = () => resolve(null)));
        },
      });
      const running = serve([`${store}#${id}`, '--port', '0'], d);
      await vi.waitFor(() => expect(stub.calls.some((c) => c.method === 'preview')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lines).toEqual([]);
      finish();
      await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
      expect(lines[0]).toMatch(/^Transcript Inspector at http:\/\/127\.0\.0\.1:\d+\/\?token=/);
      expect(stub.calls.find((c) => c.method === 'preview')?.args).toEqual([{ kind: 'store', path: store, storeSessionId: id }, null]);
      expect(stub.calls.some((c) => c.method === 'listStore')).toBe(false);
      stop();
      expect(await running).toBe(0);
      // A preview that fails (a store damaged past its first pages, say) does not stop the server:
      // the page's open reads the session again and says what is wrong.
      const failing = deps();
      Object.assign(failing.stub.api, { preview: () => Promise.reject(new Error('the store is damaged')) });
      const served = serve([`${store}#${id}`, '--port', '0'], failing.d);
      await vi.waitFor(() => expect(failing.lines.length).toBeGreaterThan(0));
      expect(failing.lines[0]).toMatch(/^Transcript Inspector at /);
      failing.stop();
      expect(await served).toBe(0);
      // A preview longer than the URL's wait (a session of gigabytes): the URL comes after the wait,
      // and the inspector is disposed only once the preview has ended (it must not write into a
      // disposed one).
      const slow = deps({ previewBeforeUrlMs: 30 });
      let finishSlow = (): void => undefined;
      Object.assign(slow.stub.api, { preview: () => new Promise((resolve) => (finishSlow = () => resolve(null))) });
      const slowRun = serve([`${store}#${id}`, '--port', '0'], slow.d);
      await vi.waitFor(() => expect(slow.lines.length).toBeGreaterThan(0));
      expect(slow.lines[0]).toMatch(/^Transcript Inspector at /);
      slow.stop();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(slow.dispose).not.toHaveBeenCalled();
      finishSlow();
      expect(await slowRun).toBe(0);
      expect(slow.dispose).toHaveBeenCalled();
      // Ctrl+C while the preview is made: no server, no URL, and the preview still ends first.
      const stopped = deps();
      let finishStopped: (() => void) | null = null;
      Object.assign(stopped.stub.api, { preview: () => new Promise((resolve) => (finishStopped = () => resolve(null))) });
      const stoppedRun = serve([`${store}#${id}`, '--port', '0'], stopped.d);
      await vi.waitFor(() => expect(finishStopped).not.toBeNull());
      stopped.stop();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(stopped.dispose).not.toHaveBeenCalled();
      finishStopped!();
      expect(await stoppedRun).toBe(0);
      expect(stopped.lines).toEqual([]);
      expect(stopped.dispose).toHaveBeenCalled();

      const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      expect(await serve([`${store}#no-such-session`], deps().d)).toBe(2);
      expect(await serve([`${path.join(dir, 'session.jsonl')}`, '--session', id], deps().d)).toBe(2);
      const messages = stderr.mock.calls.map((c) => String(c[0]));
      expect(messages[0]).toMatch(/cannot open .*openclaw-agent\.sqlite: the store has no session no-such-session$/m);
      expect(messages[1]).toMatch(/cannot open .*session\.jsonl: it is not an OpenClaw session store/);
    } finally {
      fs.rmSync(path.dirname(store), { recursive: true, force: true });
    }
  });

  it('serve DB opens the store without listing it (the page lists it, from its pages: the store is never read whole), and refuses a SQLite file that is none', async () => {
    const store = copyStore('main');
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(store, past, past);
    try {
      const { d, lines, stub, stop } = deps();
      const before = storeFileReads();
      const running = serve([store, '--port', '0'], d);
      await vi.waitFor(() => expect(lines.length).toBeGreaterThan(0));
      expect(stub.calls.some((c) => c.method === 'listStore' || c.method === 'preview')).toBe(false);
      // The check read the store's first pages, and the page's listing reads its tables' pages.
      expect((await listStoreSessions(store)).sessions.length).toBe(manifest.stores[0].sessions.length);
      expect(storeFileReads() - before).toBe(0);
      stop();
      expect(await running).toBe(0);
      const other = path.join(dir, 'other.sqlite');
      const plain = new Database(other);
      plain.exec('CREATE TABLE notes (body TEXT)');
      plain.close();
      const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      expect(await serve([other], deps().d)).toBe(2);
      expect(String(stderr.mock.calls[0][0])).toMatch(/cannot open .*other\.sqlite: .*not an OpenClaw session store/);
    } finally {
      fs.rmSync(path.dirname(store), { recursive: true, force: true });
    }
  });

  it('refuses bad arguments with exit code 2 and one line on stderr', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await serve(['--port', 'x'], deps().d)).toBe(2);
    expect(await serve(['--port', '70000'], deps().d)).toBe(2);
    expect(await serve(['a', 'b'], deps().d)).toBe(2);
    expect(await serve(['missing.jsonl'], deps().d)).toBe(2);
    expect(await serve([], deps({ rendererDir: null }).d)).toBe(2);
    const messages = stderr.mock.calls.map((c) => String(c[0]));
    expect(messages.every((m) => m.startsWith('transcript-inspector: serve') && m.trim().split('\n').length === 1)).toBe(true);
    expect(messages.join('')).toMatch(/npm run build/);
  });

  it('reports a file the host cannot read', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { d, stub } = deps();
    const failing = Object.assign(stub.api, {
      preview: async () => Promise.reject(new Error('not a session file')),
      dispose: async () => undefined,
    });
    expect(await serve(['session.jsonl'], { ...d, createInspector: () => failing as unknown as ServeInspector })).toBe(2);
    expect(String(stderr.mock.calls[0][0])).toMatch(/cannot open .*session\.jsonl: not a session file/);
  });
});
