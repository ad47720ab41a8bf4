/**
 * Decoding `event_zstd`: OpenClaw stores an event of 1 KiB or more as one zstd frame (level 1, with
 * a content checksum) of its UTF-8 JSON, with the decoded size beside it. Node has zstd of its own
 * from 22.15 and 23.8 (so Electron's too): libzstd, which checks a frame's checksum itself, and
 * decodes 56 MB of OpenClaw's frames in 83 ms. Node 20 has none, so there the frame is decoded by
 * fzstd (pure JavaScript, 717 ms for the same frames), which does not check the checksum and decodes
 * damaged data without a word: the checksum (the low 32 bits of the content's XXH64) is checked here
 * with xxhash-wasm. Either way the size and the UTF-8 are checked as OpenClaw checks them.
 */
import zlib from 'node:zlib';
import type { XXHashAPI } from 'xxhash-wasm';

/** OpenClaw's bound on both the frame and the decoded event. */
export const MAX_EVENT_BYTES = 4 * 1024 * 1024;

const ZSTD_MAGIC = 0xfd2fb528;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** How a frame's content is had. */
export interface FrameInflater {
  /**
   * The frame's content: the `size` bytes its header declares (`declared`), or at most `size` when it
   * declares none. Throws on a frame it cannot decode.
   */
  inflate(frame: Uint8Array, size: number, declared: boolean): Uint8Array;
  /** XXH64, to compare a frame's checksum with; null when `inflate` compares it itself. */
  h64: XXHashAPI['h64Raw'] | null;
}

type NodeZstd = (frame: Uint8Array, options: { maxOutputLength: number }) => Uint8Array;

/** Node's own zstd, when this runtime has it. */
export const nodeZstd = (zlib as unknown as { zstdDecompressSync?: NodeZstd }).zstdDecompressSync;

/** Node's zstd as an inflater: libzstd checks the checksum, and never writes past `size`. */
export function nodeInflater(zstd: NodeZstd): FrameInflater {
  return { inflate: (frame, size) => zstd(frame, { maxOutputLength: size }), h64: null };
}

/** fzstd and xxhash-wasm, loaded (where Node has no zstd of its own). */
export async function javascriptInflater(): Promise<FrameInflater> {
  const [{ decompress }, xxhash] = await Promise.all([import('fzstd'), import('xxhash-wasm')]);
  const { h64Raw } = await xxhash.default();
  return { inflate: (frame, size, declared) => (declared ? decompress(frame) : decompress(frame, new Uint8Array(size))), h64: h64Raw };
}

let inflater: Promise<FrameInflater> | null = null;

/** A decoder of compressed events. */
export type EventDecoder = (frame: Uint8Array, utf8Bytes: number) => string;

/** The decoder, once what it needs is loaded (nothing with Node's own zstd). */
export async function eventDecoder(): Promise<EventDecoder> {
  if (!inflater) {
    inflater = nodeZstd ? Promise.resolve(nodeInflater(nodeZstd)) : javascriptInflater();
    // A load that failed is tried again by the next caller.
    inflater.catch(() => {
      inflater = null;
    });
  }
  const chosen = await inflater;
  return (frame, utf8Bytes) => decodeCompressedEvent(frame, utf8Bytes, chosen);
}

interface FrameHeader {
  /** The decoded size the frame declares, when it does. */
  contentSize: number | null;
  checksum: boolean;
}

/** Read a zstd frame header (RFC 8878 §3.1.1.1): the declared content size and whether a checksum ends the frame. */
function frameHeader(frame: Uint8Array): FrameHeader {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  if (frame.byteLength < 6 || view.getUint32(0, true) !== ZSTD_MAGIC) throw new Error('it is not a zstd frame');
  const descriptor = frame[4];
  const sizeFlag = descriptor >> 6;
  const singleSegment = (descriptor >> 5) & 1;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3];
  const at = 5 + (singleSegment ? 0 : 1) + dictionaryBytes;
  const sizeBytes = [singleSegment ? 1 : 0, 2, 4, 8][sizeFlag];
  if (at + sizeBytes > frame.byteLength) throw new Error('its zstd frame header is cut off');
  let contentSize: number | null = null;
  if (sizeBytes === 1) contentSize = frame[at];
  else if (sizeBytes === 2) contentSize = view.getUint16(at, true) + 256;
  else if (sizeBytes === 4) contentSize = view.getUint32(at, true);
  else if (sizeBytes === 8) contentSize = view.getUint32(at, true) + view.getUint32(at + 4, true) * 2 ** 32;
  return { contentSize, checksum: ((descriptor >> 2) & 1) === 1 };
}

/** The JSON text of a compressed event, or throws an Error that says what is wrong with it. */
export function decodeCompressedEvent(frame: Uint8Array, utf8Bytes: number, inflater: FrameInflater): string {
  if (frame.byteLength === 0 || frame.byteLength > MAX_EVENT_BYTES)
    throw new Error(`the compressed event is ${frame.byteLength} bytes (expected 1 to ${MAX_EVENT_BYTES})`);
  if (!Number.isSafeInteger(utf8Bytes) || utf8Bytes < 1 || utf8Bytes > MAX_EVENT_BYTES)
    throw new Error(`its recorded size ${String(utf8Bytes)} is not a byte count from 1 to ${MAX_EVENT_BYTES}`);
  const header = frameHeader(frame);
  // Checked before decoding: a damaged size must not make the decoder allocate gigabytes.
  if (header.contentSize !== null && header.contentSize !== utf8Bytes)
    throw new Error(`its zstd frame declares ${header.contentSize} bytes, not the ${utf8Bytes} recorded`);
  let bytes: Uint8Array;
  try {
    bytes = inflater.inflate(frame, utf8Bytes, header.contentSize !== null);
  } catch (error) {
    throw new Error(`its zstd frame cannot be decoded (${(error as Error).message || String(error)})`, { cause: error });
  }
  if (bytes.byteLength !== utf8Bytes) throw new Error(`it decodes to ${bytes.byteLength} bytes, not the ${utf8Bytes} recorded`);
  if (header.checksum && inflater.h64) {
    const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
    const stored = view.getUint32(frame.byteLength - 4, true);
    if (Number(inflater.h64(bytes) & 0xffffffffn) !== stored)
      throw new Error('its content does not match the zstd frame checksum: the event is damaged');
  }
  try {
    return utf8.decode(bytes);
  } catch {
    throw new Error('it decodes to bytes that are not valid UTF-8');
  }
}
