/** Inspection slice: runs hygiene for the current session and target, keeping only the summary. */
import { errorMessage } from '../format.js';
import { perfMark } from '../perf.js';
import { fallbackTarget } from './target-slice.js';
import { patch, type SliceCreator } from './slice.js';
import type { InspectionSlice } from './types.js';

/** Creates the inspection slice. */
export const createInspectionSlice: SliceCreator<InspectionSlice> = (set, get, { api }) => {
  // Target changes can come faster than inspections finish: only the newest result is shown.
  let inspectSeq = 0;
  return {
    inspection: { summary: null, loading: false, error: null },

    async runInspection() {
      const info = get().session.info;
      if (!info) return;
      let target = get().target.current;
      if (!target) {
        const catalog = get().target.catalog;
        target = catalog ? fallbackTarget(catalog) : null;
        if (!target) {
          patch(set, 'inspection', { error: 'Pick a provider and model to inspect this session.' });
          return;
        }
        patch(set, 'target', { current: target });
      }
      const seq = ++inspectSeq;
      patch(set, 'inspection', { loading: true, error: null });
      perfMark('inspect:start');
      try {
        const summary = await api.inspect(info.sessionId, target, { behaviour: get().target.behaviour });
        if (seq !== inspectSeq) return;
        perfMark('inspect:end', { hostMs: summary.elapsedMs, annotations: summary.annotations.length });
        patch(set, 'inspection', { summary, loading: false });
        patch(set, 'ui', { focus: null, elision: null });
        void get().loadDocuments();
        const text = get().ui.errorText;
        if (text.trim()) void get().explainError(text);
      } catch (error) {
        if (seq !== inspectSeq) return;
        const message = `Inspection failed: ${errorMessage(error)}`;
        patch(set, 'inspection', { loading: false, error: message });
        get().pushToast({ kind: 'error', text: message });
      }
    },
  };
};
