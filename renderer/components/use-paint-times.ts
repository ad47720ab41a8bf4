/**
 * When the diff pane first showed documents, as performance marks (renderer/perf.ts) and the data
 * attributes the first-screen bench and the e2e tests read: the first diff on screen (drawn by the
 * plain view or by the editor, whichever comes first), the editor's own first paint, and the first
 * diff computed in the editor's worker.
 */
import { useState } from 'react';
import { perfMark } from '../perf.js';

/** The times (ms from navigation start, null until then) and the callbacks that set them. */
export interface PaintTimes {
  firstDiffMs: number | null;
  editorPaintedMs: number | null;
  diffComputedMs: number | null;
  /** True from new documents in the editor until their diff is computed. */
  diffing: boolean;
  onStaticPainted(): void;
  onEditorPainted(): void;
  onDiffing(value: boolean): void;
}

/** Paint times of the pane; `editorHasDocuments` tells the editor's empty models from documents. */
export function usePaintTimes(editorHasDocuments: () => boolean): PaintTimes {
  const [firstDiffMs, setFirstDiffMs] = useState<number | null>(null);
  const [editorPaintedMs, setEditorPaintedMs] = useState<number | null>(null);
  const [diffComputedMs, setDiffComputedMs] = useState<number | null>(null);
  const [diffing, setDiffing] = useState(false);
  const onFirstDiff = (by: 'static' | 'editor'): void => {
    perfMark('first-diff', { by });
    const now = Math.round(performance.now());
    setFirstDiffMs((ms) => ms ?? now);
  };
  return {
    firstDiffMs,
    editorPaintedMs,
    diffComputedMs,
    diffing,
    onStaticPainted: () => onFirstDiff('static'),
    onEditorPainted() {
      if (editorPaintedMs !== null || !editorHasDocuments()) return;
      perfMark('editor-painted');
      setEditorPaintedMs(Math.round(performance.now()));
      onFirstDiff('editor');
    },
    onDiffing(value) {
      setDiffing(value);
      if (!value && editorHasDocuments() && diffComputedMs === null) {
        perfMark('diff-computed');
        setDiffComputedMs(Math.round(performance.now()));
      }
    },
  };
}
