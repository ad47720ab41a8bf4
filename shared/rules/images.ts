/** Image payloads sanitised: missing/empty/invalid data replaced by an omission text, oversized images resized. */
import type { ImageCodec, ImageResizeRequest } from '../images/codec.js';
import {
  canonicalizeBase64,
  decodedLength,
  estimateDecodedBytes,
  formatBytesShort,
  readImageDimensions,
  sniffMimeType,
} from '../images/probe.js';
import { contentArray, isRecord, TEXT } from '../messages.js';
import type { Rule, RuleContext } from './rule.js';
import { TRAIT } from './traits.js';

/** Longest image side for replay when the caller sets none (OpenClaw `agents.defaults.imageMaxDimensionPx`). */
export const DEFAULT_IMAGE_MAX_DIMENSION_PX = 1200;

/** The longest side the images rule uses for a caller's option: the default when unset, rounded down, at least 1. */
export function imageMaxSide(option?: number): number {
  return Math.max(1, Math.floor(option ?? DEFAULT_IMAGE_MAX_DIMENSION_PX));
}

/** Roles whose messages carry image blocks the rule looks at. */
export const IMAGE_ROLES: ReadonlySet<string> = new Set(['user', 'assistant', 'toolResult']);
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 25_000_000;
/** Images whose decoded size is above this are not even decoded: a guard against decompression bombs and memory spikes. */
export const MAX_IMAGE_INPUT_BYTES = 10 * 1024 * 1024;

const omitted = (reason: string) => ({ type: 'text', text: `[${TEXT.imageLabel}] omitted image payload: ${reason}` });

type Outcome = { block: unknown; detail?: string; action?: 'rewritten' | 'marked' };

/** What the first, pure look at an image block finds: a verdict, or a valid image with its facts. */
type Examined =
  | { verdict: Outcome }
  | {
      canonical: string;
      mimeType: string;
      bytes: number;
      dims: { width: number; height: number } | null;
      within: (d: { width: number; height: number } | null) => boolean;
    };

/**
 * What was found for each block (blocks are never mutated): a host that looked at the images while
 * parsing (to start their reductions early) does not pay for scanning the base64 again.
 */
const examined = new WeakMap<object, { maxSide: number; seen: Examined }>();

function examine(block: Record<string, unknown>, maxSide: number): Examined {
  const known = examined.get(block);
  if (known?.maxSide === maxSide) return known.seen;
  const seen = examineAfresh(block, maxSide);
  examined.set(block, { maxSide, seen });
  return seen;
}

function examineAfresh(block: Record<string, unknown>, maxSide: number): Examined {
  if (typeof block.data !== 'string' || typeof block.mimeType !== 'string') {
    return {
      verdict: { block: omitted('missing data or mimeType'), detail: 'image block without data or mimeType replaced by an omission note' },
    };
  }
  if (estimateDecodedBytes(block.data) > MAX_IMAGE_INPUT_BYTES) {
    return {
      verdict: {
        block: omitted(`image exceeds input size limit (${formatBytesShort(MAX_IMAGE_INPUT_BYTES)})`),
        detail: `image of about ${formatBytesShort(estimateDecodedBytes(block.data))} is over the 10 MB input limit and was omitted`,
      },
    };
  }
  const data = block.data.trim();
  if (!data)
    return {
      verdict: { block: { type: 'text', text: `[${TEXT.imageLabel}] omitted empty image payload` }, detail: 'empty image payload omitted' },
    };
  const canonical = canonicalizeBase64(data);
  if (!canonical) return { verdict: { block: omitted('invalid base64'), detail: 'image data is not valid base64 and was omitted' } };
  const bytes = decodedLength(canonical);
  const within = (d: { width: number; height: number } | null) =>
    !!d &&
    d.width > 0 &&
    d.height > 0 &&
    d.width <= maxSide &&
    d.height <= maxSide &&
    bytes <= MAX_IMAGE_BYTES &&
    d.width * d.height <= MAX_IMAGE_PIXELS;
  return { canonical, mimeType: sniffMimeType(canonical) ?? block.mimeType, bytes, dims: readImageDimensions(canonical), within };
}

const resizeRequest = (
  canonical: string,
  mimeType: string,
  dims: { width: number; height: number } | null,
  maxSide: number,
): ImageResizeRequest => ({
  data: canonical,
  mimeType,
  width: dims?.width,
  height: dims?.height,
  maxDimensionPx: maxSide,
  maxBytes: MAX_IMAGE_BYTES,
  maxPixels: MAX_IMAGE_PIXELS,
});

/**
 * The resize request the images rule will send to the codec for this block, when that can be told
 * without the codec (the header gives the dimensions). Lets a host start the pixel work early.
 */
export function plannedResize(block: unknown, maxSide: number): ImageResizeRequest | null {
  if (!isRecord(block) || block.type !== 'image') return null;
  const seen = examine(block, maxSide);
  if ('verdict' in seen || !seen.dims || seen.within(seen.dims)) return null;
  return resizeRequest(seen.canonical, seen.mimeType, seen.dims, maxSide);
}

