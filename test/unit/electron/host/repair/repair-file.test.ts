/** Repair on disk: the cases OpenClaw's repair tests check, and the refusals, asserting the bytes on disk afterwards. */
import { createHash } from 'node:crypto';
import {
  appendFile,
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  truncate,
  utimes,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planRepair, planRepairFile, repair, repairFile } from '../../../../../electron/host/repair/index.js';
import { renameWithRetry } from '../../../../../electron/host/repair/atomic-replace.js';
import { applyRepair, planRepairBytes, planRepairText } from '../../../../../shared/repair/plan.js';
import { exportJsonl } from '../../../../../electron/host/jsonl-export.js';
import { assistant, entry, HEADER, healthySession, jsonl, toolResult, user } from '../../../../fixtures/repair/sessions.js';

let dir: string;
const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ti-repair-'));
});
afterEach(async () => {
  await chmod(dir, 0o755).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

async function session(name: string, content: string | Uint8Array, mode = 0o600): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, content, { mode });
  await chmod(file, mode);
  return file;
}

async function planAndRepair(file: string) {
  const plan = await planRepairFile(file);
  return { plan, result: await repairFile(file, plan.digest) };
}

const listing = async () => (await readdir(dir)).sort();

describe('repair on disk', () => {
  it('drops the cut-off line, keeps two lines, and the backup held the original bytes', async () => {
    const good = jsonl([HEADER, entry('a', null, user('hello'))]);
    const original = `${good}{"type":"message"`;
    const file = await session('s.jsonl', original);
    const plan = await planRepairFile(file);
    let kept = '';
    const result = await repairFile(file, plan.digest, {
      hooks: {
        removeBackup: async (backup) => {
          kept = backup;
          return new Error('EBUSY: simulated');
        },
      },
    });
    expect(result).toMatchObject({ status: 'repaired', plan: { counts: { droppedLines: 1 } }, backupPath: kept });
    expect(await readFile(file, 'utf8')).toBe(good);
    expect(good.trim().split('\n')).toHaveLength(2);
    expect(await readFile(kept, 'utf8')).toBe(original);
    expect(path.basename(kept)).toMatch(new RegExp(`^s\\.jsonl\\.bak-${process.pid}-\\d+$`));
    expect(result.message).toMatch(/could not be removed .* kept at/);
    expect(result.digestAfter).toBe(sha(good));
  });

  it('normal end: the backup is removed after the replace, nothing else is left', async () => {
    const file = await session('s.jsonl', `${jsonl([HEADER, entry('a', null, user('hello'))])}{"type":"message"`);
    const { result } = await planAndRepair(file);
    expect(result.status).toBe('repaired');
    expect(result.backupPath).toBeUndefined();
    expect(await listing()).toEqual(['s.jsonl']);
  });

  it('a healthy CRLF file is not touched', async () => {
    const original = jsonl(healthySession(9), '\r\n');
    const file = await session('crlf.jsonl', original);
    const before = await stat(file);
    const { plan, result } = await planAndRepair(file);
    expect(plan).toMatchObject({ needed: false, counts: { droppedLines: 0 } });
    expect(result.status).toBe('not-needed');
    expect(await readFile(file, 'utf8')).toBe(original);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
    expect(await listing()).toEqual(['crlf.jsonl']);
  });

  it('a file without a session header is refused and left untouched', async () => {
    const original = jsonl([entry('a', null, user('hi')), '{"type":"message"']);
    const file = await session('noheader.jsonl', original);
    const { plan, result } = await planAndRepair(file);
    expect(plan.refusal).toMatch(/^invalid session header/);
    expect(result).toMatchObject({ status: 'refused', reason: 'invalid session header' });
    expect(await readFile(file, 'utf8')).toBe(original);
    expect(await listing()).toEqual(['noheader.jsonl']);
  });

  it('an empty file is refused as an empty session file and left alone', async () => {
    const file = await session('empty.jsonl', '\n\n');
    const { plan, result } = await planAndRepair(file);
    expect(plan.refusal).toMatch(/^empty session file/);
    expect(result).toMatchObject({ status: 'refused', reason: 'empty session file' });
    expect(await readFile(file, 'utf8')).toBe('\n\n');
    expect(await listing()).toEqual(['empty.jsonl']);
  });

  it('a directory is refused with "failed to read session file"', async () => {
    const sub = path.join(dir, 'sessions.jsonl');
    await mkdir(sub);
    const plan = await planRepairFile(sub);
    expect(plan.refusal).toMatch(/^failed to read session file: .*directory/);
    const result = await repairFile(sub, 'a'.repeat(64));
    expect(result.status).toBe('refused');
    expect(result.reason).toContain('failed to read session file');
    const missing = await repairFile(path.join(dir, 'nope.jsonl'), 'a'.repeat(64));
    expect(missing.reason).toMatch(/^failed to read session file: .*no such file/);
  });

  it('an empty Bedrock error turn gets the sentinel; the message says "rewrote", not "dropped"', async () => {
    const bedrock = assistant([], { api: 'bedrock-converse-stream', provider: 'amazon-bedrock', stopReason: 'error' });
    const file = await session(
      's.jsonl',
      jsonl([HEADER, entry('a', null, user('go')), entry('b', 'a', bedrock), entry('c', 'b', user('again'))]),
    );
    const { result } = await planAndRepair(file);
    expect(result.status).toBe('repaired');
    expect(result.plan?.counts.rewrittenAssistantMessages).toBe(1);
    expect(result.message).toContain('rewrote 1 assistant message(s)');
    expect(result.message).not.toContain('dropped');
    expect(await readFile(file, 'utf8')).toBe(
      jsonl([
        HEADER,
        entry('a', null, user('go')),
        entry('b', 'a', { ...bedrock, content: [{ type: 'text', text: '[assistant turn failed before producing content]' }] }),
        entry('c', 'b', user('again')),
      ]),
    );
  });

  it('blank user turns become (continue) with the same id; images are kept', async () => {
    const image = { type: 'image', data: 'aGVsbG8=', mimeType: 'image/png' };
    const file = await session(
      's.jsonl',
      jsonl([
        HEADER,
        entry('u1', null, user([{ type: 'text', text: '' }])),
        entry('u2', 'u1', user('   ')),
        entry('u3', 'u2', user([{ type: 'text', text: '   ' }, image])),
      ]),
    );
    const { result } = await planAndRepair(file);
    expect(result.plan?.counts.rewrittenUserMessages).toBe(3);
    expect(await readFile(file, 'utf8')).toBe(
      jsonl([
        HEADER,
        entry('u1', null, user([{ type: 'text', text: '(continue)' }])),
        entry('u2', 'u1', user('(continue)')),
        entry('u3', 'u2', user([image])),
      ]),
    );
  });

  it('silent stop turns, trailing assistants and healed sentinels stay byte-identical', async () => {
    const files = [
      jsonl([HEADER, entry('a', null, user('hi')), entry('b', 'a', assistant([], { usage: { input: 100, output: 0 } }))]),
      jsonl([
        HEADER,
        entry('a', null, user('hi')),
        entry('b', 'a', assistant([{ type: 'text', text: 'x' }])),
        entry('c', 'b', assistant([{ type: 'text', text: 'y' }])),
      ]),
      jsonl([
        HEADER,
        entry('b', null, assistant([{ type: 'text', text: '[assistant turn failed before producing content]' }], { stopReason: 'error' })),
      ]),
    ];
    for (const [i, content] of files.entries()) {
      const file = await session(`s${i}.jsonl`, content);
      const { result } = await planAndRepair(file);
      expect(result.status).toBe('not-needed');
      expect(await readFile(file, 'utf8')).toBe(content);
    }
    expect(await listing()).toEqual(['s0.jsonl', 's1.jsonl', 's2.jsonl']);
  });
});

