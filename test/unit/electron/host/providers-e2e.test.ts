/**
 * One realistic session per provider family, run end to end through `inspect()`,
 * asserting the whole replay and its annotations against a golden file.
 *
 * The goldens were produced by this engine and checked, pair by pair, against OpenClaw's released
 * code (the oracle harness): identical except where a named spec decision applies (Codex, Mistral,
 * Antigravity, Bedrock). Regenerate after a deliberate change with UPDATE_GOLDENS=1 and review the diff.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../../../electron/host/inspect.js';
import { readImageDimensions } from '../../../../shared/images/probe.js';
import { sha256Hex } from '../../../../shared/hash/sha256.js';
import type { Inspection } from '../../../../shared/inspection.js';
import type { Target } from '../../../../shared/types.js';

const root = new URL('../../../../', import.meta.url);
const fixture = (p: string) => new URL(p, root).pathname;
const PI = 'test/fixtures/pi-sessions/';
const SAMPLE = 'electron/host/sample/sample-session.jsonl';
const CORPUS = 'test/oracle/corpus/';

interface Row {
  name: string;
  file: string;
  target: Target;
  check: (r: Inspection) => void;
}

const roles = (r: Inspection) => r.replay.messages.map((m) => m.role);
const rules = (r: Inspection) => new Set(r.annotations.map((a) => a.rule));
const callIds = (r: Inspection) =>
  r.replay.messages.flatMap((m) =>
    (Array.isArray(m.content) ? m.content : []).flatMap((b) =>
      b && typeof b === 'object' && (b as { type?: string }).type === 'toolCall' ? [String((b as { id: string }).id)] : [],
    ),
  );
const resultIds = (r: Inspection) => r.replay.messages.flatMap((m) => (m.role === 'toolResult' ? [String(m.toolCallId)] : []));

const ROWS: Row[] = [
  {
    name: 'openai-responses',
    file: SAMPLE,
    target: { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' },
    check: (r) => {
      expect(rules(r)).toContain('tool-result-pairing');
      for (const id of callIds(r)) expect(id).toMatch(/^call_[A-Za-z0-9_-]{1,59}(\|fc_[A-Za-z0-9_-]{1,61})?$/);
      expect(r.replay.messages.some((m) => m.role === 'toolResult' && JSON.stringify(m.content).includes('"aborted"'))).toBe(true);
    },
  },
  {
    name: 'openai-codex',
    file: `${CORPUS}codex-responses.jsonl`,
    target: { provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5-codex' },
    check: (r) => {
      // Codex gets the Responses treatment, "aborted" synthetic results included (docs/rules.md#codex-responses).
      expect(r.policy.isResponsesFamily.value).toBe(true);
      expect(r.annotations.some((a) => a.rule === 'tool-result-pairing' && a.action === 'inserted' && a.detail.includes('"aborted"'))).toBe(
        true,
      );
    },
  },
  {
    name: 'chat-completions',
    file: SAMPLE,
    target: { provider: 'vllm', api: 'openai-completions', modelId: 'Qwen/Qwen3-8B' },
    check: (r) => {
      expect(rules(r)).toContain('reasoning-history');
      for (const id of [...callIds(r), ...resultIds(r)]) expect(id).toMatch(/^[A-Za-z0-9]+$/);
      expect(r.replay.messages.at(-1)?.role).not.toBe('assistant');
    },
  },
  {
    name: 'google-gemini',
    file: SAMPLE,
    target: { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' },
    check: (r) => {
      expect(r.replay.messages[0].role).toBe('user');
      for (let i = 1; i < r.replay.messages.length; i += 1)
        expect(roles(r)[i] === 'assistant' && roles(r)[i - 1] === 'assistant').toBe(false);
    },
  },
  {
    name: 'google-gemini-cli',
    file: `${PI}d-model-switch.jsonl`,
    target: { provider: 'google-gemini-cli', api: 'google-gemini-cli', modelId: 'gemini-2.5-pro' },
    check: (r) => {
      for (const id of callIds(r)) expect(id).toMatch(/^[A-Za-z0-9]+$/);
    },
  },
  {
    name: 'google-antigravity-claude',
    file: `${CORPUS}antigravity-claude-thinking.jsonl`,
    target: { provider: 'google-antigravity', api: 'google-gemini-cli', modelId: 'claude-sonnet-4-5' },
    check: (r) => {
      // Unsigned thinking is dropped, signatures live in thinkingSignature (docs/rules.md#antigravity-claude).
      expect(rules(r)).toContain('thinking-signature-invalid');
    },
  },
  {
    name: 'anthropic',
    file: `${PI}a-anthropic-tools.jsonl`,
    target: { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' },
    check: (r) => {
      expect(rules(r)).toContain('thinking-drop');
      expect(r.replay.messages.at(-1)?.role).not.toBe('assistant');
    },
  },
  {
    name: 'minimax',
    file: SAMPLE,
    target: { provider: 'minimax', api: 'anthropic-messages', modelId: 'MiniMax-M2' },
    check: (r) => {
      expect(r.policy.preserveSignatures.value).toBe(true);
      expect(rules(r)).toContain('turn-validation');
    },
  },
  {
    name: 'bedrock',
    file: `${PI}g-aborted-errors.jsonl`,
    target: { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0' },
    check: (r) => {
      for (const m of r.replay.messages) if (m.role === 'assistant') expect(Array.isArray(m.content) && m.content.length > 0).toBe(true);
    },
  },
  {
    name: 'mistral',
    file: SAMPLE,
    target: { provider: 'mistral', api: 'openai-completions', modelId: 'mistral-large-latest' },
    check: (r) => {
      for (const id of [...callIds(r), ...resultIds(r)]) expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
    },
  },
  {
    name: 'mistral-model-id',
    file: `${CORPUS}tool-call-id-strict9.jsonl`,
    target: { provider: 'together', api: 'openai-completions', modelId: 'mistralai/Mistral-7B-Instruct-v0.3' },
    check: (r) => {
      expect(r.policy.toolCallIdMode.value).toBe('strict9');
      for (const id of [...callIds(r), ...resultIds(r)]) expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
    },
  },
  {
    name: 'openrouter-gemini',
    file: `${CORPUS}thought-signatures.jsonl`,
    target: { provider: 'openrouter', api: 'openai-completions', modelId: 'google/gemini-2.5-pro' },
    check: (r) => {
      expect(rules(r)).toContain('thought-signature');
    },
  },
  {
    name: 'openrouter-anthropic',
    file: SAMPLE,
    target: { provider: 'openrouter', api: 'openai-completions', modelId: 'anthropic/claude-sonnet-4.5' },
    check: (r) => {
      expect(r.policy.stripPayloadPrefillWhenThinking.value).toBe(true);
    },
  },
  {
    name: 'everything-else',
    file: SAMPLE,
    target: { provider: 'acme-llm', api: 'acme-chat', modelId: 'acme-1' },
    check: (r) => {
      expect(r.policy.sanitizeToolCallIds.value).toBe(false);
      expect(rules(r)).toContain('tool-result-pairing');
    },
  },
];

/** Image data replaced by mime, size and dimensions (re-encoded JPEG bytes depend on the libvips build). */
function digestImages(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(digestImages);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = digestImages(v);
  const rec = value as Record<string, unknown>;
  if (rec.type === 'image' && typeof rec.data === 'string' && rec.data.length > 200) {
    const dims = readImageDimensions(rec.data);
    out.data = `<${String(rec.mimeType)} ${dims ? `${dims.width}x${dims.height}` : '?'}${rec.mimeType === 'image/jpeg' ? '' : ` sha256:${sha256Hex(rec.data).slice(0, 16)}`}>`;
  }
  return out;
}