/** Sanitise one image block; other blocks pass through. */
async function sanitizeBlock(block: unknown, ctx: RuleContext): Promise<Outcome> {
  if (!isRecord(block) || block.type !== 'image') return { block };
  const maxSide = ctx.imageMaxDimensionPx;
  const seen = examine(block, maxSide);
  if ('verdict' in seen) return seen.verdict;
  const { canonical, mimeType, bytes, within } = seen;
  let dims = seen.dims;
  const keep = (): Outcome => {
    if (canonical === block.data && mimeType === block.mimeType) return { block };
    const changes = [
      canonical !== block.data ? 'base64 canonicalised (whitespace/padding)' : '',
      mimeType !== block.mimeType ? `mime type corrected from ${String(block.mimeType)} to ${mimeType} (magic bytes)` : '',
    ].filter(Boolean);
    return { block: { ...block, data: canonical, mimeType }, detail: changes.join('; ') };
  };
  if (within(dims)) return keep();
  if (!dims && ctx.codec?.probe) {
    dims = await ctx.codec.probe(canonical);
    if (within(dims)) return keep();
    // The text OpenClaw 2026.9.6 sends here, its image library's error name included.
    if (!dims)
      return {
        block: omitted('RastermillError: Unable to determine image dimensions; refusing to process'),
        detail: 'the image header cannot be read (corrupt or unsupported image) — omitted',
      };
  }
  const why = [
    dims
      ? dims.width > maxSide || dims.height > maxSide
        ? `${dims.width}×${dims.height} is over the ${maxSide} px side limit`
        : ''
      : 'dimensions unknown',
    bytes > MAX_IMAGE_BYTES ? `${formatBytesShort(bytes)} is over the 5 MB limit` : '',
    dims && dims.width * dims.height > MAX_IMAGE_PIXELS
      ? `${((dims.width * dims.height) / 1e6).toFixed(1)} MP is over the 25 MP limit`
      : '',
  ]
    .filter(Boolean)
    .join(', ');
  const codec: ImageCodec | undefined = ctx.codec;
  if (!codec) {
    const kept = keep();
    return {
      block: kept.block,
      action: 'marked',
      detail: `would be resized to JPEG within ${maxSide} px / 5 MB (${why}); no image codec in this environment, left as is`,
    };
  }
  const result = await codec.resize(resizeRequest(canonical, mimeType, dims, maxSide));
  if (!result.ok)
    return { block: omitted(`Error: ${result.error}`), detail: `image could not be brought within limits (${why}): ${result.error}` };
  return {
    block: { ...block, data: result.data, mimeType: result.mimeType },
    detail: `resized to ${result.width}×${result.height} ${result.mimeType} ${formatBytesShort(result.bytes)} (${why})`,
  };
}

export const imagesRule: Rule = {
  id: 'images',
  title: 'Image payload sanitisation',
  explanation:
    'Every image in a user turn, tool result or assistant turn is checked before replay: a block without data or mimeType, with empty data, with invalid base64 or over the 10 MB input guard becomes a text note ("[session:history] omitted image payload: …"); the mime type is corrected from the magic bytes (JPEG, PNG, GIF); an image over 1200 px on a side (agents.defaults.imageMaxDimensionPx), over 5 MB or over 25 megapixels is resized to JPEG (side grid 1200…800, quality 85…35, EXIF rotation applied, never enlarged) by the host\'s sharp codec. Providers reject oversized images, and smaller images cost fewer tokens.',
  providers: 'all providers',
  appliesWhen: () => true,
  async apply(turns, ctx) {
    if (!ctx.mayHave(TRAIT.image)) return turns;
    // Image blocks are sanitised concurrently (the codec works off the main thread); results are
    // applied in transcript order, so annotations and output do not depend on timing.
    const jobs: { turn: number; block: number; outcome: Promise<Outcome> }[] = [];
    const running = new Set<Promise<unknown>>();
    for (let t = 0; t < turns.length; t += 1) {
      if (!(turns[t].traits & TRAIT.image)) continue;
      const m = turns[t].message;
      const content = contentArray(m);
      if (!content || !IMAGE_ROLES.has(m.role)) continue;
      for (let b = 0; b < content.length; b += 1) {
        const block = content[b];
        if (!isRecord(block) || block.type !== 'image') continue;
        while (running.size >= 4) await Promise.race(running);
        const outcome = sanitizeBlock(block, ctx);
        const tracked = outcome.finally(() => running.delete(tracked));
        running.add(tracked);
        jobs.push({ turn: t, block: b, outcome });
      }
    }
    const outcomes = await Promise.all(jobs.map((j) => j.outcome));
    const out = [...turns];
    const changed = new Map<number, unknown[]>();
    jobs.forEach((job, k) => {
      const outcome = outcomes[k];
      if (!outcome.detail) return;
      const turn = turns[job.turn];
      const original = (turn.message.content as unknown[])[job.block];
      ctx.note(turn, outcome.action ?? 'rewritten', outcome.detail, {
        before: original,
        after: outcome.block,
        path: `content[${job.block}]`,
      });
      if (outcome.block === original) return;
      const next = changed.get(job.turn) ?? [...(turn.message.content as unknown[])];
      next[job.block] = outcome.block;
      changed.set(job.turn, next);
    });
    for (const [t, content] of changed) out[t] = ctx.with(turns[t], { ...turns[t].message, content });
    return out;
  },
};
