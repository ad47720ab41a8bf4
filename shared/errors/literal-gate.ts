/**
 * A cheap look before a pattern runs. V8 compiles a regular expression the first time it runs (and
 * to machine code the second time), and the explainer has some hundred and seventy patterns, most of
 * them long case-insensitive alternations, while an error matches two or three: on a 33 KB session
 * with six failed turns, the CLI spent 85 of its 210 ms compiling them. So each pattern is read once
 * for what its matches must contain: for each of its top-level alternatives, sets of runs of plain
 * characters (a run outside any quantifier is a set of one; a group every match passes through gives
 * the runs of its alternatives), a run of each set in every match. The pattern runs only on a text
 * that holds, for one of its alternatives, a run of each of its sets. A pattern with an alternative
 * that needs no run of three characters at least always runs.
 *
 * Why the look never skips a match: a match of the pattern is a match of one of its top-level
 * alternatives, which contains a run of each of that alternative's sets as it is, up to case when the
 * pattern ignores case. Runs are made only of ASCII characters and of caseless CJK characters, the
 * characters whose case-insensitive equals (in a pattern without the `u` or `v` flag) are exactly
 * their ASCII case pair or themselves, so the lower-cased text holds the lower-cased run. A pattern
 * with `u` or `v` (other case folding: `/s/iu` matches `ſ`), `g` or `y` (state between runs), or an
 * escape this reading does not know, is not read and always runs.
 *
 * The explainer's own patterns are read ahead of time (literal-needs-table.ts, written by
 * scripts/literal-needs.ts): reading all of them took 2–11 ms of the first error's explanation, and
 * V8 then compiled the reading's loops, which had run hot, with its optimising compiler: 25–30 ms of
 * CPU time in a short process that never ran them again. A pattern the table does not hold is read
 * at its first use, as before.
 */
import { LITERAL_NEEDS_JSON } from './literal-needs-table.js';

/** The shortest run worth a look: shorter ones are in nearly every text. */
const MIN_RUN = 3;

/**
 * What the matches of a pattern need, for each of its top-level alternatives: sets of lower-cased
 * runs, and a match of the alternative holds a run of every set.
 */
export type Needs = readonly (readonly (readonly string[])[])[];

const known = new WeakMap<RegExp, Needs | null>();

/** The table's needs by `patternKey`, parsed at the first look. */
let table: Map<string, Needs | null> | null = null;

/** How the table names a pattern: its flags, then its source (flags hold no `/`). */
export function patternKey(pattern: RegExp): string {
  return `${pattern.flags}/${pattern.source}`;
}

/** What a pattern's matches need: from the table when it holds the pattern, else read now. */
function needsOf(pattern: RegExp): Needs | null {
  table ??= new Map(JSON.parse(LITERAL_NEEDS_JSON) as [string, Needs | null][]);
  const needs = table.get(patternKey(pattern));
  return needs !== undefined ? needs : requiredRuns(pattern);
}

/**
 * Whether `pattern` may match a text whose `toLowerCase()` is `lowered`: false only when no match is
 * possible (for every alternative, the text lacks all the runs of one of its sets).
 */
export function mayMatch(pattern: RegExp, lowered: string): boolean {
  let needs = known.get(pattern);
  if (needs === undefined) {
    needs = needsOf(pattern);
    known.set(pattern, needs);
  }
  if (needs === null) return true;
  for (const sets of needs) if (holdsAll(sets, lowered)) return true;
  return false;
}

/** `pattern.exec(text)`, or null without running it when `mayMatch` says it cannot match (`lowered`: the text lower-cased). */
export function execIfMayMatch(pattern: RegExp, text: string, lowered: string): RegExpExecArray | null {
  return mayMatch(pattern, lowered) ? pattern.exec(text) : null;
}

/** Whether the text holds a run of every set (plain loops: this runs cold, a few thousand times, on the first errors). */
function holdsAll(sets: readonly (readonly string[])[], lowered: string): boolean {
  for (const set of sets) {
    let held = false;
    for (const run of set) {
      if (lowered.includes(run)) {
        held = true;
        break;
      }
    }
    if (!held) return false;
  }
  return true;
}

/**
 * What a pattern's matches need (see `Needs`), or null when the pattern is not read (see above) or
 * an alternative needs no run of MIN_RUN characters.
 */
export function requiredRuns(pattern: RegExp): Needs | null {
  if (!/^[dims]*$/.test(pattern.flags)) return null;
  let read: Read;
  try {
    read = alternation(pattern.source, 0);
  } catch (error) {
    if (error === UNREAD) return null;
    throw error;
  }
  if (read.end !== pattern.source.length || read.alternatives.some((sets) => sets.length === 0)) return null;
  // The smallest sets first: a text usually lacks every run of the first set looked at.
  return read.alternatives.map((sets) => sets.map(lowered).sort((a, b) => a.length - b.length));
}

/**
 * A set's runs lower-cased, once each; a run that holds another run of the set adds nothing (a text
 * with it has the other too).
 */
function lowered(set: readonly string[]): string[] {
  const runs = [...new Set(set.map((run) => run.toLowerCase()))];
  return runs.filter((run) => !runs.some((other) => other !== run && run.includes(other)));
}

/** Thrown where the pattern holds what this reading does not know: the pattern is not read. */
const UNREAD = new Error('pattern not read');

/** What the alternatives of a part of a pattern need, and where the part ends (at its `)` or the source's end). */
interface Read {
  /** For each alternative, sets of runs: a match of it holds a run of every set (none: nothing known). */
  alternatives: string[][][];
  end: number;
}

