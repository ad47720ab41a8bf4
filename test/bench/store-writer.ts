/**
 * A bench session as a session of an OpenClaw store: each line of the JSONL file one event of
 * `transcript_events` (`seq` = line − 1; a blank line, a missing event), in a copy of the fixture
 * store OpenClaw's own writer made (its schema, its other tables emptied of sessions), written by
 * real SQLite (better-sqlite3). Events go in as text: Node 20 has no zstd to compress with.
 */
import Database from 'better-sqlite3';
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/stores/openclaw/agents/main/agent/openclaw-agent.sqlite',
);

/** The session id the bench's stores hold their session under. */
export const BENCH_STORED_SESSION = 'bench-session';

/** Write `jsonl`'s lines as the one session of a new store at `store`. */
export function writeBenchStore(jsonl: string, store: string): void {
  copyFileSync(FIXTURE, store);
  const db = new Database(store);
  try {
    db.pragma('foreign_keys = OFF');
    db.exec('DELETE FROM transcript_events; DELETE FROM session_windows; DELETE FROM session_nodes');
    db.prepare("INSERT INTO session_windows (session_id, session_key, updated_at, created_at) VALUES (?, 'agent:main:bench', 0, 0)").run(
      BENCH_STORED_SESSION,
    );
    const insert = db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES (?, ?, ?, 0)');
    const text = readFileSync(jsonl, 'utf8');
    db.transaction(() => {
      let seq = 0;
      for (let at = 0; at < text.length; seq += 1) {
        const end = text.indexOf('\n', at);
        const line = text.slice(at, end < 0 ? text.length : end);
        if (line !== '') insert.run(BENCH_STORED_SESSION, seq, line);
        at = end < 0 ? text.length : end + 1;
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}
