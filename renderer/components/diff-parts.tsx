/** Parts of the diff pane around the editor: the sides' titles, the empty state, the image preview by the pointer and the footer that says where the cursor is. */
import { useState } from 'react';
import type { DocumentText, Elision, InspectionSummary, Side } from '../../shared/api.js';
import { replayTurnLabel } from '../../shared/text/numbering.js';
import { fetchThumbnail, thumbnailSrc } from '../documents.js';
import { formatBytes } from '../format.js';
import { formatJsonPath, linePlace } from '../diff/json-path-at.js';
import type { CursorPlace } from '../monaco/diff-editor.js';
import { useApp, useHost } from '../store/context.js';

/** A thumbnail floating next to the pointer. */
export interface ThumbPreview {
  x: number;
  y: number;
  elision: Elision;
  src: string | null;
  note: string | null;
}

/** The preview under the pointer, and what the editor calls when the pointer rests on (or leaves) a placeholder. */
export function useThumbPreview(summary: InspectionSummary | null) {
  const { api } = useHost();
  const [preview, setPreview] = useState<ThumbPreview | null>(null);
  const onHover = (hover: { side: Side; elision: Elision; x: number; y: number } | null): void => {
    if (!hover || !summary) {
      setPreview(null);
      return;
    }
    const { elision } = hover;
    setPreview((prev) =>
      prev && prev.elision === elision
        ? { ...prev, x: hover.x, y: hover.y }
        : { x: hover.x, y: hover.y, elision, src: null, note: elision.imageRef ? 'loading preview…' : null },
    );
    if (!elision.imageRef) return;
    fetchThumbnail(api, summary.inspectionId, elision.imageRef).then(
      (thumb) => {
        const src = thumbnailSrc(thumb);
        setPreview((prev) => (prev && prev.elision === elision ? { ...prev, src, note: src ? null : 'no preview for this image' } : prev));
      },
      () => setPreview((prev) => (prev && prev.elision === elision ? { ...prev, note: 'preview failed' } : prev)),
    );
  };
  return { preview, onHover, clear: () => setPreview(null) };
}

/** The titles over the two sides (one title when the diff is inline): turns, payload size, a payload that could not be built. */
export function DiffHeader(props: { summary: InspectionSummary | null; inline: boolean; diffing: boolean }) {
  const { summary, inline, diffing } = props;
  const view = useApp((s) => s.ui.view);
  const label = view === 'payload' ? 'payload' : 'transcript';
  const sideInfo = (side: Side) => {
    if (!summary) return null;
    const s = summary[side];
    if (view === 'payload' && s.payloadError)
      return (
        <span className="pane-warning" title={s.payloadError}>
          payload not built: {s.payloadError}
        </span>
      );
    return (
      <span className="muted">
        {s.turnCount} turns{view === 'payload' && s.payloadBytes !== null ? ` · ${formatBytes(s.payloadBytes)}` : ''}
      </span>
    );
  };
  return (
    <header className={`pane-header diff-header${inline ? ' inline' : ''}`}>
      <div className="diff-title">
        <strong>{inline ? `Original → replay ${label}` : `Original ${label}`}</strong> {sideInfo('original')}
      </div>
      <div className="diff-title">
        {!inline && <strong>Replay {label}</strong>} {sideInfo('replay')}
        {diffing && (
          <span className="muted small" role="status" data-testid="diffing">
            <span className="spinner" /> computing the diff…
          </span>
        )}
      </div>
    </header>
  );
}

/** The preview of an elided image or string under the pointer. */
export function ThumbPopover({ preview }: { preview: ThumbPreview }) {
  return (
    <div className="thumb-popover" style={{ left: preview.x + 16, top: preview.y + 16 }} role="tooltip">
      <div className="thumb-caption">{preview.elision.placeholder}</div>
      {preview.src ? (
        <img src={preview.src} alt={`preview of ${preview.elision.mimeType ?? 'image'}`} />
      ) : preview.note ? (
        <div className="muted">{preview.note}</div>
      ) : null}
      <div className="thumb-hint small">click to show the full {preview.elision.kind === 'text' ? 'text' : 'string'}</div>
    </div>
  );
}

/** What the diff shows before there is anything to diff. */
export function EmptyState() {
  const loading = useApp((s) => s.session.loading || s.inspection.loading);
  const info = useApp((s) => s.session.info);
  const error = useApp((s) => s.inspection.error ?? s.session.error);
  return (
    <div className="empty-state">
      {loading ? (
        <p role="status">Working…</p>
      ) : error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : info ? (
        <p>Pick a target to inspect {info.name}.</p>
      ) : (
        <>
          <h2>Open a session to inspect it</h2>
          <p>
            Drop a <code>.jsonl</code> session (pi / OpenClaw) or a JSON array of messages here, press <kbd>Ctrl</kbd>+<kbd>O</kbd>, or open
            the sample.
          </p>
        </>
      )}
    </div>
  );
}

/** Where a line of a shown document is, in words and as a path; null when the line is outside the document. */
export function describePlace(
  doc: DocumentText | null,
  place: CursorPlace,
  listKey: string | null,
): { path: string; where: string } | null {
  if (!doc) return null;
  const found = linePlace(doc, place.line, listKey);
  if (!found) return null;
  const range = found.range;
  const parts: string[] = [];
  if (range) {
    if (range.turn !== null) parts.push(`turn #${range.turn}`);
    else parts.push('a turn hygiene added');
    if (place.side === 'replay' && range.turn !== range.index) parts.push(replayTurnLabel(range.index));
  }
  return { path: formatJsonPath(found.path) || '(the request)', where: parts.join(' · ') };
}

/** The footer: the cursor's JSON path and the transcript turn it belongs to (the two numberings side by side). */
export function PlaceFooter({ place, doc, listKey }: { place: CursorPlace | null; doc: DocumentText | null; listKey: string | null }) {
  const view = useApp((s) => s.ui.view);
  const described = place ? describePlace(doc, place, listKey) : null;
  const sideName = (side: Side) => (side === 'original' ? 'Original' : 'Replay');
  return (
    <footer className="diff-place small" data-testid="diff-path" data-path={described?.path ?? ''}>
      {place && described ? (
        <>
          <span className="muted">
            {sideName(place.side)} {view}, line {place.line}:
          </span>{' '}
          <code>{described.path}</code>
          {described.where && <span className="muted"> · {described.where}</span>}
        </>
      ) : (
        <span className="muted">
          Click a line to see its JSON path and turn. <code>turn #N</code> is a transcript turn, <code>messages[N]</code> a position in the
          payload.
        </span>
      )}
    </footer>
  );
}
