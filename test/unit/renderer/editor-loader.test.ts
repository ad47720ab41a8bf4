// The editor's chunk waits for a preview's first lines to be drawn, with clocks that end the wait; the
// `ti:monaco:start` mark says how the wait ended. Each test loads fresh modules (marks are set once per
// page) with Monaco's chunk replaced: the file runs in the `isolated` project (vitest.config.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Loader = typeof import('../../../renderer/editor-loader.js');
type Perf = typeof import('../../../renderer/perf.js');

async function fresh(): Promise<{ loader: Loader; perf: Perf }> {
  vi.resetModules();
  vi.doMock('../../../renderer/monaco/diff-editor.js', () => ({ chunk: 'diff-editor' }));
  return { loader: await import('../../../renderer/editor-loader.js'), perf: await import('../../../renderer/perf.js') };
}

/** How the hold ended, as the `ti:monaco:start` mark says. */
function holdEnd(): unknown {
  const marks = performance.getEntriesByName('ti:monaco:start');
  return (marks.at(-1) as PerformanceMark | undefined)?.detail;
}

beforeEach(() => {
  performance.clearMarks();
  // Only the clocks: the marks are read from the real Performance API.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.doUnmock('../../../renderer/monaco/diff-editor.js');
});

describe('whenMarked', () => {
  it('says whether the mark came (true) or the clock ran out (false)', async () => {
    const { perf } = await fresh();
    const marked = perf.whenMarked('first-diff', 1000);
    perf.perfMark('first-diff');
    await expect(marked).resolves.toBe(true);
    // Already marked: at once.
    await expect(perf.whenMarked('first-diff', 1000)).resolves.toBe(true);
    const late = perf.whenMarked('editor-painted', 1000);
    await vi.advanceTimersByTimeAsync(999);
    let settled: boolean | null = null;
    void late.then((value) => (settled = value));
    await Promise.resolve();
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await expect(late).resolves.toBe(false);
  });
});

describe('holding the editor back', () => {
  it('loads the chunk only once the first lines are drawn, and says so', async () => {
    const { loader } = await fresh();
    let drawn = (): void => undefined;
    loader.holdEditorUntil(new Promise((resolve) => (drawn = () => resolve('drawn'))));
    const loaded = loader.loadEditor();
    await vi.advanceTimersByTimeAsync(loader.HOLD_MAX_MS - 1);
    expect(performance.getEntriesByName('ti:monaco:start')).toHaveLength(0);
    drawn();
    await vi.advanceTimersByTimeAsync(1);
    await expect(loaded).resolves.toMatchObject({ chunk: 'diff-editor' });
    expect(holdEnd()).toEqual({ hold: 'drawn' });
  });

  it('stops waiting for a host that does not answer after HOLD_MAX_MS', async () => {
    const { loader } = await fresh();
    loader.holdEditorUntil(new Promise(() => undefined));
    const loaded = loader.loadEditor();
    await vi.advanceTimersByTimeAsync(loader.HOLD_MAX_MS - 1);
    expect(performance.getEntriesByName('ti:monaco:start')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    // Then one more task, for a frame to paint (a timer of 0 ms waits 1 ms in Node).
    await vi.advanceTimersByTimeAsync(1);
    await expect(loaded).resolves.toMatchObject({ chunk: 'diff-editor' });
    expect(holdEnd()).toEqual({ hold: 'no-answer' });
  });

  it('passes on how a wait that ended early ended (nothing to draw, a preview not drawn in time, a failed request)', async () => {
    for (const [given, expected] of [
      [() => Promise.resolve('none' as const), 'none'],
      [() => Promise.resolve('not-drawn' as const), 'not-drawn'],
      [() => Promise.reject(new Error('host gone')), 'none'],
    ] as const) {
      performance.clearMarks();
      const { loader } = await fresh();
      loader.holdEditorUntil(given());
      const loaded = loader.loadEditor();
      await vi.advanceTimersByTimeAsync(0);
      await expect(loaded).resolves.toMatchObject({ chunk: 'diff-editor' });
      expect(holdEnd()).toEqual({ hold: expected });
    }
  });

  it('without a hold, loads at once, with nothing drawn first', async () => {
    const { loader } = await fresh();
    await expect(loader.loadEditor()).resolves.toMatchObject({ chunk: 'diff-editor' });
    expect(holdEnd()).toEqual({ hold: 'none' });
  });
});
