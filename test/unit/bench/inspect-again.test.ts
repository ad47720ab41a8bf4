import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultImageCodec } from '../../../electron/host/image-codec.js';
import { inspect } from '../../../electron/host/inspect.js';
import { probe } from '../../bench/probe-process.js';
import { generateShape, SHAPES } from '../../bench/session-shapes.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'inspect-again-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TARGET = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true };

// The shapes bench's `--again` figure times a process's second inspection of a session as the same
// work as its first: that holds only if nothing one inspection leaves behind changes the next.
describe('a second inspection in the same process', () => {
  it.each(SHAPES)('%s: gives the same inspection, payloads and preflight included', async (shape) => {
    const file = path.join(dir, `${shape}.jsonl`);
    await generateShape(file, shape, 0.25);
    const codec = await defaultImageCodec();
    const first = JSON.stringify(await inspect({ file }, TARGET, { payloads: true, codec, now: 0 }));
    const second = JSON.stringify(await inspect({ file }, TARGET, { payloads: true, codec, now: 0 }));
    expect(first.length).toBeGreaterThan(100_000);
    expect(second).toBe(first);
  });

  it("the bench probe's inspect-payloads-again times the second run and reports the first", async () => {
    const file = path.join(dir, 'probe-many-calls.jsonl');
    await generateShape(file, 'many-calls', 0.25);
    const again = probe('inspect-payloads-again', file, path.join(dir, 'work'));
    const fresh = probe('inspect-payloads', file, path.join(dir, 'work'));
    expect(again.annotations).toBeGreaterThan(0);
    expect(again.annotations).toBe(again.firstAnnotations);
    expect(again.annotations).toBe(fresh.annotations);
    expect(again.replayTurns).toBe(fresh.replayTurns);
    for (const figure of ['ms', 'firstMs', 'cpuMs', 'firstCpuMs', 'floorMs', 'floorCpuMs'])
      expect(again[figure], figure).toBeGreaterThan(0);
  }, 60_000);
});
