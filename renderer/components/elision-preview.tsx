/** The thumbnail that floats next to the pointer over an elided string of the diff. */
import { useState } from 'react';
import type { Elision, InspectorApi, Side } from '../../shared/api.js';
import { fetchThumbnail, thumbnailSrc } from '../documents.js';

/** A thumbnail floating next to the pointer. */
export interface ElisionPreview {
  x: number;
  y: number;
  elision: Elision;
  src: string | null;
  note: string | null;
}

/** A hover over an elision (null when the pointer left it). */
export type ElisionHover = { side: Side; elision: Elision; x: number; y: number } | null;

/** The preview shown, what to call on a hover, and how to hide it; `inspectionId` null: nothing to preview. */
export function useElisionPreview(
  api: InspectorApi,
  inspectionId: string | null,
): [ElisionPreview | null, (hover: ElisionHover) => void, () => void] {
  const [preview, setPreview] = useState<ElisionPreview | null>(null);
  const onHover = (hover: ElisionHover): void => {
    if (!hover || inspectionId === null) {
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
    fetchThumbnail(api, inspectionId, elision.imageRef).then(
      (thumb) => {
        const src = thumbnailSrc(thumb);
        setPreview((prev) => (prev && prev.elision === elision ? { ...prev, src, note: src ? null : 'no preview for this image' } : prev));
      },
      () => setPreview((prev) => (prev && prev.elision === elision ? { ...prev, note: 'preview failed' } : prev)),
    );
  };
  return [preview, onHover, () => setPreview(null)];
}

/** The floating preview. */
export function ElisionPopover({ preview }: { preview: ElisionPreview }) {
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
