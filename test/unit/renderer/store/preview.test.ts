// Opening a large file: the host's preview of the first turns is shown at once, the full read waits
// until the editor has drawn it, and the full inspection replaces it (or an error clears it).
import { describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '../../../../shared/api.js';
import type { StoreListing } from '../../../../shared/store.js';
import { perfMark } from '../../../../renderer/perf.js';
import { createAppStore } from '../../../../renderer/store/store.js';
import { deferred, info, previewSummary, stubApi } from '../stub-api.js';

const MB = 1024 * 1024;

describe('opening with a preview', () => {
  it('shows the preview window first, reads the file once it is drawn, then shows the full inspection', async () => {
    const opened = deferred<SessionInfo>();
    const stub = stubApi({
      preview: async (_request, target) => previewSummary(target),
      open: () => opened.promise,
      getDocument: async (_id, _side, _view, window) => ({
        text: 'x',
        ranges: [],
        elisions: [],
        ...(window ? { window: { from: window.from, to: window.to, totalTurns: 70 } } : {}),
      }),
    });
    const store = createAppStore({ api: stub.api, shell: stub.shell });
    const done = store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
    await vi.waitFor(() => expect(store.getState().diff.window).not.toBeNull());
    const shown = store.getState();
    expect(shown.inspection.summary?.inspectionId).toBe('P1');
    // The window the full inspection will show first: sized from the whole branch (4 000 turns, 100 MB).
    expect(shown.diff.window).toEqual({ from: 0, to: 40, totalTurns: 70 });
    expect(stub.calls.filter((c) => c.method === 'getDocument').map((c) => [c.args[0], c.args[3]])).toEqual([
      ['P1', { from: 0, to: 40 }],
      ['P1', { from: 0, to: 40 }],
    ]);
    expect(stub.calls.find((c) => c.method === 'preview')?.args).toEqual([
      { kind: 'path', path: '/tmp/big.jsonl' },
      null,
      { behaviour: 'spec' },
    ]);
    expect(stub.calls.some((c) => c.method === 'open')).toBe(false);
    // Its first lines drawn without the editor (the plain view): the full read still waits for the editor.
    perfMark('first-diff');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.calls.some((c) => c.method === 'open')).toBe(false);
    // Drawn by the editor: the full read starts, and its inspection takes the preview's place.
    perfMark('editor-painted');
    await vi.waitFor(() => expect(stub.calls.some((c) => c.method === 'open')).toBe(true));
    expect(store.getState().inspection.summary?.inspectionId).toBe('P1');
    opened.resolve(info({ turnCount: 4000, sizeBytes: 100 * MB }));
    await done;
    expect(store.getState().inspection.summary?.inspectionId).toBe('I1');
    expect(store.getState().inspection.summary?.preview).toBeUndefined();
    expect(store.getState().session.info?.sessionId).toBe('S1');
  });

  it('shows the first window from the documents sent with the preview, without asking for them', async () => {
    const doc = (side: string) => ({
      text: `${side} of the first turns`,
      ranges: [],
      elisions: [],
      window: { from: 0, to: 40, totalTurns: 70 },
    });
    const stub = stubApi({
      preview: async (_request, target) => {
        const preview = previewSummary(target);
        return {
          ...preview,
          preview: { ...preview.preview!, first: { view: 'payload', original: doc('original'), replay: doc('replay') } },
        };
      },
      open: () => new Promise(() => undefined),
    });
    const store = createAppStore({ api: stub.api, shell: stub.shell });
    void store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
    await vi.waitFor(() => expect(store.getState().diff.window).toEqual({ from: 0, to: 40, totalTurns: 70 }));
    expect(store.getState().shownDocuments().original?.text).toBe('original of the first turns');
    expect(store.getState().shownDocuments().replay?.text).toBe('replay of the first turns');
    expect(stub.calls.some((c) => c.method === 'getDocument')).toBe(false);
  });

  it('replaces the session shown before, which is closed', async () => {
    const stub = stubApi({
      preview: async (request, target) => (request.kind === 'path' && request.path === '/tmp/big.jsonl' ? previewSummary(target) : null),
    });
    const store = createAppStore({ api: stub.api, shell: stub.shell });
    await store.getState().openSession({ kind: 'path', path: '/tmp/small.jsonl' });
    expect(store.getState().inspection.summary?.inspectionId).toBe('I1');
    const opened = deferred<SessionInfo>();
    stub.api.open = () => opened.promise;
    const done = store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
    await vi.waitFor(() => expect(store.getState().inspection.summary?.inspectionId).toBe('P1'));
    expect(store.getState().session.info).toBeNull();
    expect(stub.calls.find((c) => c.method === 'close')?.args).toEqual(['S1']);
    opened.resolve(info({ sessionId: 'S2' }));
    await done;
    expect(store.getState().session.info?.sessionId).toBe('S2');
    expect(store.getState().inspection.summary?.preview).toBeUndefined();
  });

  it('asks for the preview of a session of a store on disk, shows it, then the full read in its place', async () => {
    const opened = deferred<SessionInfo>();
    const stub = stubApi({ preview: async (_request, target) => previewSummary(target), open: () => opened.promise });
    const store = createAppStore({ api: stub.api, shell: stub.shell });
    const request = { kind: 'store', path: '/tmp/openclaw-agent.sqlite', storeSessionId: 'abc' } as const;
    const done = store.getState().openSession(request);
    await vi.waitFor(() => expect(store.getState().inspection.summary?.inspectionId).toBe('P1'));
    expect(stub.calls.find((c) => c.method === 'preview')?.args).toEqual([request, null, { behaviour: 'spec' }]);
    // A stored session is no store to list: no picker. (Its full read waits for the preview to be drawn
    // as a file's does; the page's marks are set once, by the first test of this file.)
    expect(stub.calls.some((c) => c.method === 'listStore')).toBe(false);
    await vi.waitFor(() => expect(stub.calls.some((c) => c.method === 'open')).toBe(true));
    opened.resolve(info({ sessionId: 'S9' }));
    await done;
    expect(store.getState().session.info?.sessionId).toBe('S9');
    expect(store.getState().inspection.summary?.preview).toBeUndefined();
    expect(store.getState().session.store).toBeNull();
  });

  it('asks no preview for a store sent as bytes (its session is read from the bytes at once)', async () => {
    const stub = stubApi({ preview: async (_request, target) => previewSummary(target) });
    const store = createAppStore({ api: stub.api, shell: stub.shell });
    await store.getState().openSession({ kind: 'store-bytes', name: 'x.sqlite', bytes: new Uint8Array(4), storeSessionId: 'abc' });
    expect(stub.calls.some((c) => c.method === 'preview')).toBe(false);
    expect(stub.calls.some((c) => c.method === 'open')).toBe(true);
  });

  it('asks for the preview beside the check whether the file is a store, and drops it for a store', async () => {
    const checked = deferred<StoreListing | null>();
    const stub = stubApi({ listStore: () => checked.promise, preview: async (_request, target) => previewSummary(target) });
    const store = createAppStore({ api: stub.api, shell: stub.shell });
    const done = store.getState().openSession({ kind: 'path', path: '/tmp/big.sqlite' });
    await vi.waitFor(() => expect(stub.calls.some((c) => c.method === 'preview')).toBe(true));
    checked.resolve({
      name: 'big.sqlite',
      path: '/tmp/big.sqlite',
      agentId: null,
      schemaVersion: null,
      appVersion: null,
      sessions: [],
      walFrames: 0,
      notes: [],
    });
    await done;
    expect(store.getState().session.store?.listing.name).toBe('big.sqlite');
    expect(store.getState().inspection.summary).toBeNull();
    expect(stub.calls.some((c) => c.method === 'open')).toBe(false);
  });

  it('shows the preview without waiting for the store check, and reads the file only once that says it is none', async () => {
    const checked = deferred<StoreListing | null>();
    const stub = stubApi({ listStore: () => checked.promise, preview: async (_request, target) => previewSummary(target) });
    const store = createAppStore({ api: stub.api, shell: stub.shell });
    const done = store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
    await vi.waitFor(() => expect(store.getState().inspection.summary?.inspectionId).toBe('P1'));
    perfMark('first-diff');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stub.calls.some((c) => c.method === 'open')).toBe(false);
    checked.resolve(null);
    await done;
    expect(stub.calls.some((c) => c.method === 'open')).toBe(true);
    expect(store.getState().inspection.summary?.inspectionId).toBe('I1');
  });

  it('clears the preview when the file cannot be opened after all', async () => {
    const stub = stubApi({
      preview: async (_request, target) => previewSummary(target),
      open: async () => Promise.reject(new Error('permission denied')),
    });
    const store = createAppStore({ api: stub.api, shell: stub.shell });
    await store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
    expect(store.getState().inspection.summary).toBeNull();
    expect(store.getState().session.error).toMatch(/permission denied/);
  });

  it('opens without one for bytes, text and the sample, and when the host has none', async () => {
    const stub = stubApi();
    const store = createAppStore({ api: stub.api, shell: stub.shell });
    await store.getState().openSession({ kind: 'text', name: 'a.jsonl', text: '{}' });
    await store.getState().openSession({ kind: 'path', path: '/tmp/small.jsonl' });
    expect(stub.calls.filter((c) => c.method === 'preview')).toHaveLength(1);
    expect(store.getState().inspection.summary?.preview).toBeUndefined();
    expect(store.getState().session.info).not.toBeNull();
  });
});
