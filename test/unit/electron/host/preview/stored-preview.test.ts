// A stored session's preview reads its events as the session's lines: it must be the preview of its
// JSONL twin, line for line, and in the Inspector the first window of the full inspection, kept and
// shared as a file's is.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspector, UnknownIdError } from '../../../../../electron/host/inspector.js';
import { readSessionPreview } from '../../../../../electron/host/preview/read-preview.js';
import { readStoredPreview } from '../../../../../electron/host/preview/read-stored-preview.js';
import { storeHasSession } from '../../../../../electron/host/store/index.js';
import { SessionStore } from '../../../../../electron/host/store/session-store.js';
import { storeFileReads } from '../../../../../electron/host/store/snapshot.js';
import { storePageBytesRead } from '../../../../../electron/host/store/file-pages.js';
import type { Target } from '../../../../../shared/types.js';
import { BENCH_STORED_SESSION, writeBenchStore } from '../../../../bench/store-writer.js';
import { TARGETS } from '../../../helpers/pipeline.js';
import { copyStore, edit, manifest, storePath, twinPath } from '../store/support.js';

const piSessions = path.resolve(__dirname, '../../../../fixtures/pi-sessions');
/** One provider family of each kind of payload, reasoning on. */
const FAMILIES: Target[] = [TARGETS.anthropic, TARGETS.openai, TARGETS.google].map((target) => ({ ...target, reasoning: true }));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ti-stored-preview-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function storedPreview(file: string, sessionId: string, turns: number) {
  const store = await SessionStore.open({ file });
  try {
    return await readStoredPreview(store, sessionId, { turns });
  } finally {
    store.close();
  }
}

/** A pi-written session as the one session of a new store. */
function storeOf(jsonl: string): string {
  const file = path.join(dir, `${path.basename(jsonl, '.jsonl')}.sqlite`);
  writeBenchStore(jsonl, file);
  return file;
}

const sameClock = (text: string) => text.replace(/"timestamp": 1[7-9]\d{11}/g, '"timestamp": NOW');

