/**
 * A small cache of documents fetched from the host, kept outside React state: a payload can be tens
 * of megabytes and React only needs to know which one is shown.
 */
import type { DocumentText, DocumentView, InspectorApi, Side } from '../shared/api.js';

const MAX_ENTRIES = 8;
const cache = new Map<string, Promise<DocumentText>>();

/** Fetch (or reuse) one document of an inspection. */
export function fetchDocument(api: InspectorApi, inspectionId: string, side: Side, view: DocumentView): Promise<DocumentText> {
  const key = `${inspectionId}\u0000${side}\u0000${view}`;
  const hit = cache.get(key);
  if (hit) {
    // Refresh its place in the least-recently-used order.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const pending = api.getDocument(inspectionId, side, view);
  cache.set(key, pending);
  pending.catch(() => cache.delete(key));
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return pending;
}

const thumbnails = new Map<string, Promise<{ mimeType: 'image/png'; base64: string } | null>>();

/** Fetch (or reuse) the PNG thumbnail of an elided image. */
export function fetchThumbnail(api: InspectorApi, inspectionId: string, imageRef: string) {
  const key = `${inspectionId}\u0000${imageRef}`;
  let hit = thumbnails.get(key);
  if (!hit) {
    hit = api.thumbnail(inspectionId, imageRef);
    thumbnails.set(key, hit);
    hit.catch(() => thumbnails.delete(key));
    if (thumbnails.size > 64) thumbnails.delete(thumbnails.keys().next().value as string);
  }
  return hit;
}
