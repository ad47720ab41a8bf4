/** The pixel-work seam: the engine decides what to do with an image, a host codec (sharp) does it. */

/** A request to bring one image within the limits (docs/rules.md#images). */
export interface ImageResizeRequest {
  /** Canonical base64 (no whitespace). */
  data: string;
  /** The mime type after sniffing the magic bytes. */
  mimeType: string;
  /** Dimensions read from the header, when known. */
  width?: number;
  height?: number;
  maxDimensionPx: number;
  maxBytes: number;
  maxPixels: number;
}

/** What the codec made of a resize request. */
export type ImageResizeResult =
  | { ok: true; data: string; mimeType: string; width: number; height: number; bytes: number }
  /** `error` becomes `[<label>] omitted image payload: Error: <error>`. */
  | { ok: false; error: string };

/**
 * Pixel operations the pure engine cannot do itself.
 *
 * The host plugs sharp in (`electron/host/images/`). Without a codec the engine reports
 * over-limit images with an annotation saying they would be resized, and leaves them as they are.
 */
export interface ImageCodec {
  /** Resize/recompress to JPEG within the limits (side grid × quality steps, docs/rules.md#images). */
  resize(request: ImageResizeRequest): Promise<ImageResizeResult>;
  /** Dimensions when the header parser could not read them (fallback to the image library). */
  probe?(data: string): Promise<{ width: number; height: number } | null>;
}
