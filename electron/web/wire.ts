/** The web mode's wire format: JSON bodies, with byte arrays as `{"$bytes": "<base64>"}`. */
import type { IncomingMessage } from 'node:http';
import { isRecord } from '../../shared/messages.js';

/** A request the server refuses with a status and a readable message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Read a request body, refusing more than `limit` bytes. */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? '0');
  if (declared > limit) throw new HttpError(413, `request body too large (${declared} bytes, limit ${limit})`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new HttpError(413, `request body too large (limit ${limit} bytes)`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Parse `{"args":[...]}`, turning `{"$bytes": base64}` objects back into Uint8Array. */
export function decodeArgs(body: Buffer): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'), (_key, value: unknown) => {
      if (isRecord(value)) {
        const keys = Object.keys(value);
        if (keys.length === 1 && keys[0] === '$bytes' && typeof value.$bytes === 'string') {
          return new Uint8Array(Buffer.from(value.$bytes, 'base64'));
        }
      }
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
