// The web mode's HTTP server: token, host and origin checks, static files, the JSON API and events.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileChangedEvent, OpenRequest, ProgressEvent, SessionInfo } from '../../../shared/api.js';
import { startWebServer, statusOf, type WebInspector, type WebServer } from '../../../electron/web.js';
import { base64Length, MAX_BODY_BYTES, MAX_UPLOAD_BYTES } from '../../../shared/web-limits.js';

function sessionInfo(request: OpenRequest): SessionInfo {
  return {
    sessionId: 's1',
    name:
      request.kind === 'path' || request.kind === 'store'
        ? path.basename(request.path)
        : request.kind === 'sample'
          ? 'sample.jsonl'
          : request.name,
    path: request.kind === 'path' ? request.path : null,
    sizeBytes: request.kind === 'bytes' ? request.bytes.length : 0,
    digest: 'd',
    format: 'jsonl',
    lineCount: 1,
    turnCount: 0,
    diagnostics: [],
    defaultTarget: null,
    watched: false,
  };
}

/** A stub host: records calls, answers with canned values. */
function stubInspector() {
  const calls: { method: string; args: unknown[] }[] = [];
  const listeners = new Set<(event: FileChangedEvent) => void>();
  const progressListeners = new Set<(event: ProgressEvent) => void>();
  const record =
    (method: string, value: unknown) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
      if (value instanceof Error) throw value;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown)(...args) : value;
    };
  const inspector = {
    listTargets: record('listTargets', { providers: [{ id: 'anthropic', models: [] }], apis: ['anthropic-messages'] }),
    open: record('open', (request: OpenRequest) => sessionInfo(request)),
    reload: record('reload', new Error('no such session: nope')),
    close: record('close', undefined),
    inspect: record('inspect', null),
    preview: record('preview', null),
    getTurns: record('getTurns', { total: 0, start: 0, rows: [] }),
    getDocument: record('getDocument', { text: '{}', ranges: [], elisions: [] }),
    thumbnail: record('thumbnail', null),
    explainError: record('explainError', []),
    exportText: record('exportText', { fileName: 'x.json', text: '{}' }),
    planRepair: record('planRepair', null),
    repair: record('repair', null),
    recentFiles: record('recentFiles', ['/tmp/recent-one.jsonl']),
    onFileChanged(listener: (event: FileChangedEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onProgress(listener: (event: ProgressEvent) => void) {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
  } as unknown as WebInspector;
  return {
    inspector,
    calls,
    emit: (event: FileChangedEvent) => listeners.forEach((l) => l(event)),
    emitProgress: (event: ProgressEvent) => progressListeners.forEach((l) => l(event)),
    progressListeners,
  };
}

let dir: string;
let server: WebServer;
let stub: ReturnType<typeof stubInspector>;
/** The methods the server told `onWork` of, in order. */
let work: string[];

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ti-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(os.tmpdir(), 'ti-secret.txt'), 'secret');
  stub = stubInspector();
  work = [];
  server = await startWebServer({
    inspector: stub.inspector,
    rendererDir: dir,
    launchPath: '/tmp/launched.jsonl',
    onWork: (method) => work.push(method),
  });
});

afterEach(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${server.port}`;
const api = (method: string, args: unknown[], headers: Record<string, string> = {}) =>
  fetch(`${base()}/api/${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Inspector-Token': server.token, ...headers },
    body: JSON.stringify({ args }),
  });

