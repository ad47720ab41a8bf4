// The previewer keeps one preview, the latest asked for: an older read that ends after a newer one
// must not take its place (the page shows the newer one), whichever order the reads end in.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { InspectionSummary } from '../../../../../shared/api.js';
import { createPreviewer, type PreviewHost } from '../../../../../electron/host/inspector/preview-service.js';

// The next file preview read waits on `readGate.next` when it is set (the test holds a read under way).
const readGate = vi.hoisted(() => ({ next: null as Promise<void> | null }));
vi.mock('../../../../../electron/host/preview/read-preview.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../../electron/host/preview/read-preview.js')>();
  return {
    ...real,
    async readSessionPreview(...args: Parameters<typeof real.readSessionPreview>) {
      const gate = readGate.next;
      readGate.next = null;
      await gate;
      return real.readSessionPreview(...args);
    },
  };
});

const piSessions = path.resolve(__dirname, '../../../../fixtures/pi-sessions');
const [first, second] = readdirSync(piSessions)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => path.join(piSessions, f));
const TARGET = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' } as const;

/** A host whose inspection of one session waits until the test lets it go; it records what it closes. */
function gatedHost() {
  const live = new Set<string>();
  const closed: string[] = [];
  let ids = 0;
  const gates = new Map<string, Promise<void>>();
  let gateNext: Promise<void> | null = null;
  const inspecting: string[] = [];
  const host: PreviewHost = {
    minBytes: 0,
    wholeMinBytes: 0,
    turns: 2,
    newId: () => `s${++ids}`,
    addSession: (record) => {
      live.add(record.info.sessionId);
      if (gateNext) gates.set(record.info.sessionId, gateNext);
      gateNext = null;
    },
    hasInspection: (inspectionId) => live.has(inspectionId.replace(/^i-/, '')),
    async inspect(sessionId) {
      inspecting.push(sessionId);
      await gates.get(sessionId);
      return { sessionId, inspectionId: `i-${sessionId}` } as unknown as InspectionSummary;
    },
    getDocument: async () => ({ text: '{}' }) as never,
    async close(sessionId) {
      live.delete(sessionId);
      closed.push(sessionId);
    },
  };
  return {
    host,
    closed,
    live,
    inspecting,
    /** The next session added waits in its inspection until `release` is called. */
    gate(): () => void {
      let release = (): void => undefined;
      gateNext = new Promise((resolve) => (release = resolve));
      return () => release();
    },
  };
}

describe('the previewer', () => {
  it('keeps the newer preview when an older one ends after it; the older one holds nothing', async () => {
    const { host, closed, live, inspecting, gate } = gatedHost();
    const preview = createPreviewer(host);
    const release = gate();
    const older = preview({ kind: 'path', path: first }, TARGET);
    await expect.poll(() => inspecting.length, { timeout: 10_000 }).toBe(1);
    const newer = (await preview({ kind: 'path', path: second }, TARGET))!;
    expect(newer.sessionId).toBe('s2');
    release();
    expect(await older).toBeNull();
    // The older read's session is closed; the newer one stays, and is the answer kept.
    expect(closed).toEqual(['s1']);
    expect([...live]).toEqual(['s2']);
    expect((await preview({ kind: 'path', path: second }, TARGET))!.inspectionId).toBe(newer.inspectionId);
  });

  it('keeps the preview it gave again from what it kept when an older read, still running, ends after', async () => {
    const { host, closed, live } = gatedHost();
    const preview = createPreviewer(host);
    const shown = (await preview({ kind: 'path', path: second }, TARGET))!;
    // Another session is asked for, and the first again while the other's file is still being read.
    let release = (): void => undefined;
    readGate.next = new Promise((resolve) => (release = () => resolve()));
    const other = preview({ kind: 'path', path: first }, TARGET);
    await expect.poll(() => readGate.next === null, { timeout: 10_000 }).toBe(true);
    expect((await preview({ kind: 'path', path: second }, TARGET))!.inspectionId).toBe(shown.inspectionId);
    release();
    // The other read gives way: it closes nothing and keeps nothing.
    expect(await other).toBeNull();
    expect(closed).toEqual([]);
    expect([...live]).toEqual([shown.sessionId]);
    expect((await preview({ kind: 'path', path: second }, TARGET))!.inspectionId).toBe(shown.inspectionId);
  });

  it('answers a question asked again while its read runs with the same read', async () => {
    const { host, inspecting, gate } = gatedHost();
    const preview = createPreviewer(host);
    const release = gate();
    const a = preview({ kind: 'path', path: first }, TARGET);
    await expect.poll(() => inspecting.length, { timeout: 10_000 }).toBe(1);
    const b = preview({ kind: 'path', path: first }, TARGET);
    // Time for the second question to find its file and meet the read under way (a new read would
    // inspect a second session meanwhile).
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    expect((await a)!.inspectionId).toBe((await b)!.inspectionId);
    expect(inspecting).toEqual(['s1']);
  });
});