/** The alternatives from `at` to the `)` that closes them (or the end), each with the sets its matches need. */
function alternation(source: string, at: number): Read {
  const alternatives: string[][][] = [];
  for (let i = at; ; i += 1) {
    const part = sequence(source, i);
    alternatives.push(part.sets);
    i = part.end;
    if (source[i] !== '|') return { alternatives, end: i };
  }
}

/**
 * One set of runs a match of a group holds one of: the most selective set of each alternative, all
 * together (null when an alternative needs none).
 */
function groupSet(alternatives: readonly (readonly string[][])[]): string[] | null {
  const out: string[] = [];
  for (const sets of alternatives) {
    let best: string[] | null = null;
    for (const set of sets) if (best === null || strength(set) > strength(best)) best = set;
    if (best === null) return null;
    out.push(...best);
  }
  return out;
}

/** Where the character class opened at `open` (a `[`) closes. */
function classEnd(source: string, open: number): number {
  for (let i = open + 1; i < source.length; i += 1) {
    if (source[i] === '\\') i += 1;
    else if (source[i] === ']') return i;
  }
  throw UNREAD;
}

/** Escapes of a character class or an assertion, and of one control character: atoms that are no run character. */
const ATOM_ESCAPES = 'dDwWsSbBfnrtv0123456789';
/** Escapes followed by more of their own (`\u0041`, `\x41`, `\cJ`, `\k<name>`, `\p{L}`): not read. */
const LONG_ESCAPES = 'uxckpP';
/** Characters that end a run where they stand unescaped. */
const RUN_ENDS = '.^$]}';

/** A character a run may hold: an ASCII one, or a caseless CJK one (kana, ideographs, their punctuation). */
function runCharacter(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code < 0x80) return true;
  return code >= 0x3000 && code <= 0x9fff && c.toLowerCase() === c && c.toUpperCase() === c;
}

/** How selective a run is: its length, a CJK character counting as two. */
function weight(run: string): number {
  let w = 0;
  for (let i = 0; i < run.length; i += 1) w += run.charCodeAt(i) < 0x80 ? 1 : 2;
  return w;
}

/** How selective a set of runs is (any of them may be the one a match holds): its least selective run. */
function strength(set: readonly string[]): number {
  let least = Infinity;
  for (const run of set) least = Math.min(least, weight(run));
  return least;
}

/** A quantifier that allows no occurrence (`?`, `*`, `{0}`, `{0,n}`), read where a group ends. */
const ALLOWS_NONE = /[?*]|\{0*(?:,\d*)?\}/y;
/** A bounded quantifier, read at its `{`. */
const BOUNDS = /\{\d+(?:,\d*)?\}/y;
/** Plain characters up to the next one with a meaning of its own: most of a pattern's text, read in one step. */
const PLAIN = /[^\\[\](){}|?*+.^$]+/y;
/** A character other than printable ASCII: plain text that holds one is read a character at a time (see `runCharacter`). */
const OUTSIDE_ASCII = /[^ -~\t\n\r]/;

/** How a group opens: a look-around (not part of the match), a named group, or a group that does not capture. */
const GROUP_OPENING = /\?(?:(<?[=!])|<[A-Za-z_$][\w$]*>|:)/y;

/**
 * The sets of runs a match of one alternative (from `at` to its `|` or `)`) needs: each run of plain
 * characters at its top level (each matched as itself, none under a quantifier) and each group every
 * match passes through (not optional, not a look-around) gives one, when it is selective enough
 * (MIN_RUN).
 */
function sequence(source: string, at: number): { sets: string[][]; end: number } {
  const sets: string[][] = [];
  let run = '';
  const offer = (set: string[] | null) => {
    if (set !== null && set.length > 0 && strength(set) >= MIN_RUN) sets.push(set);
  };
  const end = () => {
    if (run !== '') offer([run]);
    run = '';
  };
  let i = at;
  for (; i < source.length; i += 1) {
    const c = source[i];
    if (c === '|' || c === ')') break;
    if (c === '\\') {
      i += 1;
      const next = source[i];
      if (next === undefined || LONG_ESCAPES.includes(next)) throw UNREAD;
      if (ATOM_ESCAPES.includes(next) || !runCharacter(next)) end();
      else run += next;
    } else if (c === '[') {
      i = classEnd(source, i);
      end();
    } else if (c === '(') {
      end();
      GROUP_OPENING.lastIndex = i + 1;
      const opening = GROUP_OPENING.exec(source);
      const inside = alternation(source, opening ? GROUP_OPENING.lastIndex : i + 1);
      if (source[inside.end] !== ')') throw UNREAD;
      i = inside.end;
      // A group is passed through unless a quantifier that allows none follows it, or it looks around.
      ALLOWS_NONE.lastIndex = i + 1;
      if (!ALLOWS_NONE.test(source) && !opening?.[1]) offer(groupSet(inside.alternatives));
    } else if (c === '?' || c === '*' || c === '+' || c === '{') {
      // A quantifier takes the character before it out of the run (a group or class has already ended it).
      run = run.slice(0, -1);
      end();
      BOUNDS.lastIndex = i;
      if (c === '{' && BOUNDS.test(source)) i = BOUNDS.lastIndex - 1;
    } else if (RUN_ENDS.includes(c)) end();
    else {
      PLAIN.lastIndex = i;
      PLAIN.test(source);
      const plain = source.slice(i, PLAIN.lastIndex);
      i = PLAIN.lastIndex - 1;
      if (!OUTSIDE_ASCII.test(plain)) run += plain;
      else {
        for (const ch of plain) {
          if (runCharacter(ch)) run += ch;
          else end();
        }
      }
    }
  }
  end();
  return { sets, end: i };
}
