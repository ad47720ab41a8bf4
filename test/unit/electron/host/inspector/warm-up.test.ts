// The warm-up session reaches what a real session's first screen runs: both payloads, preflight, and
// the replay payload's reuse of the original's entries. If it stopped reaching them, a real session's
// first inspection would load and compile them itself. The training session holds the kinds of entries
// a real session's first inspection meets, written in a pi writer's field order, so that V8 has seen
// their hidden classes before that inspection.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../../../../electron/host/inspect.js';
import { createInspector } from '../../../../../electron/host/inspector.js';
import {
  inspectTrainingSession,
  train,
  trainingSession,
  TRAINING_PASSES,
  WARM_UP_SESSION,
  WARM_UP_TARGET,
  warmUp,
} from '../../../../../electron/host/inspector/warm-up.js';
import type { ProgressEvent } from '../../../../../shared/api.js';
import { parseSession } from '../../../../../shared/session/parse.js';

/** For each entry of a payload's messages, the index of the same object in the other payload's (-1: none). */
function sameEntries(payload: unknown, other: unknown): number[] {
  const entries = (payload as { messages: unknown[] }).messages;
  const others = (other as { messages: unknown[] }).messages;
  return entries.map((entry) => others.indexOf(entry));
}

/** An inspector whose every call fails: the warm-up's tiny session then does nothing, the training still runs. */
function noInspector() {
  const fail = () => Promise.reject(new Error('no inspector'));
  return { open: fail, inspect: fail, getDocument: fail, getTurns: fail, close: fail };
}

describe('warm-up session', () => {
  it('builds both payloads and preflights them, without a diagnostic', async () => {
    const inspection = await inspect({ text: WARM_UP_SESSION }, WARM_UP_TARGET, { now: 0 });
    expect(inspection.diagnostics).toEqual([]);
    expect(inspection.original.payload).toBeDefined();
    expect(inspection.replay.payload).toBeDefined();
    expect(inspection.preflight).toEqual({ original: [], replay: [] });
  });

  it("reuses the original payload's entry for the unchanged first turn", async () => {
    const inspection = await inspect({ text: WARM_UP_SESSION }, WARM_UP_TARGET, { now: 0 });
    expect(sameEntries(inspection.replay.payload, inspection.original.payload)).toEqual([0, -1, -1]);
  });

  it('is inspected through the inspector, with its first payload and turn windows, and closed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-warm-up-'));
    const inspector = createInspector({ recentFile: path.join(dir, 'recent.json') });
    // Each call is noted once it succeeded: the warm-up swallows failures.
    const calls: string[] = [];
    const noted = async <T>(name: string, result: Promise<T>): Promise<T> => {
      const value = await result;
      calls.push(name);
      return value;
    };
    try {
      await warmUp(
        {
          open: (request) => noted('open', inspector.open(request)),
          inspect: (...args) => noted('inspect', inspector.inspect(...args)),
          getDocument: (...args) => noted(`document ${args[1]}`, inspector.getDocument(...args)),
          getTurns: (...args) => noted('turns', inspector.getTurns(...args)),
          close: (sessionId) => noted('close', inspector.close(sessionId)),
        },
        {
          inspectTraining: async (text) => calls.push(`training ${text === trainingSession() ? 'session' : 'other text'}`),
          loadImageCodec: async () => calls.push('image codec'),
        },
      );
    } finally {
      await inspector.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(calls).toEqual([
      'open',
      'inspect',
      'document original',
      'document replay',
      'turns',
      'close',
      'image codec',
      ...Array<string>(TRAINING_PASSES).fill('training session'),
    ]);
  });

  it('trains (and loads the image codec) only when asked to, and a failing training does not throw', async () => {
    const failingInspector = noInspector();
    let passes = 0;
    let codecLoads = 0;
    const loadImageCodec = async () => (codecLoads += 1);
    await warmUp(failingInspector, { train: false, inspectTraining: async () => (passes += 1), loadImageCodec });
    expect(codecLoads).toBe(0);
    expect(passes).toBe(0);
    await warmUp(failingInspector, { inspectTraining: async () => (passes += 1), loadImageCodec });
    expect(passes).toBe(TRAINING_PASSES);
    expect(codecLoads).toBe(1);
    // Nor when the host is stopping, or the user already asked for work.
    await warmUp(failingInspector, { stopping: () => true, inspectTraining: async () => (passes += 1), loadImageCodec });
    expect(codecLoads).toBe(1);
    // A codec that cannot load (a broken sharp install) does not stop the training.
    await warmUp(failingInspector, {
      inspectTraining: async () => (passes += 1),
      loadImageCodec: () => Promise.reject(new Error('no sharp')),
    });
    expect(passes).toBe(2 * TRAINING_PASSES);
    await expect(
      train(async () => {
        passes += 1;
        throw new Error('broken engine');
      }),
    ).resolves.toBeUndefined();
    expect(passes).toBe(2 * TRAINING_PASSES + 1);
  });

  it('ends the training before its next pass once a file is opened meanwhile, or the host is stopping', async () => {
    const listeners: ((event: ProgressEvent) => void)[] = [];
    const inspector = {
      ...noInspector(),
      onProgress: (listener: (event: ProgressEvent) => void) => {
        listeners.push(listener);
        return () => void listeners.splice(listeners.indexOf(listener), 1);
      },
    };
    let passes = 0;
    // The first pass sees a file's read report progress (the user opened a session).
    await warmUp(inspector, {
      inspectTraining: async () => {
        passes += 1;
        for (const listener of [...listeners]) listener({ operation: 'open', name: 'big.jsonl', path: '/big.jsonl', done: 1, total: 2 });
      },
    });
    expect(passes).toBe(1);
    expect(listeners).toEqual([]);
    // A host already stopping trains not at all.
    await warmUp(inspector, { stopping: () => true, inspectTraining: async () => (passes += 1) });
    expect(passes).toBe(1);
  });
});

