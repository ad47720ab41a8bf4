/** The image codec the host uses by default: sharp, loaded on first use. */
import type { ImageCodec } from '../../shared/images/codec.js';
import type { SharpImageCodec } from './images/sharp-codec.js';

let codec: Promise<SharpImageCodec | undefined> | undefined;

/**
 * The sharp codec, or undefined when sharp cannot be loaded (a broken native install): over-limit
 * images are then only reported, and inspection still works.
 */
export async function defaultImageCodec(): Promise<SharpImageCodec | undefined> {
  codec ??= import('./images/sharp-codec.js').then(
    (mod) => mod.createSharpCodec(),
    () => undefined,
  );
  return codec;
}

export type { ImageCodec };
