// Run the whole replay pipeline for a target, the way inspect() does (parse → branch → policy → pipeline).
import { inspectText } from '../../../shared/engine.js';
import type { Inspection } from '../../../shared/inspection.js';
import { runPipeline, type PipelineInput, type PipelineOutput } from '../../../shared/pipeline/run-pipeline.js';
import { policyValues, resolvePolicy } from '../../../shared/policy/resolve.js';
import type { Annotation, Behaviour, JsonValue, Message, PolicyValues, Target } from '../../../shared/types.js';
import { NOW } from './messages.js';

/** The targets the tests name (the oracle corpus's keys). */
export const TARGETS = {
  anthropic: { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' },
  anthropicOpus46: { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-opus-4-6' },
  openai: { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' },
  openaiCodex: { provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5-codex' },
  google: { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' },
  mistral: { provider: 'mistral', api: 'openai-completions', modelId: 'mistral-large-latest' },
  bedrock: { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0' },
  bedrockOpus46: { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-opus-4-6-v1' },
  ollama: { provider: 'ollama', api: 'openai-completions', modelId: 'llama3.1:8b' },
  vllm: { provider: 'vllm', api: 'openai-completions', modelId: 'Qwen/Qwen3-8B' },
  openrouterGemini: { provider: 'openrouter', api: 'openai-completions', modelId: 'google/gemini-2.5-pro' },
  unknownApi: { provider: 'acme-llm', api: 'acme-chat', modelId: 'acme-1' },
} satisfies Record<string, Target>;

export interface Replay {
  messages: Message[];
  origins: (number | null)[];
  annotations: Annotation[];
  appends: { customType: string; data: JsonValue }[];
  inspection: Inspection;
}

/** Replay a JSON message array (or the text of a session file) for a target. */
export async function replay(
  input: readonly Message[] | string,
  target: Target,
  options: { allowedToolNames?: string[]; now?: number; behaviour?: Behaviour } = {},
): Promise<Replay> {
  const textInput = typeof input === 'string' ? input : JSON.stringify(input);
  const { inspection } = await inspectText(textInput, target, {
    now: options.now ?? NOW,
    allowedToolNames: options.allowedToolNames,
    codec: undefined,
    behaviour: options.behaviour,
  });
  return {
    messages: inspection.replay.messages,
    origins: inspection.replay.origins ?? [],
    annotations: inspection.annotations,
    appends: inspection.sessionAppends ?? [],
    inspection,
  };
}

/** A custom entry of a session file (`model-snapshot`, `google-turn-ordering-bootstrap`…). */
export interface CustomEntry {
  custom: string;
  data: JsonValue;
}

/** The text of a v3 session file holding these messages and custom entries, in order, on one branch. */
export function sessionText(items: readonly (Message | CustomEntry)[]): string {
  const lines: string[] = [
    JSON.stringify({ type: 'session', version: 3, id: 'test-session', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/tmp' }),
  ];
  let parent: string | null = null;
  items.forEach((item, i) => {
    const id = `e${String(i).padStart(7, '0')}`;
    const base = { id, parentId: parent, timestamp: new Date(NOW - 1000_000 + i * 1000).toISOString() };
    lines.push(
      JSON.stringify(
        'custom' in item && typeof item.custom === 'string'
          ? { type: 'custom', customType: item.custom, data: item.data, ...base }
          : { type: 'message', ...base, message: item },
      ),
    );
    parent = id;
  });
  return `${lines.join('\n')}\n`;
}

/**
 * Run the pipeline directly on messages (no session around them), with the target's policy plus
 * overrides (OpenClaw's tests also run it with a hand-made policy, e.g. pairing repair disabled).
 */
export function replayWithPolicy(
  messages: readonly Message[],
  target: Target,
  overrides: Partial<PolicyValues> = {},
  options: Pick<PipelineInput, 'allowedToolNames' | 'onStep'> = {},
): Promise<PipelineOutput> {
  return runPipeline(messages, {
    target,
    policy: { ...policyValues(resolvePolicy(target)), ...overrides },
    now: NOW,
    modelSnapshot: null,
    latestModelSwitchTimestamp: null,
    hasGoogleBootstrapMarker: false,
    ...options,
  });
}
