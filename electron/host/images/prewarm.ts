/**
 * Starting image reductions while a session is still being parsed: the codec works on libuv's
 * threads, so the pixels are ready (or nearly) when the images rule asks for them.
 */
import { isRecord } from '../../../shared/messages.js';
import { IMAGE_ROLES, imageMaxSide, plannedResize } from '../../../shared/rules/images.js';
import type { SessionEntry } from '../../../shared/session/types.js';
import type { CachedCodec } from './cached-codec.js';

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
