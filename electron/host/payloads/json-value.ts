/** Turning a payload object built by pi-ai into a plain JSON value, the way it goes on the wire. */
import type { JsonValue } from '../../../shared/types.js';

/**
 * A JSON copy of a value: `undefined` members, functions and abort signals dropped, byte
 * arrays as base64 (Bedrock's JSON protocol sends image bytes that way), key order kept. Strings are
 * shared, not copied, so multi-megabyte base64 images cost nothing.
 */
export function toJsonValue(value: unknown, seen: Set<object> = new Set()): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return null;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (seen.has(value)) throw new TypeError('payload contains a cycle');
  seen.add(value);
  try {
    if (Array.isArray(value))
      return value.map((item) => (item === undefined || typeof item === 'function' ? null : toJsonValue(item, seen)));
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) {
      // Google's SDK params carry the AbortSignal pi-ai passes along: not part of the request body.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol' || item instanceof AbortSignal) continue;
      out[key] = toJsonValue(item, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}
