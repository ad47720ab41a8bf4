/**
 * Building a provider wire request body with pi-ai, offline: `streamSimple()` is called with an
 * `onPayload` hook that captures the body and throws, so the request is never sent.
 */
import {
  streamSimple,
  type Api,
  type Context,
  type Message as PiMessage,
  type Model,
  type SimpleStreamOptions,
  type ThinkingLevel,
} from '@mariozechner/pi-ai';
import type { JsonValue, Message, Target } from '../../../shared/types.js';
import { asJsonValue } from './json-value.js';
import { toLlmMessages, type LlmMessages } from './llm-messages.js';
import { conversionApiOf, resolvePayloadModel, UnsupportedApiError } from './model.js';
import { buildInParts } from './payload-parts.js';
import { imageOfBytes, withImageStandIns } from './image-stand-ins.js';
import { restoreTexts, STAND_IN_APIS, withStandIns } from './stand-ins.js';

// The AWS SDK warns on every process below Node 22; the warning is noise on a CLI's stderr.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Options of a payload build. */
export interface PayloadBuildOptions {
  /** Thinking level when the model reasons (default `medium`); `off` builds without thinking. */
  thinkingLevel?: ThinkingLevel | 'off';
}

/** A built payload, or why there is none. */
export interface PayloadBuild {
  payload?: JsonValue;
  error?: string;
  /** The api whose builder was used (differs from the target's for stand-ins such as google-gemini-cli). */
  api: string;
  /**
   * The model the payload was built for: id, provider, api, base URL and headers (what the curl export
   * needs), and whether it reasons (what the replay's reuse of this build's entries checks too).
   */
  model?: { id: string; provider: string; api: string; baseUrl: string; reasoning?: boolean; headers?: Record<string, string> };
  /** For each LLM message given to pi-ai, the index of the input message it came from. */
  sources: number[];
  /** The LLM messages given to pi-ai (custom roles converted to user turns). */
  llmMessages: Message[];
  notes: string[];
}

/** Thrown from `onPayload`: the body is captured, nothing may be sent. */
class PayloadCaptured extends Error {
  override name = 'PayloadCaptured';
}

const PLACEHOLDER_KEY = 'placeholder-api-key';

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * pi-ai reads the ChatGPT account id out of the Codex token (a JWT claim), so the placeholder must
 * decode as one. Unsigned and fake: it is never sent anywhere.
 */
const PLACEHOLDER_CODEX_JWT = `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url({ 'https://api.openai.com/auth': { chatgpt_account_id: 'placeholder-account' } })}.`;

/** Build the wire payload of `messages` for `target` (no system prompt, no tools). Never sends anything. */
export async function buildPayload(messages: readonly Message[], target: Target, options: PayloadBuildOptions = {}): Promise<PayloadBuild> {
  const llm = toLlmMessages(messages);
  // A long conversation is built in parts where the API allows it, so pi-ai's copies die young (see payload-parts.ts).
  const build =
    (await buildInParts(llm, target, (part) => buildLlmPayload(part, target, options))) ?? (await buildLlmPayload(llm, target, options));
  builtFrom.set(build, messages);
  return build;
}

/** The messages each build was made of (what a replay build reuses entries against). */
const builtFrom = new WeakMap<PayloadBuild, readonly Message[]>();

/** The transcript messages a build returned by `buildPayload` was made of. */
export function messagesOfBuild(build: PayloadBuild): readonly Message[] | undefined {
  return builtFrom.get(build);
}

/** `buildPayload` on messages already converted by `toLlmMessages`. */
export async function buildLlmPayload(
  llm: LlmMessages,
  target: Target,
  options: PayloadBuildOptions = {},
  /** `standIns: false` gives pi-ai every text as it is (tests compare both ways). */
  internal: { standIns?: boolean } = {},
): Promise<PayloadBuild> {
  const base = { sources: llm.sources, llmMessages: llm.messages };
  let resolved;
  try {
    resolved = resolvePayloadModel(target);
  } catch (error) {
    if (error instanceof UnsupportedApiError) return { ...base, api: target.api, error: error.message, notes: [] };
    throw error;
  }
  const { model, notes } = resolved;
  const level = options.thinkingLevel ?? 'medium';
  // The builders that allow it get long texts as stand-ins, put back below (see stand-ins.ts).
  const standIns = STAND_IN_APIS.has(conversionApiOf(model.api)) && internal.standIns !== false ? withStandIns(llm.messages) : undefined;
  // Bedrock's builder gets its images as stand-ins, put back when the payload is made JSON (see image-stand-ins.ts).
  const images =
    model.api === 'bedrock-converse-stream' && internal.standIns !== false
      ? withImageStandIns(standIns?.messages ?? llm.messages)
      : undefined;
  const context: Context = { messages: (images?.messages ?? standIns?.messages ?? llm.messages) as unknown as PiMessage[] };
  let captured: unknown;
  let capturedOnce = false;
  // Aborted the moment the body is captured: a second fence should a provider ever go on to send.
  // (Not aborted up front: the Google builder refuses to build for an already aborted signal.)
  const controller = new AbortController();
  const streamOptions: SimpleStreamOptions & Record<string, unknown> = {
    apiKey: model.api === 'openai-codex-responses' ? PLACEHOLDER_CODEX_JWT : PLACEHOLDER_KEY,
    // Explicit, so PI_CACHE_RETENTION in the environment cannot change the payload.
    cacheRetention: 'short',
    signal: controller.signal,
    maxRetries: 0,
    // Bedrock: without these, pi-ai would look for AWS_BEARER_TOKEN_BEDROCK / AWS_REGION.
    bearerToken: 'placeholder-bearer-token',
    region: bedrockRegion(model),
    onPayload: (payload: unknown) => {
      captured = payload;
      capturedOnce = true;
      controller.abort(new PayloadCaptured('payload capture: sending is disabled'));
      throw new PayloadCaptured('payload captured');
    },
  };
  if (model.reasoning && level !== 'off') streamOptions.reasoning = level;
  let errorMessage: string | undefined;
  try {
    const result = await streamSimple(model, context, streamOptions).result();
    errorMessage = result.errorMessage;
  } catch (error) {
    errorMessage = error instanceof Error ? error.message : String(error);
  }
  const modelInfo = {
    id: model.id,
    provider: model.provider,
    api: model.api,
    baseUrl: model.baseUrl,
    reasoning: model.reasoning,
    ...(model.headers ? { headers: { ...model.headers } } : {}),
  };
  if (!capturedOnce)
    return {
      ...base,
      api: model.api,
      model: modelInfo,
      error: `pi-ai could not build the ${model.api} payload: ${errorMessage ?? 'unknown error'}`,
      notes,
    };
  if (standIns && !restoreTexts(captured, standIns, model.api)) return buildLlmPayload(llm, target, options, { standIns: false });
  const textOf = images && ((bytes: Uint8Array) => imageOfBytes(bytes, images));
  return { ...base, api: model.api, model: modelInfo, payload: asJsonValue(captured, textOf), notes };
}

function bedrockRegion(model: Model<Api>): string {
  return /bedrock-runtime\.([a-z0-9-]+)\.amazonaws\.com/.exec(model.baseUrl)?.[1] ?? 'us-east-1';
}
