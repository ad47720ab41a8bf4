/**
 * A redacted session reproduces the original: on every session fixture (test/fixtures, the bundled
 * sample, the oracle corpus), for six targets, the redacted copy inspects to the same rule changes
 * on the same turns, the same preflight findings at the same messages, the same file problems on
 * the same lines, and plans the same repair. Uses the writer the CLI uses (bytes on disk).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspect } from '../../../../../electron/host/inspect.js';
import { writeRedactedSession } from '../../../../../electron/host/redact/redact-session.js';
import { planRepairFile } from '../../../../../electron/host/repair/index.js';
import { keyDifferences, reproducedKeys } from '../../../../../shared/redact/compare.js';
import type { Target } from '../../../../../shared/types.js';

const root = path.resolve(new URL('../../../../../', import.meta.url).pathname);
const TARGETS: Target[] = [
  { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true },
  { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5', reasoning: true },
  { provider: 'vllm', api: 'openai-completions', modelId: 'Qwen/Qwen3-8B', reasoning: true },
  { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro', reasoning: true },
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0', reasoning: true },
  { provider: 'mistral', api: 'mistral-conversations', modelId: 'mistral-large-latest' },
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** A session file: a JSONL session header first, or a JSON array of messages (error corpora, goldens and policy grids are not). */
function isSession(file: string): boolean {
  if (!/\.(jsonl|json)$/.test(file)) return false;
  const head = readFileSync(file, 'utf8')
    .slice(0, 200)
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^\[\s*\{\s*"role"/.test(head) || /^\{\s*"type"\s*:\s*"session"/.test(head);
}

const SESSIONS = [
  ...filesUnder(path.join(root, 'test/fixtures')).filter(isSession),
  path.join(root, 'electron/host/sample/sample-session.jsonl'),
  ...filesUnder(path.join(root, 'test/oracle/corpus')).filter(isSession),
].map((file) => path.relative(root, file));

const out = mkdtempSync(path.join(os.tmpdir(), 'ti-redact-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const NOW = 1767225600000;

describe('a redacted session reproduces the original', () => {
  it('covers every session fixture', () => {
    // 8 under test/fixtures, the sample, 63 in the corpus: a shrinking list would test less without failing.
    expect(SESSIONS.length).toBeGreaterThanOrEqual(72);
    expect(SESSIONS.filter((f) => f.endsWith('.json')).length).toBeGreaterThanOrEqual(4);
  });

  it.each(SESSIONS)('%s', async (file) => {
    const original = path.join(root, file);
    const redacted = path.join(out, file.replace(/[\\/]/g, '__'));
    const counts = await writeRedactedSession({ file: original }, redacted);
    const before = readFileSync(original);
    const after = readFileSync(redacted);
    if (counts.texts + counts.images + counts.signatures > 0) expect(after.equals(before)).toBe(false);
    const plans = await Promise.all([planRepairFile(original), planRepairFile(redacted)]);
    const repairShape = (p: (typeof plans)[number]) => ({
      refused: p.refusal !== undefined,
      actions: p.actions.map((a) => `${a.kind} ${a.code} ${a.line}`),
    });
    expect(repairShape(plans[1])).toEqual(repairShape(plans[0]));
    for (const target of TARGETS) {
      const a = await inspect({ file: original }, target, { now: NOW });
      const b = await inspect({ file: redacted }, target, { now: NOW });
      expect({ target: `${target.provider}/${target.modelId}`, differences: keyDifferences(reproducedKeys(a), reproducedKeys(b)) }).toEqual(
        {
          target: `${target.provider}/${target.modelId}`,
          differences: [],
        },
      );
    }
  });
});
