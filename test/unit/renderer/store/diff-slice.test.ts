// The diff slice against a stub host: whole documents for small sessions, windows of turns for large
// ones, following the selection (annotation, turn, F8) and stepping with the window buttons.
import { describe, expect, it, vi } from 'vitest';
import type { DocumentText, DocumentView, DocumentWindow, InspectionSummary, InspectorApi, Side } from '../../../../shared/api.js';
import type { Annotation, Target } from '../../../../shared/types.js';
import type { ShownWindow } from '../../../../renderer/diff/windows.js';
import { createAppStore } from '../../../../renderer/store/store.js';
import { deferred, stubApi, summary } from '../stub-api.js';

const TOTAL = 4000;
const MB = 1024 * 1024;

const annotation = (turn: number | null, replayTurn: number | null, rule: Annotation['rule'] = 'blank-text'): Annotation => ({
  rule,
  turn,
  replayTurn,
  action: turn === null ? 'inserted' : 'rewritten',
  detail: `turn ${turn}`,
});

/** A 4 000-turn inspection with a 100 MB payload; the replay equals the original plus a created turn. */
function bigSummary(target: Target, id = 'BIG'): InspectionSummary {
  const base = summary(target, id);
  const annotations = [annotation(5, 5), annotation(3500, 3500), annotation(null, 2500, 'tool-result-pairing'), annotation(40, 40)];
  return {
    ...base,
    annotations,
    rules: [
      { rule: 'blank-text', title: 'BLANK', explanation: 'x', count: 3 },
      { rule: 'tool-result-pairing', title: 'PAIR', explanation: 'y', count: 1 },
    ],
    original: { turnCount: TOTAL, payloadBytes: 100 * MB },
    replay: { turnCount: TOTAL + 1, payloadBytes: 100 * MB },
  };
}

/** A window of a document as the host builds it: one line per turn after a header line. */
function windowDoc(side: Side, view: DocumentView, window: DocumentWindow | undefined): DocumentText {
  const from = window?.from ?? 0;
  const to = window?.to ?? TOTAL;
  const lines = [`${side} ${view} ${from}-${to}`];
  const ranges: DocumentText['ranges'] = [];
  for (let turn = from; turn < to; turn += 1) {
    lines.push(`turn ${turn}`);
    ranges.push({ index: turn, turn, startLine: lines.length, endLine: lines.length });
  }
  return { text: lines.join('\n'), ranges, elisions: [], ...(window ? { window: { from, to, totalTurns: TOTAL } } : {}) };
}

function setup(overrides: Partial<InspectorApi> = {}) {
  const stub = stubApi({
    inspect: async (_id, target) => bigSummary(target),
    getDocument: async (_id, side, view, window) => windowDoc(side, view, window),
    // Replay turn r comes from original turn r - 1 from 2500 on; 2500 itself was created by hygiene.
    getTurns: async (_id, side, start, count) => ({
      total: TOTAL,
      start,
      rows: Array.from({ length: count }, (_, k) => start + k).map((index) => ({
        index,
        turn: side === 'replay' && index === 2500 ? null : side === 'replay' && index > 2500 ? index - 1 : index,
        role: 'user',
        bytes: 1,
        tokens: { value: 1, estimated: true },
        rules: [],
        preview: '',
        line: null,
      })),
    }),
    ...overrides,
  });
  const store = createAppStore({ api: stub.api, shell: stub.shell });
  const documentCalls = () => stub.calls.filter((c) => c.method === 'getDocument').map((c) => c.args.slice(1));
  return { ...stub, store, documentCalls };
}

async function open(store: ReturnType<typeof setup>['store']) {
  await store.getState().openSession({ kind: 'path', path: '/tmp/big.jsonl' });
  await vi.waitFor(() => expect(store.getState().diff.key).not.toBe(''));
}

const shown = (store: ReturnType<typeof setup>['store']): ShownWindow | null => store.getState().diff.window;

