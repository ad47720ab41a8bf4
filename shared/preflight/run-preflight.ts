/**
 * Preflight: what the provider would say about a payload. Pure: it reads the payload JSON
 * built for a target and lists every documented constraint it breaks, with the rule that fixes it.
 */
import type { PreflightFinding } from '../inspection.js';
import { mistralHint } from '../policy/model-ids.js';
import type { JsonValue, PolicyValues, Target } from '../types.js';
import { anthropicChecks, type CheckedMessages } from './anthropic.js';
import { bedrockChecks } from './bedrock.js';
import {
  entryHasToolUse,
  isAssistantEntry,
  messagesKey,
  payloadFamily,
  payloadMessages,
  thinkingOn,
  type PayloadFamily,
} from './family.js';
import { finding } from './finding.js';
import { geminiChecks } from './gemini.js';
import { mistralChecks, mistralIdChecks } from './mistral.js';
import { completionsChecks } from './openai-completions.js';
import { responsesChecks } from './openai-responses.js';

/** What preflight needs besides the payload. */
export interface PreflightContext {
  target: Target;
  /** The api whose builder produced the payload (differs from the target's for stand-ins). */
  api?: string;
  /**
   * The target's resolved policy. Two provider facts are only known through it: which
   * OpenAI-compatible servers refuse historic reasoning, and which routes are Claude models that
   * refuse a trailing prefill with thinking on.
   */
  policy?: PolicyValues;
  /**
   * A payload already checked for the same target and api, its findings, and where this payload's
   * messages are in it: the messages it shares (the same objects, between the same neighbours)
   * are known, not read again. A replay's payload reuses the original's entries for the turns
   * hygiene left alone.
   */
  checked?: CheckedPayload;
}

/** A payload preflight has run on, with the api it was built by and what preflight found. */
export interface CheckedPayload {
  payload: JsonValue | undefined;
  api: string;
  findings: readonly PreflightFinding[];
  /** For each message of the payload checked now, the index of the same message in this one (-1: none). */
  at: Int32Array;
}

/** The checked payload's messages, with those its findings point at. */
function checkedMessages(checked: CheckedPayload, family: PayloadFamily): CheckedMessages {
  const list = payloadMessages(checked.payload, family);
  const flagged = new Uint8Array(list.length);
  for (const f of checked.findings)
    if (f.messageIndex !== null && f.messageIndex >= 0 && f.messageIndex < list.length) flagged[f.messageIndex] = 1;
  return { list, at: checked.at, flagged };
}

function prefillCheck(list: readonly JsonValue[], family: PayloadFamily): PreflightFinding[] {
  const last = list.length - 1;
  const entry = list[last];
  if (last < 0 || !isAssistantEntry(entry, family) || entryHasToolUse(entry, family)) return [];
  const key = messagesKey(family);
  return [
    finding(
      'anthropic-trailing-prefill',
      { index: last, path: `${key}[${last}]` },
      `Thinking is on and the conversation ends with an assistant turn (${key}[${last}]): a prefill Claude refuses.`,
    ),
  ];
}

/** Every finding for a payload, ordered by message index. An absent or unknown payload has none. */
export function runPreflight(payload: JsonValue | undefined, context: PreflightContext): PreflightFinding[] {
  const api = context.api ?? context.target.api;
  const family = payloadFamily(api);
  if (!family || payload === undefined) return [];
  const list = payloadMessages(payload, family);
  const out: PreflightFinding[] = [];
  switch (family) {
    case 'anthropic':
      out.push(...anthropicChecks(list, context.checked?.api === api ? checkedMessages(context.checked, family) : undefined));
      break;
    case 'bedrock':
      out.push(...bedrockChecks(list));
      break;
    case 'gemini':
      out.push(...geminiChecks(list));
      break;
    case 'openai-responses':
      out.push(...responsesChecks(list));
      break;
    case 'openai-completions':
      out.push(...completionsChecks(list, { historicReasoning: context.policy?.dropReasoningFromHistory === true }));
      if (mistralHint(context.target.provider, context.target.modelId)) out.push(...mistralIdChecks(list, false));
      break;
    case 'mistral':
      out.push(...mistralChecks(list));
      break;
  }
  const claudeRoute = family === 'anthropic' || context.policy?.stripPayloadPrefillWhenThinking === true;
  if (claudeRoute && thinkingOn(payload, family, family === 'anthropic' ? undefined : context.target.reasoning))
    out.push(...prefillCheck(list, family));
  return out.sort((a, b) => (a.messageIndex ?? -1) - (b.messageIndex ?? -1));
}
