/**
 * "Show anyway": the full string behind a placeholder (`<image/png 1.2 MB 1600×900>`, `<text 3.1 MB …>`),
 * fetched with `reveal` and shown in a viewer of its own. Megabytes never go into the diff's models:
 * the viewer draws only the rows in view, wrapping long lines (base64 is one line) at a fixed width.
 */
import { useEffect, useRef, useState } from 'react';
import { fetchThumbnail, thumbnailSrc } from '../documents.js';
import { errorMessage, formatBytes } from '../format.js';
import { useApp, useAppStore, useHost } from '../store/context.js';
import type { ElisionRequest } from '../store/types.js';
import { downloadText } from './commands.js';
import { useFixedRows } from './use-fixed-rows.js';

/** Strings up to this size are shown at once; larger ones wait for "Show anyway". */
const SHOW_AT_ONCE_BYTES = 512 * 1024;
/** Characters per row of the viewer (long lines wrap here). */
const ROW_CHARS = 120;
const ROW_HEIGHT = 17;

/** Start and end offsets of the viewer's rows: lines, long ones cut every `width` characters. */
export function wrapRows(text: string, width = ROW_CHARS): { starts: Int32Array; ends: Int32Array } {
  let count = 0;
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    count += Math.max(1, Math.ceil((end - start) / width));
    start = end + 1;
  }
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  let row = 0;
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let at = start;
    do {
      starts[row] = at;
      ends[row] = Math.min(end, at + width);
      row += 1;
      at += width;
    } while (at < end);
    start = end + 1;
  }
  return { starts, ends };
}

type Phase = { kind: 'gate' } | { kind: 'loading' } | { kind: 'shown' } | { kind: 'error'; message: string };

/** The viewer dialog; shown while `ui.elision` is set (one dialog per elided string). */
export function ElisionViewer() {
  const request = useApp((s) => s.ui.elision);
  const inspectionId = useApp((s) => s.inspection.summary?.inspectionId ?? null);
  if (!request || !inspectionId) return null;
  const { side, elision } = request;
  return (
    <ElisionDialog
      key={`${inspectionId}:${side}:${elision.ref ?? elision.imageRef ?? ''}:${elision.line}`}
      request={request}
      inspectionId={inspectionId}
    />
  );
}

