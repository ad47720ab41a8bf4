/**
 * Explaining a pasted provider error: which preflight check it is, the hygiene rule that prevents
 * it, and (given an inspection) the transcript turns it points at. Pure: text and JSON in, data out.
 */
import type { ErrorExplanation, Inspection, InspectionSide } from '../inspection.js';
import { toolResultCallIds } from '../messages.js';
import { CHECKS, type CheckId } from '../preflight/checks.js';
import { payloadFamily, payloadMessages, type PayloadFamily } from '../preflight/family.js';
import { mapPayloadToMessages } from '../preflight/payload-map.js';

/** One recognisable provider error. */
interface ErrorPattern {
  check: CheckId;
  pattern: RegExp;
  confidence: number;
  /** Who says this, for the explanation. */
  source: string;
}

/** Known provider errors, most specific first. Patterns run on the text with quotes and whitespace normalised. */
const PATTERNS: ErrorPattern[] = [
  {
    check: 'anthropic-tool-use-without-result',
    pattern: /tool_use ids were found without tool_result blocks/i,
    confidence: 0.95,
    source: 'Anthropic',
  },
  {
    check: 'anthropic-tool-result-without-use',
    pattern: /unexpected tool_use_id found in tool_result blocks/i,
    confidence: 0.95,
    source: 'Anthropic',
  },
  {
    check: 'anthropic-alternation',
    pattern: /roles must alternate between ["']?user["']? and ["']?assistant["']?/i,
    confidence: 0.8,
    source: 'Anthropic',
  },
  { check: 'anthropic-empty-content', pattern: /all messages must have non-empty content/i, confidence: 0.9, source: 'Anthropic' },
  {
    check: 'anthropic-blank-text',
    pattern: /text content blocks must (?:be non-empty|contain non-whitespace text)/i,
    confidence: 0.9,
    source: 'Anthropic (also via Bedrock)',
  },
  {
    check: 'anthropic-thinking-signature',
    pattern: /invalid signature in thinking block|thinking(?:\.\w+)*\.signature: field required/i,
    confidence: 0.95,
    source: 'Anthropic (also via Bedrock and Vertex)',
  },
  {
    check: 'anthropic-trailing-prefill',
    pattern:
      /does not support assistant message prefill|conversation must end with a user message|expected thinking or redacted_thinking, but found/i,
    confidence: 0.92,
    source: 'Anthropic (also via Bedrock and Copilot)',
  },
  {
    check: 'anthropic-tool-id-format',
    pattern: /tool_use(?:_id|\.id)?: string should match pattern/i,
    confidence: 0.92,
    source: 'Anthropic',
  },
  { check: 'anthropic-image-size', pattern: /image exceeds 5 MB maximum/i, confidence: 0.95, source: 'Anthropic' },
  { check: 'anthropic-image-dimensions', pattern: /image dimensions exceed max allowed size/i, confidence: 0.9, source: 'Anthropic' },
  {
    check: 'bedrock-empty-content',
    pattern: /content field in the Message object at \S+ is empty/i,
    confidence: 0.95,
    source: 'Bedrock Converse',
  },
  {
    check: 'bedrock-blank-text',
    pattern: /text field in the ContentBlock object at \S+ is blank/i,
    confidence: 0.95,
    source: 'Bedrock Converse',
  },
  {
    check: 'bedrock-alternation',
    pattern: /conversation must alternate between user and assistant roles/i,
    confidence: 0.9,
    source: 'Bedrock Converse',
  },
  { check: 'bedrock-first-user', pattern: /conversation must start with a user message/i, confidence: 0.9, source: 'Bedrock Converse' },
  {
    check: 'bedrock-tool-use-without-result',
    pattern: /expected toolResult blocks at messages/i,
    confidence: 0.95,
    source: 'Bedrock Converse',
  },
  {
    check: 'bedrock-tool-result-without-use',
    pattern: /number of toolResult blocks at \S+ exceeds the number of toolUse blocks/i,
    confidence: 0.95,
    source: 'Bedrock Converse',
  },
  {
    check: 'gemini-function-call-position',
    pattern: /function call turn comes immediately after a user turn or after a function response turn/i,
    confidence: 0.9,
    source: 'Gemini',
  },
  {
    check: 'gemini-function-response-count',
    pattern: /number of function response parts is equal to the number of function call parts/i,
    confidence: 0.95,
    source: 'Gemini',
  },
  {
    check: 'gemini-orphan-function-response',
    pattern: /function response turn comes immediately after a function call turn/i,
    confidence: 0.95,
    source: 'Gemini',
  },
  { check: 'gemini-alternation', pattern: /multiturn requests alternate between user and model/i, confidence: 0.8, source: 'Gemini' },
  {
    check: 'gemini-first-user',
    pattern: /multiturn requests alternate between user and model|first content should be with role 'user'/i,
    confidence: 0.5,
    source: 'Gemini',
  },
  {
    check: 'gemini-empty-parts',
    pattern: /parts must not be empty|must include at least one parts field/i,
    confidence: 0.9,
    source: 'Gemini',
  },
  { check: 'gemini-thought-signature', pattern: /missing a thought_signature/i, confidence: 0.9, source: 'Gemini 3' },
  {
    check: 'responses-dangling-function-call',
    pattern: /no tool output found for (?:function|tool) call/i,
    confidence: 0.95,
    source: 'OpenAI Responses',
  },
  {
    check: 'responses-orphan-output',
    pattern: /no tool call found for function call output/i,
    confidence: 0.95,
    source: 'OpenAI Responses',
  },
  { check: 'responses-function-call-id', pattern: /expected an ID that begins with 'fc'/i, confidence: 0.95, source: 'OpenAI Responses' },
  { check: 'responses-call-id-length', pattern: /call_id'?: string too long/i, confidence: 0.9, source: 'OpenAI Responses' },
  {
    check: 'responses-orphan-reasoning',
    pattern: /of type 'reasoning' was provided without its required following item/i,
    confidence: 0.95,
    source: 'OpenAI Responses',
  },
  { check: 'responses-reasoning-id', pattern: /expected an ID that begins with 'rs'/i, confidence: 0.9, source: 'OpenAI Responses' },
  {
    check: 'completions-orphan-tool-message',
    pattern: /messages with role ["']?tool["']? must be a response to a prece+ding message with ["']?tool_calls["']?/i,
    confidence: 0.95,
    source: 'OpenAI Chat Completions (and compatible servers)',
  },
  { check: 'completions-orphan-tool-message', pattern: /tool_call_id\s+is not found/i, confidence: 0.7, source: 'Kimi' },
  {
    check: 'completions-missing-tool-response',
    pattern: /assistant message with ["']?tool_calls["']? must be followed by tool messages/i,
    confidence: 0.95,
    source: 'OpenAI Chat Completions (and compatible servers)',
  },
  {
    check: 'completions-historic-reasoning',
    pattern: /property '(?:messages\.\d+\.assistant\.)?reasoning_content' is unsupported|reasoning is not supported with this model/i,
    confidence: 0.9,
    source: 'strict OpenAI-compatible servers (Groq, Cerebras)',
  },
  {
    check: 'completions-reasoning-missing',
    pattern:
      /reasoning_content\b.*must be passed back|reasoning_content is missing in assistant tool call message|content\[\]\.thinking\b.*must be passed back/i,
    confidence: 0.9,
    source: 'DeepSeek / Kimi thinking mode',
  },
  {
    check: 'completions-alternation',
    pattern: /conversation roles must alternate user(?:\/assistant| and assistant)/i,
    confidence: 0.85,
    source: 'local chat templates (llama.cpp, vLLM, Jinja)',
  },
  {
    check: 'completions-tool-arguments',
    pattern: /cannot unmarshal \w+ into Go struct field \S*tool_calls\.function\.arguments|invalid tool call arguments/i,
    confidence: 0.7,
    source: 'Ollama',
  },
  {
    check: 'mistral-tool-call-id',
    pattern: /tool call id was \S* ?but must be a-z, A-Z, 0-9, with a length of 9/i,
    confidence: 0.98,
    source: 'Mistral',
  },
  {
    check: 'mistral-tool-result-count',
    pattern: /not the same number of function calls and responses/i,
    confidence: 0.95,
    source: 'Mistral',
  },
  {
    check: 'mistral-user-after-tool',
    pattern: /unexpected role '?user'? after role '?tool'?/i,
    confidence: 0.7,
    source: 'Mistral chat templates (vLLM, mistral-common)',
  },
];

/**
 * The text with escaped quotes, backticks, line breaks and terminal box borders normalised, so one
 * pattern fits every client's wrapping.
 */
export function normalizeErrorText(text: string): string {
  return text
    .replace(/[\u2500-\u257f]/g, ' ')
    .replace(/\\+(["'`])/g, '$1')
    .replace(/\\n/g, ' ')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Message indices an error names: `messages.43.content.2`, `messages.[4]`, `input[3]`, `contents[1]`, `message[532]`, `at index 52`. */
export function errorMessageIndices(text: string): number[] {
  const found = new Set<number>();
  const patterns = [/\bmessages\.\[?(\d+)\]?/g, /\bmessages?\[(\d+)\]/g, /\binput\[(\d+)\]/g, /\bcontents\[(\d+)\]/g, /\bat index (\d+)/g];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.add(Number(m[1]));
  return [...found];
}

/** Tool-call and item ids an error quotes (`toolu_…`, `call_…`, `fc_…`, `rs_…`, Mistral 9-character ids). */
export function errorIds(text: string): string[] {
  const ids = new Set<string>();
  for (const m of text.matchAll(/\b((?:toolu|toolu_vrtx|tooluse|call|fc|rs|msg)_[A-Za-z0-9_-]{4,})/g)) ids.add(m[1]);
  for (const m of text.matchAll(/tool call id was (\S+) but/gi)) ids.add(m[1]);
  return [...ids];
}

/** For each entry of a side's payload, the index of the side's message it came from. */
export function entrySourcesOf(side: InspectionSide, family: PayloadFamily): (number | null)[] {
  return side.payload === undefined ? [] : mapPayloadToMessages(side.payload, family, side.messages);
}

function turnOf(inspection: Inspection, sideName: 'original' | 'replay', index: number | null): number | null {
  if (index === null) return null;
  // Original messages are the transcript's turns; replay messages map back through their origins.
  return sideName === 'original' ? index : (inspection.replay.origins?.[index] ?? null);
}

function turnsFor(inspection: Inspection, check: CheckId, text: string): { turns: number[]; note: string } {
  const family = payloadFamily(inspection.target.api);
  if (!family) return { turns: [], note: '' };
  const before = inspection.preflight?.original.filter((f) => f.check === check) ?? [];
  const after = inspection.preflight?.replay.filter((f) => f.check === check) ?? [];
  // An error hygiene fixes was most likely raised by a payload like the unsanitised one.
  const sideName: 'original' | 'replay' = before.length > 0 && after.length === 0 ? 'original' : 'replay';
  const side = inspection[sideName];
  const sources = entrySourcesOf(side, family);
  const entries = payloadMessages(side.payload, family);
  const turns = new Set<number>();
  // Quoted ids pin the exact turn (a grouped tool-result message holds several turns).
  for (const id of errorIds(text)) {
    side.messages.forEach((message, i) => {
      if (message.role !== 'assistant' && message.role !== 'toolResult') return;
      if (JSON.stringify(message.role === 'toolResult' ? toolResultCallIds(message) : message.content)?.includes(id)) {
        const turn = turnOf(inspection, sideName, i);
        if (turn !== null) turns.add(turn);
      }
    });
  }
  if (turns.size === 0) {
    // pi-ai may have rewritten the id on the wire: look in the payload entries instead.
    for (const id of errorIds(text)) {
      entries.forEach((entry, n) => {
        if (!JSON.stringify(entry).includes(id)) return;
        const turn = turnOf(inspection, sideName, sources[n] ?? null);
        if (turn !== null) turns.add(turn);
      });
    }
  }
  if (turns.size === 0) {
    for (const n of errorMessageIndices(text)) {
      const turn = turnOf(inspection, sideName, n < sources.length ? (sources[n] ?? null) : null);
      if (turn !== null) turns.add(turn);
    }
  }
  if (turns.size === 0) {
    for (const f of sideName === 'original' ? before : after) {
      const turn = turnOf(inspection, sideName, f.messageIndex === null ? null : (sources[f.messageIndex] ?? null));
      if (turn !== null) turns.add(turn);
    }
  }
  let note = '';
  if (before.length > 0 && after.length === 0)
    note = ` Preflight finds this in the original payload and not in the replay: hygiene fixes it for ${inspection.target.provider}/${inspection.target.modelId}.`;
  else if (after.length > 0) note = ' Preflight still finds this in the replay payload.';
  return { turns: [...turns].sort((a, b) => a - b), note };
}

/**
 * Match a pasted provider error to the checks that explain it, most likely first. With an
 * inspection, confidence rises when preflight finds the same defect, and `turns` names the
 * transcript turns (original indices) the error points at.
 */
export function explainProviderError(errorText: string, inspection?: Inspection): ErrorExplanation[] {
  if (typeof errorText !== 'string' || errorText.trim() === '') return [];
  const text = normalizeErrorText(errorText);
  const best = new Map<CheckId, ErrorPattern>();
  for (const p of PATTERNS) {
    if (!p.pattern.test(text)) continue;
    const seen = best.get(p.check);
    if (!seen || seen.confidence < p.confidence) best.set(p.check, p);
  }
  const out: ErrorExplanation[] = [];
  for (const [check, p] of best) {
    const info = CHECKS[check];
    let confidence = p.confidence;
    let turns: number[] = [];
    let note = '';
    if (inspection) {
      const found =
        (inspection.preflight?.original ?? []).some((f) => f.check === check) ||
        (inspection.preflight?.replay ?? []).some((f) => f.check === check);
      if (found) confidence = Math.min(0.99, confidence + 0.04);
      ({ turns, note } = turnsFor(inspection, check, text));
    }
    out.push({
      check,
      rule: info.rule,
      confidence: Math.round(confidence * 100) / 100,
      explanation: `${p.source}: ${info.title} The \`${info.rule}\` rule keeps a replay within this.${note}`,
      turns,
    });
  }
  return out.sort((a, b) => b.confidence - a.confidence);
}
