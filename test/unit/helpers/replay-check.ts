// The replay's payload built from the original's, checked against pi-ai's whole build of the replay.
import { expect } from 'vitest';
import { toLlmMessages } from '../../../electron/host/payloads/llm-messages.js';
import { buildLlmPayload, buildPayload, type PayloadBuild } from '../../../electron/host/payloads/payload-builder.js';
import type { PartSizes } from '../../../electron/host/payloads/payload-parts.js';
import { buildReplayPayload } from '../../../electron/host/payloads/replay-payload.js';
import type { Message, Target } from '../../../shared/types.js';

/**
 * Build the original's payload, then the replay's from it with `sizes`; expect the replay's to be the
 * whole build's, byte for byte, and the original's unchanged (the reuse copies what it changes).
 */
export async function checkedReplay(
  original: Message[],
  replay: { messages: Message[]; origins: (number | null)[] },
  target: Target,
  sizes: PartSizes & { reuseShare?: number },
  label: string,
): Promise<{ originalBuild: PayloadBuild; actual: PayloadBuild }> {
  const originalBuild = await buildPayload(original, target);
  const before = JSON.stringify(originalBuild);
  const actual = await buildReplayPayload(replay.messages, replay.origins, { messages: original, build: originalBuild }, target, {}, sizes);
  const whole = await buildLlmPayload(toLlmMessages(replay.messages), target, {}, { standIns: false });
  expect(JSON.stringify(actual), label).toBe(JSON.stringify(whole));
  expect(JSON.stringify(originalBuild), `${label}, original`).toBe(before);
  return { originalBuild, actual };
}
