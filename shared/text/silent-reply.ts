/**
 * Recognising OpenClaw's silent reply (`NO_REPLY`): a turn whose only visible text says "do not
 * reply". Such text is never replayed: it was never meant for the conversation.
 */

const TOKEN = 'NO_REPLY';
const MAY_HOLD_TOKEN = /no_reply/i;
const TOKEN_ONLY = /^\s*NO_REPLY(?:\s+NO_REPLY)*\s*$/i;
const REASONING_TAG = '(?:(?:antml:|mm:)?(?:think(?:ing)?|thought)|antthinking)';
const CLOSED_REASONING_PREFIX = new RegExp(`^\\s*<\\s*${REASONING_TAG}\\b[^<>]*>[\\s\\S]*?<\\s*\\/\\s*${REASONING_TAG}\\s*>\\s*`, 'i');
const OPEN_REASONING_PREFIX = new RegExp(`^\\s*<\\s*${REASONING_TAG}\\b[^<>]*>`, 'i');
const PLAIN_REASONING_PREFIX = /^\s*(?:think(?:ing)?|thought|analysis|reasoning)\s*:?\s*\r?\n/i;
const QUIET_PHRASES = "(?:i|i'll|i\\s+will|i'm|i\\s+am|we|we'll|we\\s+will|the\\s+assistant|assistant|the\\s+bot|bot|openclaw)";
const WHERE = '(?:\\s+(?:here|for\\s+now|on\\s+this|in\\s+this\\s+(?:chat|thread|channel|conversation)))?';
const SILENT_INTENT = new RegExp(
  `^\\s*${QUIET_PHRASES}\\s+(?:(?:will\\s+)?(?:stay|remain|keep|be)\\s+(?:quiet|silent)${WHERE}|(?:do\\s+not|don't|dont|will\\s+not|won't|would\\s+not|should\\s+not)\\s+(?:reply|respond)${WHERE}|(?:have|has)\\s+nothing\\s+(?:to|for)\\s+(?:say|add|reply|respond))(?:[.!?]+)?\\s*$`,
  'i',
);
const ANSWER_CUE =
  /\b(?:answer|here(?:'s|\s+is)|tell\s+them|you\s+(?:should|can|could|need|must)|please|try|use|send|service\s+is|resolved|retry|yes|no,|sure)\b/i;
const BARE_REASONING_PLACEHOLDER = /^\s*(?:(?:internal|private)\s+)?(?:reasoning|thinking|thoughts?|analysis)(?:\s+notes?)?\s*$/i;

/** The token a silent reply is made of (a redacted copy of a session keeps it verbatim). */
export const SILENT_REPLY_TOKEN = TOKEN;

/**
 * Every word the patterns above read, for a redacted copy of a session: in a text holding the
 * token they are kept verbatim, so the copy is a silent reply exactly when the original is one.
 */
export const SILENT_REPLY_WORDS: readonly string[] = [
  ...['i', "i'll", "i'm", 'am', 'we', "we'll", 'the', 'assistant', 'bot', 'openclaw', 'will', 'stay', 'remain', 'keep', 'be'],
  ...['quiet', 'silent', 'do', 'not', "don't", 'dont', "won't", 'would', 'should', 'reply', 'respond', 'have', 'has'],
  ...['nothing', 'to', 'for', 'say', 'add', 'here', 'now', 'on', 'this', 'in', 'chat', 'thread', 'channel', 'conversation'],
  ...['answer', "here's", 'is', 'tell', 'them', 'you', 'can', 'could', 'need', 'must', 'please', 'try', 'use', 'send'],
  ...['service', 'resolved', 'retry', 'yes', 'no', 'sure', 'internal', 'private', 'reasoning', 'thinking', 'thought'],
  ...['thoughts', 'analysis', 'note', 'notes', 'think', 'antthinking', 'antml', 'mm'],
];

function stripEdgePunctuation(text: string): string {
  const start = /^\p{P}+/u.exec(text)?.[0].length ?? 0;
  const end = /\p{P}+$/u.exec(text.slice(start))?.[0].length ?? 0;
  return text.slice(start, text.length - end);
}

/** Text that is only the token (repeated, any case, edge punctuation allowed). */
function isTokenOnly(text: string): boolean {
  return !!text && (TOKEN_ONLY.test(text) || TOKEN_ONLY.test(stripEdgePunctuation(text.trim())));
}

function isJsonStringToken(text: string): boolean {
  const t = text.trim();
  if (!t.startsWith('"') || !t.endsWith('"') || !t.includes(TOKEN)) return false;
  try {
    const parsed: unknown = JSON.parse(t);
    return typeof parsed === 'string' && parsed.trim() === TOKEN;
  } catch {
    return false;
  }
}

function isActionEnvelope(text: string): boolean {
  const t = text.trim();
  if (!t.startsWith('{') || !t.endsWith('}') || !t.includes(TOKEN)) return false;
  try {
    const parsed: unknown = JSON.parse(t);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
    const keys = Object.keys(parsed);
    const action = (parsed as Record<string, unknown>).action;
    return keys.length === 1 && keys[0] === 'action' && typeof action === 'string' && action.trim() === TOKEN;
  } catch {
    return false;
  }
}

/** The text without a final token, or null when it does not end with one. */
function withoutFinalToken(text: string): string | null {
  const stripped = text.replace(/(?:^|[\s*.])NO_REPLY\s*$/i, '').trim();
  return stripped === text.trim() ? null : stripped;
}

function endsSilentlyWithIntent(text: string): boolean {
  const rest = withoutFinalToken(text);
  return rest !== null && (rest === '' || SILENT_INTENT.test(rest));
}

function endsSilentlyAfterPlainReasoning(text: string): boolean {
  const rest = withoutFinalToken(text);
  if (rest === null) return false;
  if (rest === '' || SILENT_INTENT.test(rest)) return true;
  const lines = rest
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const last = lines.at(-1);
  const before = lines.slice(0, -1).join('\n');
  return (!!last && SILENT_INTENT.test(last) && !!before && !ANSWER_CUE.test(before)) || BARE_REASONING_PLACEHOLDER.test(rest);
}

function isReasoningPrefixedSilence(text: string): boolean {
  const t = text.trim();
  if (!t) return false;
  let rest = t;
  for (;;) {
    const next = rest.replace(CLOSED_REASONING_PREFIX, '');
    if (next === rest) break;
    rest = next;
  }
  if (rest !== t) return isTokenOnly(rest) || endsSilentlyWithIntent(rest);
  if (OPEN_REASONING_PREFIX.test(t)) {
    const after = t.replace(OPEN_REASONING_PREFIX, '');
    return isTokenOnly(after) || endsSilentlyAfterPlainReasoning(after);
  }
  if (!PLAIN_REASONING_PREFIX.test(t)) return false;
  const after = t.replace(PLAIN_REASONING_PREFIX, '');
  return isTokenOnly(after) || endsSilentlyAfterPlainReasoning(after);
}

/**
 * Whether a text may be a silent reply. Every form holds the token (in any case), so a text without
 * it is ruled out by a scan for its underscore, then one for the token, before the punctuation and
 * reasoning patterns, which cost far more on long texts.
 */
export function mayHoldSilentReply(text: string): boolean {
  return text.includes('_') && MAY_HOLD_TOKEN.test(text);
}

/** True when the text is a silent reply: the token, a JSON string/envelope of it, or reasoning ending in it. */
export function isSilentReplyText(text: string): boolean {
  if (!mayHoldSilentReply(text)) return false;
  return isTokenOnly(text) || isJsonStringToken(text) || isActionEnvelope(text) || isReasoningPrefixedSilence(text);
}
