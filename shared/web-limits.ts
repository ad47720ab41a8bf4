/**
 * The web mode's size limits, shared by the server and the page so they cannot disagree: a file
 * picked in the page travels as base64 inside one JSON request.
 */

/** Largest file a page sends as bytes. */
export const MAX_UPLOAD_BYTES = 384 * 1024 * 1024;

/** The length of `bytes` bytes in base64 (with padding). */
export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

/**
 * Room for the JSON around an upload's base64: the call's other arguments, among them a file name
 * of up to 4,096 characters written as `\uXXXX` escapes at worst (24 KiB).
 */
export const ENVELOPE_BYTES = 64 * 1024;

/** Largest request body the server reads: an upload at the limit, with its envelope. */
export const MAX_BODY_BYTES = base64Length(MAX_UPLOAD_BYTES) + ENVELOPE_BYTES;
