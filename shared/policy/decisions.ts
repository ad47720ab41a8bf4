/** What a provider or API rule decides (flag values with their reasons), and the API families rules switch on. */
import type { PolicyFlag, PolicySetting, PolicyValues, Target } from '../types.js';

/** The flags one rule sets; the others keep their defaults. */
export type Decisions = { [K in PolicyFlag]?: PolicySetting<PolicyValues[K]> };

export const RESPONSES_APIS = new Set(['openai-responses', 'openai-chatgpt-responses', 'azure-openai-responses']);
/** The Responses protocol family, Codex included (what file repair looks for; the replay reads `isResponsesFamily`). */
export const RESPONSES_FAMILY_APIS = new Set([...RESPONSES_APIS, 'openai-codex-responses']);
export const ANTHROPIC_APIS = new Set(['anthropic-messages', 'bedrock-converse-stream']);
export const GOOGLE_APIS = new Set(['google-generative-ai', 'google-gemini-cli']);

/** True for the OpenAI Responses family of APIs, Codex included. */
export function isResponsesFamilyApi(api: string): boolean {
  return RESPONSES_FAMILY_APIS.has(api);
}

/** What a policy rule looks at: the target, its provider normalised and its api trimmed. */
export interface PolicyContext {
  provider: string;
  api: string;
  modelId: string;
  target: Target;
}

/** Record one flag's value and the reason for it. */
export const set = <K extends PolicyFlag>(d: Decisions, flag: K, value: PolicyValues[K], reason: string): void => {
  (d as Record<PolicyFlag, PolicySetting<unknown>>)[flag] = { value, reason };
};
