/**
 * Starting image reductions while a session is still being parsed: the codec works on libuv's
 * threads, so the pixels are ready (or nearly) when the images rule asks for them.
 */
import { isRecord } from '../../../shared/messages.js';
import { IMAGE_ROLES, imageMaxSide, plannedResize } from '../../../shared/rules/images.js';
import type { SessionEntry } from '../../../shared/session/types.js';
import type { Message } from '../../../shared/types.js';
import type { CachedCodec } from './cached-codec.js';

/** Whether a codec memoises (and so can start reductions early, `prewarm`); asked without loading the LRU cache. */
export function isCachedCodec(codec: object): codec is CachedCodec {
  return typeof (codec as Partial<CachedCodec>).prewarm === 'function';
}

/** An `onEntry` for the parser that hands every oversized image of a message to the codec's memo. */
export function imagePrewarmer(codec: CachedCodec, maxDimensionPx: number | undefined): (entry: SessionEntry) => void {
  // The side the pipeline will use for the same option, so the memo keys match.
  const maxSide = imageMaxSide(maxDimensionPx);
  return (entry) => {
    if (entry.type !== 'message' || !isRecord(entry.message) || !IMAGE_ROLES.has(entry.message.role as string)) return;
    const content = entry.message.content;
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isRecord(block) || block.type !== 'image') continue;
      const request = plannedResize(block, maxSide);
      if (request) codec.prewarm(request);
    }
  };
}

const hasImageBlock = (content: unknown): boolean => Array.isArray(content) && content.some((b) => isRecord(b) && b.type === 'image');

/**
 * Whether any of these messages holds an image block: the only thing the engine hands an image codec.
 * Without one, the default codec (sharp, which costs more to load than inspecting a small session) is
 * not needed.
 */
export function holdsImage(messages: readonly Message[]): boolean {
  return messages.some((m) => hasImageBlock(m.content));
}

/** Whether a parsed entry carries an image block the prewarmer would look at. */
function entryHasImage(entry: SessionEntry): boolean {
  return (
    entry.type === 'message' &&
    isRecord(entry.message) &&
    IMAGE_ROLES.has(entry.message.role as string) &&
    hasImageBlock(entry.message.content)
  );
}

/** The default codec, loaded only for a session that has images (see `codecOnDemand`). */
export interface CodecOnDemand {
  /** For the parser: the first image starts loading the codec; its images are prewarmed once it is there. */
  onEntry(entry: SessionEntry): void;
  /** The codec for these messages: loaded when any of them (or an entry seen while parsing) holds an image, else undefined. */
  codecFor(messages: readonly Message[]): Promise<CachedCodec | undefined>;
}

/**
 * Loading sharp costs more than inspecting a small session; a session without images never needs it.
 * Only image blocks reach the codec, so leaving it out for such a session changes nothing.
 */
export function codecOnDemand(load: () => Promise<CachedCodec | undefined>, maxDimensionPx: number | undefined): CodecOnDemand {
  let loading: Promise<CachedCodec | undefined> | undefined;
  let prewarm: ((entry: SessionEntry) => void) | undefined;
  const waiting: SessionEntry[] = [];
  const start = () =>
    (loading ??= load().then((codec) => {
      if (codec) {
        prewarm = imagePrewarmer(codec, maxDimensionPx);
        for (const entry of waiting.splice(0)) prewarm(entry);
      }
      return codec;
    }));
  return {
    onEntry(entry) {
      if (prewarm) prewarm(entry);
      else if (entryHasImage(entry)) {
        waiting.push(entry);
        void start();
      }
    },
    codecFor(messages) {
      return loading || holdsImage(messages) ? start() : Promise.resolve(undefined);
    },
  };
}