describe('diff slice', () => {
  it('fetches a small session whole, once for both sides', async () => {
    const { store, documentCalls } = setup({
      inspect: async (_id, target) => summary(target),
      getDocument: async (_id, side, view) => windowDoc(side, view, undefined),
    });
    await open(store);
    expect(documentCalls()).toEqual([
      ['original', 'payload'],
      ['replay', 'payload'],
    ]);
    // A whole document covers every original turn of the summary.
    expect(store.getState().diff).toMatchObject({ size: 0, loading: false, error: null, window: { from: 0, to: 3, totalTurns: 3 } });
    const docs = store.getState().shownDocuments();
    expect(docs.key).toBe(store.getState().diff.key);
    expect(docs.original?.text.startsWith('original payload')).toBe(true);
    // A selection anywhere needs nothing more.
    store.getState().selectTurn('original', 3999);
    expect(store.getState().diff.locating).toBe(false);
    expect(documentCalls()).toHaveLength(2);
  });

  it('fetches the first window of a large session, sized to about a megabyte', async () => {
    const { store, documentCalls } = setup();
    await open(store);
    const { size } = store.getState().diff;
    expect(size).toBeGreaterThanOrEqual(20);
    expect(size).toBeLessThanOrEqual(60);
    expect(documentCalls()).toEqual([
      ['original', 'payload', { from: 0, to: size }],
      ['replay', 'payload', { from: 0, to: size }],
    ]);
    expect(shown(store)).toEqual({ from: 0, to: size, totalTurns: TOTAL });
    // Nothing of the documents is in the state: only the key that names them.
    expect(JSON.stringify(store.getState().diff)).not.toContain('turn 3');
  });

  it('brings in the window of an annotation selected far away, and not again for a near one', async () => {
    const { store, documentCalls } = setup();
    await open(store);
    store.getState().selectAnnotation(1);
    expect(store.getState().diff.loading).toBe(true);
    expect(store.getState().diff.focusTurn).toBe(3500);
    await vi.waitFor(() => expect(store.getState().diff.loading).toBe(false));
    const window = shown(store)!;
    expect(window.from).toBeLessThanOrEqual(3500);
    expect(window.to).toBeGreaterThan(3500);
    const docs = store.getState().shownDocuments();
    expect(docs.original?.ranges.some((r) => r.index === 3500)).toBe(true);
    const calls = documentCalls().length;
    store.getState().selectTurn('original', window.from + 1);
    expect(store.getState().diff.loading).toBe(false);
    expect(documentCalls()).toHaveLength(calls);
  });

  it('finds the window of a turn hygiene created through the replay rows', async () => {
    const { store, calls } = setup();
    await open(store);
    store.getState().selectAnnotation(2);
    // The reveal waits while the created turn's origin is looked up.
    expect(store.getState().diff.locating).toBe(true);
    await vi.waitFor(() => expect(store.getState().diff.focusTurn).toBe(2499));
    await vi.waitFor(() => expect(store.getState().diff.loading).toBe(false));
    expect(store.getState().diff.locating).toBe(false);
    expect(calls.find((c) => c.method === 'getTurns')?.args[1]).toBe('replay');
    expect(shown(store)!.from).toBeLessThanOrEqual(2499);
    expect(shown(store)!.to).toBeGreaterThan(2499);
  });

  it('steps F8 through annotations, following each one to its window', async () => {
    const { store } = setup();
    await open(store);
    // Panel order: blank-text 5, 3500, 40, then the created turn.
    const seen: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      store.getState().stepAnnotation(1);
      await vi.waitFor(() => expect(store.getState().diff.loading || store.getState().diff.locating).toBe(false));
      const turn = store.getState().diff.focusTurn!;
      seen.push(turn);
      expect(shown(store)!.from <= turn && turn < shown(store)!.to).toBe(true);
    }
    expect(seen).toEqual([5, 3500, 40]);
  });

  it('steps to the next and previous windows, and stops at the ends', async () => {
    const { store } = setup();
    await open(store);
    const size = store.getState().diff.size;
    await store.getState().stepWindow(-1);
    expect(shown(store)!.from).toBe(0);
    await store.getState().stepWindow(1);
    expect(shown(store)).toEqual({ from: size, to: 2 * size, totalTurns: TOTAL });
    await store.getState().stepWindow(-1);
    expect(shown(store)).toEqual({ from: 0, to: size, totalTurns: TOTAL });
    store.getState().selectTurn('original', TOTAL - 1);
    await vi.waitFor(() => expect(shown(store)!.to).toBe(TOTAL));
    const last = shown(store);
    await store.getState().stepWindow(1);
    expect(shown(store)).toEqual(last);
  });

  it('lets only the newest of overlapping window fetches land', async () => {
    const slow = deferred<DocumentText>();
    const { store } = setup({
      getDocument: async (_id, side, view, window) =>
        window && window.from > 3000 && side === 'original' ? slow.promise : windowDoc(side, view, window),
    });
    await open(store);
    store.getState().selectAnnotation(1); // turn 3500: held back by the host
    store.getState().selectAnnotation(3); // turn 40: arrives at once
    await vi.waitFor(() => expect(store.getState().diff.loading).toBe(false));
    slow.resolve(windowDoc('original', 'payload', { from: 3480, to: 3516 }));
    await Promise.resolve();
    expect(shown(store)!.from).toBeLessThanOrEqual(40);
    expect(
      store
        .getState()
        .shownDocuments()
        .original?.ranges.some((r) => r.index === 40),
    ).toBe(true);
  });

  it('keeps the turns in view when the view is toggled or the target changes', async () => {
    const { store, documentCalls } = setup();
    await open(store);
    store.getState().selectTurn('original', 2000);
    await vi.waitFor(() => expect(store.getState().diff.loading).toBe(false));
    const window = shown(store)!;
    store.getState().toggleView();
    await vi.waitFor(() => expect(store.getState().shownDocuments().original?.text.startsWith('original transcript')).toBe(true));
    expect(shown(store)).toEqual(window);
    expect(documentCalls().at(-1)).toEqual(['replay', 'transcript', { from: window.from, to: window.to }]);
    await store.getState().setTarget({ provider: 'mistral', api: 'mistral-conversations', modelId: 'mistral-large-latest' });
    await vi.waitFor(() => expect(store.getState().diff.loading).toBe(false));
    expect(shown(store)).toEqual(window);
  });

  it('treats a host that ignores the window as a whole document', async () => {
    const { store, documentCalls } = setup({ getDocument: async (_id, side, view) => windowDoc(side, view, undefined) });
    await open(store);
    expect(shown(store)).toEqual({ from: 0, to: TOTAL, totalTurns: TOTAL });
    store.getState().selectAnnotation(1);
    expect(store.getState().diff.loading).toBe(false);
    expect(documentCalls()).toHaveLength(2);
  });

  it('reports a failed fetch and recovers on the next one', async () => {
    let fail = true;
    const { store } = setup({
      getDocument: async (_id, side, view, window) => {
        if (fail && window && window.from > 0) throw new Error('window too large');
        return windowDoc(side, view, window);
      },
    });
    await open(store);
    store.getState().selectTurn('original', 1000);
    await vi.waitFor(() => expect(store.getState().diff.error).toMatch(/Could not load the payload \(turns \d+–\d+\): window too large/));
    fail = false;
    store.getState().selectTurn('original', 1000);
    await vi.waitFor(() => expect(store.getState().diff.error).toBeNull());
    expect(shown(store)!.from).toBeLessThanOrEqual(1000);
  });

  it('clears the documents when another session opens', async () => {
    const pending = deferred<InspectionSummary>();
    let first = true;
    const { store } = setup({
      inspect: async (_id, target) => {
        if (first) {
          first = false;
          return bigSummary(target);
        }
        return pending.promise;
      },
    });
    await open(store);
    const opening = store.getState().openSession({ kind: 'sample' });
    await vi.waitFor(() => expect(store.getState().inspection.loading).toBe(true));
    expect(store.getState().diff.key).toBe('');
    expect(store.getState().shownDocuments().original).toBeNull();
    pending.resolve(bigSummary({ provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' }, 'NEXT'));
    await opening;
    await vi.waitFor(() => expect(store.getState().diff.key).toMatch(/^NEXT:/));
  });
});
