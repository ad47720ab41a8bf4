// Listing the sessions of stores OpenClaw 2026.9.6 wrote, and refusing what is not such a store.
import Database from 'better-sqlite3';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../../../../../electron/host/read-input.js';
import { SessionStore } from '../../../../../electron/host/store/session-store.js';
import { listStoreSessions, openStoredSession, storeHasSession } from '../../../../../electron/host/store/index.js';
import { copyStore, edit, manifest, storePath } from './support.js';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const cleanup: string[] = [];
afterEach(() => {
  for (const file of cleanup.splice(0)) rmSync(dirname(file), { recursive: true, force: true });
});
const copy = (agent: string): string => {
  const file = copyStore(agent);
  cleanup.push(file);
  return file;
};

describe('listing a store', () => {
  for (const fixture of manifest.stores) {
    it(`lists every window of the ${fixture.agent} store as real SQLite sees it`, async () => {
      const listing = await listStoreSessions(storePath(fixture.agent));
      expect(listing).toMatchObject({ agentId: fixture.agent, schemaVersion: 23, appVersion: '2026.9.6', notes: [] });
      expect(listing.walFrames > 0).toBe(fixture.walBytes > 0);
      expect(listing.sessions.map((s) => s.sessionId).sort()).toEqual(fixture.sessions.map((s) => s.sessionId).sort());
      for (const expected of fixture.sessions) {
        const got = listing.sessions.find((s) => s.sessionId === expected.sessionId)!;
        expect(got).toMatchObject({
          key: expected.key,
          current: expected.current,
          reason: expected.reason,
          events: expected.events,
          compressedEvents: expected.compressedEvents,
        });
        expect(got.previousSessionIds[0] ?? null).toBe(expected.previousSessionId);
        expect(got.forkedFrom?.sessionId ?? null).toBe(expected.forkSourceSessionId);
      }
      const updated = listing.sessions.map((s) => s.updatedAt ?? 0);
      expect(updated).toEqual([...updated].sort((a, b) => b - a));
    });
  }

  it('follows the chain of windows, reports the fork and the last model, compressed events included', async () => {
    const { sessions } = await listStoreSessions(storePath('main'));
    const byId = new Map(sessions.map((s) => [s.sessionId, s]));
    const current = byId.get('0199b8a4-4f40-757d-bdfc-0da82e7aa754')!;
    expect(current.previousSessionIds).toEqual(['0199b8c6-25f2-75ea-996c-f0671c8ac73d', '0199b8d6-ee48-767d-96fe-f2ec837ff55c']);
    expect(current).toMatchObject({ key: 'agent:main:main', label: 'Main chat', messages: 163, events: 166 });
    expect(current.lastModel).toEqual({ provider: 'anthropic', modelId: 'claude-sonnet-4-5' });
    // The window before it ends on Gemini; its last turns include compressed events.
    expect(byId.get('0199b8c6-25f2-75ea-996c-f0671c8ac73d')!.lastModel).toEqual({ provider: 'google', modelId: 'gemini-2.5-pro' });
    // The migration rewrote the Codex session's assistant turns to provider "openai".
    expect(byId.get('019a73dc-c888-7d84-8999-209e22064374')!.lastModel).toEqual({ provider: 'openai', modelId: 'gpt-5-codex' });
    expect(byId.get('0199b8a4-4f40-757d-bdfc-f0f0f0f0f0f0')!.forkedFrom).toEqual({
      key: 'agent:main:main',
      sessionId: '0199b8a4-4f40-757d-bdfc-0da82e7aa754',
      entryId: '2fc40a02',
    });
  });

  it('reads the sessions a running gateway keeps only in the -wal file', async () => {
    const withLog = await listStoreSessions(storePath('work'));
    expect(withLog.sessions).toHaveLength(3);
    // The main file's bytes alone (what a page can send) hold only the first migration's session.
    const alone = await listStoreSessions({ name: 'openclaw-agent.sqlite', bytes: readFileSync(storePath('work')) });
    expect(alone.sessions.map((s) => s.key)).toEqual(['agent:work:main']);
    expect(alone.notes.join(' ')).toMatch(/-wal file\) are not in it/);
  });

  it('says when a session was moved to cold storage', async () => {
    const file = copy('main');
    const id = '019a8b8b-953f-7b4f-809b-208aa1351459';
    edit(file, (db) => {
      db.prepare('DELETE FROM transcript_events WHERE session_id = ?').run(id);
      db.prepare(
        `INSERT INTO session_transcript_cold_archives (session_id, generation, archive_name, archive_sha256, event_count, raw_bytes, archive_bytes, last_seq, archived_at, storage)
         VALUES (?, 'g1', 'cold-1.jsonl.zst', ?, 5, 100, 50, 4, 1, 'file')`,
      ).run(id, 'a'.repeat(64));
    });
    const listed = (await listStoreSessions(file)).sessions.find((s) => s.sessionId === id)!;
    expect(listed.events).toBe(0);
    expect(listed.unavailable).toMatch(/cold storage/);
    const store = await SessionStore.open({ file });
    try {
      await expect(store.events(id, () => undefined)).rejects.toThrow(/cold storage, which this tool does not read/);
      await expect(store.events('no-such-session', () => undefined)).rejects.toThrow(/no session no-such-session in this store/);
    } finally {
      store.close();
    }
  });
});