function ElisionDialog({ request, inspectionId }: { request: ElisionRequest; inspectionId: string }) {
  const { api } = useHost();
  const store = useAppStore();
  const { elision } = request;
  // Small strings are shown at once; big ones wait behind the gate.
  const [phase, setPhase] = useState<Phase>(() => (elision.bytes <= SHOW_AT_ONCE_BYTES ? { kind: 'loading' } : { kind: 'gate' }));
  const [thumb, setThumb] = useState<string | null>(null);
  const [, setVersion] = useState(0);
  // The revealed text and its rows stay out of React state: they can be tens of megabytes.
  const text = useRef<string | null>(null);
  const rows = useRef<{ starts: Int32Array; ends: Int32Array }>({ starts: new Int32Array(0), ends: new Int32Array(0) });
  const dialog = useRef<HTMLDivElement>(null);
  const ref = elision.ref ?? elision.imageRef ?? null;

  const fetchText = async (): Promise<string> => {
    if (text.current !== null) return text.current;
    if (!ref) throw new Error('this placeholder has no reference to reveal');
    const value = await api.reveal(inspectionId, ref);
    if (value === null) throw new Error('the host no longer has this string (the inspection was replaced): select it again');
    text.current = value;
    return value;
  };

  const show = async (): Promise<void> => {
    setPhase({ kind: 'loading' });
    try {
      const value = await fetchText();
      rows.current = wrapRows(value);
      setVersion((v) => v + 1);
      setPhase({ kind: 'shown' });
    } catch (error) {
      setPhase({ kind: 'error', message: `Could not reveal it: ${errorMessage(error)}` });
    }
  };

  useEffect(() => {
    dialog.current?.focus();
    if (elision.bytes <= SHOW_AT_ONCE_BYTES) void show();
    let alive = true;
    if (elision.imageRef) {
      fetchThumbnail(api, inspectionId, elision.imageRef).then(
        (t) => {
          const src = thumbnailSrc(t);
          if (alive && src) setThumb(src);
        },
        () => undefined,
      );
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') store.getState().closeElision();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      alive = false;
      document.removeEventListener('keydown', onKey);
    };
    // Once per dialog (it is keyed by the elision); `show` only reads refs.
  }, []);

  const close = () => store.getState().closeElision();
  const copy = async () => {
    try {
      const value = await fetchText();
      await navigator.clipboard.writeText(value);
      store.getState().pushToast({ kind: 'success', text: `Copied ${formatBytes(value.length)} to the clipboard` });
    } catch (error) {
      store.getState().pushToast({ kind: 'error', text: `Could not copy: ${errorMessage(error)}` });
    }
  };
  const save = async () => {
    try {
      const value = await fetchText();
      downloadText(`${request.side}-line-${elision.line}.${elision.kind === 'text' ? 'txt' : 'b64'}`, value);
    } catch (error) {
      store.getState().pushToast({ kind: 'error', text: `Could not save: ${errorMessage(error)}` });
    }
  };
  const big = elision.bytes > SHOW_AT_ONCE_BYTES;
  const value = text.current ?? '';
  return (
    <div className="modal-backdrop" role="presentation" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div
        className="modal elision-viewer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="elision-title"
        tabIndex={-1}
        ref={dialog}
        data-testid="elision-viewer"
        data-phase={phase.kind}
        data-length={phase.kind === 'shown' ? value.length : ''}
      >
        <h2 id="elision-title">
          {elision.kind === 'text' ? 'Long text' : elision.mimeType ? elision.mimeType : 'Base64 data'}{' '}
          <span className="muted small">
            ({request.side}, line {elision.line})
          </span>
        </h2>
        <p className="muted small">
          <code>{elision.placeholder}</code> — {formatBytes(elision.bytes)}
          {elision.kind !== 'text' ? ' decoded' : ''}. The diff shows a placeholder so long sessions stay fast; the full string opens here,
          never in the diff.
        </p>
        {thumb && <img className="elision-thumb" src={thumb} alt={`preview of ${elision.mimeType ?? 'image'}`} />}
        {phase.kind === 'gate' && (
          <p className="elision-warning" role="note">
            This string is {formatBytes(elision.bytes)}
            {elision.kind !== 'text' ? ' (more as base64 text)' : ''}: showing it takes memory and a moment. Copy or save it without showing
            it, or show it anyway.
          </p>
        )}
        {phase.kind === 'loading' && <p role="status">Fetching the full string…</p>}
        {phase.kind === 'error' && (
          <p className="error" role="alert">
            {phase.message}
          </p>
        )}
        {phase.kind === 'shown' && <ElisionText value={value} rows={rows.current} />}
        <div className="buttons">
          {phase.kind === 'gate' && (
            <button type="button" className={big ? 'danger-outline' : 'primary'} data-testid="elision-show" onClick={() => void show()}>
              Show anyway
            </button>
          )}
          <button type="button" data-testid="elision-copy" onClick={() => void copy()}>
            Copy
          </button>
          <button type="button" data-testid="elision-save" onClick={() => void save()}>
            Save…
          </button>
          <span className="window-grow" />
          <button type="button" data-testid="elision-close" onClick={close}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

/** The revealed string, wrapped into rows and drawn a screenful at a time. */
function ElisionText({ value, rows }: { value: string; rows: { starts: Int32Array; ends: Int32Array } }) {
  const scroller = useRef<HTMLDivElement>(null);
  // Rows of one height: a string of hundreds of millions of characters still scrolls to its end.
  const list = useFixedRows({ count: rows.starts.length, rowHeight: ROW_HEIGHT, overscan: 20, scroller, arrowsScroll: true });
  return (
    // Focusable, so that the keys reach it once clicked.
    <div className="elision-text" ref={scroller} data-testid="elision-text" data-rows={rows.starts.length} tabIndex={-1}>
      {/* Clipped below: scaled, the rows past the view must not make the content taller than its height. */}
      <div style={{ height: list.height, position: 'relative', overflowY: 'clip' }}>
        {list.rows.map((item) => (
          <div key={item.index} className="elision-row" style={{ transform: `translateY(${item.top}px)`, height: ROW_HEIGHT }}>
            {value.slice(rows.starts[item.index], rows.ends[item.index])}
          </div>
        ))}
      </div>
    </div>
  );
}
