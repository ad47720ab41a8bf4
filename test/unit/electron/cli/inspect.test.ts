/** `transcript-inspector inspect`: the report, `--json` equal to `inspect()`, exit codes 0/1/2. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../../../electron/host/inspect.js';
import { cliArgs } from '../../helpers/cli.js';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const cli = (args: string[]) => spawnSync(process.execPath, [...cliArgs(), ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-cli-'));
const write = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};
const HEADER = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/x"}';
const clean = write(
  'clean.jsonl',
  [
    HEADER,
    '{"type":"message","id":"a","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"hi","timestamp":1}}',
    '{"type":"message","id":"b","parentId":"a","timestamp":"2026-01-01T00:00:02.000Z","message":{"role":"assistant","content":[{"type":"text","text":"hello"}],"api":"anthropic-messages","provider":"anthropic","model":"claude-opus-4-6","usage":{"input":3,"output":2,"cacheRead":0,"cacheWrite":0,"totalTokens":5},"stopReason":"stop","timestamp":2}}',
    '{"type":"message","id":"c","parentId":"b","timestamp":"2026-01-01T00:00:03.000Z","message":{"role":"user","content":"thanks","timestamp":3}}',
  ].join('\n') + '\n',
);
const broken = write(
  'broken.jsonl',
  [
    HEADER,
    '{"type":"message","id":"a","parentId":null,"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"user","content":"run it","timestamp":1}}',
    '{"type":"message","id":"b","parentId":"a","timestamp":"2026-01-01T00:00:02.000Z","message":{"role":"assistant","content":[{"type":"toolCall","id":"call|1","name":"bash","arguments":{"command":"ls"}}],"api":"anthropic-messages","provider":"anthropic","model":"claude-opus-4-6","usage":{"input":3,"output":2},"stopReason":"toolUse","timestamp":2}}',
    '{"type":"message","id":"c","parentId":"b","timestamp":"2026-01-01T00:00:03.000Z","message":{"role":"user","content":"and?","timestamp":3}}',
    '{"type":"message","id":"d","parentId":"c","timestamp":"2026-01-0',
  ].join('\n') + '\n',
);
const target = ['--provider', 'anthropic', '--api', 'anthropic-messages', '--model', 'claude-opus-4-6'];

describe('transcript-inspector inspect', () => {
  it('exits 0 with "nothing needed changing" on a clean transcript', () => {
    const r = cli(['inspect', clean, ...target, '--no-payloads']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('hygiene: nothing needed changing');
    expect(r.stdout).toContain('diagnostics: none');
  });

  it('exits 1 and reports policy reasons, changes by rule and file:line diagnostics', () => {
    const r = cli(['inspect', broken, ...target, '--no-payloads', '--now', '1767225600000']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/preserveSignatures\s+true\s+provider `anthropic`: thinking signatures must be replayed/);
    expect(r.stdout).toContain('tool-result-pairing — Tool call / result pairing (1)');
    expect(r.stdout).toContain('tool-call-id — Tool call id sanitisation');
    expect(r.stdout).toContain(`${broken}:5:65: error: the JSON stops in the middle — the file was probably cut off while writing`);
  });

  it('prints with --json the same object as inspect()', async () => {
    const r = cli(['inspect', broken, ...target, '--no-payloads', '--now', '1767225600000', '--json']);
    expect(r.status).toBe(1);
    const expected = await inspect(
      { file: broken },
      { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-opus-4-6' },
      { now: 1767225600000, payloads: false },
    );
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('passes --allowed-tools and --reasoning through', () => {
    const r = cli(['inspect', broken, ...target, '--no-payloads', '--allowed-tools', 'read,write', '--reasoning', '--json']);
    const out = JSON.parse(r.stdout);
    expect(out.target.reasoning).toBe(true);
    expect(
      out.annotations.some(
        (a: { rule: string; detail: string }) => a.rule === 'tool-call-input' && a.detail.includes('not in the allowed tools'),
      ),
    ).toBe(true);
  });

  it('replays as the spec says by default, and as OpenClaw 2026.9.6 with --behaviour openclaw-2026.9.6', async () => {
    // A Mistral model served by Together: the release keeps its tool-call id, the spec's decision makes it 9 characters.
    const together = ['--provider', 'together', '--api', 'openai-completions', '--model', 'mistralai/Mistral-7B-Instruct-v0.3'];
    const callId = (out: { replay: { messages: { role: string; content: { id?: string }[] }[] } }) =>
      out.replay.messages.find((m) => m.role === 'assistant')?.content[0]?.id;
    const spec = JSON.parse(cli(['inspect', broken, ...together, '--no-payloads', '--json']).stdout);
    const release = JSON.parse(cli(['inspect', broken, ...together, '--no-payloads', '--json', '--behaviour', 'openclaw-2026.9.6']).stdout);
    expect(spec.behaviour).toBe('spec');
    expect(callId(spec)).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(spec.policy.toolCallIdMode).toMatchObject({ value: 'strict9', decision: 'mistral-strict9' });
    expect(release.behaviour).toBe('openclaw-2026.9.6');
    expect(callId(release)).toBe('call1');
    expect(release.policy.toolCallIdMode.decision).toBeUndefined();
    const text = cli(['inspect', broken, ...together, '--no-payloads', '--behaviour', 'openclaw-2026.9.6']).stdout;
    expect(text).toContain('hygiene: OpenClaw 2026.9.6 as released (openclaw-2026.9.6)');
    const bad = cli(['inspect', broken, ...together, '--behaviour', 'latest']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--behaviour must be spec or openclaw-2026.9.6, got "latest"');
  });

  it("defaults the target to the session's last model", () => {
    const r = cli(['inspect', clean, '--no-payloads', '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).target).toEqual({ provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-opus-4-6' });
  });

  it("summarises the session's recorded errors, grouped, in the report and lists them in --json", () => {
    const aborted = path.join(root, 'test/fixtures/pi-sessions/g-aborted-errors.jsonl');
    const r = cli(['inspect', aborted, ...target, '--no-payloads']);
    expect(r.stdout).toContain('recorded errors: this session recorded 6 provider errors (2 kinds)');
    expect(r.stdout).toContain(
      '  5 × rate limit or overload — turn #12, turn #48, turn #49, turn #50 and turn #51 (lines 16, 52, 53, 54, 55)',
    );
    expect(r.stdout).toContain('  1 × provider or network failure — turn #19 (line 23)');
    expect(r.stdout).toMatch(/what to do: Hygiene cannot fix this\. Retry later/);
    const json = JSON.parse(cli(['inspect', aborted, ...target, '--no-payloads', '--json']).stdout);
    expect(json.recordedErrors.map((e: { turn: number; line: number; group: string }) => [e.turn, e.line, e.group])).toEqual([
      [12, 16, 'rate-limit'],
      [48, 52, 'rate-limit'],
      [49, 53, 'rate-limit'],
      [50, 54, 'rate-limit'],
      [51, 55, 'rate-limit'],
      [19, 23, 'server'],
    ]);
    expect(cli(['inspect', clean, ...target, '--no-payloads']).stdout).toContain('recorded errors: none');
  });

  it('explains a pasted error with --explain: category, what to do, evidence and the target to check it with', () => {
    const gemini = 'Please ensure that function call turn comes immediately after a user turn or after a function response turn.';
    const r = cli(['inspect', clean, ...target, '--explain', gemini]);
    expect(r.stdout).toMatch(/error explanation:\n {2}\d+% transcript shape: gemini-function-call-position \(rule turn-ordering\)/);
    expect(r.stdout).toContain('what to do: Hygiene fixes this');
    expect(r.stdout).toMatch(/✗ The error is worded as Gemini, but the target builds Anthropic Messages payloads/);
    expect(r.stdout).toContain('inspect for that target: --provider google --api google-generative-ai --model gemini-2.5-pro');
    const json = JSON.parse(cli(['inspect', clean, ...target, '--no-payloads', '--json', '--explain', '429 Too Many Requests']).stdout);
    expect(json.explanations[0]).toMatchObject({ category: 'rate-limit', turns: [] });
  });

  it('exits 2 with a one-line reason for unusable input or arguments', () => {
    for (const [args, message] of [
      [['inspect', path.join(dir, 'missing.jsonl'), ...target], 'no such file'],
      [['inspect', dir, ...target], 'is a directory'],
      [['inspect', clean, ...target, '--now', 'yesterday'], '--now must be milliseconds'],
      [['inspect', clean, '--bogus'], 'unknown option --bogus'],
      [['inspect'], 'inspect needs a FILE'],
      [['frobnicate'], 'unknown command "frobnicate"'],
    ] as const) {
      const r = cli([...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(message);
    }
  });
});
