/**
 * What the renderer reads of an inspection: windows of turn rows, pretty documents (whole, or one
 * window of turns), and the elided strings behind their placeholders (thumbnails, "show anyway").
 */
import type { DocumentText, DocumentView, DocumentWindow, Side, TurnWindow } from '../../../shared/api.js';
import { MAX_DOCUMENT_WINDOW } from '../../../shared/api-guards.js';
import { messagesKey } from '../../../shared/preflight/family.js';
import { defaultImageCodec } from '../image-codec.js';
import { prettyDocument, type PrettyDocument } from './document-text.js';
import type { InspectionRecord } from './inspection-cache.js';
import { tooLargeAsText } from './too-large.js';
import { rulesByIndex, turnRows } from './turn-rows.js';

/**
 * Who each item of a list belongs to, for windows: its own source, or for an item without one (a
 * turn or payload entry hygiene or the adapter created) the source of the nearest item before it,
 * or after it when none comes before.
 */
export function ownersOf(sources: readonly (number | null | undefined)[]): (number | null)[] {
  const owners: (number | null)[] = [];
  let last: number | null = null;
  for (const source of sources) {
    if (source !== null && source !== undefined) last = source;
    owners.push(last);
  }
  const first = owners.find((o) => o !== null) ?? null;
  for (let k = 0; k < owners.length && owners[k] === null; k += 1) owners[k] = first;
  return owners;
}

/**
 * The message indices a window covers on one side, inclusive: the original turns [from, to), or on
 * the replay side the turns that come from them plus the turns hygiene created after them (created
 * turns before the first replayed turn go with it). Empty ([0, -1]) when none of them is replayed.
 */
function windowOnSide(record: InspectionRecord, side: Side, window: DocumentWindow): [number, number] {
  const inspection = record.detail.inspection;
  if (side === 'original') return [window.from, Math.min(window.to, inspection.original.messages.length) - 1];
  const owners = (record.owners.replayMessages ??= ownersOf(inspection.replay.origins ?? []));
  let lo = -1;
  let hi = -2;
  owners.forEach((owner, j) => {
    if (owner === null || owner < window.from || owner >= window.to) return;
    if (lo < 0) lo = j;
    hi = j;
  });
  return lo < 0 ? [0, -1] : [lo, hi];
}

function buildDocument(record: InspectionRecord, side: Side, view: DocumentView, key: string, window?: DocumentWindow): PrettyDocument {
  const inspection = record.detail.inspection;
  const turnOfIndex = (index: number): number | null => (side === 'original' ? index : (inspection.replay.origins?.[index] ?? null));
  const [lo, hi] = window ? windowOnSide(record, side, window) : [0, Number.MAX_SAFE_INTEGER];
  const inWindow = (index: number | null | undefined) => index !== null && index !== undefined && index >= lo && index <= hi;
  if (view === 'transcript') {
    return prettyDocument(inspection[side].messages, {
      listKey: null,
      entryTurn: (i) => ({ index: i, turn: turnOfIndex(i) }),
      refPrefix: key,
      include: window ? inWindow : undefined,
    });
  }
  const payload = record.detail[side];
  if (payload.payload === undefined || payload.family === null) {
    return prettyDocument(
      { error: payload.build.error ?? 'no payload was built' },
      { listKey: null, entryTurn: () => null, refPrefix: key },
    );
  }
  // Payload entries without a source (merged or synthetic) go with the entry before them, so
  // every entry is in exactly one window.
  const owners =
    side === 'original'
      ? (record.owners.originalEntries ??= ownersOf(payload.entrySources))
      : (record.owners.replayEntries ??= ownersOf(payload.entrySources));
  return prettyDocument(payload.payload, {
    listKey: messagesKey(payload.family),
    entryTurn: (i) => {
      const index = payload.entrySources[i];
      return index === null || index === undefined ? null : { index, turn: turnOfIndex(index) };
    },
    refPrefix: key,
    include: window ? (i) => inWindow(owners[i]) : undefined,
  });
}

/** A document of an inspection, from its cache or built (and kept). */
function documentOf(record: InspectionRecord, side: Side, view: DocumentView, window?: DocumentWindow): PrettyDocument {
  const key = window ? `${side}:${view}:${window.from}-${window.to}` : `${side}:${view}`;
  const cached = record.documents.get(key);
  if (cached) return cached;
  const doc = buildDocument(record, side, view, key, window);
  record.documents.set(key, doc);
  return doc;
}

/** The document an elision ref names (`side:view[:from-to]:n`). */
function documentOfRef(record: InspectionRecord, ref: string): PrettyDocument | null {
  const parts = ref.split(':');
  const [side, view] = parts;
  if ((side !== 'original' && side !== 'replay') || (view !== 'payload' && view !== 'transcript')) return null;
  if (parts.length === 4) {
    const m = /^(\d{1,9})-(\d{1,9})$/.exec(parts[2]);
    if (!m) return null;
    const window = { from: Number(m[1]), to: Number(m[2]) };
    // Only windows a document request would have served: a forged ref must not build a whole document.
    if (window.to < window.from || window.to - window.from > MAX_DOCUMENT_WINDOW) return null;
    return documentOf(record, side, view, window);
  }
  return parts.length === 3 ? documentOf(record, side, view) : null;
}

/** Rows `start`…`start + count` of one side's turn list. */
export function turnWindow(record: InspectionRecord, side: Side, start: number, count: number): TurnWindow {
  const inspection = record.detail.inspection;
  const rules = (record.rules[side] ??= rulesByIndex(inspection, side));
  return { total: inspection[side].messages.length, start, rows: turnRows(inspection, side, start, count, rules) };
}

/** A document's text, ranges and elisions; `sessionName` names it in the error for a whole document too large to make. */
export function documentText(
  record: InspectionRecord,
  sessionName: string,
  side: Side,
  view: DocumentView,
  window: DocumentWindow | null | undefined,
): DocumentText {
  const { text, ranges, elisions } = tooLargeAsText(
    `the whole ${side} ${view} of ${sessionName}`,
    'ask for a window of turns (getDocument with {from, to}) — the app does',
    () => documentOf(record, side, view, window ?? undefined),
  );
  if (!window) return { text, ranges, elisions };
  return {
    text,
    ranges,
    elisions,
    window: { from: window.from, to: window.to, totalTurns: record.detail.inspection.original.messages.length },
  };
}

/** A PNG thumbnail of an elided image, or null (unknown ref, not an image, an SVG, undecodable). */
export async function thumbnailOf(record: InspectionRecord, imageRef: string): Promise<{ mimeType: 'image/png'; base64: string } | null> {
  const item = documentOfRef(record, imageRef)?.elided.find((e) => e.ref === imageRef);
  if (!item || !item.mimeType?.startsWith('image/') || item.mimeType === 'image/svg+xml') return null;
  const codec = await defaultImageCodec();
  const thumb = codec ? await codec.thumbnail(item.base64) : null;
  return thumb ? { mimeType: 'image/png', base64: thumb.png.toString('base64') } : null;
}

/** The full text an elision stands for, or null for an unknown ref. */
export function revealElision(record: InspectionRecord, ref: string): string | null {
  return documentOfRef(record, ref)?.elided.find((e) => e.ref === ref)?.base64 ?? null;
}
