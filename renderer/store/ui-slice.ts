/** UI slice: view mode, what is selected and revealed, toasts, the pasted-error box and exports. */
import type { InspectionSummary, InspectorApi, Side } from '../../shared/api.js';
import { parseGoto, type GotoTarget } from '../diff/goto.js';
import { formatJsonPath } from '../diff/json-path-at.js';
import { errorMessage } from '../format.js';
import { annotationOrder } from './selectors.js';
import { patch, type SliceCreator } from './slice.js';
import type { AppState, Focus, UiSlice } from './types.js';

/** How long a toast stays, unless it is an error (errors stay until dismissed). */
const TOAST_MS = 6000;

/** Go to a payload position on `side` (`messages[3]`, named by the provider's own key): null once there, else why not. */
async function goToEntry(
  api: InspectorApi,
  get: () => AppState,
  focus: (next: Focus) => void,
  summary: InspectionSummary,
  target: Extract<GotoTarget, { kind: 'entry' }>,
  side: Side,
): Promise<string | null> {
  const key = summary[side].payloadKey;
  const named = `${side === 'original' ? 'the session as recorded' : 'the replay'}`;
  if (!key) return `The ${side} payload was not built: there is no ${target.key}[${target.index}] to go to.`;
  let place;
  try {
    place = await api.payloadEntry(summary.inspectionId, side, target.index);
  } catch (error) {
    return `Could not find ${target.key}[${target.index}]: ${errorMessage(error)}`;
  }
  if (get().inspection.summary !== summary) return null;
  if (!place) return `${key}[${target.index}] is not in the payload of ${named}.`;
  if (target.index >= place.total) return `The payload of ${named} has ${place.total} entries: the last is ${key}[${place.total - 1}].`;
  if (get().ui.view !== 'payload') get().setView('payload');
  // The provider's own list key: `messages[3]` typed for a Responses payload is `input[3]`.
  const path = formatJsonPath([key, target.index, ...target.rest]);
  focus({ kind: 'entry', side, entry: target.index, path, sideIndex: place.index, windowTurn: place.windowTurn });
  return null;
}

/** Creates the UI slice. */
export const createUiSlice: SliceCreator<UiSlice> = (set, get, { api }) => {
  let toastId = 0;
  let explainSeq = 0;
  const focus = (next: Focus): void => {
    patch(set, 'ui', { focus: next, focusSeq: get().ui.focusSeq + 1 });
    // A selection outside the diff's window brings its window in.
    void get().followFocus();
  };
  return {
    ui: {
      view: 'payload',
      focus: null,
      focusSeq: 0,
      turnSide: 'original',
      toasts: [],
      errorText: '',
      explanations: [],
      explaining: false,
      targetFocusSeq: 0,
      searchFocusSeq: 0,
      elision: null,
    },

    setView(view) {
      if (get().trajectory.shown) get().showRecorded(false);
      if (view === get().ui.view) return;
      patch(set, 'ui', { view });
      void get().loadDocuments();
    },

    toggleView() {
      get().setView(get().ui.view === 'payload' ? 'transcript' : 'payload');
    },

    selectAnnotation(index) {
      focus({ kind: 'annotation', index });
    },

    stepAnnotation(direction) {
      const order = annotationOrder(get().inspection.summary);
      if (order.length === 0) return;
      const current = get().ui.focus;
      const at = current?.kind === 'annotation' ? order.indexOf(current.index) : -1;
      const next = at < 0 ? (direction > 0 ? 0 : order.length - 1) : (at + direction + order.length) % order.length;
      focus({ kind: 'annotation', index: order[next] });
    },

    selectTurn(side, index) {
      focus({ kind: 'turn', side, index });
    },

    focusPreflight(side, index) {
      focus({ kind: 'preflight', side, index });
    },

    async goTo(text, defaultSide) {
      const summary = get().inspection.summary;
      if (!summary) return 'Open a session first.';
      const target = parseGoto(text);
      if (target.kind === 'error') return target.message;
      if (target.kind === 'turn') {
        if (target.turn >= summary.original.turnCount)
          return `The session has ${summary.original.turnCount} turns: the last is turn #${summary.original.turnCount - 1}.`;
        focus({ kind: 'turn', side: 'original', index: target.turn });
        return null;
      }
      return goToEntry(api, get, focus, summary, target, target.side ?? defaultSide);
    },

    setTurnSide(side) {
      patch(set, 'ui', { turnSide: side });
    },

    focusTargetPicker() {
      patch(set, 'ui', { targetFocusSeq: get().ui.targetFocusSeq + 1 });
    },

    focusSearch() {
      patch(set, 'ui', { searchFocusSeq: get().ui.searchFocusSeq + 1 });
    },

    openElision(request) {
      patch(set, 'ui', { elision: request });
    },

    closeElision() {
      patch(set, 'ui', { elision: null });
    },

    pushToast(toast) {
      const id = ++toastId;
      // A toast is a headline: very long messages (stack traces) are cut, the rest goes to the console.
      const text = toast.text.length > 400 ? `${toast.text.slice(0, 397)}…` : toast.text;
      if (text !== toast.text) console.warn(toast.text);
      patch(set, 'ui', { toasts: [...get().ui.toasts, { ...toast, text, id }].slice(-5) });
      if (toast.kind !== 'error' && !toast.persist) setTimeout(() => get().dismissToast(id), TOAST_MS);
      return id;
    },

    dismissToast(id) {
      patch(set, 'ui', { toasts: get().ui.toasts.filter((t) => t.id !== id) });
    },

    async explainError(text) {
      const seq = ++explainSeq;
      patch(set, 'ui', { errorText: text });
      if (!text.trim()) {
        patch(set, 'ui', { explanations: [], explaining: false });
        return;
      }
      patch(set, 'ui', { explaining: true });
      try {
        const inspectionId = get().inspection.summary?.inspectionId ?? null;
        const explanations = await api.explainError(inspectionId, text);
        if (seq !== explainSeq) return;
        patch(set, 'ui', { explanations, explaining: false });
      } catch (error) {
        if (seq !== explainSeq) return;
        patch(set, 'ui', { explanations: [], explaining: false });
        get().pushToast({ kind: 'error', text: `Could not match the error: ${errorMessage(error)}` });
      }
    },

    async exportText(kind) {
      const summary = get().inspection.summary;
      if (!summary) {
        get().pushToast({ kind: 'error', text: 'Nothing to export yet: open a session first.' });
        return null;
      }
      try {
        return await api.exportText(summary.inspectionId, kind);
      } catch (error) {
        get().pushToast({ kind: 'error', text: `Export failed: ${errorMessage(error)}` });
        return null;
      }
    },
  };
};
