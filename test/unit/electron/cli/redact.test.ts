/** `transcript-inspector redact FILE --output OUT`: the copy on disk, the check, exit codes, refusals. */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runRedactCommand } from '../../../../electron/cli/redact.js';
import { scriptedIo } from '../../../fixtures/repair/cli-io.js';
import { redactSession } from '../../../../electron/host/redact/redact-session.js';
import { assistant, entry, HEADER, jsonl, user } from '../../../fixtures/repair/sessions.js';
import { storePath, twinPath } from '../host/store/support.js';
import { cliArgs } from '../../helpers/cli.js';

let dir: string;
let file: string;
const session = jsonl([
  HEADER,
  entry('a', null, user('my card is 4111 1111 1111 1111')),
  entry('b', 'a', assistant([{ type: 'text', text: 'Noted, Alice.' }])),
  entry('c', 'b', user('   ')),
]);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ti-cli-redact-'));
  file = path.join(dir, 'session.jsonl');
  await writeFile(file, session);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('redact FILE', () => {
  it('writes the copy and says it reproduces the inspection for the session’s model (exit 0)', async () => {
    const out = path.join(dir, 'copy.jsonl');
    const io = scriptedIo();
    expect(await runRedactCommand([file, '--output', out], io)).toBe(0);
    const copy = await readFile(out, 'utf8');
    expect(copy).not.toContain('4111');
    expect(copy).not.toContain('Alice');
    expect(copy).toContain('xx xxxx xx 0000 0000 0000 0000');
    expect(copy.split('\n').length).toBe(session.split('\n').length);
    expect(io.text()).toMatch(
      new RegExp(
        `^wrote ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\nReplaced: 3 texts, 0 images, 0 signatures.\nIt reproduces this inspection for anthropic/claude-sonnet-4-5: `,
      ),
    );
  });

  it('escapes control characters of the output path in what it prints', async () => {
    const out = path.join(dir, 'copy\u001b[2J\u0007.jsonl');
    const io = scriptedIo();
    expect(await runRedactCommand([file, '--output', out], io)).toBe(0);
    expect(await readFile(out, 'utf8')).not.toContain('4111');
    expect(io.text()).toContain(`wrote ${path.join(dir, 'copy\\x1b[2J\\x07.jsonl')}\n`);
    expect(io.text()).not.toContain('\u001b');
    const again = scriptedIo();
    expect(await runRedactCommand([file, '--output', out], again)).toBe(2);
    expect(again.err.join('')).toContain('copy\\x1b[2J\\x07.jsonl already exists');
    expect(again.err.join('')).not.toContain('\u001b');
  });

  it('prints a JSON summary with --json', async () => {
    const out = path.join(dir, 'copy.jsonl');
    const io = scriptedIo();
    expect(await runRedactCommand([file, '--output', out, '--json'], io)).toBe(0);
    const summary = JSON.parse(io.text());
    expect(summary).toMatchObject({ file, output: out, counts: { texts: 3, images: 0, signatures: 0, errorMessages: 0 } });
    expect(summary.check).toMatchObject({
      reproduces: true,
      differences: [],
      target: { provider: 'anthropic', modelId: 'claude-sonnet-4-5' },
    });
  });

  it('writes the copy but skips the check, saying why, when the session records no model and none is given', async () => {
    const bare = path.join(dir, 'bare.jsonl');
    await writeFile(bare, jsonl([HEADER, entry('a', null, user('my card is 4111 1111 1111 1111'))]));
    const out = path.join(dir, 'bare-copy.jsonl');
    const io = scriptedIo();
    expect(await runRedactCommand([bare, '--output', out, '--json'], io)).toBe(0);
    expect(await readFile(out, 'utf8')).not.toContain('4111');
    expect(JSON.parse(io.text()).check).toEqual({
      skipped: 'no target: pass --provider, --api and --model (the session records no model to default to)',
    });
    // With a whole target, the same session is checked.
    const given = scriptedIo();
    const target = ['--provider', 'anthropic', '--api', 'anthropic-messages', '--model', 'claude-sonnet-4-5'];
    expect(await runRedactCommand([bare, '--output', path.join(dir, 'bare-2.jsonl'), '--json', ...target], given)).toBe(0);
    expect(JSON.parse(given.text()).check).toMatchObject({
      reproduces: true,
      target: { provider: 'anthropic', modelId: 'claude-sonnet-4-5' },
    });
  });

  it('writes to standard output with --output -, the summary going to standard error', async () => {
    const io = scriptedIo();
    const stdout = new PassThrough();
    const chunks: Buffer[] = [];
    stdout.on('data', (c: Buffer) => chunks.push(c));
    expect(await runRedactCommand([file, '--output', '-', '--no-check'], io, stdout)).toBe(0);
    expect(Buffer.concat(chunks).toString('utf8')).toContain('"text":"Xxxxx, Xxxxx."');
    expect(io.text()).toBe('');
    expect(io.err.join('')).toContain('not checked (--no-check)');
  });

  it('never overwrites a file and needs --output (exit 2)', async () => {
    const out = path.join(dir, 'exists.jsonl');
    await writeFile(out, 'mine');
    const io = scriptedIo();
    expect(await runRedactCommand([file, '--output', out], io)).toBe(2);
    expect(io.err.join('')).toContain(`${out} already exists: redact never overwrites a file`);
    expect(await readFile(out, 'utf8')).toBe('mine');
    const none = scriptedIo();
    expect(await runRedactCommand([file], none)).toBe(2);
    expect(none.err.join('')).toContain('redact needs --output OUT');
  });

  it('says why a missing file cannot be redacted (exit 2)', async () => {
    const io = scriptedIo();
    expect(await runRedactCommand([path.join(dir, 'nope.jsonl'), '--output', path.join(dir, 'x.jsonl')], io)).toBe(2);
    expect(io.err.join('')).toContain('nope.jsonl: no such file');
  });

  it('redacts a session of an OpenClaw store named DB#ID or with --session, and lists a store named alone (exit 2)', async () => {
    const sessionId = '0199b8a4-4f40-757d-bdfc-f0f0f0f0f0f0';
    const expected = (await redactSession({ file: twinPath('main', sessionId) })).text;
    const hashed = path.join(dir, 'hashed.jsonl');
    const io = scriptedIo();
    expect(await runRedactCommand([`${storePath('main')}#${sessionId}`, '--output', hashed], io)).toBe(0);
    expect(await readFile(hashed, 'utf8')).toBe(expected);
    expect(io.text()).toContain('It reproduces this inspection for ');
    const flagged = path.join(dir, 'flagged.jsonl');
    expect(await runRedactCommand([storePath('main'), '--session', sessionId, '--output', flagged, '--no-check'], scriptedIo())).toBe(0);
    expect(await readFile(flagged, 'utf8')).toBe(expected);
    const alone = scriptedIo();
    expect(await runRedactCommand([storePath('main'), '--output', path.join(dir, 'none.jsonl')], alone)).toBe(2);
    expect(alone.err.join('')).toContain(`${storePath('main')}#${sessionId}`);
    expect(alone.err.join('')).toContain('is an OpenClaw session store: name one of its sessions');
  });

  it('exits 2, without a summary, when standard output cannot take the copy (a full disk behind it)', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const run = spawnSync(process.execPath, [...cliArgs(), 'redact', file, '--output', '-'], {
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
      });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/^transcript-inspector: cannot write the output: ENOSPC/);
      expect(run.stderr).not.toContain('wrote the redacted copy');
      expect(run.stderr.match(/ENOSPC/g)).toHaveLength(1);
    } finally {
      closeSync(full);
    }
  });

  it('refuses a SQLite file named alone that is not a store it can list, and writes nothing (exit 2)', async () => {
    // OpenClaw's shared state database: SQLite, without the session tables.
    const state = path.join(dir, 'openclaw.sqlite');
    const db = new Database(state);
    db.exec(
      "CREATE TABLE schema_meta (meta_key TEXT, role TEXT, schema_version INTEGER, agent_id TEXT, app_version TEXT); INSERT INTO schema_meta VALUES ('primary', 'state', 18, NULL, '2026.9.6')",
    );
    db.close();
    const out = path.join(dir, 'state.redacted.jsonl');
    const io = scriptedIo();
    expect(await runRedactCommand([state, '--output', out], io)).toBe(2);
    expect(io.err.join('')).toContain("this is OpenClaw's shared state database, not an agent's session store");
    await expect(readFile(out)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
