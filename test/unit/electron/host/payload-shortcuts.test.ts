// The payloads and preflight an inspection shows are made with shortcuts: long conversations built in
// parts, long texts and Bedrock's images handed to pi-ai as stand-ins, the replay's payload reusing the
// original's entries, the replay's preflight skipping the entries the original's checked. Each has
// tests of its own; here, on every session file the tests keep, for each API family, the inspection's
// payloads, payload-step annotations and findings must be those of pi-ai building each side whole from
// the texts as they are and of a full check, with parts and reuse forced on small sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspect } from '../../../../electron/host/inspect.js';
import { toLlmMessages } from '../../../../electron/host/payloads/llm-messages.js';
import { buildLlmPayload } from '../../../../electron/host/payloads/payload-builder.js';
import { PART_SIZES } from '../../../../electron/host/payloads/payload-parts.js';
import type { Inspection } from '../../../../shared/inspection.js';
import { runPayload } from '../../../../shared/pipeline/runner.js';
import { PAYLOAD_STEPS } from '../../../../shared/pipeline/steps.js';
import { policyValues } from '../../../../shared/policy/resolve.js';
import { payloadFamily } from '../../../../shared/preflight/family.js';
import { mapPayloadToMessages } from '../../../../shared/preflight/payload-map.js';
import { runPreflight } from '../../../../shared/preflight/run-preflight.js';
import type { Message, Target } from '../../../../shared/types.js';
import { derivedEntryCount, renamedResultCount } from '../../helpers/payload-entries.js';
import { sessionFiles } from '../../helpers/session-files.js';

const NOW = 1767225600000;

/** One target of each API the payload code treats apart (units, per-message reuse, stand-ins or not). */
const TARGETS: Target[] = [
  { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true },
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0', reasoning: true },
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'amazon.nova-pro-v1:0' },
  { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro', reasoning: true },
  { provider: 'google-vertex', api: 'google-vertex', modelId: 'gemini-2.5-pro', reasoning: true },
  { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5', reasoning: true },
  { provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5.1-codex-max', reasoning: true },
  { provider: 'mistral', api: 'openai-completions', modelId: 'mistral-large-latest' },
  { provider: 'openrouter', api: 'openai-completions', modelId: 'anthropic/claude-sonnet-4.5', reasoning: true },
  { provider: 'vllm', api: 'openai-completions', modelId: 'qwen3-32b' },
];

/** The fewest derived entries over every file, by API (105 and 47 on 2026-12-07). */
const DERIVED_AT_LEAST: Record<string, number> = { 'anthropic-messages': 80, 'bedrock-converse-stream': 30 };
/**
 * The fewest tool results sent under new ids from the original's blocks (see `renamedResultCount`),
 * by API: 260 for Bedrock on 2026-12-07, whose strict ids hygiene rewrites on sessions recorded by
 * Anthropic's API; 1 for Anthropic, whose results of text alone are strings, which the count cannot tell.
 */
const RENAMED_AT_LEAST: Record<string, number> = { 'anthropic-messages': 0, 'bedrock-converse-stream': 200 };

/** What the inspection would show had every payload been built whole, from the texts as they are, and checked in full. */
async function plain(inspection: Inspection): Promise<{ original: unknown; replay: unknown; steps: unknown; preflight: unknown }> {
  const { target } = inspection;
  const policy = policyValues(inspection.policy);
  const build = (messages: readonly Message[]) => buildLlmPayload(toLlmMessages(messages), target, {}, { standIns: false });
  const original = await build(inspection.original.messages);
  const replay = await build(inspection.replay.messages);
  let replayPayload = replay.payload;
  let steps: unknown[] = [];
  const family = payloadFamily(replay.api);
  if (family && replayPayload !== undefined) {
    const entrySources = mapPayloadToMessages(replayPayload, family, inspection.replay.messages);
    const run = runPayload(
      PAYLOAD_STEPS,
      { api: replay.api, family, value: replayPayload, entrySources },
      { target, policy, replayOrigins: inspection.replay.origins ?? [] },
    );
    replayPayload = run.payload.value;
    steps = run.annotations;
  }
  return {
    original: original.payload,
    replay: replayPayload,
    steps,
    preflight: {
      original: runPreflight(original.payload, { target, api: original.api, policy }),
      replay: runPreflight(replayPayload, { target, api: replay.api, policy }),
    },
  };
}

describe('the payloads and preflight an inspection shows are those of whole builds and full checks', () => {
  const sizes = { ...PART_SIZES };
  beforeAll(() => {
    // Parts of a few messages from 8 messages on, and per-message reuse whatever its share: small
    // sessions take the paths a long one takes.
    Object.assign(PART_SIZES, { part: 3, min: 8, reuseShare: 0 });
  });
  afterAll(() => {
    Object.assign(PART_SIZES, sizes);
  });

  it('on every session file the tests keep, for each API', async () => {
    const files = sessionFiles();
    expect(files.length).toBeGreaterThan(200);
    let compared = 0;
    const derived = new Map<string, number>();
    const renamed = new Map<string, number>();
    for (const { name, text } of files) {
      for (const target of TARGETS) {
        const label = `${name}, ${target.provider}/${target.modelId}`;
        const inspection = await inspect({ text, name }, target, { now: NOW });
        if (inspection.original.payload === undefined) continue;
        const expected = await plain(inspection);
        expect(inspection.original.payload, label).toEqual(expected.original);
        expect(inspection.replay.payload, label).toEqual(expected.replay);
        const engineCount = inspection.annotations.length - (expected.steps as unknown[]).length;
        expect(inspection.annotations.slice(engineCount), label).toEqual(expected.steps);
        expect(inspection.preflight, label).toEqual(expected.preflight);
        compared += 1;
        const count = derivedEntryCount(inspection.replay.payload, inspection.original.payload);
        derived.set(target.api, (derived.get(target.api) ?? 0) + count);
        const results = renamedResultCount(inspection.replay.payload, inspection.original.payload);
        renamed.set(target.api, (renamed.get(target.api) ?? 0) + results);
      }
    }
    // Assistant entries of the replay derived from the original's without their dropped thinking (derived-entry.ts).
    for (const [api, least] of Object.entries(DERIVED_AT_LEAST)) expect(derived.get(api), api).toBeGreaterThan(least);
    // No other API derives entries.
    expect([...derived].filter(([, count]) => count > 0).map(([api]) => api)).toEqual(Object.keys(DERIVED_AT_LEAST));
    // Units whose tool-call ids hygiene rewrote, derived with the new ids (derived-entry.ts), on those two APIs alone.
    for (const [api, least] of Object.entries(RENAMED_AT_LEAST)) expect(renamed.get(api), api).toBeGreaterThan(least);
    expect([...renamed].filter(([, count]) => count > 0).map(([api]) => api)).toEqual(Object.keys(RENAMED_AT_LEAST));
    // Most files give payloads for every API (an adversarial file may hold no message at all).
    expect(compared).toBeGreaterThan(files.length * TARGETS.length * 0.8);
  }, 240_000);
});
