/** The image codec the host uses by default: sharp behind a memo, loaded on first use. */
import type { ImageCodec } from '../../shared/images/codec.js';
import type { Message } from '../../shared/types.js';
import type { CachedCodec } from './images/cached-codec.js';
import { holdsImage } from './images/prewarm.js';

let codec: Promise<CachedCodec | undefined> | undefined;

/**
 * The sharp codec (memoised: an image is reduced once per process and limits), or undefined when
 * sharp cannot be loaded (a broken native install): over-limit images are then only reported, and
 * inspection still works.
 */
export async function defaultImageCodec(): Promise<CachedCodec | undefined> {
  codec ??= newImageCodec();
  return codec;
}

/** The default codec when these messages hold an image (the engine hands a codec nothing else), else undefined: sharp is not loaded. */
export async function codecForMessages(messages: readonly Message[]): Promise<CachedCodec | undefined> {
  return holdsImage(messages) ? defaultImageCodec() : undefined;
}

/** A codec like the default one but with a memo of its own (the bench times a run without the first run's reductions). */
export function newImageCodec(): Promise<CachedCodec | undefined> {
  return Promise.all([import('./images/sharp-codec.js'), import('./images/cached-codec.js')]).then(
    ([sharpCodec, cached]) => cached.createCachedCodec(sharpCodec.createSharpCodec()),
    () => undefined,
  );
}

export type { ImageCodec };
