// An input with nothing to inspect is described as what it is (empty, blank, UTF-16, binary), and a
// partial target that does not match the recorded model names that model.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { completeTarget } from '../../../../electron/host/targets.js';
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

describe('what is wrong with an input that has no target', () => {
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
    await expect(completeTarget({}, { file })).rejects.toThrow(`${file}: ${message}`);
  });

  it('a header alone: no entries, so no recorded model', async () => {
    const file = write('header.jsonl', `${HEADER}\n`);
    await expect(completeTarget({}, { file })).rejects.toThrow(
      `${file}: the session has no entries yet, so it records no model — pass --provider, --api and --model`,
    );
  });

  it('binary data: the first located error', async () => {
    const file = write('binary.jsonl', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    await expect(completeTarget({}, { file })).rejects.toThrow(`${file}:1:1: not a session file — `);
  });

  it('a session with entries but no model keeps the "no target" advice', async () => {
    const file = write(
      'nomodel.jsonl',
      `${HEADER}\n{"type":"message","id":"a","parentId":null,"timestamp":"t","message":{"role":"user","content":"hi","timestamp":1}}\n`,
    );
    await expect(completeTarget({}, { file })).rejects.toThrow(
      'no target: pass --provider, --api and --model (the session records no model to default to)',
    );
  });

  it('--provider alone, for another provider than the recorded one, names the recorded model', async () => {
    await expect(completeTarget({ provider: 'openai' }, { file: recorded })).rejects.toThrow(
      "no model for --provider openai: the session's last model is anthropic/claude-sonnet-4-5, of another provider — pass --model",
    );
    await expect(completeTarget({ modelId: 'gpt-5' }, { file: recorded })).rejects.toThrow(
      "no provider for --model gpt-5: the session's last model is anthropic/claude-sonnet-4-5 — pass --provider",
    );
    await expect(completeTarget({ provider: 'anthropic' }, { file: recorded })).resolves.toEqual({
      provider: 'anthropic',
      api: 'anthropic-messages',
      modelId: 'claude-sonnet-4-5',
    });
  });

  it('the CLI prints it as its one-line reason, exit 2', () => {
    const r = spawnSync(process.execPath, [...cliArgs(), 'inspect', path.join(dir, 'empty.jsonl')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`transcript-inspector: ${path.join(dir, 'empty.jsonl')}: the file is empty (0 bytes)\n`);
  });
});
