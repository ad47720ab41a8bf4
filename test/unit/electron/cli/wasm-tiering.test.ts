/**
 * How the command line has V8 run SQLite's WebAssembly: a short command on a small store never has
 * SQLite's functions recompiled by the optimising compiler; on a store from 16 MiB it does, later
 * than V8's default. Seen through V8's own trace of what it compiled, on the bundled CLI. A store of
 * OpenClaw's layout is listed from its pages without SQLite: these stores have a table of another
 * layout (`sqliteListed`), which SQLite lists.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliArgs } from '../../helpers/cli.js';
import { copyStore, edit, storePath } from '../host/store/support.js';
import { BASELINE_ONLY_BELOW_BYTES } from '../../../../electron/host/wasm-tiering.js';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const SESSION = '0199b8a4-4f40-757d-bdfc-0da82e7aa754';
/** How many functions xxhash-wasm's module has (indices 0–6 in V8's trace); SQLite's has some 1,800. */
const XXHASH_FUNCTIONS = 7;

/** A copy of the main store whose conversations' table is not STRICT: the page reader leaves its listing to SQLite. */
function sqliteListed(): string {
  const file = copyStore('main');
  edit(file, (db) => {
    db.pragma('foreign_keys = OFF');
    db.pragma('legacy_alter_table = ON');
    db.exec('CREATE TABLE loose AS SELECT * FROM session_nodes; DROP TABLE session_nodes; ALTER TABLE loose RENAME TO session_nodes');
  });
  return file;
}

/**
 * The CLI's exit code and output, and how many of SQLite's functions V8 compiled with TurboFan
 * meanwhile. V8's trace names each compiled function by its module (`0x…#index`). SQLite's module is
 * told by its functions' indices: it has some 1,800, xxhash-wasm's has 7. V8 compiles a function
 * when it is first called, so how many are seen depends on what ran: about 780 for a listing here,
 * but one CI run under load saw 75 (two of its lines not at a line's start), for a listing that was
 * right. So a listing by SQLite is asserted by more functions than xxhash-wasm's module holds.
 */
