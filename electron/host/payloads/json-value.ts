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

/** From this depth on a subtree is handed to `toJsonValue`, whose ancestor set catches cycles. */
const SHARED_DEPTH = 64;

/** A value that is the same in JSON as in memory: a string, boolean, null or finite number. */
function plainLeaf(value: unknown): boolean {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * `toJsonValue`, copying only what is not JSON already: a plain object or array whose members are
 * all JSON is returned as is (the same object), anything else is rebuilt the way `toJsonValue`
 * builds it. pi-ai's payloads are nearly all plain, so this mostly reads them without allocating.
 * The result may share objects with the value (and so with pi-ai's input): never mutate it.
 */
export function asJsonValue(value: unknown): JsonValue {
  return shared(value, 0);
}

function shared(value: unknown, depth: number): JsonValue {
  if (plainLeaf(value)) return value as JsonValue;
  if (typeof value !== 'object' || depth >= SHARED_DEPTH) return toJsonValue(value);
  return isPlain(value as object, depth) ? (value as JsonValue) : rebuild(value as object, depth);
}

/** Whether a value is JSON as it is: plain arrays and objects (no holes, no `__proto__` member) of JSON, not too deep. */
function isPlain(value: object, depth: number): boolean {
  if (depth >= SHARED_DEPTH) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) return false;
    for (let i = 0; i < value.length; i += 1) {
      if (!(i in value)) return false;
      const item: unknown = value[i];
      if (!plainLeaf(item) && (typeof item !== 'object' || !isPlain(item as object, depth + 1))) return false;
    }
    return true;
  }
  if (proto !== Object.prototype && proto !== null) return false;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    // `toJsonValue` does not copy an own `__proto__` member as one: such an object is rebuilt the same way.
    if (key === '__proto__' || !Object.prototype.hasOwnProperty.call(record, key)) return false;
    const item = record[key];
    if (!plainLeaf(item) && (typeof item !== 'object' || !isPlain(item as object, depth + 1))) return false;
  }
  return true;
}

/** One level rebuilt as `toJsonValue` does, its members shared where they are plain already. */
function rebuild(value: object, depth: number): JsonValue {
  if (value instanceof Uint8Array || value instanceof Date || value instanceof AbortSignal) return toJsonValue(value);
  if (Array.isArray(value))
    return value.map((item: unknown) => (item === undefined || typeof item === 'function' ? null : shared(item, depth + 1)));
  const out: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol' || item instanceof AbortSignal) continue;
    out[key] = shared(item, depth + 1);
  }
  return out;
}