describe('training session', () => {
  const text = trainingSession();
  const lines = text.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  const messages = lines.flatMap((line) => (line.type === 'message' ? [line.message as Record<string, unknown>] : []));
  const byRole = (role: string) => messages.filter((message) => message.role === role);
  const texts = (message: Record<string, unknown>): string[] =>
    typeof message.content === 'string'
      ? [message.content]
      : (message.content as Record<string, unknown>[]).flatMap((block) =>
          typeof block.text === 'string' ? [block.text] : typeof block.thinking === 'string' ? [block.thinking] : [],
        );

  it('is the same every time, and parses without a diagnostic', () => {
    expect(trainingSession()).toBe(text);
    const parsed = parseSession(text);
    expect(parsed.diagnostics).toEqual([]);
    expect(messages.length).toBeGreaterThan(3000);
    expect(text.length).toBeLessThan(3_000_000);
  });

  it("writes each kind of message in a pi writer's field order, assistant turns as today's pi and as older writers", () => {
    const current = ['role', 'content', 'api', 'provider', 'model', 'usage', 'stopReason', 'timestamp', 'responseId'];
    const assistants = byRole('assistant');
    expect(assistants.filter((m) => Object.keys(m).join() === current.join()).length).toBeGreaterThan(100);
    expect(assistants.filter((m) => Object.keys(m).join() === current.slice(0, -1).join()).length).toBeGreaterThan(100);
    for (const m of assistants.filter((m) => 'responseId' in m))
      expect(Object.keys(m.usage as object)).toEqual(['input', 'output', 'cacheRead', 'cacheWrite', 'totalTokens', 'cost']);
    const results = byRole('toolResult');
    expect(new Set(results.map((m) => Object.keys(m).join()))).toEqual(
      new Set(['role,toolCallId,toolName,content,isError,timestamp', 'role,toolCallId,toolName,content,details,isError,timestamp']),
    );
    expect(results.some((m) => m.isError === true)).toBe(true);
    expect(new Set(byRole('user').map((m) => Object.keys(m).join()))).toEqual(new Set(['role,content,timestamp']));
    expect(byRole('user').some((m) => typeof m.content === 'string')).toBe(true);
    expect(byRole('user').some((m) => Array.isArray(m.content))).toBe(true);
    // Timestamps as a real writer's: milliseconds since 1970, which V8 keeps as doubles, not small integers.
    expect(messages.every((m) => typeof m.timestamp === 'number' && m.timestamp > 2 ** 31)).toBe(true);
  });

  it('switches model mid-session: turns recorded by OpenAI Responses and Gemini, with their own thinking and tool-call ids', async () => {
    const apis = (m: Record<string, unknown>) => m.api;
    expect([...new Set(byRole('assistant').map(apis))].sort()).toEqual(['anthropic-messages', 'google-generative-ai', 'openai-responses']);
    expect(lines.filter((line) => line.type === 'model_change').map((line) => line.provider)).toEqual([
      'anthropic',
      'openai',
      'google',
      'anthropic',
    ]);
    const blocks = (api: string, type: string) =>
      byRole('assistant')
        .filter((m) => m.api === api)
        .flatMap((m) => (m.content as Record<string, unknown>[]).filter((b) => b.type === type));
    expect(blocks('openai-responses', 'toolCall').every((b) => /^call_[0-9a-z]{24}\|fc_[0-9a-f]{48}$/.test(b.id as string))).toBe(true);
    expect(blocks('openai-responses', 'thinking').every((b) => JSON.parse(b.thinkingSignature as string).type === 'reasoning')).toBe(true);
    expect(blocks('google-generative-ai', 'toolCall').every((b) => typeof b.thoughtSignature === 'string')).toBe(true);
    expect(blocks('google-generative-ai', 'thinking').some((b) => 'thinkingSignature' in b)).toBe(false);
    for (const api of ['openai-responses', 'google-generative-ai']) expect(blocks(api, 'toolCall').length).toBeGreaterThan(50);
    // It ends on the target's provider; for that target, the other providers' call ids are rewritten.
    expect(byRole('assistant').at(-1)?.api).toBe(WARM_UP_TARGET.api);
    const inspection = await inspectTrainingSession(text);
    expect(inspection.annotations.filter((a) => a.rule === 'tool-call-id').length).toBeGreaterThan(50);
  });

  it('has long texts of every kind (what goes to pi-ai as stand-ins), two-byte text, and a failed turn left off the branch', async () => {
    const long = (role: string) => byRole(role).some((m) => texts(m).some((t) => t.length >= 512));
    expect(['user', 'assistant', 'toolResult'].filter(long)).toEqual(['user', 'assistant', 'toolResult']);
    expect(byRole('user').some((m) => typeof m.content === 'string' && m.content.length >= 512)).toBe(true);
    const wide = messages.filter((m) => texts(m).some((t) => [...t].some((c) => c.charCodeAt(0) > 0xff)));
    expect(wide.length).toBeGreaterThan(messages.length / 10);
    expect(wide.length).toBeLessThan(messages.length / 2);
    const failed = byRole('assistant').filter((m) => m.stopReason === 'error');
    expect(failed.length).toBeGreaterThan(10);
    // As the hosts' training inspects it.
    const inspection = await inspectTrainingSession(text);
    expect(inspection.diagnostics).toEqual([]);
    expect(inspection.original.messages.some((m) => m.stopReason === 'error')).toBe(false);
    expect(inspection.original.messages).toHaveLength(messages.length - failed.length);
    expect(inspection.original.payload).toBeDefined();
    expect(inspection.replay.payload).toBeDefined();
  });
});
