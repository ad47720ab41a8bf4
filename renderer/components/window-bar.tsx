/** The bar above the diff: which turns it covers, the previous/next window, and the elided strings in view. */
import { useCallback, useMemo, useState } from 'react';
import type { Elision, Side } from '../../shared/api.js';
import { describeWindow, isWhole } from '../diff/windows.js';
import { formatBytes } from '../format.js';
import { useApp, useAppStore } from '../store/context.js';
import { useDismiss } from './use-dismiss.js';

/** Keyboard shortcuts of the window buttons (handled in app.tsx). */
const WINDOW_KEYS = { previous: 'Alt+PageUp', next: 'Alt+PageDown' } as const;

/** The elided strings of the documents shown, both sides, in line order. */
function useShownElisions(): { side: Side; elision: Elision }[] {
  const store = useAppStore();
  const key = useApp((s) => s.diff.key);
  return useMemo(() => {
    const docs = store.getState().shownDocuments();
    if (docs.key !== key) return [];
    const out: { side: Side; elision: Elision }[] = [];
    for (const side of ['original', 'replay'] as const) for (const elision of docs[side]?.elisions ?? []) out.push({ side, elision });
    return out;
  }, [store, key]);
}

/** "N elided": the placeholders of the window, each opening the viewer ("show anyway"). */
function ElisionMenu() {
  const store = useAppStore();
  const elisions = useShownElisions();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const ref = useDismiss(open, close);
  if (elisions.length === 0) return null;
  return (
    <div className="menu" ref={ref}>
      <button
        type="button"
        className="small"
        data-testid="elision-button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        title="Long strings (base64, huge tool outputs) shown as placeholders in this window"
      >
        {elisions.length} elided ▾
      </button>
      {open && (
        <div className="popover menu-list elision-menu" role="menu" data-testid="elision-list">
          <div className="menu-caption">Elided in these turns: click to see the full string</div>
          {elisions.map(({ side, elision }, i) => (
            <button
              key={`${side}:${elision.ref ?? elision.line}:${i}`}
              type="button"
              role="menuitem"
              className="elision-item"
              data-testid="elision-item"
              data-side={side}
              data-kind={elision.kind ?? (elision.imageRef ? 'base64' : 'text')}
              data-line={elision.line}
              onClick={() => {
                setOpen(false);
                store.getState().openElision({ side, elision });
              }}
            >
              <span className="muted small">
                {side} :{elision.line}
              </span>{' '}
              <code>{elision.placeholder}</code> <span className="muted small">{formatBytes(elision.bytes)}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The window bar. */
export function WindowBar() {
  const store = useAppStore();
  const window = useApp((s) => s.diff.window);
  const pending = useApp((s) => s.diff.pending);
  const loading = useApp((s) => s.diff.loading);
  const size = useApp((s) => s.diff.size);
  const summary = useApp((s) => s.inspection.summary);
  if (!summary || !window) return <div className="window-bar" data-testid="diff-window" data-from="" data-to="" data-total="" />;
  const windowed = size > 0 && !isWhole(window);
  return (
    <div
      className="window-bar"
      data-testid="diff-window"
      data-from={window.from}
      data-to={window.to}
      data-total={window.totalTurns}
      data-windowed={windowed ? 'true' : 'false'}
    >
      {windowed && (
        <button
          type="button"
          className="small"
          data-testid="window-previous"
          disabled={window.from <= 0}
          onClick={() => void store.getState().stepWindow(-1)}
          title={`Previous turns (${WINDOW_KEYS.previous})`}
          aria-label="Previous turns"
        >
          ◀
        </button>
      )}
      <span
        className="window-label"
        data-testid="window-label"
        title={
          windowed
            ? 'Long sessions are shown a window of turns at a time; selecting a turn or an annotation elsewhere brings its window in'
            : undefined
        }
      >
        {summary.preview ? `${describeWindow({ ...window, totalTurns: summary.preview.totalTurns })} (preview)` : describeWindow(window)}
      </span>
      {windowed && (
        <button
          type="button"
          className="small"
          data-testid="window-next"
          disabled={window.to >= window.totalTurns}
          onClick={() => void store.getState().stepWindow(1)}
          title={`Next turns (${WINDOW_KEYS.next})`}
          aria-label="Next turns"
        >
          ▶
        </button>
      )}
      {loading && pending && (
        <span className="muted small" role="status">
          <span className="spinner" /> loading {describeWindow(pending)}…
        </span>
      )}
      {windowed && !loading && <span className="muted small keys">Alt+PgUp / Alt+PgDn</span>}
      <span className="window-grow" />
      <ElisionMenu />
    </div>
  );
}
