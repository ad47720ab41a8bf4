/**
 * Diff slice: which turns the diff shows. Fetches the documents (whole, or one window of original
 * turns) through a cache outside React state, and moves the window to wherever the selection goes.
 */
import type { DocumentText, InspectionSummary, InspectorApi } from '../../shared/api.js';
import { DocumentCache } from '../documents.js';
import { adjacentWindow, isWhole, planDocument, previewWindow, windowAround, windowHas, type ShownWindow } from '../diff/windows.js';
import { errorMessage } from '../format.js';
import { perfMark } from '../perf.js';
import { patch, type SliceCreator } from './slice.js';
import type { AppState, DiffSlice, Focus, ShownDocuments } from './types.js';

const NOTHING: ShownDocuments = { key: '', original: null, replay: null };

/** Replay rows read back to find the original turn a replay turn comes from (created turns have none). */
const LOOKBACK = 32;

/** Bytes a document of this inspection is estimated at: the larger payload, else the session file. */
function estimatedBytes(state: AppState, summary: InspectionSummary): number {
  const payload = Math.max(summary.original.payloadBytes ?? 0, summary.replay.payloadBytes ?? 0);
  return payload > 0 ? payload : (state.session.info?.sizeBytes ?? 0);
}

/** The window a fetched document covers: what the host says, else (an older host) the whole document. */
function coveredWindow(doc: DocumentText, totalTurns: number): ShownWindow {
  return doc.window
    ? { from: doc.window.from, to: doc.window.to, totalTurns: doc.window.totalTurns }
    : { from: 0, to: totalTurns, totalTurns };
}

/** The original turn of a replay turn: its own origin, else the nearest one before it. */
async function originOfReplayTurn(api: InspectorApi, inspectionId: string, index: number): Promise<number | null> {
  const start = Math.max(0, index - LOOKBACK + 1);
  const rows = (await api.getTurns(inspectionId, 'replay', start, index - start + 1)).rows;
  for (let i = rows.length - 1; i >= 0; i -= 1) if (rows[i].index <= index && rows[i].turn !== null) return rows[i].turn;
  return null;
}

/** The original turn a selection belongs to; a number when known at once, else a promise. */
function turnOfFocus(api: InspectorApi, focus: Focus, summary: InspectionSummary): number | null | Promise<number | null> {
  if (focus.kind === 'annotation') {
    const annotation = summary.annotations[focus.index];
    if (!annotation) return null;
    if (annotation.turn !== null) return annotation.turn;
    return annotation.replayTurn === null ? null : originOfReplayTurn(api, summary.inspectionId, annotation.replayTurn);
  }
  if (focus.kind === 'turn') return focus.side === 'original' ? focus.index : originOfReplayTurn(api, summary.inspectionId, focus.index);
  const finding = summary.preflight[focus.side][focus.index];
  if (!finding || finding.messageIndex === null) return null;
  return focus.side === 'original' ? finding.messageIndex : originOfReplayTurn(api, summary.inspectionId, finding.messageIndex);
}

