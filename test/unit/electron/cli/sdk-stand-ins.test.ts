// The bundled CLI builds Anthropic, OpenAI, Mistral, Gemini, Vertex and Bedrock payloads with stand-ins for their SDKs
// (scripts/node-bundle.mjs, SDK_STAND_INS): the payloads must be the ones pi-ai builds with the SDKs
// themselves (this process runs the sources, which load the real packages), and the bundle must not
// load any of those packages.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../../../electron/host/inspect.js';
import { SDK_STAND_INS } from '../../../../scripts/node-bundle.mjs';
import type { Target } from '../../../../shared/types.js';
import { cliArgs } from '../../helpers/cli.js';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const fixture = (name: string) => path.join(root, 'test/fixtures/pi-sessions', name);

/** Where two texts first differ, with a little of each around it (null: the same); a payload can be megabytes. */
function firstDifference(got: string, expected: string): string | null {
  if (got === expected) return null;
  let i = 0;
  while (i < got.length && i < expected.length && got[i] === expected[i]) i += 1;
  return `at ${i} of ${got.length} / ${expected.length}: ${JSON.stringify(got.slice(i - 40, i + 80))} against ${JSON.stringify(expected.slice(i - 40, i + 80))}`;
}

/** The bundled CLI's `inspect --json` of a file for a target, with extra environment. */
function cliInspect(file: string, target: string[], env: Record<string, string> = {}): Record<string, unknown> {
  const r = spawnSync(process.execPath, [...cliArgs(), 'inspect', file, ...target, '--json', '--now', '0'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, ...env },
  });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** The CLI's options for a target. */
const flags = (provider: string, api: string, model: string) => ['--provider', provider, '--api', api, '--model', model];
const BEDROCK_CLAUDE = flags('amazon-bedrock', 'bedrock-converse-stream', 'anthropic.claude-sonnet-4-5-20250929-v1:0');

const CASES: { name: string; file: string; target: string[]; env?: Record<string, string> }[] = [
  { name: 'Anthropic, with images', file: 'i-images.jsonl', target: flags('anthropic', 'anthropic-messages', 'claude-sonnet-4-5') },
  // pi-ai makes the Anthropic client its own way for these two (other headers, no API key).
  {
    name: 'Anthropic through GitHub Copilot',
    file: 'd-model-switch.jsonl',
    target: flags('github-copilot', 'anthropic-messages', 'claude-opus-4.5'),
  },
  {
    name: 'Anthropic through Cloudflare’s AI gateway',
    file: 'a-anthropic-tools.jsonl',
    target: flags('cloudflare-ai-gateway', 'anthropic-messages', 'claude-3-5-haiku'),
  },
  { name: 'OpenAI Responses', file: 'd-model-switch.jsonl', target: flags('openai', 'openai-responses', 'gpt-5') },
  {
    name: 'Azure OpenAI Responses',
    file: 'a-anthropic-tools.jsonl',
    target: flags('azure-openai-responses', 'azure-openai-responses', 'gpt-4.1'),
  },
  { name: 'Chat Completions, with images', file: 'i-images.jsonl', target: flags('openrouter', 'openai-completions', 'openai/gpt-4o') },
  { name: 'Mistral', file: 'd-model-switch.jsonl', target: flags('mistral', 'mistral-conversations', 'mistral-large-latest') },
  { name: 'Gemini', file: 'd-model-switch.jsonl', target: flags('google', 'google-generative-ai', 'gemini-2.5-pro') },
  { name: 'Vertex', file: 'a-anthropic-tools.jsonl', target: flags('google-vertex', 'google-vertex', 'gemini-2.5-pro') },
  { name: 'Bedrock, with images (its image formats come from the SDK)', file: 'i-images.jsonl', target: BEDROCK_CLAUDE },
  {
    name: 'Bedrock behind a proxy (pi-ai then loads an HTTP handler and a proxy agent first)',
    file: 'g-aborted-errors.jsonl',
    target: BEDROCK_CLAUDE,
    env: { HTTPS_PROXY: 'http://127.0.0.1:9', AWS_BEDROCK_FORCE_HTTP1: '1' },
  },
];

describe('the bundle’s stand-ins for provider SDKs', () => {
  for (const c of CASES)
    it(`builds the payloads the SDK's own build gives: ${c.name}`, async () => {
      const saved = { ...process.env };
      Object.assign(process.env, c.env ?? {});
      try {
        const got = cliInspect(fixture(c.file), c.target, c.env);
        const expected = await inspect({ file: fixture(c.file) }, got.target as Target, { now: 0 });
        expect(expected.notes).toEqual([]);
        for (const side of ['original', 'replay'] as const) {
          const payload = (got[side] as { payload?: unknown }).payload;
          expect(payload, `${side} payload`).toBeDefined();
          expect(firstDifference(JSON.stringify(payload), JSON.stringify(expected[side].payload)), side).toBeNull();
        }
        expect(got.notes).toEqual([]);
      } finally {
        for (const key of Object.keys(c.env ?? {})) if (!(key in saved)) delete process.env[key];
      }
    });

  it('leaves every one of those packages out of the bundle', () => {
    const dir = path.dirname(cliArgs()[0]);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(5);
    const text = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
    expect(text).toContain('sdk-stand-in:@mistralai/mistralai');
    expect(text).toContain('sdk-stand-in:@anthropic-ai/sdk');
    for (const name of SDK_STAND_INS) {
      expect(text, name).not.toMatch(new RegExp(`(?:from|import\\()\\s*["']${name}["']`));
      // Nor bundled: esbuild names each module it bundles in a comment (the tests' bundle keeps them).
      expect(text, name).not.toContain(`node_modules/${name}/`);
    }
  });
});