function traced(args: string[]): {
  status: number | null;
  stdout: string;
  sqliteFunctions: number;
  sqliteTurbofan: number;
  /** Every module's counts, and how many lines V8 printed: said when a figure is not as expected. */
  seen: string;
} {
  const run = spawnSync(process.execPath, ['--trace-wasm-compilation-times', ...cliArgs(), ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const byModule = new Map<string, { functions: number; turbofan: number; highestIndex: number }>();
  for (const [, module, index, tier] of run.stdout.matchAll(/Compiled function (0x[0-9a-f]+)#(\d+) using (\w+)/g)) {
    const counts = byModule.get(module) ?? { functions: 0, turbofan: 0, highestIndex: 0 };
    counts.functions += 1;
    if (tier === 'TurboFan') counts.turbofan += 1;
    counts.highestIndex = Math.max(counts.highestIndex, Number(index));
    byModule.set(module, counts);
  }
  const sqlite = [...byModule.values()].find((counts) => counts.highestIndex > XXHASH_FUNCTIONS) ?? { functions: 0, turbofan: 0 };
  const lines = run.stdout.match(/Compiled function/g)?.length ?? 0;
  // Lines where a compile's trace does not start the line: how they began, should a figure be off again.
  const cut = [...run.stdout.matchAll(/^(.{0,80}?)Compiled function/gm)].filter(([, before]) => before !== '').map(([, before]) => before);
  const seen = `modules ${JSON.stringify([...byModule.values()])}, ${lines} compile lines, cut ${JSON.stringify(cut.slice(0, 5))}, stderr ${JSON.stringify(run.stderr.slice(0, 300))}`;
  return { status: run.status, stdout: run.stdout, sqliteFunctions: sqlite.functions, sqliteTurbofan: sqlite.turbofan, seen };
}

describe('SQLite under V8 in the command line', () => {
  it('reads a small store with baseline code only', () => {
    const file = sqliteListed();
    try {
      expect(statSync(file).size).toBeLessThan(BASELINE_ONLY_BELOW_BYTES);
      const listing = traced(['inspect', file]);
      expect(listing.status).toBe(2); // a store alone: its sessions are listed, one must be named
      expect(listing.stdout).toContain(`#${SESSION}`);
      expect(listing.sqliteFunctions, listing.seen).toBeGreaterThan(XXHASH_FUNCTIONS);
      expect(listing.sqliteTurbofan, listing.seen).toBe(0);
      // The store as OpenClaw wrote it is listed without SQLite.
      const pages = traced(['inspect', storePath('main')]);
      expect(pages.stdout).toContain(`#${SESSION}`);
      expect(pages.sqliteFunctions, pages.seen).toBe(0);
    } finally {
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it("reads a session without SQLite: its events come from the store's pages", () => {
    const session = traced(['inspect', `${storePath('main')}#${SESSION}`, '--no-payloads']);
    expect([0, 1]).toContain(session.status);
    expect(session.stdout).toContain('turns: 163 original');
    // The only WebAssembly run is xxhash-wasm's (the compressed events' checksums, a few functions),
    // and none where Node decodes zstd itself. SQLite compiles some 700.
    expect(session.sqliteFunctions, session.seen).toBe(0);
  });

  it('judges a store by its pages, not by a log SQLite left long', () => {
    const file = sqliteListed();
    try {
      // 22 MB written and dropped again with checkpoints off, then a process that ends without closing
      // the store: its log keeps every frame, though the store it describes is as small as before.
      const writer = spawnSync(
        process.execPath,
        [
          '-e',
          `const Database = require('better-sqlite3');
           const db = new Database(process.argv[1]);
           db.pragma('wal_autocheckpoint = 0');
           db.exec('CREATE TABLE scratch (x BLOB)');
           const add = db.prepare('INSERT INTO scratch VALUES (?)');
           db.transaction(() => { for (let i = 0; i < 2200; i += 1) add.run(Buffer.alloc(10000, i)); })();
           db.exec('DROP TABLE scratch');
           db.exec('VACUUM');
           process.exit(0);`,
          file,
        ],
        { cwd: root, encoding: 'utf8' },
      );
      expect(writer.stderr).toBe('');
      expect(statSync(`${file}-wal`).size).toBeGreaterThanOrEqual(BASELINE_ONLY_BELOW_BYTES);
      expect(statSync(file).size).toBeLessThan(BASELINE_ONLY_BELOW_BYTES);
      const listing = traced(['inspect', file]);
      expect(listing.stdout).toContain(`#${SESSION}`);
      expect(listing.sqliteFunctions, listing.seen).toBeGreaterThan(XXHASH_FUNCTIONS);
      expect(listing.sqliteTurbofan, listing.seen).toBe(0);
      // Its sessions are read through the long log too (from the pages, without SQLite).
      const session = traced(['inspect', `${file}#${SESSION}`, '--no-payloads']);
      expect(session.stdout).toContain('turns: 163 original');
      expect(session.sqliteFunctions, session.seen).toBe(0);
    } finally {
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('lets V8 optimise SQLite on a store of 16 MiB or more, where listing it pays that back', () => {
    const file = sqliteListed();
    try {
      edit(file, (db) => {
        // The session's own events again under later sequence numbers, until the store is large enough.
        const copy = db.prepare(
          `INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json)
           SELECT session_id, seq + ?, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json
           FROM transcript_events WHERE session_id = ? AND seq < 1000`,
        );
        for (let round = 1; round <= 100; round += 1) copy.run(round * 1000, SESSION);
      });
      expect(statSync(file).size).toBeGreaterThanOrEqual(BASELINE_ONLY_BELOW_BYTES);
      const listing = traced(['inspect', file]);
      expect(listing.status).toBe(2);
      expect(listing.stdout).toContain(`#${SESSION}`);
      expect(listing.sqliteTurbofan).toBeGreaterThan(0);
    } finally {
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
