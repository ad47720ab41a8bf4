/**
 * The words hygiene reads inside texts, gathered from the modules that read them: a redacted copy of
 * a session keeps them verbatim (they are OpenClaw's markers and prompts, not the user's words).
 */
import { TEXT } from '../messages.js';
import { HEARTBEAT_VOCABULARY } from '../rules/heartbeat-filter.js';
import { INTER_SESSION_VOCABULARY } from '../rules/inter-session-provenance.js';
import { INTERNAL_METADATA_VOCABULARY } from '../text/internal-metadata.js';
import { SILENT_REPLY_TOKEN, SILENT_REPLY_WORDS } from '../text/silent-reply.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Runs of whitespace match any whitespace, as the hygiene patterns allow. */
const spaced = (s: string) => s.trim().split(/\s+/).map(escape).join('\\s+');

/** Every marker, prompt and placeholder, longest first (so a long prompt wins over a word inside it). */
export const PROTECTED_PHRASES: readonly string[] = [
  ...new Set([
    ...Object.values(TEXT),
    ...INTERNAL_METADATA_VOCABULARY,
    ...HEARTBEAT_VOCABULARY,
    ...INTER_SESSION_VOCABULARY,
    SILENT_REPLY_TOKEN,
  ]),
]
  .filter((s) => s.trim() !== '')
  .sort((a, b) => b.length - a.length);

/** One pattern for all phrases, case-insensitive (NO_REPLY is matched in any case). */
export const PROTECTED_PATTERN = new RegExp(PROTECTED_PHRASES.map(spaced).join('|'), 'gi');

/**
 * A quick test before PROTECTED_PATTERN, on a text lower-cased: the phrases lower-cased, matched
 * case-sensitively. It finds a phrase wherever the case-insensitive pattern does (that pattern only
 * lets ASCII letters differ in case, and lower-casing turns them into these), and sometimes where it
 * does not (a character whose lower case is an ASCII letter), which costs only the full search.
 */
export const PROTECTED_PREFILTER = new RegExp(PROTECTED_PHRASES.map((phrase) => spaced(phrase.toLowerCase())).join('|'));

/** The words of the silent-reply patterns, as whole words; kept only in texts that hold the token. */
export const SILENT_WORDS_PATTERN = new RegExp(
  `(?<![\\w'])(?:${[...SILENT_REPLY_WORDS]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})(?![\\w'])`,
  'gi',
);

/** Texts that hold the silent-reply token, in any case. */
export const SILENT_TOKEN_PATTERN = new RegExp(escape(SILENT_REPLY_TOKEN), 'i');

/** Whole values kept as they are: booleans written as strings (`notify: "true"`). */
export const KEPT_VALUES: ReadonlySet<string> = new Set(['true', 'false']);
