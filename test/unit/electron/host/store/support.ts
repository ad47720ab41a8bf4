// Shared pieces of the store tests: the fixture stores OpenClaw wrote (test/fixtures/stores/), their
// manifest, and copies to damage.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const STORES_DIR = resolve('test/fixtures/stores');

export interface ManifestSession {
  sessionId: string;
  key: string;
  current: boolean;
  previousSessionId: string | null;
  reason: string | null;
  forkSourceSessionId: string | null;
  events: number;
  compressedEvents: number;
}

export interface ManifestStore {
  agent: string;
  path: string;
  schemaVersion: number;
  appVersion: string;
  walBytes: number;
  sessions: ManifestSession[];
}

export const manifest = JSON.parse(readFileSync(join(STORES_DIR, 'manifest.json'), 'utf8')) as { stores: ManifestStore[] };

export const storePath = (agent: string): string => join(STORES_DIR, manifest.stores.find((s) => s.agent === agent)!.path);
export const twinPath = (agent: string, sessionId: string): string => join(STORES_DIR, 'twins', agent, `${sessionId}.jsonl`);

/** A copy of a fixture store (and its -wal) in a new temporary directory. */
export function copyStore(agent: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-copy-'));
  const file = join(dir, 'openclaw-agent.sqlite');
  copyFileSync(storePath(agent), file);
  if (existsSync(`${storePath(agent)}-wal`)) copyFileSync(`${storePath(agent)}-wal`, `${file}-wal`);
  return file;
}

/** Change a copy with real SQLite (the test's writer), then fold the log into the main file. */
export function edit(file: string, change: (db: Database.Database) => void): void {
  const db = new Database(file);
  try {
    change(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/** An event row as the readers' rows are compared: its bytes in hex. */
export const shownRow = (row: { seq: number; json: Uint8Array | null; zstd: Uint8Array | null; utf8Bytes: number | null }): string =>
  JSON.stringify([
    row.seq,
    row.json && Buffer.from(row.json).toString('hex'),
    row.zstd && Buffer.from(row.zstd).toString('hex'),
    row.utf8Bytes,
  ]);
