/** The command line on OpenClaw stores: `DB#SESSION_ID`, `--session`, a store alone (its sessions), repair refused. */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliArgs } from '../../helpers/cli.js';
import { sessionArgument } from '../../../../electron/cli/store-argument.js';
import { inspect } from '../../../../electron/host/inspect.js';
import { completeTarget } from '../../../../electron/host/targets.js';
import { storePath, twinPath } from '../host/store/support.js';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const cli = (args: string[]) => spawnSync(process.execPath, [...cliArgs(), ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
const DB = storePath('main');
const DANGLING = '019a8b8b-953f-7b4f-809b-208aa1351459';
const folderHash = () =>
  readdirSync(path.dirname(DB)).map((name) => [
    name,
    createHash('sha256')
      .update(readFileSync(path.join(path.dirname(DB), name)))
      .digest('hex'),
  ]);

describe('naming a stored session', () => {
  it('splits DB#ID, takes --session, and keeps a file whose own name has a #', () => {
    expect(sessionArgument(`${DB}#abc`, undefined)).toEqual({ store: DB, sessionId: 'abc' });
    expect(sessionArgument(DB, 'abc')).toEqual({ store: DB, sessionId: 'abc' });
    expect(sessionArgument('notes#1.jsonl', undefined)).toEqual({ store: 'notes', sessionId: '1.jsonl' });
    expect(sessionArgument('test/fixtures/pi-sessions/f-branching.jsonl', undefined)).toEqual({
      file: 'test/fixtures/pi-sessions/f-branching.jsonl',
    });
    expect(sessionArgument('dir/#/x.jsonl', undefined)).toEqual({ file: 'dir/#/x.jsonl' });
    expect(sessionArgument(`${DB}#abc`, 'def')).toMatchObject({
      message: 'give the session either as DB#SESSION_ID or with --session, not both',
    });
    expect(sessionArgument(DB, '')).toMatchObject({ message: '--session needs a session id' });
  });
});

describe('transcript-inspector on a store', () => {
  it('inspect DB#ID prints the report of that session, located by event; --json equals inspect()', async () => {
    const before = folderHash();
    const human = cli(['inspect', `${DB}#${DANGLING}`, '--now', '1767225600000']);
    expect(human.status).toBe(1);
    expect(human.stdout.split('\n')[0]).toBe(`${DB}#${DANGLING}`);
    expect(human.stdout).toContain(`${DB}#${DANGLING}:event 3: warning: parentId "ffffffff" names no entry`);
    const viaFlag = cli(['inspect', DB, '--session', DANGLING, '--now', '1767225600000', '--json']);
    expect(viaFlag.status).toBe(1);
    const input = { store: DB, sessionId: DANGLING };
    const expected = await inspect(input, await completeTarget({}, input), { now: 1767225600000 });
    expect(JSON.parse(viaFlag.stdout)).toEqual(JSON.parse(JSON.stringify(expected)));
    const twin = cli(['inspect', twinPath('main', DANGLING), '--now', '1767225600000', '--json']);
    expect(JSON.parse(twin.stdout).annotations).toEqual(JSON.parse(viaFlag.stdout).annotations);
    expect(folderHash()).toEqual(before);
  }, 60_000);

  it('inspect DB alone lists the sessions and how to name one (exit 2)', () => {
    const result = cli(['inspect', DB]);
    expect(result.status).toBe(2);
    expect(result.stdout).toContain('OpenClaw session store of agent "main", schema 23 (OpenClaw 2026.9.6), 7 session(s)');
    expect(result.stdout).toContain(`${DB}#0199b8a4-4f40-757d-bdfc-0da82e7aa754`);
    expect(result.stdout).toMatch(
      /agent:main:main "Main chat" — current, after 2 earlier window\(s\); anthropic\/claude-sonnet-4-5; 163 messages/,
    );
    expect(result.stderr).toContain('is an OpenClaw session store: name one of its sessions');
  }, 60_000);

  it('repair DB#ID shows the plan and refuses, writing nothing (exit 2)', () => {
    const before = folderHash();
    const result = cli(['repair', `${DB}#0199b8d6-ee48-767d-96fe-f2ec837ff55c`, '--yes']);
    expect(result.status).toBe(2);
    expect(result.stdout).toMatch(/repair\(s\) planned/);
    expect(result.stderr).toMatch(/^Refused: nothing was written\. .* lives in an OpenClaw SQLite store, which this tool never writes/);
    expect(folderHash()).toEqual(before);
  }, 60_000);

  it('says what is wrong with a session the store does not have', () => {
    const result = cli(['inspect', `${DB}#no-such-session`]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/no session no-such-session in this store/);
  }, 60_000);
});
