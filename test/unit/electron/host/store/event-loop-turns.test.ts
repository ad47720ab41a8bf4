// A stored session's read from the store file's pages gives the event loop turns, while its rows
// are copied out of the pages and while they are handed on, so that the page served beside it is
// answered during a long read (a 100 MB session held it for a second); and what it reads is the
// same with the turns as without. The clock is made to run fast, so that every look at it finds a
// turn due, whatever the machine's speed.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TURN_CHECK_BYTES, TURN_CHECK_EVERY, TURN_MS } from '../../../../../electron/host/event-loop-turns.js';
import { forgetKeptPages } from '../../../../../electron/host/store/file-pages.js';
import type { StoredEvent } from '../../../../../electron/host/store/session-store.js';
import { SessionStore } from '../../../../../electron/host/store/session-store.js';
import { StoredRows } from '../../../../../electron/host/store/stored-rows.js';
import { copyStore, edit, manifest } from './support.js';

const cleanup: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  forgetKeptPages();
  for (const file of cleanup.splice(0)) rmSync(dirname(file), { recursive: true, force: true });
});

const EXTRA_EVENTS = 5 * TURN_CHECK_EVERY;

/** A copy of the main store whose first session has `EXTRA_EVENTS` more events (copies of its last). */
function longSession(): { file: string; id: string; events: number } {
  const file = copyStore('main');
  cleanup.push(file);
  const session = manifest.stores.find((s) => s.agent === 'main')!.sessions[0];
  edit(file, (db) => {
    const last = db.prepare('SELECT MAX(seq) AS seq FROM transcript_events WHERE session_id = ?').get(session.sessionId) as { seq: number };
    const copy = db.prepare(
      `INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json)
       SELECT session_id, ?, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json
       FROM transcript_events WHERE session_id = ? AND seq = ?`,
    );
    for (let i = 1; i <= EXTRA_EVENTS; i += 1) copy.run(last.seq + i, session.sessionId, last.seq);
  });
  return { file, id: session.sessionId, events: session.events + EXTRA_EVENTS };
}

/** Bytes of each large event: three of them pass TURN_CHECK_BYTES. */
const LARGE_EVENT_BYTES = 1_500_000;
const LARGE_EVENTS = 12;

/**
 * A copy of the main store whose first session has `LARGE_EVENTS` more events of about
 * `LARGE_EVENT_BYTES` each (tool outputs of that size), stored as JSON text.
 */
function largeEvents(): { file: string; id: string; events: number } {
  const file = copyStore('main');
  cleanup.push(file);
  const session = manifest.stores.find((s) => s.agent === 'main')!.sessions[0];
  edit(file, (db) => {
    const last = db
      .prepare('SELECT MAX(seq) AS seq, MAX(created_at) AS at FROM transcript_events WHERE session_id = ?')
      .get(session.sessionId) as {
      seq: number;
      at: number;
    };
    const insert = db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES (?, ?, ?, ?)');
    for (let i = 1; i <= LARGE_EVENTS; i += 1) {
      const event = { type: 'custom', id: `large-${i}`, data: 'x'.repeat(LARGE_EVENT_BYTES) };
      insert.run(session.sessionId, last.seq + i, JSON.stringify(event), last.at);
    }
  });
  return { file, id: session.sessionId, events: session.events + LARGE_EVENTS };
}

