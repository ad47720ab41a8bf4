/**
 * A memo in front of the image codec: the same image under the same limits is reduced once.
 *
 * Reducing an oversized image is the slowest step of an inspection (mozjpeg on a worker thread), and
 * the same images come back again and again: every re-inspection with another target, every reload,
 * and the early start the host gives them while the session is still being parsed (`prewarm`).
 * Keys are the image's base64 text and the limits; results are kept up to a byte budget, least
 * recently used dropped first. Failures are not kept (one may come from a passing shortage of memory): a broken
 * image is tried again by the next inspection.
 *
 * Early starts (`prewarm`) run at most two at a time, so they do not crowd out the parser on a small
 * machine; a `resize` for an image waiting in that queue starts it at once.
 */
import { LRUCache } from 'lru-cache';
import type { ImageResizeRequest, ImageResizeResult } from '../../../shared/images/codec.js';
import type { SharpImageCodec } from './sharp-codec.js';

/** Characters of base64 kept, inputs (the keys) and results together. */
const CACHE_BUDGET_CHARS = 256 * 1024 * 1024;

export interface CachedCodec extends SharpImageCodec {
  /** Start reducing an image now, without waiting for the result (errors are kept in the memo). */
  prewarm(request: ImageResizeRequest): void;
  /** Reductions started and reused since creation, for tests and the bench. */
  stats(): { reductions: number; hits: number; entries: number };
}

const limitsKey = (r: ImageResizeRequest): string =>
  `${r.maxDimensionPx}|${r.maxBytes}|${r.maxPixels}|${r.mimeType}|${r.width ?? ''}x${r.height ?? ''}`;

/** Early starts running at once. */
const PREWARM_CONCURRENCY = 2;

export function createCachedCodec(inner: SharpImageCodec, budgetChars = CACHE_BUDGET_CHARS): CachedCodec {
  // Settled reductions: base64 → (limits → result), least recently used dropped first. Keyed by the
  // image's own string (shared with the parse, so a key costs no copy), then by its limits.
  const settled = new LRUCache<string, Map<string, ImageResizeResult>>({
    maxSize: budgetChars,
    sizeCalculation: (byLimits, data) => {
      let chars = data.length;
      for (const result of byLimits.values()) if (result.ok) chars += result.data.length;
      return Math.max(1, chars);
    },
  });
  // Reductions under way, the same way round.
  const pendingByData = new Map<string, Map<string, Promise<ImageResizeResult>>>();
  let reductions = 0;
  let hits = 0;

  const settle = (data: string, limits: string, pending: Promise<ImageResizeResult>, result: ImageResizeResult): void => {
    const waiting = pendingByData.get(data);
    if (waiting?.get(limits) !== pending) return;
    waiting.delete(limits);
    if (waiting.size === 0) pendingByData.delete(data);
    if (!result.ok) return;
    const byLimits = settled.get(data) ?? new Map<string, ImageResizeResult>();
    byLimits.set(limits, result);
    // Set again even when it was there: its size is counted anew.
    settled.set(data, byLimits);
  };

  // Early starts waiting for a free slot, by memo entry; `start` runs one now.
  const queued = new Map<Promise<ImageResizeResult>, () => void>();
  let running = 0;
  const pump = (): void => {
    for (const [entry, start] of queued) {
      if (running >= PREWARM_CONCURRENCY) return;
      queued.delete(entry);
      start();
    }
  };

  const enter = (request: ImageResizeRequest, early: boolean): Promise<ImageResizeResult> => {
    const limits = limitsKey(request);
    const done = settled.get(request.data)?.get(limits);
    if (done) {
      hits += 1;
      return Promise.resolve(done);
    }
    let byLimits = pendingByData.get(request.data);
    if (!byLimits) pendingByData.set(request.data, (byLimits = new Map()));
    const known = byLimits.get(limits);
    if (known) {
      hits += 1;
      // Someone needs it now: an early start still queued runs at once.
      if (!early) queued.get(known)?.();
      return known;
    }
    reductions += 1;
    let begin!: () => void;
    const pending = new Promise<ImageResizeResult>((resolve) => {
      let started = false;
      begin = () => {
        if (started) return;
        started = true;
        queued.delete(pending);
        if (early) running += 1;
        inner
          .resize(request)
          .catch((error: unknown): ImageResizeResult => ({ ok: false, error: error instanceof Error ? error.message : String(error) }))
          .then(resolve)
          .finally(() => {
            if (!early) return;
            running -= 1;
            pump();
          });
      };
    });
    byLimits.set(limits, pending);
    void pending.then((result) => settle(request.data, limits, pending, result));
    if (early && running >= PREWARM_CONCURRENCY) queued.set(pending, begin);
    else begin();
    return pending;
  };
  const resize = (request: ImageResizeRequest): Promise<ImageResizeResult> => enter(request, false);

  return {
    resize,
    probe: inner.probe,
    thumbnail: inner.thumbnail,
    prewarm(request) {
      void enter(request, true);
    },
    stats: () => {
      let entries = 0;
      for (const byLimits of pendingByData.values()) entries += byLimits.size;
      for (const byLimits of settled.values()) entries += byLimits.size;
      return { reductions, hits, entries };
    },
  };
}
