/** The pi-ai model object a target's payload is built with: the catalogue entry, or a custom model. */
import type { Api, Model } from '@mariozechner/pi-ai';
import type { Target } from '../../../shared/types.js';
import { catalogModel, catalogModels } from './catalog.js';

/** APIs pi-ai 0.73 registers a payload builder for. */
const BUILDER_APIS = new Set([
  'anthropic-messages',
  'openai-completions',
  'mistral-conversations',
  'openai-responses',
  'azure-openai-responses',
  'openai-codex-responses',
  'google-generative-ai',
  'google-vertex',
  'bedrock-converse-stream',
]);

/**
 * APIs OpenClaw uses that pi-ai has no builder for, and the builder whose wire format they share.
 * Each use adds a note to the inspection, so the UI never passes one off as the other.
 */
const API_STAND_INS: Record<string, { api: string; note: string }> = {
  'google-gemini-cli': {
    api: 'google-generative-ai',
    note: 'pi-ai 0.73 has no google-gemini-cli provider: the payload was built with google-generative-ai (same Gemini contents format; Cloud Code Assist wraps it in a {project, request} envelope).',
  },
  'openai-chatgpt-responses': {
    api: 'openai-codex-responses',
    note: 'pi-ai has no openai-chatgpt-responses builder: the payload was built with openai-codex-responses (the ChatGPT backend Responses format).',
  },
  ollama: {
    api: 'openai-completions',
    note: "pi-ai has no native Ollama builder: the payload was built with openai-completions (Ollama's OpenAI-compatible /v1 endpoint).",
  },
  openai: {
    api: 'openai-completions',
    note: 'api "openai" is not a pi-ai api id: the payload was built with openai-completions.',
  },
};

/**
 * Builders that run another API's conversion of the messages and put its result under that API's
 * member: their payloads' conversation is that API's, which is what the stand-ins, the builds in
 * parts and the replay's reuse read. Azure's and Codex's builders call pi-ai's OpenAI Responses
 * conversion (`convertResponsesMessages`, under `input`; Codex's leaves out the system prompt, which
 * these builds never have, and hands the body over before its connection reuse), Vertex's the
 * Gemini one (`convertMessages`, under `contents`).
 */
const CONVERSION_OF: Record<string, string> = {
  'azure-openai-responses': 'openai-responses',
  'openai-codex-responses': 'openai-responses',
  'google-vertex': 'google-generative-ai',
};

/** The API whose conversation a builder's payloads hold (see CONVERSION_OF). */
export const conversionApiOf = (api: string): string => CONVERSION_OF[api] ?? api;

/** Where each API is served when the catalogue gives no sibling model to copy from. */
const DEFAULT_BASE_URLS: Record<string, string> = {
  'anthropic-messages': 'https://api.anthropic.com',
  'openai-completions': 'https://api.openai.com/v1',
  'openai-responses': 'https://api.openai.com/v1',
  'azure-openai-responses': 'https://your-resource.openai.azure.com/openai/v1',
  'openai-codex-responses': 'https://chatgpt.com/backend-api',
  'google-generative-ai': 'https://generativelanguage.googleapis.com/v1beta',
  'google-vertex': 'https://{location}-aiplatform.googleapis.com',
  'bedrock-converse-stream': 'https://bedrock-runtime.us-east-1.amazonaws.com',
  'mistral-conversations': 'https://api.mistral.ai',
};

const OLLAMA_BASE_URL = 'http://127.0.0.1:11434/v1';

/** A model to build with, plus what the inspection should say about how it was chosen. */
export interface PayloadModel {
  model: Model<Api>;
  /** Where it came from. */
  source: 'catalogue' | 'custom';
  notes: string[];
}

/** Why no payload can be built for a target. */
export class UnsupportedApiError extends Error {
  override name = 'UnsupportedApiError';
}

/**
 * Resolve the pi-ai model for a target.
 *
 * A catalogue model is used as is (its `reasoning` flag overridden by the target's, when given). An
 * unknown id becomes a custom model carrying the target's api, provider, id and reasoning, with the
 * base URL, compat and headers of a catalogue sibling (same provider and api) when there is one.
 * URL templates (`{CLOUDFLARE_ACCOUNT_ID}`) are filled with placeholders, never from the environment.
 */
export function resolvePayloadModel(target: Target): PayloadModel {
  const notes: string[] = [];
  let api = target.api;
  const standIn = API_STAND_INS[api];
  if (standIn) {
    api = standIn.api;
    notes.push(standIn.note);
  }
  if (!BUILDER_APIS.has(api)) {
    throw new UnsupportedApiError(`pi-ai has no payload builder for api "${target.api}" (known: ${[...BUILDER_APIS].join(', ')})`);
  }
  const known = catalogModel(target.provider, target.modelId);
  let model: Model<Api>;
  let source: PayloadModel['source'];
  if (known && known.api === api) {
    model = { ...known };
    source = 'catalogue';
  } else {
    const sibling = known ?? catalogModels(target.provider).find((m) => m.api === api);
    model = {
      id: target.modelId,
      name: target.modelId,
      api,
      provider: target.provider,
      baseUrl: sibling?.baseUrl ?? (target.api === 'ollama' ? OLLAMA_BASE_URL : DEFAULT_BASE_URLS[api]),
      reasoning: target.reasoning ?? false,
      input: sibling?.input ?? ['text', 'image'],
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      contextWindow: sibling?.contextWindow ?? 128_000,
      maxTokens: sibling?.maxTokens ?? 32_000,
    };
    if (sibling?.headers) model.headers = { ...sibling.headers };
    if (sibling?.compat && sibling.api === api) model.compat = sibling.compat;
    if (sibling?.thinkingLevelMap) model.thinkingLevelMap = { ...sibling.thinkingLevelMap };
    source = 'custom';
    notes.push(
      `${target.provider}/${target.modelId} is not in pi-ai's catalogue${known ? ` for api ${api}` : ''}: the payload was built with a custom model object (api ${api}).`,
    );
  }
  if (target.reasoning !== undefined) model.reasoning = target.reasoning;
  if (!model.baseUrl) model.baseUrl = DEFAULT_BASE_URLS[api];
  // Placeholders keep pi-ai from reading account ids from the environment.
  model.baseUrl = model.baseUrl.replace(
    /\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (_m, name: string) => `placeholder-${name.toLowerCase().replace(/_/g, '-')}`,
  );
  return { model, source, notes };
}
