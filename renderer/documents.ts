/**
 * Caches of what the diff fetches from the host, kept outside React state: documents (whole, or one
 * window of turns) and image thumbnails. React only ever holds which one is shown.
 */
import { LRUCache } from 'lru-cache';
import type { DocumentText, DocumentView, DocumentWindow, InspectorApi, Side } from '../shared/api.js';

/** Documents kept: a few windows of both sides, so stepping back and forth does not refetch. */
const MAX_DOCUMENTS = 12;
/** Characters of text kept at most (whole documents of mid-sized sessions are megabytes each). */
const MAX_CHARS = 64 * 1024 * 1024;

/** The cache key of one document (or window of it). */
export function documentKey(inspectionId: string, side: Side, view: DocumentView, window: DocumentWindow | null): string {
  return `${inspectionId}\u0000${side}\u0000${view}\u0000${window ? `${window.from}-${window.to}` : 'whole'}`;
}

interface CachedDocument {
  pending: Promise<DocumentText>;
  /** The text's length once it arrived (0 while it is on its way). */
  chars: number;
}

/** A least-recently-used cache of documents fetched from one host. */
export class DocumentCache {
  private readonly entries = new LRUCache<string, CachedDocument>({
    max: MAX_DOCUMENTS,
    maxSize: MAX_CHARS,
    // Capped at the budget: a document larger than all of it still stays while it is the newest.
    sizeCalculation: (entry) => Math.min(MAX_CHARS, Math.max(1, entry.chars)),
  });

  constructor(private readonly api: InspectorApi) {}

  /** Fetch (or reuse) one document of an inspection, or one window of it. */
  get(inspectionId: string, side: Side, view: DocumentView, window: DocumentWindow | null): Promise<DocumentText> {
    const key = documentKey(inspectionId, side, view, window);
    const hit = this.entries.get(key);
    if (hit) return hit.pending;
    const pending = window
      ? this.api.getDocument(inspectionId, side, view, { from: window.from, to: window.to })
      : this.api.getDocument(inspectionId, side, view);
    const entry: CachedDocument = { pending, chars: 0 };
    this.entries.set(key, entry);
    pending.then(
      (doc) => {
        if (this.entries.peek(key) !== entry) return;
        entry.chars = doc.text.length;
        // Set again so its size is counted.
        this.entries.set(key, entry);
      },
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return pending;
  }

  /** Keep a document the host sent along (a preview's first window), as if it had been fetched. */
  put(inspectionId: string, side: Side, view: DocumentView, window: DocumentWindow | null, doc: DocumentText): void {
    this.entries.set(documentKey(inspectionId, side, view, window), { pending: Promise.resolve(doc), chars: doc.text.length });
  }

  /** Forget every document of other inspections (a new inspection replaces the old one). */
  keepOnly(inspectionId: string): void {
    for (const key of [...this.entries.keys()]) if (!key.startsWith(`${inspectionId}\u0000`)) this.entries.delete(key);
  }

  /** How many documents are cached (tests). */
  get size(): number {
    return this.entries.size;
  }
}

/** Thumbnails fetched, by inspection and image ref. */
const thumbnails = new LRUCache<string, Promise<{ mimeType: 'image/png'; base64: string } | null>>({ max: 64 });

/**
 * The data URL of a thumbnail, or null. Only PNG data URLs of plain base64 are ever built: an SVG
 * (which could carry script) never reaches an <img>.
 */
export function thumbnailSrc(thumb: { mimeType: string; base64: string } | null): string | null {
  return thumb && thumb.mimeType === 'image/png' && /^[A-Za-z0-9+/=]+$/.test(thumb.base64) ? `data:image/png;base64,${thumb.base64}` : null;
}

/** Fetch (or reuse) the PNG thumbnail of an elided image. */
export function fetchThumbnail(api: InspectorApi, inspectionId: string, imageRef: string) {
  const key = `${inspectionId}\u0000${imageRef}`;
  const hit = thumbnails.get(key);
  if (hit) return hit;
  const pending = api.thumbnail(inspectionId, imageRef);
  thumbnails.set(key, pending);
  // A failure is not kept: the next request asks again.
  pending.catch(() => {
    if (thumbnails.peek(key) === pending) thumbnails.delete(key);
  });
  return pending;
}