function golden(r: Inspection) {
  return {
    target: r.target,
    replay: digestImages(r.replay.messages),
    annotations: r.annotations.map((a) => ({
      rule: a.rule,
      action: a.action,
      turn: a.turn,
      replayTurn: a.replayTurn,
      ...(a.path ? { path: a.path } : {}),
    })),
    sessionAppends: r.sessionAppends,
  };
}

describe('every provider family, end to end', () => {
  for (const row of ROWS) {
    it(`${row.name}: ${row.target.provider}/${row.target.api}/${row.target.modelId}`, async () => {
      const r = await inspect({ file: fixture(row.file) }, row.target, { payloads: false, now: 1767225600000 });
      const goldenPath = fixture(`test/fixtures/providers/${row.name}.json`);
      const actual = golden(r);
      if (process.env.UPDATE_GOLDENS === '1' || !existsSync(goldenPath)) {
        if (process.env.CI === 'true' && !existsSync(goldenPath)) throw new Error(`missing golden ${goldenPath}`);
        writeFileSync(goldenPath, `${JSON.stringify(actual, null, 1)}\n`);
      }
      expect(actual).toEqual(JSON.parse(readFileSync(goldenPath, 'utf8')));
      // Every replayed message traces back to the transcript or to an annotation that created it.
      r.replay.origins!.forEach((origin, i) => {
        if (origin === null) expect(r.annotations.some((a) => a.replayTurn === i && a.action === 'inserted')).toBe(true);
      });
      row.check(r);
    });
  }
});