describe('repair refusals and guarantees', () => {
  const damaged = () => `${jsonl([HEADER, entry('a', null, user('hello')), entry('b', 'a', user(''))])}{"cut`;

  it('says why a file over 2 GiB cannot be repaired, and leaves it alone', async () => {
    const file = path.join(dir, 'huge.jsonl');
    // Sparse: no disk used, and the size check fails before any byte is read.
    await writeFile(file, '');
    await truncate(file, 2200 * 1024 ** 2);
    const plan = await planRepair({ file }).catch((error: Error) => error);
    expect(String(plan instanceof Error ? plan.message : JSON.stringify(plan))).toMatch(
      /files over 2 GiB cannot be repaired here \(they can be inspected\)/,
    );
    expect((await stat(file)).size).toBe(2200 * 1024 ** 2);
    expect(await listing()).toEqual(['huge.jsonl']);
  });

  it('never overwrites a file modified between plan and write', async () => {
    const file = await session('s.jsonl', damaged());
    const plan = await planRepairFile(file);
    await appendFile(file, '\n{"type":"message","id":"new","parentId":"b","message":{"role":"user","content":"typed meanwhile"}}\n');
    const modified = await readFile(file);
    const result = await repairFile(file, plan.digest);
    expect(result).toMatchObject({ status: 'refused', reason: 'file changed since it was planned' });
    expect(result.message).toMatch(/nothing was written — plan again/);
    expect(await readFile(file)).toEqual(modified);
    expect(await listing()).toEqual(['s.jsonl']);
  });

  it('does not trust a remembered plan once the file was rewritten, even with the same size and mtime', async () => {
    const file = await session('s.jsonl', damaged());
    // Whole seconds, so the mtime can be put back exactly.
    await utimes(file, 1_700_000_000, 1_700_000_000);
    const plan = await planRepairFile(file);
    const before = await stat(file, { bigint: true });
    // Same length, different bytes, mtime put back: only the ctime tells.
    const forged = damaged().replace('hello', 'HELLO');
    await writeFile(file, forged);
    await utimes(file, 1_700_000_000, 1_700_000_000);
    const after = await stat(file, { bigint: true });
    expect([after.size, after.mtimeNs, after.ino]).toEqual([before.size, before.mtimeNs, before.ino]);
    expect(after.ctimeNs).not.toBe(before.ctimeNs);
    const result = await repairFile(file, plan.digest);
    expect(result).toMatchObject({ status: 'refused', reason: 'file changed since it was planned' });
    expect(await readFile(file, 'utf8')).toBe(forged);
    expect(await listing()).toEqual(['s.jsonl']);
  });

  it('repairs from a plan made before the file was only touched (re-read and re-hashed)', async () => {
    const file = await session('s.jsonl', damaged());
    const plan = await planRepairFile(file);
    const now = new Date();
    await utimes(file, now, now);
    const result = await repairFile(file, plan.digest);
    expect(result.status).toBe('repaired');
    expect(await readFile(file, 'utf8')).toBe(jsonl([HEADER, entry('a', null, user('hello')), entry('b', 'a', user('(continue)'))]));
  });

  it('never overwrites a file modified while the repair is being written', async () => {
    const file = await session('s.jsonl', damaged());
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest, { hooks: { beforeRename: () => appendFile(file, '{"late":true}\n') } });
    expect(result).toMatchObject({ status: 'refused', reason: 'file changed while it was being repaired' });
    expect(await readFile(file, 'utf8')).toBe(`${damaged()}{"late":true}\n`);
    expect(await listing()).toEqual(['s.jsonl']);
  });

  it('refuses a read-only file', async () => {
    const file = await session('ro.jsonl', damaged(), 0o444);
    const { result } = await planAndRepair(file);
    expect(result).toMatchObject({ status: 'refused', reason: 'not writable' });
    expect(result.message).toMatch(/read-only/);
    expect(await readFile(file, 'utf8')).toBe(damaged());
    expect((await stat(file)).mode & 0o777).toBe(0o444);
    expect(await listing()).toEqual(['ro.jsonl']);
  });

  it('refuses a file in a read-only directory without leaving files behind', async () => {
    const sub = path.join(dir, 'ro');
    await mkdir(sub);
    const file = path.join(sub, 's.jsonl');
    await writeFile(file, damaged());
    const plan = await planRepairFile(file);
    await chmod(sub, 0o555);
    const result = await repairFile(file, plan.digest);
    await chmod(sub, 0o755);
    expect(result).toMatchObject({ status: 'refused', reason: 'not writable' });
    expect(result.message).toMatch(/directory .* read-only|not writable/);
    expect(await readFile(file, 'utf8')).toBe(damaged());
    expect(await readdir(sub)).toEqual(['s.jsonl']);
  });

  it('says not-needed for a read-only file that needs nothing', async () => {
    const file = await session('ro.jsonl', jsonl(healthySession(4)), 0o444);
    const { result } = await planAndRepair(file);
    expect(result.status).toBe('not-needed');
  });

  it('given only a digest, leaves a healthy file alone without copying it', async () => {
    const content = jsonl(healthySession(30));
    const file = await session('s.jsonl', content);
    const before = await stat(file, { bigint: true });
    let copied = false;
    const result = await repairFile(file, sha(content), { stepBytes: 256, hooks: { beforeRename: async () => void (copied = true) } });
    expect(result.status).toBe('not-needed');
    expect(copied).toBe(false);
    const after = await stat(file, { bigint: true });
    expect([after.ino, after.mtimeNs, after.ctimeNs, after.nlink]).toEqual([before.ino, before.mtimeNs, before.ctimeNs, before.nlink]);
    expect(await listing()).toEqual(['s.jsonl']);
  });

  it('refuses a malformed expected digest', async () => {
    const file = await session('s.jsonl', damaged());
    expect(await repairFile(file, 'abc')).toMatchObject({ status: 'refused', reason: 'invalid expected digest' });
    expect(await readFile(file, 'utf8')).toBe(damaged());
  });

  it('keeps the mode, the BOM, CRLF and untouched bytes (including invalid UTF-8)', async () => {
    const enc = new TextEncoder();
    const odd = enc.encode(JSON.stringify(entry('x', null, user('caf\u00e9'))));
    const at = odd.indexOf(0xc3);
    const oddBytes = new Uint8Array([...odd.subarray(0, at), 0xe9, ...odd.subarray(at + 2)]);
    const head = enc.encode(`\uFEFF${JSON.stringify(HEADER)}\r\n`);
    const tail = enc.encode(`\r\n${JSON.stringify(entry('y', 'x', user(' ')))}\r\n{"cut\r\n`);
    const original = new Uint8Array([...head, ...oddBytes, ...tail]);
    const file = await session('s.jsonl', original, 0o640);
    const { result } = await planAndRepair(file);
    expect(result.status).toBe('repaired');
    const expected = new Uint8Array([
      ...head,
      ...oddBytes,
      ...enc.encode(`\r\n${JSON.stringify(entry('y', 'x', user('(continue)')))}\r\n`),
    ]);
    expect(new Uint8Array(await readFile(file))).toEqual(expected);
    expect((await stat(file)).mode & 0o777).toBe(0o640);
  });

  it('repairs the target of a symlink and keeps the link', async () => {
    const target = await session('real.jsonl', damaged());
    const link = path.join(dir, 'link.jsonl');
    await symlink(target, link);
    const { result } = await planAndRepair(link);
    expect(result.status).toBe('repaired');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(target, 'utf8')).toBe(jsonl([HEADER, entry('a', null, user('hello')), entry('b', 'a', user('(continue)'))]));
  });

  it('cleans stale temp files of a crashed repair and reports, but keeps, stale backups', async () => {
    const file = await session('s.jsonl', damaged());
    const staleTemp = `${file}.repair-999999999-1700000000000.tmp`;
    const staleBackup = `${file}.bak-999999999-1700000000000`;
    await writeFile(staleTemp, 'half a file');
    await writeFile(staleBackup, damaged());
    const { result } = await planAndRepair(file);
    expect(result.status).toBe('repaired');
    expect(result.cleanedStaleTempFiles).toEqual([staleTemp]);
    expect(result.staleBackups).toEqual([staleBackup]);
    expect(result.message).toMatch(/backup\(s\) of an earlier interrupted repair .* kept/);
    expect(await listing()).toEqual(['s.jsonl', path.basename(staleBackup)]);
  });

  it('retries a rename that fails transiently, and gives up on other errors', async () => {
    const file = await session('s.jsonl', damaged());
    const plan = await planRepairFile(file);
    let calls = 0;
    const { rename } = await import('node:fs/promises');
    const result = await repairFile(file, plan.digest, {
      retry: { attempts: 4, baseDelayMs: 1 },
      hooks: {
        rename: async (a, b) => {
          calls += 1;
          if (calls < 3) throw Object.assign(new Error('EBUSY: resource busy'), { code: 'EBUSY' });
          await rename(a, b);
        },
      },
    });
    expect(result.status).toBe('repaired');
    expect(calls).toBe(3);
    const failing = async () => {
      throw Object.assign(new Error('EXDEV'), { code: 'EXDEV' });
    };
    await expect(renameWithRetry('a', 'b', { attempts: 5, baseDelayMs: 1 }, failing)).rejects.toThrow('EXDEV');
    let tries = 0;
    const busy = async () => {
      tries += 1;
      throw Object.assign(new Error('EPERM'), { code: 'EPERM' });
    };
    await expect(renameWithRetry('a', 'b', { attempts: 3, baseDelayMs: 1 }, busy)).rejects.toThrow('EPERM');
    expect(tries).toBe(3);
  });

  it('reports a failed rename as refused and leaves the original and no leftovers', async () => {
    const file = await session('s.jsonl', damaged());
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest, {
      retry: { attempts: 2, baseDelayMs: 1 },
      hooks: { rename: async () => Promise.reject(Object.assign(new Error('EBUSY: held open'), { code: 'EBUSY' })) },
    });
    expect(result).toMatchObject({ status: 'refused', reason: 'repair failed' });
    expect(result.message).toMatch(/original file is unchanged/);
    expect(await readFile(file, 'utf8')).toBe(damaged());
    expect(await listing()).toEqual(['s.jsonl']);
  });

  it('writes the same bytes as the pure planner when streaming in small steps, with inserted results', async () => {
    const lines = healthySession(60);
    lines.splice(5, 0, '{"cut');
    lines.splice(30, 0, JSON.stringify(entry('blank', null, user(''))));
    lines.push(
      entry(
        'r',
        'x',
        assistant([{ type: 'toolCall', id: 'call_r', name: 'exec', arguments: {} }], {
          api: 'openai-chatgpt-responses',
          provider: 'openai',
          stopReason: 'toolUse',
        }),
      ),
    );
    lines.push(entry('s', 'r', toolResult('call_other', 'x')));
    const original = jsonl(lines);
    const expected = applyRepair(new TextEncoder().encode(original), planRepairBytes(new TextEncoder().encode(original)).edits);
    for (const viaPlan of [false, true]) {
      const file = await session(`s${viaPlan}.jsonl`, original);
      // Without a plan made in this process the repair plans while it writes; with one it reuses it.
      const digest = viaPlan ? (await planRepairFile(file)).digest : sha(original);
      const result = await repairFile(file, digest, { stepBytes: 700 });
      expect(result.status).toBe('repaired');
      expect(result.plan?.counts).toMatchObject({ droppedLines: 1, rewrittenUserMessages: 1, insertedToolResults: 1 });
      expect(new Uint8Array(await readFile(file))).toEqual(expected);
      expect(result.digestAfter).toBe(sha(expected));
    }
  });

  it('is idempotent: a second plan of the repaired file needs nothing', async () => {
    const file = await session('s.jsonl', damaged());
    await planAndRepair(file);
    const after = await readFile(file);
    const { plan, result } = await planAndRepair(file);
    expect(plan.needed).toBe(false);
    expect(result.status).toBe('not-needed');
    expect(await readFile(file)).toEqual(after);
  });

  it('a read-only run as root still respects chmod a-w (the check does not rely on access())', async () => {
    if (!isRoot) {
      console.log('not root: access() alone already refuses read-only files here');
      return;
    }
    const file = await session('ro.jsonl', damaged(), 0o400);
    const { result } = await planAndRepair(file);
    expect(result.reason).toBe('not writable');
  });
});

