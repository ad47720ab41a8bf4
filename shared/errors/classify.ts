/**
 * Classifying an error from its text alone: the transcript checks and the other categories it
 * matches, each with a confidence and what the text says for it. Checking against a session comes
 * after (session-check.ts).
 */
import type { ErrorCategory } from '../inspection.js';
import type { CheckId } from '../preflight/checks.js';
import {
  CATEGORY_PATTERNS,
  CLASS_CATEGORY,
  codeCategory,
  EXCEPTION_CATEGORY,
  genericInvalidCode,
  GOOGLE_STATUS_CATEGORY,
  statusCategory,
  TYPE_CATEGORY,
  type Capability,
  type OtherCategory,
} from './category-patterns.js';
import { cueCategory } from './category-cues.js';
import type { ErrorEnvelope } from './envelope.js';
import { execIfMayMatch } from './literal-gate.js';
import { parseCount } from './normalize.js';
import { MEANING_CONFIDENCE, meaningCheck, TRANSCRIPT_MEANINGS } from './transcript-meanings.js';
import { TRANSCRIPT_PATTERNS } from './transcript-patterns.js';
import { unfixedShape } from './unfixed-shapes.js';

/** A token count an error reports: what the request had and what the model allows. */
export interface ReportedTokens {
  requested: number | null;
  limit: number | null;
}

/** One answer before it is checked against a session. */
export interface RawAnswer {
  category: ErrorCategory;
  check?: CheckId;
  confidence: number;
  /** Who says this (transcript answers). */
  source?: string;
  /** What the text says for this answer. */
  says: string[];
  /** The answer rests on a phrase, not only on a status or a type field. */
  phrase: boolean;
  capability?: Capability;
  tokens?: ReportedTokens;
  /** A rate-limit answer that is the provider's capacity, not the account's limit. */
  overload?: boolean;
  /** A refused conversation shape no rule fixes: its own explanation and action (unfixed-shapes.ts). */
  note?: { explanation: string; action: string };
}

/** A guess from the vocabulary alone: above a bare 400, below every phrase, type, code and other status. */
const CUE_CONFIDENCE = 0.45;

/** Words of a provider out of capacity rather than of an account over its limit. */
const OVERLOAD =
  /overload|over ?capacity|\bat (?:full )?capacity\b|capacity error|capacity[ _](?:exceeded|exhausted)|(?:out of|insufficient|no available) (?:model |server )?capacity|high demand|(?:server|service|system|model) (?:is )?(?:too |currently )?busy|繁忙|负载(?:过高|已饱和|已满)|访问量过大/i;

