/**
 * Reading `{"args":[...]}` request bodies with the bytes of an upload decoded while they arrive: a
 * picked file travels as `{"$bytes":"<base64>"}`, and holding its base64 as a body buffer, a string
 * and a parsed string before decoding it took several times the file (3.2 GB of server memory for a
 * 300 MiB file). Here the base64 is decoded chunk by chunk into one buffer of the file's size; only
 * the small JSON around it is parsed as text.
 */
import type { IncomingMessage } from 'node:http';
import { isRecord } from '../../shared/messages.js';
import { HttpError } from './wire.js';

/** How a byte array starts in the client's JSON (`JSON.stringify` writes no spaces). */
const OPEN = Buffer.from('{"$bytes":"');
const QUOTE = 0x22;
const CLOSE = 0x7d;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Collects one body: JSON text with byte arrays cut out and decoded. */
class ArgsBody {
  private readonly text: Buffer[] = [];
  /** Bytes not yet known to be text: the end of a chunk that may be the start of OPEN. */
  private pending = Buffer.alloc(0);
  private readonly decoded: Buffer[] = [];
  /** While inside a base64 string: where its bytes go, how far they got, and base64 characters short of a group of 4. */
  private bytes: { out: Buffer; at: number; carry: string; padded: boolean } | null = null;
  private expectClose = false;

  constructor(private readonly remaining: () => number) {}

  push(chunk: Buffer): void {
    let data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    while (data.length > 0) {
      if (this.expectClose) {
        if (data[0] !== CLOSE) throw new HttpError(400, 'a {"$bytes": …} object must hold only its base64 string');
        this.expectClose = false;
        data = data.subarray(1);
      } else if (this.bytes) {
        data = this.base64(data);
      } else {
        data = this.plain(data);
      }
    }
  }

  /** JSON text up to the next byte array (kept whole); returns what follows its opening. */
  private plain(data: Buffer): Buffer {
    const at = data.indexOf(OPEN);
    if (at < 0) {
      // The last bytes may be the start of OPEN, completed by the next chunk.
      const keep = Math.min(OPEN.length - 1, data.length);
      this.text.push(data.subarray(0, data.length - keep));
      this.pending = Buffer.from(data.subarray(data.length - keep));
      return Buffer.alloc(0);
    }
    this.text.push(data.subarray(0, at), Buffer.from(`{"$bytesRef":${this.decoded.length}}`));
    // At most 3 bytes for every 4 characters still to come.
    const capacity = Math.ceil(((this.remaining() + data.length - at) * 3) / 4) + 3;
    this.bytes = { out: Buffer.allocUnsafe(capacity), at: 0, carry: '', padded: false };
    return data.subarray(at + OPEN.length);
  }

  /** Decode base64 up to the closing quote; returns what follows it. */
  private base64(data: Buffer): Buffer {
    const state = this.bytes!;
    const end = data.indexOf(QUOTE);
    const chars = state.carry + data.toString('latin1', 0, end < 0 ? data.length : end);
    const whole = end < 0 ? chars.length - (chars.length % 4) : chars.length;
    const group = chars.slice(0, whole);
    // Padding ends the string: nothing but the closing quote may follow it.
    if (!BASE64.test(group) || (state.padded && group !== '')) throw new HttpError(400, 'a {"$bytes": …} string is not plain base64');
    if (group.includes('=')) state.padded = true;
    if (state.at + (group.length / 4) * 3 > state.out.length) throw new HttpError(413, 'the bytes are longer than the request said');
    state.at += state.out.write(group, state.at, 'base64');
    state.carry = chars.slice(whole);
    if (end < 0) return Buffer.alloc(0);
    this.decoded.push(state.out.subarray(0, state.at));
    this.bytes = null;
    this.expectClose = true;
    return data.subarray(end + 1);
  }

  /** The arguments, byte arrays as Uint8Array. */
  finish(): unknown[] {
    if (this.bytes || this.expectClose) throw new HttpError(400, 'request body is not JSON: it ends inside a byte array');
    const text = Buffer.concat([...this.text, this.pending]).toString('utf8');
    return parseArgs(text, this.decoded);
  }
}

function parseArgs(text: string, decoded: readonly Buffer[]): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (_key, value: unknown) => {
      if (!isRecord(value)) return value;
      const record = value;
      const keys = Object.keys(record);
      if (keys.length !== 1) return value;
      const ref = record.$bytesRef;
      if (keys[0] === '$bytesRef' && typeof ref === 'number' && decoded[ref] !== undefined) {
        const bytes = decoded[ref];
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
      }
      // Another client's spelling (spaces after the colon…): decoded here, at the old cost.
      if (keys[0] === '$bytes' && typeof record.$bytes === 'string') return new Uint8Array(Buffer.from(record.$bytes, 'base64'));
      return value;
    });
  } catch (error) {
    throw new HttpError(400, `request body is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!parsed || typeof parsed !== 'object' || !Array.isArray((parsed as { args?: unknown }).args)) {
    throw new HttpError(400, 'request body must be {"args": [...]}');
  }
  return (parsed as { args: unknown[] }).args;
}

/** Read `{"args":[...]}` from a request, refusing more than `limit` bytes, byte arrays decoded as they arrive. */
export async function readArgs(request: IncomingMessage, limit: number): Promise<unknown[]> {
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (declared > limit) throw new HttpError(413, `request body too large (${declared} bytes, limit ${limit})`);
  let size = 0;
  // Without a declared length, a byte array's buffer is sized by the limit, never past it.
  const body = new ArgsBody(() => (Number.isFinite(declared) ? declared : limit) - size);
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new HttpError(413, `request body too large (limit ${limit} bytes)`);
    body.push(buffer);
  }
  return body.finish();
}