describe('the preview of a stored session', () => {
  it('is the preview of its JSONL twin, for every session of the stores OpenClaw wrote (compressed events included)', async () => {
    let compared = 0;
    for (const store of manifest.stores)
      for (const session of store.sessions) {
        for (const turns of [1, 4, 64]) {
          const stored = await storedPreview(storePath(store.agent), session.sessionId, turns);
          const twin = await readSessionPreview(twinPath(store.agent, session.sessionId), { turns });
          const what = `${store.agent} ${session.sessionId} ${turns} turns`;
          expect(stored === null, what).toBe(twin === null);
          if (!stored || !twin) continue;
          expect(stored.size, what).toBe(twin.size);
          expect(stored.turns, what).toBe(twin.turns);
          expect(stored.totalTurns, what).toBe(twin.totalTurns);
          expect(stored.branchBytes, what).toBe(twin.branchBytes);
          expect(stored.parsed.entries, what).toEqual(twin.parsed.entries);
          expect(stored.context.messages, what).toEqual(twin.context.messages);
          expect(stored.context.messageLines, what).toEqual(twin.context.messageLines);
          compared += 1;
        }
      }
    expect(compared).toBeGreaterThan(10);
  });

  it('numbers a missing event as the blank line it stands for', async () => {
    const id = manifest.stores[0].sessions[0].sessionId;
    const file = copyStore('main');
    edit(file, (db) => db.prepare('DELETE FROM transcript_events WHERE session_id = ? AND seq = 3').run(id));
    const stored = (await storedPreview(file, id, 64))!;
    const whole = (await storedPreview(storePath('main'), id, 64))!;
    // The missing event is a blank line: its bytes are gone, its newline stays.
    const twinLines = readFileSync(twinPath('main', id), 'utf8').split('\n');
    expect(stored.size).toBe(whole.size - Buffer.byteLength(twinLines[3]));
    expect(stored.parsed.entries.some((e) => e.line === 4)).toBe(false);
    expect(stored.parsed.entries.map((e) => e.line)).toEqual(whole.parsed.entries.map((e) => e.line).filter((line) => line !== 4));
    rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('throws, as the full read does, for a session the store does not have', async () => {
    await expect(storedPreview(storePath('main'), 'no-such-session', 4)).rejects.toThrow(/no session no-such-session in this store/);
  });
});

describe('the Inspector previews a stored session', () => {
  const previewing = (turns: number, more: Record<string, number> = {}) =>
    createInspector({
      recentFile: path.join(dir, 'recent.json'),
      previewMinBytes: 0,
      previewWholeMinBytes: 0,
      previewTurns: turns,
      ...more,
    });

  it('with first turns identical to the full inspection (pi-written sessions as stores × provider families)', async () => {
    const files = readdirSync(piSessions).filter((f) => f.endsWith('.jsonl'));
    expect(files.length).toBeGreaterThan(3);
    for (const name of files) {
      const store = storeOf(path.join(piSessions, name));
      const request = { kind: 'store', path: store, storeSessionId: BENCH_STORED_SESSION } as const;
      for (const target of FAMILIES) {
        const inspector = previewing(3);
        try {
          const preview = (await inspector.preview(request, target))!;
          expect(preview, name).not.toBeNull();
          const info = await inspector.open(request);
          expect(preview.preview!.totalTurns).toBe(info.turnCount);
          const full = await inspector.inspect(info.sessionId, target);
          const window = { from: 0, to: Math.min(3, info.turnCount) };
          for (const side of ['original', 'replay'] as const) {
            const shown = await inspector.getDocument(preview.inspectionId, side, 'payload', window);
            const truth = await inspector.getDocument(full.inspectionId, side, 'payload', window);
            expect(sameClock(shown.text), `${name} ${target.api} ${side}`).toBe(sameClock(truth.text));
          }
        } finally {
          await inspector.dispose();
        }
      }
    }
  }, 120_000);

  it("and the open after it read the session from the store's pages, never the whole store (serve DB#ID: its check too)", async () => {
    const id = manifest.stores[0].sessions[0].sessionId;
    const request = { kind: 'store', path: storePath('main'), storeSessionId: id } as const;
    const inspector = previewing(4);
    try {
      const before = storeFileReads();
      const pages = [storePageBytesRead()];
      expect(await storeHasSession({ file: storePath('main') }, id)).toBe(true);
      expect(await inspector.preview(request, null)).not.toBeNull();
      pages.push(storePageBytesRead());
      await inspector.open(request);
      pages.push(storePageBytesRead());
      // Nothing is kept past the open: the next one reads the session's pages again.
      await inspector.open(request);
      pages.push(storePageBytesRead());
      expect(storeFileReads() - before).toBe(0);
      const [preview, open, again] = pages.slice(1).map((at, i) => at - pages[i]);
      // The open after the preview is given the rows it read (the fixture's files were last written
      // long before, so they are quiet enough to be kept): it reads only the store's schema.
      expect(open).toBeLessThan(preview / 2);
      expect(again).toBeGreaterThan(open * 2);
    } finally {
      await inspector.dispose();
    }
  });

  it('is of the store session it stands for, and refused repair as a stored session is', async () => {
    const id = manifest.stores[0].sessions[0].sessionId;
    const inspector = previewing(4);
    try {
      const preview = (await inspector.preview({ kind: 'store', path: storePath('main'), storeSessionId: id }, null))!;
      const opened = await inspector.open({ kind: 'store', path: storePath('main'), storeSessionId: id });
      expect(preview.preview!.totalTurns).toBe(opened.turnCount);
      expect(preview.original.turnCount).toBeLessThan(opened.turnCount);
      const refused = await inspector.repair(preview.sessionId, '');
      expect(refused.status).toBe('refused');
      expect(refused.status === 'refused' && refused.reason).toMatch(
        /openclaw-agent\.sqlite#0199b8a4-4f40-757d-bdfc-0da82e7aa754 lives in an OpenClaw SQLite store/,
      );
    } finally {
      await inspector.dispose();
    }
  });

  it('answers the same question about an unchanged store once, and a question asked during the read with the same read', async () => {
    const id = manifest.stores[0].sessions[0].sessionId;
    const file = copyStore('main');
    const inspector = previewing(4);
    try {
      const request = { kind: 'store', path: file, storeSessionId: id } as const;
      const [a, b] = await Promise.all([inspector.preview(request, null), inspector.preview(request, null)]);
      expect(a!.inspectionId).toBe(b!.inspectionId);
      expect((await inspector.preview(request, null))!.inspectionId).toBe(a!.inspectionId);
      // Another session of the same store, then the store written since: new previews, the old one dropped.
      const other = (await inspector.preview({ ...request, storeSessionId: manifest.stores[0].sessions[2].sessionId }, null))!;
      expect(other.inspectionId).not.toBe(a!.inspectionId);
      await expect(inspector.getDocument(a!.inspectionId, 'replay', 'payload', { from: 0, to: 1 })).rejects.toBeInstanceOf(UnknownIdError);
      const again = (await inspector.preview(request, null))!;
      edit(file, (db) => db.prepare('DELETE FROM transcript_events WHERE session_id = ? AND seq = 5').run(id));
      const changed = (await inspector.preview(request, null))!;
      expect(changed.inspectionId).not.toBe(again.inspectionId);
    } finally {
      await inspector.dispose();
      rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('has none for a store smaller than a preview, a session of fewer bytes, or a session the store does not have', async () => {
    const id = manifest.stores[0].sessions[0].sessionId;
    const request = { kind: 'store', path: storePath('main'), storeSessionId: id } as const;
    const storeBytes = statSync(storePath('main')).size;
    const small = previewing(4, { previewMinBytes: storeBytes + 1 });
    const big = previewing(4, { previewMinBytes: 1024 });
    try {
      expect(await small.preview(request, null)).toBeNull();
      // The store is of a preview's size, its session's lines are not.
      const sessionBytes = statSync(twinPath('main', id)).size;
      expect(sessionBytes).toBeGreaterThan(1024);
      const tiny = previewing(4, { previewMinBytes: Math.min(storeBytes, sessionBytes + 1) });
      try {
        if (sessionBytes + 1 <= storeBytes) expect(await tiny.preview(request, null)).toBeNull();
      } finally {
        await tiny.dispose();
      }
      expect(await big.preview(request, null)).not.toBeNull();
      expect(await big.preview({ ...request, storeSessionId: 'no-such-session' }, null)).toBeNull();
      expect(await big.preview({ kind: 'store-bytes', name: 'x.sqlite', bytes: new Uint8Array(8), storeSessionId: id }, null)).toBeNull();
    } finally {
      await small.dispose();
      await big.dispose();
    }
  });
});
