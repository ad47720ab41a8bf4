/** Why a line of a session file cannot be read, in plain words and located (for the repair plan). */
import { isRecord } from '../messages.js';
import { describeCharAt, locateJsonError } from '../session/json-error.js';

/** A line's text, as decoded for planning. */
export interface DecodedLine {
  text: string;
  /** The bytes are not valid UTF-8 (the text holds U+FFFD where they were). */
  invalidUtf8: boolean;
}

/** Why a line is not JSON, located and in plain words. */
export function unparseableReason(decoded: DecodedLine): string {
  const { text } = decoded;
  const nul = text.indexOf('\u0000');
  if (nul >= 0)
    return `the line holds binary data (a NUL byte at column ${nul + 1}), not JSON — typically a crash or disk error overwrote it; it cannot be read, so it is removed`;
  const loc = locateJsonError(text);
  const col = (loc?.offset ?? 0) + 1;
  const utf8 = decoded.invalidUtf8 ? ' The line also contains bytes that are not valid UTF-8.' : '';
  let what = 'it is not valid JSON';
  if (loc !== null)
    switch (loc.kind) {
      case 'truncated':
        what = `the JSON stops in the middle (column ${col}) — the write was cut off, probably by a crash`;
        break;
      case 'trailing':
        what = `extra characters after the end of the entry at column ${col} (${describeCharAt(text, loc.offset)}) — two writes probably landed on one line`;
        break;
      case 'bad-escape':
        what = `an invalid escape sequence at column ${col}`;
        break;
      case 'control-char':
        what = `a raw control character inside a string at column ${col}`;
        break;
      default:
        what = `unexpected ${describeCharAt(text, loc.offset)} at column ${col} where ${loc.expected} was expected`;
    }
  return `not valid JSON: ${what}.${utf8} It cannot be read, so it is removed`;
}

/** Why the first line is not a session header, or null when it is one. */
export function headerProblem(value: unknown): string | null {
  if (!isRecord(value)) return 'the first line is not a JSON object';
  const v = value;
  if (v.type !== 'session')
    return `the first line is ${typeof v.type === 'string' ? `a "${v.type}" entry` : 'an entry without a "type"'}, not the {"type":"session"} header`;
  if (typeof v.id !== 'string' || v.id === '') return 'the session header has no "id"';
  return null;
}
