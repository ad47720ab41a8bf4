/** Turning a payload object built by pi-ai into a plain JSON value, the way it goes on the wire. */
import type { JsonValue } from '../../../shared/types.js';

/**
 * Base64 texts a payload's byte arrays may be the bytes of (an image's data in the messages the
 * payload was built from), by length: the text a byte array encodes to is replaced by the equal one
 * already kept, so that the payload does not hold a second copy of every image. By length, not by
 * text: a map keyed by megabytes of text hashes every character of each key.
 */
export type KnownBase64 = ReadonlyMap<number, readonly string[]>;

/** A byte array as base64: the known equal text when there is one. */
function base64Of(bytes: Uint8Array, known: KnownBase64 | undefined): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  // Texts of one length that differ do so within their first characters.
  for (const candidate of known?.get(text.length) ?? []) if (candidate === text) return candidate;
  return text;
}

/**
 * A JSON copy of a value: `undefined` members, functions and abort signals dropped, byte
 * arrays as base64 (Bedrock's JSON protocol sends image bytes that way), key order kept. Strings are
 * shared, not copied, so multi-megabyte base64 images cost nothing.
 */
export function toJsonValue(value: unknown, seen: Set<object> = new Set(), known?: KnownBase64): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return null;
  if (value instanceof Uint8Array) return base64Of(value, known);
  if (value instanceof Date) return value.toISOString();
  if (seen.has(value)) throw new TypeError('payload contains a cycle');
  seen.add(value);
  try {
    if (Array.isArray(value))
      return value.map((item) => (item === undefined || typeof item === 'function' ? null : toJsonValue(item, seen, known)));
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) {
      // Google's SDK params carry the AbortSignal pi-ai passes along: not part of the request body.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol' || item instanceof AbortSignal) continue;
      out[key] = toJsonValue(item, seen, known);
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
 * The result may share objects with the value (and so with pi-ai's input): never mutate it. `known`:
 * see `KnownBase64`.
 */
export function asJsonValue(value: unknown, known?: KnownBase64): JsonValue {
  return shared(value, 0, known);
}

/**
 * One pass: each node is read once, and copied only when a member of it had to be (the copy keeps
 * the members read so far, which were JSON as they are). A check-then-rebuild in two passes read
 * every level again above each non-JSON member; Google's payloads carry an `undefined` member in
 * most entries, so their conversation was read four or five times over.
 */
function shared(value: unknown, depth: number, known: KnownBase64 | undefined): JsonValue {
  if (plainLeaf(value)) return value as JsonValue;
  if (typeof value !== 'object' || depth >= SHARED_DEPTH) return toJsonValue(value, new Set(), known);
  // One function for both kinds of node: a payload is converted once per build, mostly before the
  // optimiser has seen it, where each call costs.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) return rebuild(value, depth, known);
    let out: JsonValue[] | null = null;
    for (let i = 0; i < value.length; i += 1) {
      // A hole: rare enough to rebuild the way `toJsonValue` does.
      if (!(i in value)) return rebuild(value, depth, known);
      const item: unknown = value[i];
      const next = plainLeaf(item)
        ? (item as JsonValue)
        : item === undefined || typeof item === 'function'
          ? null
          : shared(item, depth + 1, known);
      if (out) out.push(next);
      else if (next !== item) {
        out = value.slice(0, i) as JsonValue[];
        out.push(next);
      }
    }
    return out ?? (value as JsonValue[]);
  }
  if (proto !== Object.prototype && proto !== null) return rebuild(value as object, depth, known);
  const record = value as Record<string, unknown>;
  let out: Record<string, JsonValue> | null = null;
  for (const key in record) {
    // `toJsonValue` does not copy an own `__proto__` member as one: such an object is rebuilt the same way.
    if (key === '__proto__' || !Object.prototype.hasOwnProperty.call(record, key)) return rebuild(record, depth, known);
    const item = record[key];
    if (plainLeaf(item)) {
      if (out) out[key] = item as JsonValue;
      continue;
    }
    // Tested only past the leaves: nearly every member is one, and a cold `instanceof` is not free.
    const dropped = item === undefined || typeof item === 'function' || typeof item === 'symbol' || item instanceof AbortSignal;
    const next = dropped ? item : shared(item, depth + 1, known);
    if (!out && next === item && !dropped) continue;
    if (!out) {
      out = {};
      for (const before in record) {
        if (before === key) break;
        out[before] = record[before] as JsonValue;
      }
    }
    if (!dropped) out[key] = next as JsonValue;
  }
  return out ?? (record as JsonValue);
}

/** One level rebuilt as `toJsonValue` does, its members shared where they are plain already. */
function rebuild(value: object, depth: number, known: KnownBase64 | undefined): JsonValue {
  if (value instanceof Uint8Array || value instanceof Date || value instanceof AbortSignal) return toJsonValue(value, new Set(), known);
  if (Array.isArray(value))
    return value.map((item: unknown) => (item === undefined || typeof item === 'function' ? null : shared(item, depth + 1, known)));
  const out: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol' || item instanceof AbortSignal) continue;
    out[key] = shared(item, depth + 1, known);
  }
  return out;
}