describe('web server', () => {
  it('listens on 127.0.0.1 and prints a URL with the token', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
    expect(server.token.length).toBeGreaterThanOrEqual(40);
  });

  it('refuses every API request without the token', async () => {
    for (const url of [`${base()}/api/launch`, `${base()}/api/events`]) {
      const response = await fetch(url);
      expect(response.status, url).toBe(401);
      await response.body?.cancel();
    }
    const post = await fetch(`${base()}/api/listTargets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"args":[]}',
    });
    expect(post.status).toBe(401);
    expect(((await post.json()) as { error: { message: string } }).error.message).toMatch(/token/);
    const wrong = await api('listTargets', [], { 'X-Inspector-Token': 'x'.repeat(server.token.length) });
    expect(wrong.status).toBe(401);
    expect(stub.calls).toHaveLength(0);
  });

  it('serves the page and its assets (the public build) without a token, with the CSP and no cookie', async () => {
    const page = await fetch(`${base()}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('set-cookie')).toBeNull();
    const withToken = await fetch(`${base()}/?token=${server.token}`);
    expect(withToken.headers.get('set-cookie')).toBeNull();
    const asset = await fetch(`${base()}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(await asset.text()).toBe('console.log(1)');
  });

  it('accepts the token only in the one form each route documents', async () => {
    const json = { 'Content-Type': 'application/json' };
    const cases: [string, RequestInit][] = [
      // API calls: the header only — not the query, not a cookie.
      [`${base()}/api/listTargets?token=${server.token}`, { method: 'POST', headers: json, body: '{"args":[]}' }],
      [
        `${base()}/api/listTargets`,
        { method: 'POST', headers: { ...json, Cookie: `ti_token_${server.port}=${server.token}` }, body: '{"args":[]}' },
      ],
      [`${base()}/api/launch?token=${server.token}`, {}],
      // The event stream: the query only.
      [`${base()}/api/events`, { headers: { 'X-Inspector-Token': server.token } }],
    ];
    for (const [url, init] of cases) {
      const response = await fetch(url, init);
      expect(response.status, url).toBe(401);
      await response.body?.cancel();
    }
    expect(stub.calls).toHaveLength(0);
  });

  it('matches the JSON content type exactly', async () => {
    const post = (type: string) =>
      fetch(`${base()}/api/listTargets`, {
        method: 'POST',
        headers: { 'Content-Type': type, 'X-Inspector-Token': server.token },
        body: '{"args":[]}',
      });
    for (const type of [
      'application/jsonx',
      'application/json-patch+json',
      'text/plain; application/json',
      'application/json; charset=latin1',
      'text/plain',
    ]) {
      expect((await post(type)).status, type).toBe(415);
    }
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8']) {
      expect((await post(type)).status, type).toBe(200);
    }
  });

  it('never serves files outside the renderer folder', async () => {
    for (const p of ['/../ti-secret.txt', '/%2e%2e/ti-secret.txt', '/assets/%2e%2e/%2e%2e/ti-secret.txt']) {
      const response = await fetch(`${base()}${p}?token=${server.token}`);
      expect(response.status, p).toBe(404);
      await response.body?.cancel();
    }
  });

  it('calls InspectorApi methods with JSON arguments', async () => {
    const response = await api('listTargets', []);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: { providers: [{ id: 'anthropic', models: [] }], apis: ['anthropic-messages'] } });
    const doc = await api('getDocument', ['i1', 'replay', 'payload']);
    expect(((await doc.json()) as { result: unknown }).result).toEqual({ text: '{}', ranges: [], elisions: [] });
    expect(stub.calls.at(-1)).toEqual({ method: 'getDocument', args: ['i1', 'replay', 'payload'] });
  });

  it('decodes byte arrays sent as base64', async () => {
    const response = await api('open', [{ kind: 'bytes', name: 'a.jsonl', bytes: { $bytes: Buffer.from('hello\n').toString('base64') } }]);
    expect(response.status).toBe(200);
    const call = stub.calls.find((c) => c.method === 'open')!;
    const bytes = (call.args[0] as { bytes: Uint8Array }).bytes;
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes).toString()).toBe('hello\n');
  });

  it('previews only paths the user opened, and checks the target', async () => {
    expect((await api('preview', [{ kind: 'path', path: '/etc/passwd' }, null])).status).toBe(403);
    expect(stub.calls.some((c) => c.method === 'preview')).toBe(false);
    expect((await api('preview', [{ kind: 'path', path: '/tmp/launched.jsonl' }, { provider: 42 }])).status).toBe(400);
    const allowed = await api('preview', [{ kind: 'path', path: '/tmp/launched.jsonl' }, null]);
    expect(allowed.status).toBe(200);
    expect(stub.calls.at(-1)).toEqual({ method: 'preview', args: [{ kind: 'path', path: '/tmp/launched.jsonl' }, null] });
  });

  it('only opens paths the user opened (command line, recent list)', async () => {
    const denied = await api('open', [{ kind: 'path', path: '/etc/passwd' }]);
    expect(denied.status).toBe(403);
    expect(stub.calls.some((c) => c.method === 'open')).toBe(false);
    expect((await api('open', [{ kind: 'path', path: '/tmp/launched.jsonl' }])).status).toBe(200);
    expect((await api('open', [{ kind: 'path', path: '/tmp/recent-one.jsonl' }])).status).toBe(200);
  });

  it('answers pickFile and saveText without dialogs', async () => {
    expect(await (await api('pickFile', [])).json()).toEqual({ result: null });
    expect(await (await api('saveText', ['a.md', 'x'])).json()).toEqual({ result: { saved: false } });
  });

  it('reports the launch file', async () => {
    const response = await fetch(`${base()}/api/launch`, { headers: { 'X-Inspector-Token': server.token } });
    expect(await response.json()).toEqual({ request: { kind: 'path', path: '/tmp/launched.jsonl' } });
  });

  it('scans the folder given on the command line, and no other, with its arguments checked', async () => {
    const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'ti-web-folder-'));
    fs.mkdirSync(path.join(tree, 'inner'));
    fs.writeFileSync(
      path.join(tree, 'inner', 'a.jsonl'),
      '{"type":"session","version":3,"id":"a","timestamp":"2025-11-12T08:41:00.000Z"}\n',
    );
    const folderServer = await startWebServer({ inspector: stub.inspector, rendererDir: dir, launchFolder: tree });
    const call = (method: string, args: unknown[]) =>
      fetch(`http://127.0.0.1:${folderServer.port}/api/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Inspector-Token': folderServer.token },
        body: JSON.stringify({ args }),
      });
    try {
      const launch = await fetch(`http://127.0.0.1:${folderServer.port}/api/launch`, {
        headers: { 'X-Inspector-Token': folderServer.token },
      });
      expect(await launch.json()).toEqual({ request: null, folder: tree });
      expect(await (await call('pickFolder', [])).json()).toEqual({ result: null });
      const refused = await call('scanFolder', [os.tmpdir()]);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/was not opened by the user/);
      expect((await call('scanFolder', [42])).status).toBe(400);
      expect((await call('repairFolder', ['x', 'a.jsonl', { includeInUse: false }])).status).toBe(400);
      const started = (await (await call('scanFolder', [path.join(tree, 'inner')])).json()) as { result: { scanId: string; dir: string } };
      expect(started.result.dir).toBe(path.join(tree, 'inner'));
      expect((await call('folderScan', ['no-such-scan', 0])).status).toBe(404);
      for (;;) {
        const state = (
          (await (await call('folderScan', [started.result.scanId, 0])).json()) as {
            result: { finished: boolean; rows: { file: string }[] };
          }
        ).result;
        if (state.finished) {
          expect(state.rows.map((r) => r.file)).toEqual([path.join(tree, 'inner', 'a.jsonl')]);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Undo over HTTP: its arguments checked, an unknown scan a 404, a file this scan never repaired refused with the reason.
      expect((await call('undoFolderRepair', [started.result.scanId, []])).status).toBe(400);
      expect((await call('undoFolderRepair', ['no-such-scan', ['a.jsonl']])).status).toBe(404);
      const nothing = (await (await call('undoFolderRepair', [started.result.scanId, [path.join(tree, 'inner', 'a.jsonl')]])).json()) as {
        result: { results: { status: string; reason: string }[] };
      };
      expect(nothing.result.results).toEqual([expect.objectContaining({ status: 'refused', reason: 'nothing to undo' })]);
    } finally {
      await folderServer.close();
      fs.rmSync(tree, { recursive: true, force: true });
    }
  });

  it('turns bad requests into readable errors with a status', async () => {
    expect((await api('nope', [])).status).toBe(404);
    expect((await api('listTargets', [1, 2])).status).toBe(400);
    const notJson = await fetch(`${base()}/api/listTargets`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Inspector-Token': server.token },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    const form = await fetch(`${base()}/api/listTargets`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'X-Inspector-Token': server.token },
      body: '{"args":[]}',
    });
    expect(form.status).toBe(415);
    const failing = await api('reload', ['nope']);
    expect(failing.status).toBe(500);
    expect(await failing.json()).toEqual({ error: { message: 'no such session: nope' } });
  });

  it('refuses other origins and other Host names', async () => {
    const cross = await api('listTargets', [], { Origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: server.port, path: `/?token=${server.token}`, headers: { Host: `rebound.example:${server.port}` } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('validates arguments with the contract guards by default', async () => {
    const response = await api('getTurns', ['i1', 'left', 0, 10]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/getTurns\(side\)/);
    const bytes = await api('open', [{ kind: 'bytes', name: 'a', bytes: 'not bytes' }]);
    expect(bytes.status).toBe(400);
    expect(stub.calls.filter((c) => c.method === 'getTurns' || c.method === 'open')).toEqual([]);
  });

  it('reads bodies up to MAX_BODY_BYTES by default: an upload at the cap and its envelope', async () => {
    const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/api/open',
          headers: { 'Content-Type': 'application/json', 'X-Inspector-Token': server.token, 'Content-Length': String(MAX_BODY_BYTES + 1) },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status.code).toBe(413);
    expect(status.body).toContain(`limit ${MAX_BODY_BYTES})`);
    expect(MAX_BODY_BYTES).toBeGreaterThan(base64Length(MAX_UPLOAD_BYTES));
  });

  it('tells onWork of each request for work as it arrives, before its body is read', async () => {
    // Reading what is there already, and a request without the token, are no work asked for.
    expect((await api('listTargets', [])).status).toBe(200);
    expect((await api('recentFiles', [])).status).toBe(200);
    expect((await api('getDocument', ['i1', 'replay', 'payload'])).status).toBe(200);
    expect((await api('open', [{ kind: 'text', name: 'a.jsonl', text: '{}' }], { 'X-Inspector-Token': 'wrong' })).status).toBe(401);
    expect(work).toEqual([]);
    // A dropped session: the page's request is known while its body is still on the way.
    const req = http.request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/api/open',
      headers: { 'Content-Type': 'application/json', 'X-Inspector-Token': server.token, 'Content-Length': '1000' },
    });
    req.on('error', () => undefined);
    req.write('{"args":[{"kind":"bytes","name":"dropped.jsonl","bytes":{"$bytes":"');
    await vi.waitFor(() => expect(work).toEqual(['open']));
    expect(stub.calls.some((c) => c.method === 'open')).toBe(false);
    req.destroy();
    expect((await api('inspect', ['s1', { provider: 'anthropic', api: 'anthropic-messages', modelId: 'm' }])).status).toBe(200);
    expect(work).toEqual(['open', 'inspect']);
  });

  it('maps the host error classes to HTTP statuses', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(statusOf(named('ArgumentError'))).toBe(400);
    expect(statusOf(named('UnknownIdError'))).toBe(404);
    expect(statusOf(named('PathNotGrantedError'))).toBe(403);
    expect(statusOf(named('InputError'))).toBe(422);
    expect(statusOf(new Error('boom'))).toBe(500);
  });

  it('validates arguments with the given validator', async () => {
    await server.close();
    server = await startWebServer({
      inspector: stub.inspector,
      rendererDir: dir,
      validate: (method, args) => {
        if (method === 'close' && typeof args[0] !== 'string') throw new TypeError('close(sessionId): sessionId must be a string');
      },
    });
    const response = await api('close', [42]);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/sessionId must be a string/);
  });

  /** Open the event stream; `next(name)` reads up to the next complete event of that name and returns its data. */
  async function events() {
    const controller = new AbortController();
    // An event that never comes fails the test in seconds (the read is aborted) instead of hanging it.
    const deadline = setTimeout(() => controller.abort(), 10_000);
    const response = await fetch(`${base()}/api/events?token=${server.token}`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    const next = async (name: string): Promise<unknown> => {
      const marker = `event: ${name}\n`;
      while (!text.includes(marker)) text += decoder.decode((await reader.read()).value);
      while (!text.includes('\n\n', text.indexOf(marker))) text += decoder.decode((await reader.read()).value);
      const data = text.slice(text.indexOf('data: ', text.indexOf(marker)) + 6).split('\n')[0];
      text = text.slice(text.indexOf('\n\n', text.indexOf(marker)) + 2);
      return JSON.parse(data);
    };
    return {
      next,
      close: () => {
        clearTimeout(deadline);
        controller.abort();
      },
    };
  }

  it('streams file-change events', async () => {
    const stream = await events();
    stub.emit({ sessionId: 's1', path: '/tmp/a.jsonl', kind: 'changed' });
    expect(await stream.next('file-changed')).toEqual({ sessionId: 's1', path: '/tmp/a.jsonl', kind: 'changed' });
    stream.close();
  });

  it('streams progress events, and stops listening to the host when closed', async () => {
    const stream = await events();
    const event: ProgressEvent = { operation: 'open', name: 'big.jsonl', path: '/tmp/big.jsonl', done: 4_194_304, total: 1_073_741_824 };
    stub.emitProgress(event);
    stub.emitProgress({ ...event, done: event.total });
    expect(await stream.next('progress')).toEqual(event);
    expect(await stream.next('progress')).toEqual({ ...event, done: event.total });
    stream.close();
    expect(stub.progressListeners.size).toBe(1);
    await server.close();
    expect(stub.progressListeners.size).toBe(0);
  });
});
