// Wire payload snapshots, original and replay, per provider family, for a session that fires many rules.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInspector } from '../../../../../electron/host/inspector.js';
import type { Target } from '../../../../../shared/types.js';

const FIXTURES = path.join(__dirname, '../../../../fixtures/payloads');
const SESSION = path.join(FIXTURES, 'many-rules.jsonl');

const FAMILIES: { name: string; target: Target }[] = [
  {
    name: 'anthropic-messages',
    target: { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true },
  },
  { name: 'openai-responses', target: { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5', reasoning: true } },
  {
    name: 'openai-completions',
    target: { provider: 'openrouter', api: 'openai-completions', modelId: 'anthropic/claude-sonnet-4.5', reasoning: true },
  },
  { name: 'gemini', target: { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro', reasoning: true } },
  {
    name: 'bedrock-converse',
    target: {
      provider: 'amazon-bedrock',
      api: 'bedrock-converse-stream',
      modelId: 'anthropic.claude-3-7-sonnet-20250219-v1:0',
      reasoning: true,
    },
  },
  { name: 'mistral', target: { provider: 'mistral', api: 'mistral-conversations', modelId: 'devstral-medium-latest' } },
];

describe('payload snapshots', () => {
  for (const { name, target } of FAMILIES) {
    it(`${name}: original and replay payloads`, async () => {
      const inspector = createInspector({ recentFile: path.join(os.tmpdir(), 'ti-snapshots-recent.json') });
      try {
        const session = await inspector.open({ kind: 'text', name: 'many-rules.jsonl', text: readFileSync(SESSION, 'utf8') });
        const summary = await inspector.inspect(session.sessionId, target, { now: 1772400000000 });
        expect(summary.original.payloadError).toBeUndefined();
        expect(summary.replay.payloadError).toBeUndefined();
        expect(summary.annotations.length).toBeGreaterThan(10);
        const original = await inspector.getDocument(summary.inspectionId, 'original', 'payload');
        const replay = await inspector.getDocument(summary.inspectionId, 'replay', 'payload');
        expect(original.text).not.toBe(replay.text);
        await expect(`${original.text}\n`).toMatchFileSnapshot(path.join(FIXTURES, `${name}.original.json`));
        await expect(`${replay.text}\n`).toMatchFileSnapshot(path.join(FIXTURES, `${name}.replay.json`));
      } finally {
        await inspector.dispose();
      }
    });
  }
});
