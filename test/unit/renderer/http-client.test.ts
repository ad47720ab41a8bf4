// The web-mode HTTP client against the real web server with a stub host: same results, same errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWebServer, type WebInspector, type WebServer } from '../../../electron/web.js';
import { bytesToBase64 } from '../../../renderer/http-body.js';
import { createHttpApi, takeLaunchToken } from '../../../renderer/http-client.js';
import { MAX_UPLOAD_BYTES } from '../../../shared/web-limits.js';
import type { ErrorExplanation, RecordedError } from '../../../shared/inspection.js';
import type { Target } from '../../../shared/types.js';
import { catalog, info, stubApi, summary } from './stub-api.js';

const TARGET: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: false };

let server: WebServer;
let dir: string;
let stub: ReturnType<typeof stubApi>;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ti-client-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  stub = stubApi({
    open: async (request) =>
      info({ name: request.kind === 'bytes' ? `${request.name}:${Buffer.from(request.bytes).toString()}` : 'x', path: null }),
    reload: async () => Promise.reject(new Error('unknown session "S9"')),
  });
  server = await startWebServer({ inspector: stub.api as WebInspector, rendererDir: dir, launchPath: path.join(dir, 'launch.jsonl') });
});

afterEach(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('HTTP client', () => {
  it('returns what the host returns', async () => {
    const { api } = createHttpApi({ baseUrl: `http://127.0.0.1:${server.port}`, token: server.token });
    expect(await api.listTargets()).toEqual(catalog);
    expect(await api.close('S1')).toBeUndefined();
    expect(await api.pickFile()).toBeNull();
  });

  it('gives a summary with its recorded errors as the host gave them, their shared answers sent once', async () => {
    const answers: ErrorExplanation[] = [
      { category: 'rate-limit', confidence: 0.97, explanation: 'Overloaded. '.repeat(20), action: 'Retry later.', turns: [], evidence: [] },
    ];
    const recordedErrors: RecordedError[] = Array.from({ length: 500 }, (_, turn) => ({
      turn,
      line: turn + 2,
      message: '529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
      provider: 'anthropic',
      answers,
      group: 'rate-limit',
    }));
    const host = { ...summary(TARGET), recordedErrors };
    await server.close();
    server = await startWebServer({
      inspector: stubApi({ inspect: async () => host, preview: async () => host }).api as WebInspector,
      rendererDir: dir,
      launchPath: path.join(dir, 'launch.jsonl'),
    });
    // What crossed the wire, by method.
    const sent = new Map<string, number>();
    const fetchCounting: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      sent.set(String(input).split('/').pop()!, (await response.clone().text()).length);
      return response;
    };
    const { api } = createHttpApi({ baseUrl: `http://127.0.0.1:${server.port}`, token: server.token, fetch: fetchCounting });
    for (const got of [
      await api.inspect('S1', TARGET),
      await api.preview({ kind: 'path', path: path.join(dir, 'launch.jsonl') }, TARGET),
    ]) {
      expect(got).toEqual(host);
      expect(JSON.stringify(got)).toBe(JSON.stringify(host));
      // Shared again, as the desktop app's IPC keeps them.
      expect(got!.recordedErrors![0].answers).toBe(got!.recordedErrors![499].answers);
    }
    expect(sent.get('inspect')).toBeLessThan(JSON.stringify({ result: host }).length / 4);
  });

  it('refuses, with the way out, a picked file too large to send as bytes', async () => {
    const { shell } = createHttpApi({ baseUrl: `http://127.0.0.1:${server.port}`, token: server.token });
    const huge = {
      name: 'big.jsonl',
      size: 1.5 * 1024 ** 3,
      arrayBuffer: () => Promise.reject(new Error('must not be read')),
    } as unknown as File;
    await expect(shell.requestForFile(huge)).rejects.toThrow(
      'big.jsonl is 1.5 GiB: the web mode takes files up to 384 MiB from the page — open it from the command line instead (transcript-inspector serve "big.jsonl") or in the desktop app',
    );
    const atLimit = { name: 'edge.jsonl', size: MAX_UPLOAD_BYTES, arrayBuffer: async () => new ArrayBuffer(3) } as unknown as File;
    expect(await shell.requestForFile(atLimit)).toMatchObject({ kind: 'bytes', name: 'edge.jsonl' });
    const small = new File(['{"type":"session"}\n'], 'small.jsonl');
    expect(await shell.requestForFile(small)).toMatchObject({ kind: 'bytes', name: 'small.jsonl' });
  });

  it('sends byte arrays intact', async () => {
    const { api } = createHttpApi({ baseUrl: `http://127.0.0.1:${server.port}`, token: server.token });
    const opened = await api.open({ kind: 'bytes', name: 'a.jsonl', bytes: new TextEncoder().encode('{"type":"session"}\n') });
    expect(opened.name).toBe('a.jsonl:{"type":"session"}\n');
  });

  it('throws the host error message', async () => {
    const { api } = createHttpApi({ baseUrl: `http://127.0.0.1:${server.port}`, token: server.token });
    await expect(api.reload('S9')).rejects.toThrow('unknown session "S9"');
  });

  it('explains a wrong token', async () => {
    const { api } = createHttpApi({ baseUrl: `http://127.0.0.1:${server.port}`, token: 'wrong' });
    await expect(api.listTargets()).rejects.toThrow(/token.*reopen the URL/);
  });

  it('reads the launch request', async () => {
    const { shell } = createHttpApi({ baseUrl: `http://127.0.0.1:${server.port}`, token: server.token });
    expect(await shell.launchRequest()).toEqual({ kind: 'path', path: path.join(dir, 'launch.jsonl') });
  });

  it('says so when the server is gone', async () => {
    const { api } = createHttpApi({ baseUrl: 'http://127.0.0.1:9', token: 't' });
    await expect(api.listTargets()).rejects.toThrow(/not reachable/);
  });

  it('shares one event stream between file-change and progress listeners, closed when the last one leaves', () => {
    const sources: { url: string; listeners: Map<string, (message: { data: string }) => void>; closed: boolean }[] = [];
    const eventSource = (url: string) => {
      const source = { url, listeners: new Map<string, (message: { data: string }) => void>(), closed: false };
      sources.push(source);
      return {
        addEventListener: (name: string, listener: (message: { data: string }) => void) => source.listeners.set(name, listener),
        close: () => (source.closed = true),
      } as unknown as EventSource;
    };
    const { api } = createHttpApi({ baseUrl: `http://127.0.0.1:${server.port}`, token: 't/k', eventSource });
    const progress: unknown[] = [];
    const changes: unknown[] = [];
    const offProgress = api.onProgress((event) => progress.push(event));
    const offChanges = api.onFileChanged((event) => changes.push(event));
    expect(sources.map((s) => s.url)).toEqual([`http://127.0.0.1:${server.port}/api/events?token=t%2Fk`]);
    const event = { operation: 'open', name: 'big.jsonl', path: '/tmp/big.jsonl', done: 1, total: 2 };
    sources[0].listeners.get('progress')!({ data: JSON.stringify(event) });
    sources[0].listeners.get('progress')!({ data: 'not json' });
    sources[0].listeners.get('file-changed')!({ data: JSON.stringify({ sessionId: 'S1', path: '/tmp/big.jsonl', kind: 'changed' }) });
    expect(progress).toEqual([event]);
    expect(changes).toEqual([{ sessionId: 'S1', path: '/tmp/big.jsonl', kind: 'changed' }]);
    offProgress();
    expect(sources[0].closed).toBe(false);
    offChanges();
    expect(sources[0].closed).toBe(true);
    api.onProgress(() => undefined);
    expect(sources).toHaveLength(2);
  });

  it('encodes base64 like Node does', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
    expect(await bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});

describe('takeLaunchToken', () => {
  /** A window at `href` with a history that records replaceState and a tab's sessionStorage. */
  function fakeWindow(href: string, storage = new Map<string, string>()) {
    const location = { href };
    const replaced: string[] = [];
    const win = {
      location,
      history: {
        state: null,
        replaceState: (_state: unknown, _title: string, url: string) => {
          replaced.push(url);
          location.href = new URL(url, location.href).href;
        },
      },
      sessionStorage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, value),
      },
    } as unknown as Pick<Window, 'location' | 'history' | 'sessionStorage'>;
    return { win, replaced, location, storage };
  }

  it('takes the token from the URL, keeps it for the tab and drops it from the address bar', () => {
    const { win, replaced, location, storage } = fakeWindow('http://127.0.0.1:4321/?token=abc_DEF-123&x=1#top');
    expect(takeLaunchToken(win)).toBe('abc_DEF-123');
    expect(replaced).toEqual(['/?x=1#top']);
    expect(location.href).toBe('http://127.0.0.1:4321/?x=1#top');
    // A reload of the tab (no token in the URL any more) still has it.
    expect(takeLaunchToken(fakeWindow(location.href, storage).win)).toBe('abc_DEF-123');
  });

  it('gives an empty token (calls answer 401 with a hint) in a tab that never had one', () => {
    expect(takeLaunchToken(fakeWindow('http://127.0.0.1:4321/').win)).toBe('');
  });
});