describe('whether a store holds a session', () => {
  it('answers as its listing does: sessions with events (from the pages or by SQLite), a window alone, and none', async () => {
    const file = copy('main');
    const windowOnly = '019a8b8b-953f-7b4f-809b-208aa1351459';
    edit(file, (db) => db.prepare('DELETE FROM transcript_events WHERE session_id = ?').run(windowOnly));
    const listed = new Set((await listStoreSessions(file)).sessions.map((s) => s.sessionId));
    expect(listed.has(windowOnly)).toBe(true);
    for (const pages of [true, false]) {
      const store = await SessionStore.open({ file }, { pages });
      try {
        for (const session of manifest.stores[0].sessions) expect(await store.has(session.sessionId), session.sessionId).toBe(true);
        expect(await store.has(windowOnly)).toBe(listed.has(windowOnly));
        expect(await store.has('no-such-session')).toBe(false);
      } finally {
        store.close();
      }
    }
    expect(await storeHasSession({ file }, manifest.stores[0].sessions[0].sessionId)).toBe(true);
    expect(await storeHasSession({ file }, 'no-such-session')).toBe(false);
  });
});

describe('what is not an OpenClaw agent store', () => {
  const inDir = (name: string): string => {
    const file = join(dirname(copy('main')), name);
    return file;
  };

  it('refuses a JSONL file, a missing file and a directory, with the reason', async () => {
    await expect(listStoreSessions('test/fixtures/pi-sessions/f-branching.jsonl')).rejects.toThrow(
      /f-branching.jsonl: not a SQLite database/,
    );
    await expect(listStoreSessions('test/fixtures/stores/nowhere.sqlite')).rejects.toThrow(/no such file/);
    await expect(listStoreSessions('test/fixtures/stores')).rejects.toThrow(/is a directory/);
    await expect(listStoreSessions('test/fixtures/stores/missing.sqlite')).rejects.toBeInstanceOf(InputError);
  });

  it("recognises OpenClaw's shared state database and any other SQLite file", async () => {
    const state = inDir('openclaw.sqlite');
    const db = new Database(state);
    db.exec(
      "CREATE TABLE schema_meta (meta_key TEXT, role TEXT, schema_version INTEGER, agent_id TEXT, app_version TEXT); INSERT INTO schema_meta VALUES ('primary', 'state', 18, NULL, '2026.9.6')",
    );
    db.close();
    await expect(listStoreSessions(state)).rejects.toThrow(/shared state database, not an agent's session store/);
    const other = inDir('other.sqlite');
    const plain = new Database(other);
    plain.exec('CREATE TABLE notes (body TEXT)');
    plain.close();
    await expect(listStoreSessions(other)).rejects.toThrow(/not an OpenClaw session store/);
  });

  it('names a store whose layout it does not know', async () => {
    const file = copy('main');
    edit(file, (db) => db.exec('ALTER TABLE transcript_events RENAME COLUMN navigation_json TO navigation'));
    await expect(listStoreSessions(file)).rejects.toThrow(/layout is not one this reader knows \(.*navigation_json/);
    // Named as it was given (here relative to the working directory), as every other complaint about it is.
    const given = relative(process.cwd(), file);
    await expect(listStoreSessions(given)).rejects.toThrow(new RegExp(`^${escapeRegExp(given)}: this store's layout`));
  });

  it("says a store's schema_meta cannot be read when it lists the store, and still reads its sessions", async () => {
    const file = copy('main');
    edit(file, (db) => db.exec('ALTER TABLE schema_meta RENAME COLUMN meta_key TO key'));
    const given = relative(process.cwd(), file);
    await expect(listStoreSessions(given)).rejects.toThrow(
      new RegExp(`^${escapeRegExp(given)}: cannot be read as an OpenClaw store \\(.*meta_key`),
    );
    const opened = await openStoredSession({ file: given }, '0199b8a4-4f40-757d-bdfc-0da82e7aa754');
    expect(opened.parsed.entries.length).toBeGreaterThan(100);
  });

  it('notes a schema version it was not checked against', async () => {
    const file = copy('main');
    edit(file, (db) => db.exec('UPDATE schema_meta SET schema_version = 24'));
    const listing = await listStoreSessions(file);
    expect(listing.schemaVersion).toBe(24);
    expect(listing.notes).toEqual([expect.stringMatching(/schema 24; this reader knows schema 23/)]);
  });

  it('refuses a file that only starts like SQLite', async () => {
    const file = inDir('torn.sqlite');
    writeFileSync(file, Buffer.concat([readFileSync(storePath('main')).subarray(0, 4096 * 3)]));
    await expect(listStoreSessions(file)).rejects.toThrow(
      /torn.sqlite: cannot be read as an OpenClaw store \(database disk image is malformed\)/,
    );
  });
});