describe('programmatic API', () => {
  it('planRepair({text}) plans the text; repair({file}, {expectedDigest}) writes', async () => {
    const text = `${jsonl([HEADER, entry('a', null, user('hello'))])}{"type":"message"`;
    const fromText = await planRepair({ text });
    expect(fromText.digest).toBe(sha(text));
    expect(fromText.actions).toHaveLength(1);
    const file = await session('s.jsonl', text);
    const fromFile = await planRepair({ file });
    expect(fromFile).toEqual(fromText);
    const result = await repair({ file }, { expectedDigest: fromFile.digest });
    expect(result.status).toBe('repaired');
    await expect(planRepair({} as { text: string })).rejects.toThrow(/expected \{ file: string \} or \{ text: string \}/);
  });

  it('hashes with node:crypto what the engine hashes itself: text with a lone surrogate, the repaired export', async () => {
    // Both the host and the engine write a lone surrogate as U+FFFD's three bytes, and hash those.
    const text = `${jsonl([HEADER, entry('a', null, user('caf\u00e9 \ud83d')), entry('b', 'a', user('  '))])}{"type":"mess`;
    const engine = planRepairText(text);
    expect(await planRepair({ text })).toEqual(engine.plan);
    const exported = exportJsonl(Buffer.from(engine.bytes), 'cafe', 'repaired');
    expect(exported.plan).toEqual(planRepairBytes(engine.bytes).plan);
    expect(exported.bytes.equals(Buffer.from(applyRepair(engine.bytes, engine.edits)))).toBe(true);
  });
});
