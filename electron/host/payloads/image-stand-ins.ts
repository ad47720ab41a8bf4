/**
 * Images handed to pi-ai's Bedrock builder as short stand-ins, their own text put back in its output.
 *
 * pi-ai (0.73) turns each image's base64 into bytes for Bedrock (`atob`, then a loop over every
 * character), and the payload goes on the wire as JSON, where the bytes are base64 again: on a
 * session of images that decoding cost more than reading the file, and the bytes doubled what the
 * images weigh until a collection. The builder does nothing else with an image's data. Canonical
 * base64 (what encoding its bytes gives back, `isCanonicalBase64`) comes back from that round trip
 * as the very text it was, so such an image can go in as the base64 of a 12-byte token, and the
 * token's bytes be replaced by the image's text when the payload is made JSON. An image in any other
 * form (whitespace, missing padding, stray bits, not base64 at all) goes in as it is, and pi-ai
 * decodes it (or fails on it) as before.
 */
import { randomBytes } from 'node:crypto';
import { isCanonicalBase64 } from '../../../shared/images/probe.js';
import { isRecord } from '../../../shared/messages.js';
import type { Message } from '../../../shared/types.js';

/** Shorter data goes in as it is: its stand-in would save nothing. */
const MIN_LENGTH = 64;
/** A token: the build's random prefix, then the image's number (big-endian). */
const PREFIX_BYTES = 8;
const TOKEN_BYTES = PREFIX_BYTES + 4;

/** Messages with their images' data as tokens, and the data to put back. */
export interface ImageStandIns {
  messages: Message[];
  data: string[];
  /** This build's token prefix (random, so no image of a session decodes to a token). */
  prefix: Buffer;
}

/** Replace the canonical base64 of image blocks (user turns and tool results) by tokens. */
export function withImageStandIns(messages: readonly Message[]): ImageStandIns {
  const prefix = randomBytes(PREFIX_BYTES);
  const data: string[] = [];
  const token = (text: string): string => {
    const bytes = Buffer.alloc(TOKEN_BYTES);
    prefix.copy(bytes);
    bytes.writeUInt32BE(data.push(text) - 1, PREFIX_BYTES);
    return bytes.toString('base64');
  };
  const out = messages.map((message) => {
    if (!isRecord(message) || !Array.isArray(message.content) || (message.role !== 'user' && message.role !== 'toolResult')) return message;
    let changed: unknown[] | null = null;
    message.content.forEach((b: unknown, i) => {
      if (isRecord(b) && b.type === 'image' && typeof b.data === 'string' && b.data.length >= MIN_LENGTH && isCanonicalBase64(b.data))
        (changed ??= (message.content as unknown[]).slice())[i] = { ...b, data: token(b.data) };
    });
    return changed ? ({ ...message, content: changed } as Message) : message;
  });
  return { messages: out, data, prefix };
}

/** The image text a byte array of pi-ai's output stands for; undefined for bytes that are no token of this build. */
export function imageOfBytes(bytes: Uint8Array, standIns: ImageStandIns): string | undefined {
  if (bytes.byteLength !== TOKEN_BYTES) return undefined;
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!view.subarray(0, PREFIX_BYTES).equals(standIns.prefix)) return undefined;
  return standIns.data[view.readUInt32BE(PREFIX_BYTES)];
}
