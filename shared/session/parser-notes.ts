/**
 * What the parser learnt of the entries it kept, handed to the first branch build of those very
 * entries: the tree takes the parser's id map instead of making its own, and the walk takes its
 * judgements of which entries OpenClaw recognises instead of reading every message again. Keyed by
 * the array itself, so entries filtered or rebuilt (a new array) have no notes; each note is taken
 * once, so a session held open does not hold them as well.
 */
import type { LocatedEntry } from './types.js';

/** What the parser knew of the ids of the entries it kept. */
export interface ParsedIds {
  /** Each id to the position of its entry, or a negative number when that entry was not kept. */
  positions: ReadonlyMap<string, number>;
  /** The id of the entry at each position, as parsed (undefined: it had none the map holds). */
  idAt: readonly (string | undefined)[];
}

interface ParserNotes {
  /** The ids, when they were all distinct (otherwise the tree makes a map of its own). */
  ids: ParsedIds | null;
  /** Why OpenClaw would not recognise an entry (`unrecognizedReason`), by position; the others are recognised. */
  unrecognized: ReadonlyMap<number, string> | null;
  /** How many entries there were. */
  count: number;
}

const notes = new WeakMap<readonly LocatedEntry[], ParserNotes>();

/** Remember what the parser learnt of `entries` (see the module's comment). */
export function rememberParserNotes(
  entries: readonly LocatedEntry[],
  ids: ParsedIds | null,
  unrecognized: ReadonlyMap<number, string> | null,
): void {
  notes.set(entries, { ids, unrecognized, count: entries.length });
}

/** The note of `entries` under `key`, once (null when there is none, or it was taken). */
function take<K extends 'ids' | 'unrecognized'>(entries: readonly LocatedEntry[], key: K): ParserNotes[K] | null {
  const found = notes.get(entries);
  if (!found) return null;
  const value = found[key];
  found[key] = null;
  if (found.ids === null && found.unrecognized === null) notes.delete(entries);
  return value;
}

/** The parser's ids of `entries`, whose ids are all distinct, once; null when it has none for this array. */
export function takeParsedIds(entries: readonly LocatedEntry[]): ParsedIds | null {
  return take(entries, 'ids');
}

/**
 * The parser's judgements of `entries`, once; null when it has none for this array or the array
 * changed size since.
 */
export function takeUnrecognized(entries: readonly LocatedEntry[]): ReadonlyMap<number, string> | null {
  const count = notes.get(entries)?.count;
  const unrecognized = take(entries, 'unrecognized');
  return count === entries.length ? unrecognized : null;
}
