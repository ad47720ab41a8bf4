/**
 * Whether a text holds no lone surrogate (`String.prototype.isWellFormed`, Node ≥ 20; typed here for
 * the ES2022 lib), without scanning again the last long texts a reader decoded from UTF-8.
 */

/**
 * The last long texts a reader decoded from valid UTF-8 (`noteWellFormed`), newest last: UTF-8
 * cannot carry a lone surrogate. A few only: the long strings of the lines just parsed, which the
 * payload builders ask about once per side (a 50 MB tool output costs 70 ms a scan); they are held
 * by the parsed session meanwhile.
 */
const knownWellFormed: string[] = [];
const KNOWN_WELL_FORMED = 4;

/** Whether a text holds no lone surrogate. */
export function isWellFormed(text: string): boolean {
  return knownWellFormed.includes(text) || (text as string & { isWellFormed(): boolean }).isWellFormed();
}

/** Note that `text` was decoded from valid UTF-8, so `isWellFormed` need not scan it. */
export function noteWellFormed(text: string): void {
  if (knownWellFormed.push(text) > KNOWN_WELL_FORMED) knownWellFormed.shift();
}

/** Drop the notes, and with them the texts (tens of MB each) they keep alive. */
export function forgetWellFormedNotes(): void {
  knownWellFormed.length = 0;
}
