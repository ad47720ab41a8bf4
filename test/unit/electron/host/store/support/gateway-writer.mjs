// A stand-in for a running OpenClaw gateway, in its own process, writing a copy of a store with real
// SQLite (better-sqlite3) in WAL mode: each transaction adds a new session (a window, its node and a
// copy of a source session's events), the log is checkpointed often and started again from its
// beginning every few transactions. Then it writes a last batch that stays in the log, says
// "paused", and keeps the connection open until it reads "exit" on stdin.
//
//   node gateway-writer.mjs STORE SOURCE_SESSION_ID COUNT HELD_COUNT INTERVAL_MS
import Database from 'better-sqlite3';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

const [file, sourceId, count, held, interval] = process.argv.slice(2);
const db = new Database(file);
db.pragma('journal_mode = WAL');
// Checkpoint after every few pages: most reads happen around a checkpoint.
db.pragma('wal_autocheckpoint = 8');

const events = db.prepare('SELECT * FROM transcript_events WHERE session_id = ? ORDER BY seq').all(sourceId);
if (events.length === 0) throw new Error(`no session ${sourceId} in ${file}`);
const addWindow = db.prepare('INSERT INTO session_windows (session_id, session_key, created_at, updated_at) VALUES (?, ?, ?, ?)');
const addNode = db.prepare('INSERT INTO session_nodes (session_key, current_session_id, entry_json, updated_at) VALUES (?, ?, ?, ?)');
const addEvent = db.prepare(
  `INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json)
   VALUES (@session_id, @seq, @event_json, @created_at, @event_zstd, @event_utf8_bytes, @navigation_json)`,
);
const addSession = db.transaction((n) => {
  const sessionId = `live-${String(n).padStart(4, '0')}`;
  const key = `agent:main:live:${n}`;
  const now = 1_800_000_000_000 + n;
  addNode.run(key, sessionId, JSON.stringify({ sessionId, updatedAt: now }), now);
  addWindow.run(sessionId, key, now, now);
  for (const event of events) addEvent.run({ ...event, session_id: sessionId });
});

let n = 0;
for (; n < Number(count); n += 1) {
  addSession(n);
  process.stdout.write(`wrote ${n}\n`);
  // The next write starts the log again, with new salts, over the frames of the last generation.
  if (n % 5 === 4) db.pragma('wal_checkpoint(RESTART)');
  await sleep(Number(interval));
}
db.pragma('wal_autocheckpoint = 0');
for (const end = n + Number(held); n < end; n += 1) addSession(n);
process.stdout.write('paused\n');
for await (const line of createInterface({ input: process.stdin })) if (line === 'exit') break;
process.stdin.destroy();
db.close();
process.stdout.write('closed\n');
