/** Shell quoting for the exported curl script: text from a session file must never run as a command. */
import { visibleControls } from '../../../shared/text/visible-controls.js';

/**
 * The shell expansions the exporter itself writes: `$NAME`, `${NAME}`, `${NAME:-}` (key and account
 * variables) and Vertex's `$(gcloud auth print-access-token)`. Nothing else in a word is expanded.
 */
const OUR_EXPANSIONS = /\$\{[A-Z_][A-Z0-9_]*(?::-)?\}|\$[A-Z_][A-Z0-9_]*|\$\(gcloud auth print-access-token\)/g;

/** Characters a shell acts on inside double quotes (`!`: history expansion when pasted into an interactive shell). */
const ACTIVE_IN_DOUBLE_QUOTES = /[$`"\\!]/;

/** True when `text` means the same inside double quotes and reads as one line. */
const plainInDoubleQuotes = (text: string): boolean => !ACTIVE_IN_DOUBLE_QUOTES.test(text) && visibleControls(text) === text;

/** One word quoted with single quotes: nothing in it is expanded; a quote is written as `'\''`. */
export function singleQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * One shell word for `text`, with the exporter's own variables expanded and everything else taken
 * literally.
 *
 * Readable text stays in double quotes (`"x-api-key: $ANTHROPIC_API_KEY"`); text holding anything a
 * shell might act on is written as single-quoted pieces with the variables between them in double
 * quotes (`'a$(b)'"${KEY}"`), which the shell joins into one word.
 */
export function shellWord(text: string): string {
  const literals = text.split(OUR_EXPANSIONS);
  const expansions = text.match(OUR_EXPANSIONS) ?? [];
  if (literals.every(plainInDoubleQuotes)) return `"${text}"`;
  let out = '';
  literals.forEach((literal, i) => {
    if (literal !== '') out += singleQuoted(literal);
    if (i < expansions.length) out += `"${expansions[i]}"`;
  });
  return out === '' ? "''" : out;
}

/**
 * A `#` comment line for text that may hold anything: a line break would end the comment and start
 * a command, so line breaks and other control characters are written as escapes.
 */
export function shellComment(text: string): string {
  return `# ${visibleControls(text)}`;
}
