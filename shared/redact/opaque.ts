/**
 * Redacting values that are not prose: signatures and encrypted reasoning (replaced by look-alikes
 * of the same validity class) and recorded provider error messages (kept, with secrets masked).
 */
import { canonicalizeBase64 } from '../images/probe.js';
import { isBase64Signature } from '../rules/thought-signature.js';
import { rewriteJsonStrings } from './json-text.js';
import { maskText, replaceAlphanumerics } from './mask-text.js';

/** Fields of a signature's JSON (an OpenAI reasoning item, a text signature) that are ids and kinds, not content. */
const SIGNATURE_JSON_KEPT = new Set(['id', 'type', 'phase', 'v', 'status', 'format']);

/** A leading `msg_` / `rs_` style prefix: hygiene tells leaked ids from signatures by it. */
const ID_PREFIX = /^[a-z]{1,8}_/;

/** Replacement characters tried for the last character, until the look-alike has the original's class. */
const LAST_CHARACTERS = 'ABQgwz09+/-_';

/** The validity classes hygiene tells apart for a signature or an encrypted blob. */
export function signatureClass(value: string): string {
  return `${isBase64Signature(value)}:${canonicalizeBase64(value) !== undefined}`;
}

/** The class of a value that is base64 to both tests. */
const VALID_CLASS = 'true:true';

/**
 * A signature (Anthropic, Gemini thought signature, redacted thinking data, encrypted reasoning)
 * replaced by one of the same length and class: blank stays blank, base64 stays base64, a leaked
 * `msg_…` id stays one, and JSON (an OpenAI reasoning item) keeps its ids while its summary text
 * is masked. The original cannot be recovered from it.
 */
export function redactSignature(value: string): string {
  if (value.trim() === '') return value;
  const trimmed = value.trim();
  if (trimmed.startsWith('{') && trimmed.endsWith('}') && parsesAsObject(trimmed)) {
    return rewriteJsonStrings(
      value,
      (text, path) => {
        const key = path.at(-1);
        if (typeof key === 'string' && SIGNATURE_JSON_KEPT.has(key)) return text;
        return key === 'encrypted_content' ? redactSignature(text) : maskText(text);
      },
      true,
    );
  }
  const prefix = ID_PREFIX.exec(value)?.[0] ?? '';
  const body = replaceAlphanumerics(value.slice(prefix.length), 'A');
  const wanted = signatureClass(value);
  let candidate = prefix + body;
  // Every test of the class reads which characters are in which alphabet, where the padding and
  // whitespace are, and the unused bits of the last character; letters and digits made `A` (0 in
  // both alphabets) keep all of that but those bits, which `A` clears. So a value that passes every
  // test has a look-alike that does too, without classifying it (most signatures: 42,528 of them in
  // one session); such a value has no `msg_` prefix, an underscore failing the canonical test. Tests of
  // the class that read anything else break this: opaque.test.ts classifies random look-alikes.
  if (wanted === VALID_CLASS) return candidate;
  const last = body.search(/[A-Za-z0-9+/_-][^A-Za-z0-9+/_-]*$/);
  for (let k = 0; signatureClass(candidate) !== wanted && last >= 0 && k < LAST_CHARACTERS.length; k += 1) {
    candidate = prefix + body.slice(0, last) + LAST_CHARACTERS[k] + body.slice(last + 1);
  }
  return candidate;
}

function parsesAsObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * Secrets a provider may echo in an error: API keys, bearer tokens, account and project ids, AWS
 * key ids, e-mail addresses. Masked where they appear in a recorded error message.
 */
const SECRETS: readonly RegExp[] = [
  /\b(?:sk|pk|rk)-[A-Za-z0-9_-]{6,}/g,
  /\b(?:sk|key)_[A-Za-z0-9]{16,}/g,
  /\bAIza[0-9A-Za-z_-]{20,}/g,
  /\bA(?:KIA|SIA)[0-9A-Z]{12,}/g,
  /\b(?:org|proj|user|acct|ws)[-_][A-Za-z0-9]{6,}/g,
  /\b[Bb]earer\s+[^\s"',]+/g,
  /\b(?:api[-_]?key|token|secret|password)\s*[=:]\s*[^\s"',]+/gi,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
];

/**
 * A recorded error message as the provider wrote it (the app explains rejections from its words),
 * with secrets and addresses masked.
 */
export function redactErrorMessage(text: string): string {
  let out = text;
  for (const pattern of SECRETS) out = out.replace(pattern, (secret) => maskText(secret));
  return out;
}