/** Where context-length errors put the two numbers, `requested` and `limit` group by group. */
const TOKEN_COUNTS: { pattern: RegExp; requested: number; limit: number }[] = [
  {
    pattern: /maximum context length is ([\d,]+) tokens.{0,60}?(?:requested|resulted in|have) (?:about )?([\d,]+)/i,
    limit: 1,
    requested: 2,
  },
  { pattern: /([\d,]+) tokens > ([\d,]+) maximum/i, requested: 1, limit: 2 },
  { pattern: /input token count \(?([\d,]+)\)? exceeds the maximum number of tokens allowed \(?([\d,]+)/i, requested: 1, limit: 2 },
  { pattern: /prompt token count of ([\d,]+) exceeds the limit of ([\d,]+)/i, requested: 1, limit: 2 },
  { pattern: /token limit: ([\d,]+) \(re ?quested: ([\d,]+)/i, limit: 1, requested: 2 },
  { pattern: /request \(([\d,]+) tokens\) exceeds the available context size \(([\d,]+)/i, requested: 1, limit: 2 },
  { pattern: /"n_prompt_tokens":\s*([\d,]+),\s*"n_ctx":\s*([\d,]+)/i, requested: 1, limit: 2 },
  { pattern: /requested tokens \(([\d,]+)\) exceed context window of ([\d,]+)/i, requested: 1, limit: 2 },
  { pattern: /input prompt \(([\d,]+) tokens\) is too long and exceeds limit of ([\d,]+)/i, requested: 1, limit: 2 },
  { pattern: /prompt=([\d,]+) limit=([\d,]+)/i, requested: 1, limit: 2 },
  { pattern: /must be <= ([\d,]+)\. Given: ([\d,]+)/i, limit: 1, requested: 2 },
  { pattern: /prompt contains ([\d,]+) tokens.{0,60}?([\d,]+) maximum context length/i, requested: 1, limit: 2 },
  { pattern: /limit exceeded: ([\d,]+) > ([\d,]+)/i, requested: 1, limit: 2 },
  { pattern: /range of input length should be \[1, ([\d,]+)\]/i, limit: 1, requested: 0 },
  {
    pattern: /(?:prompt|input) (?:\(length |length of )([\d,]+)\)? is longer than the maximum model length of ([\d,]+)/i,
    requested: 1,
    limit: 2,
  },
  { pattern: /keep the first ([\d,]+) tokens.{0,80}?context length of only ([\d,]+)/i, requested: 1, limit: 2 },
  { pattern: /prompt is too long: ([\d,]+), model maximum context length: ([\d,]+)/i, requested: 1, limit: 2 },
  { pattern: /cannot exceed ([\d,]+) - received ([\d,]+)/i, limit: 1, requested: 2 },
  { pattern: /reached context length of ([\d,]+) tokens/i, limit: 1, requested: 0 },
];

/** The token counts a context-length error reports, when it reports them. */
export function reportedTokens(text: string): ReportedTokens | undefined {
  for (const { pattern, requested, limit } of TOKEN_COUNTS) {
    const m = pattern.exec(text);
    if (m) return { requested: requested ? parseCount(m[requested]) : null, limit: parseCount(m[limit]) };
  }
  return undefined;
}

/** The first reading a pattern matches: the normalised text, then the one with a terminal's wrapping undone. */
function firstMatch(pattern: RegExp, readings: readonly Reading[]): RegExpExecArray | null {
  for (const reading of readings) {
    // Most patterns cannot match a given text: they are not run (nor compiled) on it (literal-gate.ts).
    const m = execIfMayMatch(pattern, reading.text, reading.lowered);
    if (m) return m;
  }
  return null;
}

/** A text to read, with its lower-cased copy for `mayMatch`. */
interface Reading {
  text: string;
  lowered: string;
}

function transcriptAnswers(texts: readonly string[]): RawAnswer[] {
  const [text] = texts;
  const readings = texts.map((t): Reading => ({ text: t, lowered: t.toLowerCase() }));
  const best = new Map<CheckId, RawAnswer>();
  for (const p of TRANSCRIPT_PATTERNS) {
    const m = firstMatch(p.pattern, readings);
    if (!m) continue;
    const seen = best.get(p.check);
    if (seen && seen.confidence >= p.confidence) continue;
    best.set(p.check, {
      category: 'transcript',
      check: p.check,
      confidence: p.confidence,
      source: p.source,
      says: [`"${m[0]}"`],
      phrase: true,
    });
  }
  if (best.size > 0) return [...best.values()];
  // No known wording: read the transcript shape by what the words mean.
  for (const meaning of TRANSCRIPT_MEANINGS) {
    const m = firstMatch(meaning.pattern, readings);
    if (!m) continue;
    const check = meaningCheck(meaning, text);
    if (best.has(check)) continue;
    best.set(check, {
      category: 'transcript',
      check,
      confidence: MEANING_CONFIDENCE,
      says: [`"${m[0]}": ${meaning.meaning}`],
      phrase: true,
    });
  }
  return [...best.values()];
}

interface Signals {
  confidence: number;
  count: number;
  says: string[];
  phrase: boolean;
  capability?: Capability;
}

function add(
  map: Map<OtherCategory, Signals>,
  category: OtherCategory,
  confidence: number,
  says: string,
  phrase: boolean,
  capability?: Capability,
): void {
  const seen = map.get(category);
  if (!seen) {
    map.set(category, { confidence, count: 1, says: [says], phrase, ...(capability ? { capability } : {}) });
    return;
  }
  if (confidence > seen.confidence) {
    seen.confidence = confidence;
    if (capability) seen.capability = capability;
  }
  seen.count++;
  seen.phrase ||= phrase;
  if (!seen.says.includes(says)) seen.says.push(says);
}

const CODE_WORD = /^[a-z]+(?:_[a-z]+)+$/i;

/** What a relay writes in front of any upstream failure, whatever it was: the status and the inner text decide. */
const RELAY_LABEL = /^(?:upstream[ _]error|api[ _]error|provider returned error)$/i;

/**
 * A status that says the request itself was refused (4xx, but not a timeout or a rate): gateways and
 * compatible servers file every upstream failure as `api_error` or `server_error`, so a server code
 * word next to such a status is the wrapper's label, not what happened.
 */
function refusedStatus(envelope: ErrorEnvelope): boolean {
  const { status } = envelope;
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

function otherAnswers(text: string, envelope: ErrorEnvelope): RawAnswer[] {
  const signals = new Map<OtherCategory, Signals>();
  const refused = refusedStatus(envelope);
  const lowered = text.toLowerCase();
  for (const p of CATEGORY_PATTERNS) {
    const m = execIfMayMatch(p.pattern, text, lowered);
    if (!m) continue;
    // A match that is only a code word (permission_denied) names a status, not what happened: it must not outrank a sentence that says why.
    const codeWord = CODE_WORD.test(m[0].trim());
    if ((codeWord || RELAY_LABEL.test(m[0].trim())) && refused && p.category === 'server') continue;
    add(signals, p.category, p.confidence, `"${m[0].trim()}": ${p.says}`, !codeWord, p.capability);
  }
  for (const type of envelope.types) {
    const known = TYPE_CATEGORY[type];
    if (known && !(refused && known[0] === 'server')) add(signals, known[0], known[1], `error type ${type}`, false);
  }
  for (const code of envelope.codes) {
    const category = codeCategory(code);
    if (category) add(signals, category, 0.72, `error code ${code}`, false);
  }
  // A type or code that only says "invalid request" still outranks a bare 400: the provider read the request and refused it.
  const generic = [...envelope.types, ...envelope.codes].find((c) => !TYPE_CATEGORY[c] && !codeCategory(c) && genericInvalidCode(c));
  if (generic) add(signals, 'request', 0.5, `error type ${generic}`, false);
  for (const name of envelope.classes) {
    const [category, confidence] = CLASS_CATEGORY[name];
    add(signals, category, confidence, `error class ${name}`, false);
  }
  if (envelope.exception && EXCEPTION_CATEGORY[envelope.exception]) {
    const [category, confidence] = EXCEPTION_CATEGORY[envelope.exception];
    add(signals, category, confidence, `AWS ${envelope.exception}`, false);
  }
  if (envelope.googleStatus && GOOGLE_STATUS_CATEGORY[envelope.googleStatus]) {
    const [category, confidence] = GOOGLE_STATUS_CATEGORY[envelope.googleStatus];
    add(signals, category, confidence, `Google status ${envelope.googleStatus}`, false);
  }
  if (envelope.status !== null) {
    const known = statusCategory(envelope.status);
    if (known) add(signals, known[0], known[1], `HTTP status ${envelope.status}`, false);
  }
  // A proxy's HTML page says the provider was not reached, unless its status says the request itself was refused (a 413, a 401).
  if (envelope.html && (envelope.status === null || envelope.status >= 500))
    add(signals, 'server', 0.65, 'an HTML error page instead of an API response', false);
  // Nothing specific matched (at most a bare status): the category the words lean to is a better guess than none.
  const strongest = Math.max(0, ...[...signals.values()].map((s) => s.confidence));
  const cue = strongest < CUE_CONFIDENCE ? cueCategory(text) : null;
  if (cue)
    add(signals, cue.category, CUE_CONFIDENCE, `the words ${cue.words.map((w) => `"${w}"`).join(', ')} (a guess by vocabulary)`, false);
  const out: RawAnswer[] = [];
  for (const [category, s] of signals) {
    // Agreeing signals (a phrase, a type field and a status) make an answer surer, never certain;
    // a phrase decisive on its own keeps its confidence.
    const confidence = Math.min(Math.max(0.97, s.confidence), s.confidence + 0.02 * (s.count - 1));
    const answer: RawAnswer = { category, confidence, says: s.says, phrase: s.phrase };
    if (s.capability) answer.capability = s.capability;
    if (category === 'rate-limit' && (OVERLOAD.test(text) || envelope.status === 529)) answer.overload = true;
    if (category === 'context-length') {
      const tokens = reportedTokens(text);
      if (tokens) answer.tokens = tokens;
    }
    out.push(answer);
  }
  return out;
}

/**
 * The answers an error's text supports, most likely first. A transcript answer outranks the
 * generic "bad request" its status or type implies (it is the same error, better understood), and
 * answers far below the best one are left out. `unwrapped` is the text with a terminal's line
 * wrapping undone (normalize.ts), read for transcript wordings only.
 */
export function classify(text: string, envelope: ErrorEnvelope, unwrapped: string = text): RawAnswer[] {
  const transcript = transcriptAnswers(unwrapped === text ? [text] : [text, unwrapped]);
  let others = otherAnswers(text, envelope);
  const unfixed = unfixedShape(text);
  if (unfixed) {
    // The same request answer, better understood: it says what the refused shape is.
    const generic = others.find((a) => a.category === 'request');
    others = others.filter((a) => a !== generic);
    others.push({
      category: 'request',
      confidence: Math.max(unfixed.shape.confidence, generic?.confidence ?? 0),
      says: [`"${unfixed.match}": ${unfixed.shape.says}`, ...(generic?.says ?? []).filter((say) => !say.includes('a guess by vocabulary'))],
      phrase: true,
      note: { explanation: unfixed.shape.explanation, action: unfixed.shape.action },
    });
  }
  const bestPhrase = Math.max(0, ...others.filter((a) => a.phrase).map((a) => a.confidence));
  if (bestPhrase >= 0.85)
    others = others.map((a) => (!a.phrase && a.confidence > bestPhrase ? { ...a, confidence: bestPhrase - 0.01 } : a));
  const bestTranscript = Math.max(0, ...transcript.map((a) => a.confidence));
  if (bestTranscript >= 0.7) others = others.filter((a) => a.phrase || a.category !== 'request');
  // A server that says what is wrong with the conversation read it and refused it: the 5xx (or the
  // `api_error` label) is how it filed a validation failure (local servers answer template errors
  // with a 500), so a status or a type alone does not outrank the words.
  if (bestTranscript > 0)
    others = others.map((a) =>
      !a.phrase && a.category === 'server' && a.confidence >= bestTranscript ? { ...a, confidence: bestTranscript - 0.01 } : a,
    );
  const all = [...transcript, ...others].sort((a, b) => b.confidence - a.confidence);
  if (all.length === 0) return [];
  const top = all[0].confidence;
  return all.filter((a, i) => i === 0 || a.confidence >= Math.min(0.5, top - 0.3));
}
