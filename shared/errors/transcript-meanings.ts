/**
 * Transcript errors read by meaning, for wordings no known pattern matches: a tool result without
 * its call, a call without its result, roles out of order, a first or last turn of the wrong role,
 * empty content, a bad thinking signature, a malformed or duplicated tool-call id, a reasoning field
 * the server requires. The check (and so the hygiene rule) follows the family the words belong to.
 */
import type { CheckId } from '../preflight/checks.js';

/** One meaning: what it is, the words that say it, and the check for each family's vocabulary. */
export interface TranscriptMeaning {
  meaning: string;
  pattern: RegExp;
  /** Checks by the family words the text uses, first match wins. */
  checks: [RegExp, CheckId][];
  fallback: CheckId;
}

/** Below every known wording and category phrase, above what a bare 400 says. */
export const MEANING_CONFIDENCE = 0.74;

const ANTHROPIC = /tool_use|tool_result|\btoolu_|thinking block/i;
const BEDROCK = /toolUse|toolResult|ContentBlock|Message object|Converse|ValidationException|bedrock/;
const GEMINI =
  /function[ _]?(?:call|response) (?:part|turn)s?|functionCall|functionResponse|multiturn|\bcontents\[|\bparts?\b.{0,20}\bmodel\b|\bmodel\b (?:turn|role)/i;
const RESPONSES = /function_call_output|\bcall_id\b|\binput\[\d+\]|\bfc_\w|\brs_\w/i;
const MISTRAL = /mistral|["']object["']:\s*["']error["']/i;
// Providers and servers that speak Chat Completions: their last-turn rule is that check's, not Anthropic's prefill.
const COMPLETIONS =
  /\b(?:openai|perplexity|groq|deepseek|together|fireworks|cerebras|vllm|llama\.cpp|llama-server|ollama|lm ?studio)\b|\binvalid_message\b/i;

const RESULT = String.raw`(?:tool[ _-]?(?:results?|outputs?|messages?|responses?)|function[ _-]?(?:call[ _-]?)?(?:responses?|outputs?))`;
const CALL = String.raw`(?:tool[ _-]?(?:use|calls?)|function[ _-]?calls?)`;
const ID = String.raw`(?:tool[ _-]?(?:call|use)[ _-]?ids?|tool_call_id|tool_use_id|toolUseId|call_id)`;

/** The check each family's words point at for a call that no result answers. */
const CALL_WITHOUT_RESULT: [RegExp, CheckId][] = [
  [ANTHROPIC, 'anthropic-tool-use-without-result'],
  [BEDROCK, 'bedrock-tool-use-without-result'],
  [GEMINI, 'gemini-function-response-count'],
  [RESPONSES, 'responses-dangling-function-call'],
  [MISTRAL, 'mistral-tool-result-count'],
];

function words(source: string): RegExp {
  return new RegExp(source, 'i');
}

export const TRANSCRIPT_MEANINGS: readonly TranscriptMeaning[] = [
  {
    meaning: 'a tool result answers no tool call',
    pattern: words(
      String.raw`\bno (?:tool[ _-]?(?:call|use)|function[ _-]?call|assistant message)s?\b.{0,20}\bfor (?:the |this )?(?:tool|function)\b[\w ]{0,20}?\b(?:results?|outputs?|responses?|messages?)\b|\b(?:unexpected|unknown|unmatched|orphan(?:ed)?|dangling) (?:${ID}|${RESULT})\b|\b${RESULT}\b.{0,60}\b(?:without|no|lacks?) (?:a |any )?(?:matching|corresponding|preceding|previous|prior)\b|\b${RESULT}\b.{0,20}\bmust (?:follow|be preceded by|come (?:right |directly |immediately )?after) (?:an? |the |its )?(?:(?:assistant |model )?(?:message|turn)s? (?:with|containing) (?:a |the )?)?(?:tool[ _]?calls?|tool_use|function[ _]?calls?)\b`,
    ),
    checks: [
      [ANTHROPIC, 'anthropic-tool-result-without-use'],
      [BEDROCK, 'bedrock-tool-result-without-use'],
      [GEMINI, 'gemini-orphan-function-response'],
      [RESPONSES, 'responses-orphan-output'],
      [MISTRAL, 'mistral-orphan-tool-message'],
    ],
    fallback: 'completions-orphan-tool-message',
  },
  {
    meaning: 'a tool call has no result',
    pattern: words(
      String.raw`\bno ${RESULT}\b.{0,20}\bfor (?:the |this )?(?:tool|function)\b|\b${CALL}\b.{0,60}\b(?:without|missing|lack(?:s|ing)?|never got|did not (?:get|have)) (?:a |any |their |its )?(?:matching |corresponding )?(?:tool[ _-]?|function[ _-]?)?(?:results?|outputs?|responses?|messages?)\b|\b(?:not|never) followed by (?:a |the |any )?(?:tool|function)\b|\b(?:${CALL}|${ID})\b.{0,40}\b(?:must (?:have|be followed by)|has no|have no|had no) (?:a |an |its |their )?(?:corresponding |matching )?(?:tool[ _-]?|function[ _-]?)?(?:results?|outputs?|responses?|messages?)\b`,
    ),
    checks: CALL_WITHOUT_RESULT,
    fallback: 'completions-missing-tool-response',
  },
  {
    meaning: 'tool calls and tool results do not pair up',
    pattern: words(
      String.raw`\bmismatch(?:ed)?\b.{0,30}\b${CALL}\b.{0,20}\b(?:${RESULT}|results?|responses?|outputs?)\b|\b${CALL}\b.{0,20}\b(?:${RESULT}|results?|responses?|outputs?)\b.{0,20}\b(?:do not|don't|does not|did not|not) match\b`,
    ),
    checks: CALL_WITHOUT_RESULT,
    fallback: 'completions-orphan-tool-message',
  },
  {
    meaning: 'roles do not alternate',
    pattern: words(
      String.raw`\b(?:roles?|messages?|turns?)\b.{0,40}\b(?:must|should|have to|need to) (?:be )?alternat(?:e|ing)\b|\b(?:consecutive|successive|multiple|repeated) (?:user|assistant|model|human) (?:messages?|roles?|turns?)\b|\b(?:user|assistant|model) (?:messages?|roles?|turns?) in a row\b|\bexpected alternating (?:user|roles|turns|messages)\b|\b(?:consecutive|successive) (?:messages|turns) (?:with|of|from) the same role\b`,
    ),
    checks: [
      [ANTHROPIC, 'anthropic-alternation'],
      [BEDROCK, 'bedrock-alternation'],
      [GEMINI, 'gemini-alternation'],
    ],
    fallback: 'completions-alternation',
  },
  {
    // A history with no user turn at all (Qwen's template: "No user query found in messages") is fixed the same way.
    meaning: 'the first turn is not a user turn, or no turn is',
    pattern: words(
      String.raw`\b(?:first|initial|leading) (?:non-?system |non-?developer )?(?:message|turn|content|entry|role)s?\b(?: \([^)]{0,60}\))?.{0,40}?\b(?:must|should|has to|needs to) (?:be|use|have|come from)\b.{0,15}\b(?:user|human)\b|\bexpected (?:the )?first (?:non-?system )?(?:message|turn) to be (?:from )?(?:an? |the )?(?:user|human)\b|\bmust (?:start|begin) with (?:a |an |the )?(?:user|human)\b|\bno (?:user|human) (?:query|message|turn|input|prompt)s? (?:was )?(?:found|present|provided|given)\b|\b(?:messages|conversation|history|request) (?:must|should) (?:contain|include|have) (?:at least one |an? )(?:user|human) (?:message|turn)\b`,
    ),
    checks: [
      [BEDROCK, 'bedrock-first-user'],
      [GEMINI, 'gemini-first-user'],
    ],
    fallback: 'anthropic-first-user',
  },
  {
    meaning: 'the last assistant turn is or ends in thinking, which cannot close a request',
    pattern: words(
      String.raw`\b(?:final|last|trailing)\b.{0,40}\bassistant\b.{0,60}\b(?:cannot|can ?not|must not|may not|is not allowed to)\b.{0,20}\b(?:be|contain|end (?:with|in)|include)\b.{0,10}\b(?:redacted_)?thinking\b`,
    ),
    checks: [],
    fallback: 'anthropic-trailing-prefill',
  },
  {
    meaning: 'the request ends with an assistant turn (a prefill)',
    pattern: words(
      String.raw`\b(?:last|final|trailing) (?:message|turn|role|content)s?\b.{0,40}\b(?:must|should|has to|needs to) (?:be|end with|come from|have (?:the |a )?role)\b.{0,20}\b(?:user|human|tool)\b|\bmust end with (?:a |an |the )?(?:user|human|tool)\b|\b(?:ensure|make sure)\b.{0,60}?\bends? with (?:a |an |the )?(?:user|human|tool|function)\b|\bprefill\b`,
    ),
    checks: [
      [GEMINI, 'gemini-trailing-model'],
      [MISTRAL, 'mistral-trailing-assistant'],
      [/enable_thinking|chat template/i, 'completions-trailing-assistant'],
      [COMPLETIONS, 'completions-trailing-assistant'],
    ],
    fallback: 'anthropic-trailing-prefill',
  },
  {
    meaning: 'a message or block is empty',
    pattern: words(
      String.raw`\b(?:content|text|message|parts?|blocks?)\b.{0,25}\b(?:must not|cannot|can ?not|can'?t|should not|may not|must never) be (?:empty|blank|null|whitespace)|\b(?:empty|blank|whitespace-only) (?:content|text|message|parts?|blocks?)\b.{0,20}\b(?:not allowed|not supported|invalid|rejected)\b|\bnon-?empty (?:content|text)\b|\bmust (?:contain|have) (?:non-?whitespace|some) (?:text|content)\b`,
    ),
    checks: [
      [BEDROCK, 'bedrock-blank-text'],
      [GEMINI, 'gemini-empty-parts'],
      [ANTHROPIC, 'anthropic-blank-text'],
      [MISTRAL, 'mistral-empty-assistant'],
    ],
    fallback: 'completions-empty-content',
  },
  {
    meaning: 'a thinking block signature is invalid or missing',
    pattern: words(
      String.raw`\b(?:thinking|reasoning)(?: block)?[ _.-]?signatures?\b.{0,40}\b(?:invalid|missing|required|not valid|mismatch|expired|could not be verified|cannot be verified)\b|\binvalid (?:thinking|reasoning) signatures?\b`,
    ),
    checks: [],
    fallback: 'anthropic-thinking-signature',
  },
  {
    meaning: 'a tool-call id is too long or has the wrong characters',
    pattern: words(
      String.raw`\b${ID}\b.{0,60}\b(?:too long|string above max|exceeds? (?:the )?max(?:imum)? length|must (?:be|match|have|contain|only)|does ?n[o']t match|pattern|invalid characters?)`,
    ),
    checks: [
      [/\bcall_id\b|\binput\[\d+\]/i, 'responses-call-id-length'],
      [/toolUseId/, 'bedrock-tool-id-format'],
      [/tool_use|\btoolu_/i, 'anthropic-tool-id-format'],
      [MISTRAL, 'mistral-tool-call-id'],
    ],
    fallback: 'completions-tool-call-id-length',
  },
  {
    meaning: 'a tool-call id is used twice',
    pattern: words(
      String.raw`\b${ID}\b.{0,40}\b(?:is |was )?(?:duplicated|appears (?:more than once|twice)|used (?:more than once|twice)|not unique)\b|\bduplicated? (?:tool[ _-]?(?:call|use)[ _-]?)?ids?\b|\b(?:tool[ _-]?(?:call|use)[ _-]?)ids? (?:must|should) be unique\b|\bduplicated? (?:tool[ _-]?(?:calls?|uses?)|function[ _-]?calls?)\b`,
    ),
    checks: [
      [BEDROCK, 'bedrock-duplicate-tool-use'],
      [RESPONSES, 'responses-duplicate-item'],
    ],
    fallback: 'anthropic-duplicate-tool-id',
  },
  {
    meaning: 'the server requires the reasoning of earlier turns back',
    pattern: words(
      String.raw`\breasoning_(?:content|details)\b.{0,60}\b(?:missing|required|must be (?:passed|sent|included|provided|returned))\b`,
    ),
    checks: [],
    fallback: 'completions-reasoning-missing',
  },
];

/** The check a meaning points at for this text's vocabulary. */
export function meaningCheck(meaning: TranscriptMeaning, text: string): CheckId {
  return meaning.checks.find(([family]) => family.test(text))?.[1] ?? meaning.fallback;
}
