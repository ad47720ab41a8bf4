// Opening a large file on a busy machine: a preview that comes after the full read started is still
// shown while the read runs, never over a full inspection already in, and the full inspection waits
// (a bounded time) for a preview on screen to be drawn. The clock is Vitest's: the waits are seconds.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InspectionSummary, SessionInfo } from '../../../../shared/api.js';
import { deferred, info, previewSummary, stubApi } from '../stub-api.js';

const MB = 1024 * 1024;

/** A store and its stub API with the preview and the full read answered by hand; fresh marks (the first paint is once per page). */
async function setUp() {
  vi.resetModules();
  const { createAppStore } = await import('../../../../renderer/store/store.js');
  const { perfMark } = await import('../../../../renderer/perf.js');
  const preview = deferred<InspectionSummary | null>();
  const opened = deferred<SessionInfo>();
  const stub = stubApi({ preview: () => preview.promise, open: () => opened.promise });
  const store = createAppStore({ api: stub.api, shell: stub.shell });
  const called = (method: string) => stub.calls.filter((c) => c.method === method).length;
  const painted = () => perfMark('first-diff');
  return { store, stub, preview, opened, called, painted };
}

/** Let the store's promise chains run, moving the clock by `ms`. */
const elapse = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a preview that comes late', () => {
  it('starts the full read after 3 s without one, then shows the preview as soon as it comes', async () => {
    const { store, preview, opened, called, painted } = await setUp();
    const done = store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
    await elapse(2999);
    expect(called('open')).toBe(0);
    await elapse(1);
    expect(called('open')).toBe(1);
    expect(store.getState().inspection.summary).toBeNull();
    // The preview comes while the full read runs: it is shown at once, and the session still loads.
    preview.resolve(previewSummary(null));
    await elapse();
    expect(store.getState().inspection.summary?.inspectionId).toBe('P1');
    expect(store.getState().session.loading).toBe(true);
    painted();
    opened.resolve(info({ turnCount: 4000, sizeBytes: 100 * MB }));
    await elapse();
    await done;
    expect(store.getState().inspection.summary?.inspectionId).toBe('I1');
    expect(store.getState().session.info?.sessionId).toBe('S1');
  });

  it('is dropped when the full inspection is already in', async () => {
    const { store, stub, preview, opened, called } = await setUp();
    const done = store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
    await elapse(3000);
    opened.resolve(info());
    await done;
    expect(store.getState().inspection.summary?.inspectionId).toBe('I1');
    const documents = called('getDocument');
    preview.resolve(previewSummary(null));
    await elapse();
    expect(store.getState().inspection.summary?.inspectionId).toBe('I1');
    expect(store.getState().session.info?.sessionId).toBe('S1');
    expect(called('getDocument')).toBe(documents);
    expect(stub.calls.some((c) => c.method === 'close')).toBe(false);
  });

  it('is dropped when a newer open started', async () => {
    const { store, preview, called } = await setUp();
    void store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
    await elapse(3000);
    void store.getState().openSession({ kind: 'text', name: 'other.jsonl', text: '{}' });
    preview.resolve(previewSummary(null));
    await elapse();
    expect(store.getState().inspection.summary).toBeNull();
    expect(called('getDocument')).toBe(0);
  });

  it('keeps a preview on screen until it is drawn, then the full inspection takes its place', async () => {
    const { store, preview, opened, painted } = await setUp();
    const done = store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
    await elapse(3000);
    preview.resolve(previewSummary(null));
    await elapse();
    opened.resolve(info());
    await elapse(5000);
    // The full read is in, but the preview has not been drawn yet: it stays.
    expect(store.getState().inspection.summary?.inspectionId).toBe('P1');
    expect(store.getState().session.info).toBeNull();
    painted();
    await elapse();
    await done;
    expect(store.getState().inspection.summary?.inspectionId).toBe('I1');
    expect(store.getState().session.info?.sessionId).toBe('S1');
  });

  it('gives way to the full inspection after 10 s when the page never draws it (a hidden window)', async () => {
    const { store, preview, opened } = await setUp();
    const done = store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
    await elapse(3000);
    preview.resolve(previewSummary(null));
    await elapse();
    opened.resolve(info());
    await elapse(9999);
    expect(store.getState().inspection.summary?.inspectionId).toBe('P1');
    await elapse(1);
    await done;
    expect(store.getState().inspection.summary?.inspectionId).toBe('I1');
  });

  it('in time, holds the full read until the editor has drawn the preview, or 1.5 s after it was shown', async () => {
    const { store, preview, opened, called } = await setUp();
    const done = store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
    await elapse(2000);
    preview.resolve(previewSummary(null));
    await elapse();
    expect(store.getState().inspection.summary?.inspectionId).toBe('P1');
    // Past the 3 s a preview may take: once it is in, the clock that counts is the paint's.
    await elapse(1499);
    expect(called('open')).toBe(0);
    await elapse(1);
    expect(called('open')).toBe(1);
    opened.resolve(info());
    await elapse(10_000);
    await done;
    expect(store.getState().inspection.summary?.inspectionId).toBe('I1');
  });

  it('does not hold the full read when the host has no preview to give', async () => {
    const { store, preview, opened, called } = await setUp();
    const done = store.getState().openSession({ kind: 'path', path: '/tmp/small.jsonl' });
    await elapse(100);
    expect(called('open')).toBe(0);
    preview.resolve(null);
    await elapse();
    expect(called('open')).toBe(1);
    opened.resolve(info());
    await elapse();
    await done;
    expect(store.getState().inspection.summary?.inspectionId).toBe('I1');
  });
});
