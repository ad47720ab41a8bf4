/** Turning a payload object built by pi-ai into a plain JSON value, the way it goes on the wire. */
import type { JsonValue } from '../../../shared/types.js';

/**
 * The text a byte array of a payload stands for, when it stands for one (an image handed to pi-ai's
 * Bedrock builder as a stand-in, `image-stand-ins.ts`): put in its place instead of its base64.
 */
export type TextOfBytes = (bytes: Uint8Array) => string | undefined;

/** A byte array as base64, or the text it stands for. */
function base64Of(bytes: Uint8Array, textOf: TextOfBytes | undefined): string {
  return textOf?.(bytes) ?? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/**
 * A JSON copy of a value: `undefined` members, functions and abort signals dropped, byte
 * arrays as base64 (Bedrock's JSON protocol sends image bytes that way), key order kept. Strings are
 * shared, not copied, so multi-megabyte base64 images cost nothing.
 */
export function toJsonValue(value: unknown, seen: Set<object> = new Set(), textOf?: TextOfBytes): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return null;
  if (value instanceof Uint8Array) return base64Of(value, textOf);
  if (value instanceof Date) return value.toISOString();
  if (seen.has(value)) throw new TypeError('payload contains a cycle');
  seen.add(value);
  try {
    if (Array.isArray(value))
      return value.map((item) => (item === undefined || typeof item === 'function' ? null : toJsonValue(item, seen, textOf)));
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) {
      // Google's SDK params carry the AbortSignal pi-ai passes along: not part of the request body.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol' || item instanceof AbortSignal) continue;
      out[key] = toJsonValue(item, seen, textOf);
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
 * The result may share objects with the value (and so with pi-ai's input): never mutate it. `textOf`:
 * see `TextOfBytes`.
 */
export function asJsonValue(value: unknown, textOf?: TextOfBytes): JsonValue {
  return shared(value, 0, textOf);
}

/**
 * One pass: each node is read once, and copied only when a member of it had to be (the copy keeps
 * the members read so far, which were JSON as they are). A check-then-rebuild in two passes read
 * every level again above each non-JSON member; Google's payloads carry an `undefined` member in
 * most entries, so their conversation was read four or five times over.
 */
function shared(value: unknown, depth: number, textOf: TextOfBytes | undefined): JsonValue {
  if (plainLeaf(value)) return value as JsonValue;
  if (typeof value !== 'object' || depth >= SHARED_DEPTH) return toJsonValue(value, new Set(), textOf);
  // One function for both kinds of node: a payload is converted once per build, mostly before the
  // optimiser has seen it, where each call costs.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) return rebuild(value, depth, textOf);
    let out: JsonValue[] | null = null;
    for (let i = 0; i < value.length; i += 1) {
      // A hole: rare enough to rebuild the way `toJsonValue` does.
      if (!(i in value)) return rebuild(value, depth, textOf);
      const item: unknown = value[i];
      const next = plainLeaf(item)
        ? (item as JsonValue)
        : item === undefined || typeof item === 'function'
          ? null
          : shared(item, depth + 1, textOf);
      if (out) out.push(next);
      else if (next !== item) {
        out = value.slice(0, i) as JsonValue[];
        out.push(next);
      }
    }
    return out ?? (value as JsonValue[]);
  }
  if (proto !== Object.prototype && proto !== null) return rebuild(value as object, depth, textOf);
  const record = value as Record<string, unknown>;
  let out: Record<string, JsonValue> | null = null;
  for (const key in record) {
    // `toJsonValue` does not copy an own `__proto__` member as one: such an object is rebuilt the same way.
    if (key === '__proto__' || !Object.prototype.hasOwnProperty.call(record, key)) return rebuild(record, depth, textOf);
    const item = record[key];
    if (plainLeaf(item)) {
      if (out) out[key] = item as JsonValue;
      continue;
    }
    // Tested only past the leaves: nearly every member is one, and a cold `instanceof` is not free.
    const dropped = item === undefined || typeof item === 'function' || typeof item === 'symbol' || item instanceof AbortSignal;
    const next = dropped ? item : shared(item, depth + 1, textOf);
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
function rebuild(value: object, depth: number, textOf: TextOfBytes | undefined): JsonValue {
  if (value instanceof Uint8Array || value instanceof Date || value instanceof AbortSignal) return toJsonValue(value, new Set(), textOf);
  if (Array.isArray(value))
    return value.map((item: unknown) => (item === undefined || typeof item === 'function' ? null : shared(item, depth + 1, textOf)));
  const out: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol' || item instanceof AbortSignal) continue;
    out[key] = shared(item, depth + 1, textOf);
  }
  return out;
}
