/** The image codec the host uses by default (sharp, once the host issue plugs it in). */
import type { ImageCodec } from '../../shared/images/codec.js';

/** The default codec, or undefined when none is available (over-limit images are then only reported). */
export async function defaultImageCodec(): Promise<ImageCodec | undefined> {
  return undefined;
}