/** Creates the diff slice. */
export const createDiffSlice: SliceCreator<DiffSlice> = (set, get, { api }) => {
  const cache = new DocumentCache(api);
  let shown: ShownDocuments = NOTHING;
  // Loads and selections can overlap (F8 held down, a target change): only the newest one lands.
  let loadSeq = 0;
  let followSeq = 0;
  // The session the shown window belongs to: a new inspection of it keeps the turns in view.
  let shownSession = '';

  const reset = (): void => {
    loadSeq += 1;
    followSeq += 1;
    shown = NOTHING;
    patch(set, 'diff', { window: null, key: '', size: 0, loading: false, pending: null, locating: false, focusTurn: null, error: null });
  };

  /** Fetch both sides of `target` (null: the whole documents) and show them. */
  const load = async (target: ShownWindow | null): Promise<void> => {
    const summary = get().inspection.summary;
    if (!summary) return reset();
    const view = get().ui.view;
    const seq = ++loadSeq;
    const id = summary.inspectionId;
    patch(set, 'diff', { loading: true, pending: target, locating: false, error: null });
    perfMark('window:start', { from: target?.from ?? 0, to: target?.to ?? summary.original.turnCount });
    try {
      const [original, replay] = await Promise.all([cache.get(id, 'original', view, target), cache.get(id, 'replay', view, target)]);
      if (seq !== loadSeq) return;
      perfMark('window:end', { chars: original.text.length + replay.text.length });
      const window = coveredWindow(original, summary.original.turnCount);
      const key = `${id}:${view}:${window.from}-${window.to}`;
      shown = { key, original, replay };
      shownSession = summary.sessionId;
      patch(set, 'diff', { window, key, loading: false, pending: null, error: null });
    } catch (error) {
      if (seq !== loadSeq) return;
      patch(set, 'diff', {
        loading: false,
        pending: null,
        error: `Could not load the ${view}${target ? ` (turns ${target.from}–${target.to - 1})` : ''}: ${errorMessage(error)}`,
      });
    }
  };

  /** Fetch the window around `turn` unless it is shown (or being fetched) already. */
  const ensureTurn = async (turn: number): Promise<void> => {
    const { diff } = get();
    const summary = get().inspection.summary;
    if (!summary) return;
    if (diff.size === 0 || windowHas(diff.pending ?? diff.window, turn)) {
      patch(set, 'diff', { locating: false });
      return;
    }
    const total = diff.window?.totalTurns ?? summary.original.turnCount;
    await load(windowAround(turn, total, diff.size));
  };

  return {
    diff: { window: null, key: '', size: 0, loading: false, pending: null, locating: false, focusTurn: null, error: null },

    shownDocuments() {
      return shown.key === get().diff.key ? shown : NOTHING;
    },

    async loadDocuments() {
      const state = get();
      const summary = state.inspection.summary;
      if (!summary) return reset();
      cache.keepOnly(summary.inspectionId);
      const total = summary.original.turnCount;
      const { preview } = summary;
      if (preview) {
        // A preview holds the first turns of many: the window the full inspection will show first,
        // whose payload documents came with it.
        const window = { ...previewWindow(total, preview.totalTurns, preview.estimatedBytes), totalTurns: total };
        if (preview.first && preview.first.view === state.ui.view) {
          cache.put(summary.inspectionId, 'original', preview.first.view, window, preview.first.original);
          cache.put(summary.inspectionId, 'replay', preview.first.view, window, preview.first.replay);
        }
        patch(set, 'diff', { size: window.to });
        return load(window);
      }
      const plan = planDocument(total, estimatedBytes(state, summary));
      if (plan.kind === 'whole') {
        patch(set, 'diff', { size: 0 });
        return load(null);
      }
      patch(set, 'diff', { size: plan.size });
      // A new inspection of the same session (another target, the other view) keeps its place.
      const previous = shownSession === summary.sessionId ? state.diff.window : null;
      const from = previous && !isWhole(previous) ? Math.min(previous.from, Math.max(0, total - plan.size)) : 0;
      await load({ from, to: Math.min(total, from + plan.size), totalTurns: total });
      if (get().ui.focus) await get().followFocus();
    },

    async stepWindow(direction) {
      const { window, size, pending } = get().diff;
      const from = pending ?? window;
      if (!from || size === 0) return;
      const next = adjacentWindow(from, direction, size);
      if (next) await load(next);
    },

    async followFocus() {
      const focus = get().ui.focus;
      const summary = get().inspection.summary;
      const seq = ++followSeq;
      if (!focus || !summary) {
        patch(set, 'diff', { locating: false, focusTurn: null });
        return;
      }
      const found = turnOfFocus(api, focus, summary);
      if (typeof found === 'number' || found === null) {
        patch(set, 'diff', found === null ? { focusTurn: null, locating: false } : { focusTurn: found });
        if (found !== null) await ensureTurn(found);
        return;
      }
      // The reveal waits until the window that shows the selection is known (and fetched).
      patch(set, 'diff', { locating: true });
      let turn: number | null = null;
      try {
        turn = await found;
      } catch {
        // Unknown origin: reveal what the current window has.
      }
      if (seq !== followSeq) return;
      patch(set, 'diff', turn === null ? { focusTurn: null, locating: false } : { focusTurn: turn });
      if (turn !== null) await ensureTurn(turn);
    },
  };
};