/** The longest run of equal values (rows read between the same two turns). */
function longestRun(seen: readonly number[]): number {
  let longest = seen.length > 0 ? 1 : 0;
  for (let i = 1, run = 1; i < seen.length; i += 1) {
    run = seen[i] === seen[i - 1] ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** The event loop's turns counted as they happen, until `stop`. */
function countTurns(): { turns: () => number; stop: () => void } {
  let turns = 0;
  let stopped = false;
  const next = (): void => {
    if (stopped) return;
    turns += 1;
    setImmediate(next);
  };
  setImmediate(next);
  return { turns: () => turns, stop: () => (stopped = true) };
}

async function readEvents(file: string, id: string, onEvent: (event: StoredEvent) => void): Promise<string> {
  const store = await SessionStore.open({ file });
  try {
    await store.events(id, onEvent);
    return store.eventsReadBy ?? 'none';
  } finally {
    store.close();
  }
}

const shown = (event: StoredEvent): string =>
  'bytes' in event ? `${event.seq} ${event.bytes.toString('hex')}` : `${event.seq} ${event.problem}`;

/**
 * A session's events read with a clock that makes a turn due at every look, and the turns counted so
 * far when each row was copied out of the pages and when each event was handed on.
 */
async function readWithTurns(file: string, id: string): Promise<{ turnsAtAdd: number[]; turnsAtEvent: number[]; withTurns: string[] }> {
  let clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (clock += TURN_MS));
  const add = StoredRows.prototype.add;
  const turnsAtAdd: number[] = [];
  const counter = countTurns();
  vi.spyOn(StoredRows.prototype, 'add').mockImplementation(function (this: StoredRows, ...args) {
    turnsAtAdd.push(counter.turns());
    return add.apply(this, args);
  });
  const turnsAtEvent: number[] = [];
  const withTurns: string[] = [];
  try {
    await readEvents(file, id, (event) => {
      turnsAtEvent.push(counter.turns());
      withTurns.push(shown(event));
    });
  } finally {
    counter.stop();
  }
  return { turnsAtAdd, turnsAtEvent, withTurns };
}

describe("a stored session's read gives the event loop turns", () => {
  it('while its rows are copied out of the pages and while they are handed on, and reads the same', async () => {
    const { file, id, events } = longSession();
    const plain: string[] = [];
    expect(await readEvents(file, id, (event) => plain.push(shown(event)))).toBe('pages');
    expect(plain).toHaveLength(events);

    const { turnsAtAdd, turnsAtEvent, withTurns } = await readWithTurns(file, id);

    expect(withTurns).toEqual(plain);
    // One run of rows between two turns: the turns seen by the first and the last row differ by
    // about one for each run.
    const runs = Math.floor(events / TURN_CHECK_EVERY);
    expect(turnsAtAdd).toHaveLength(events);
    expect(turnsAtAdd.at(-1)! - turnsAtAdd[0]).toBeGreaterThanOrEqual(runs - 1);
    expect(turnsAtEvent.at(-1)! - turnsAtEvent[0]).toBeGreaterThanOrEqual(runs - 1);
    // And no run is longer than the check's spacing.
    expect(longestRun(turnsAtAdd)).toBeLessThanOrEqual(TURN_CHECK_EVERY);
    expect(longestRun(turnsAtEvent)).toBeLessThanOrEqual(TURN_CHECK_EVERY);
  });
});

describe('a stored session of large events', () => {
  it('gives a turn after a few megabytes of them, not after 256', async () => {
    const { file, id, events } = largeEvents();
    const plain: string[] = [];
    await readEvents(file, id, (event) => plain.push(shown(event)));
    expect(plain).toHaveLength(events);

    const { turnsAtAdd, turnsAtEvent, withTurns } = await readWithTurns(file, id);

    expect(withTurns).toEqual(plain);
    // The session's own events are far fewer than 256: only the bytes of the large ones bring turns,
    // one for each few of them.
    // Three of 1.5 MB pass 4 MiB (the check's bytes are its own: a larger budget fails this test).
    expect(TURN_CHECK_BYTES).toBe(4 * 1024 * 1024);
    const perRun = 3;
    const large = (seen: number[]) => seen.slice(events - LARGE_EVENTS);
    expect(longestRun(large(turnsAtAdd))).toBeLessThanOrEqual(perRun);
    expect(longestRun(large(turnsAtEvent))).toBeLessThanOrEqual(perRun);
    expect(new Set(large(turnsAtAdd)).size).toBeGreaterThanOrEqual(Math.floor(LARGE_EVENTS / perRun));
    expect(new Set(large(turnsAtEvent)).size).toBeGreaterThanOrEqual(Math.floor(LARGE_EVENTS / perRun));
  });
});
