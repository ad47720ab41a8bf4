// An input with nothing to inspect is described as what it is (empty, blank, UTF-16, binary), and a
// partial target that does not match the recorded model names that model.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspectCompleting } from '../../../../electron/host/inspect.js';
import { completeTarget, type PartialTarget } from '../../../../electron/host/targets.js';
import type { Target } from '../../../../shared/types.js';
import { cliArgs } from '../../helpers/cli.js';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-input-'));
const write = (name: string, bytes: string | Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
};
const HEADER = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/x"}';
const recorded = write(
  'recorded.jsonl',
  `${HEADER}\n{"type":"model_change","id":"m","parentId":null,"timestamp":"t","provider":"anthropic","modelId":"claude-sonnet-4-5"}\n`,
);

/**
 * The two ways a partial target is completed: on its own (reading the session for it), and by
 * `inspectCompleting` as the session is read for its inspection (the CLI's way): the same answers.
 */
const COMPLETIONS: [string, (partial: PartialTarget, file: string) => Promise<Target>][] = [
  ['completeTarget', (partial, file) => completeTarget(partial, { file })],
  ['inspectCompleting', async (partial, file) => (await inspectCompleting({ file }, partial, { payloads: false })).target],
];

describe.each(COMPLETIONS)('what is wrong with an input that has no target (%s)', (_name, complete) => {
  it.each([
    ['empty.jsonl', '', 'the file is empty (0 bytes)'],
    ['blank.jsonl', '\n  \n\r\n', 'the file holds only blank lines — there is no session in it'],
    [
      'utf16le.jsonl',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${HEADER}\n`, 'utf16le')]),
      'the file is UTF-16LE text; session files are UTF-8 — convert it first (for example: iconv -f UTF-16LE -t UTF-8)',
    ],
    [
      'utf16be.jsonl',
      Buffer.from(`${HEADER}\n`, 'utf16le').swap16(),
      'the file is UTF-16BE text; session files are UTF-8 — convert it first (for example: iconv -f UTF-16BE -t UTF-8)',
    ],
  ])('%s', async (name, bytes, message) => {
    const file = write(name, bytes);
    await expect(complete({}, file)).rejects.toThrow(`${file}: ${message}`);
  });

  it('a header alone: no entries, so no recorded model', async () => {
    const file = write('header.jsonl', `${HEADER}\n`);
    await expect(complete({}, file)).rejects.toThrow(
      `${file}: the session has no entries yet, so it records no model — pass --provider, --api and --model`,
    );
  });

  it('binary data: the first located error', async () => {
    const file = write('binary.jsonl', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    await expect(complete({}, file)).rejects.toThrow(`${file}:1:1: not a session file — `);
  });

  it('a session with entries but no model keeps the "no target" advice', async () => {
    const file = write(
      'nomodel.jsonl',
      `${HEADER}\n{"type":"message","id":"a","parentId":null,"timestamp":"t","message":{"role":"user","content":"hi","timestamp":1}}\n`,
    );
    await expect(complete({}, file)).rejects.toThrow(
      'no target: pass --provider, --api and --model (the session records no model to default to)',
    );
  });

  it('--provider alone, for another provider than the recorded one, names the recorded model', async () => {
    await expect(complete({ provider: 'openai' }, recorded)).rejects.toThrow(
      "no model for --provider openai: the session's last model is anthropic/claude-sonnet-4-5, of another provider — pass --model",
    );
    await expect(complete({ modelId: 'gpt-5' }, recorded)).rejects.toThrow(
      "no provider for --model gpt-5: the session's last model is anthropic/claude-sonnet-4-5 — pass --provider",
    );
    await expect(complete({ provider: 'anthropic' }, recorded)).resolves.toEqual({
      provider: 'anthropic',
      api: 'anthropic-messages',
      modelId: 'claude-sonnet-4-5',
    });
  });
});

describe('the command line', () => {
  it('the CLI prints it as its one-line reason, exit 2', () => {
    const r = spawnSync(process.execPath, [...cliArgs(), 'inspect', path.join(dir, 'empty.jsonl')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`transcript-inspector: ${path.join(dir, 'empty.jsonl')}: the file is empty (0 bytes)\n`);
  });
});
