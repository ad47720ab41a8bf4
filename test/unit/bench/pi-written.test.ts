/**
 * The bench's shapes written by pi (test/bench/pi-written.ts), read back by pi's own SessionManager:
 * each copy of the session must continue the one before it, with ids of its own, or the bench would
 * time a session pi could not have written (one conversation, not copies of one).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyToolCallId, PI_WRITTEN, PI_WRITTEN_SHAPES, repeatPiSession } from '../../bench/pi-written.js';
import { shapesOption } from '../../bench/options.js';
import { SHAPES } from '../../bench/session-shapes.js';
import { replayedByPi } from '../helpers/pi-replay.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pi-written-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fixture = (name: string) => path.join(import.meta.dirname, '../../fixtures/pi-sessions', name);

type Message = { role: string; toolCallId?: string; content?: unknown };

/** The messages pi replays from a file (the branch from its last entry). */
const replayed = (file: string) => replayedByPi<Message>(file, dir);

/** Every tool-call id of the calls in `messages`, and every id their results answer. */
function toolIds(messages: Message[]): { calls: string[]; results: string[] } {
  const calls: string[] = [];
  const results: string[] = [];
  for (const m of messages) {
    if (m.role === 'toolResult' && typeof m.toolCallId === 'string') results.push(m.toolCallId);
    if (m.role === 'assistant' && Array.isArray(m.content))
      for (const b of m.content as { type?: string; id?: string }[])
        if (b.type === 'toolCall' && typeof b.id === 'string') calls.push(b.id);
  }
  return { calls, results };
}

describe('shapes written by pi, repeated', () => {
  it.each(PI_WRITTEN_SHAPES)('%s: pi replays every copy as one conversation, with ids of their own', async (shape) => {
    const source = fixture(PI_WRITTEN[shape]);
    const once = replayed(source);
    // Two copies at least: the second must hang off the first's leaf.
    const megabytes = (statSync(source).size * 1.5) / 2 ** 20;
    const file = path.join(dir, `${shape}.jsonl`);
    const stats = await repeatPiSession(file, shape, megabytes);
    expect(stats.copies).toBe(2);
    expect(statSync(file).size).toBe(stats.bytes);
    expect(stats.bytes).toBeGreaterThanOrEqual(megabytes * 2 ** 20);

    const all = replayed(file);
    expect(all).toHaveLength(stats.copies * once.length);
    expect(all.map((m) => m.role)).toEqual([...once, ...once].map((m) => m.role));
    const ids = toolIds(all);
    expect(new Set(ids.calls).size).toBe(ids.calls.length);
    expect(ids.calls.length).toBe(stats.copies * toolIds(once).calls.length);
    // Each result still answers a call of its own copy.
    const calls = new Set(ids.calls);
    for (const id of ids.results) expect(calls.has(id)).toBe(true);

    const entryIds = readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id?: string }).id);
    expect(new Set(entryIds).size).toBe(entryIds.length);
    for (const id of entryIds.slice(1)) expect(id).toMatch(/^[0-9a-f]{8}$/);
  });

  it('gives each copy its own tool-call id in the id’s own form', () => {
    expect(copyToolCallId('toolu_012cV3xIPMzeKSortxjaklKh', 7)).toBe('toolu_000073xIPMzeKSortxjaklKh');
    expect(copyToolCallId('call_73MCK7OaG2B3|fc_68e3', 12)).toBe('call_700012OaG2B3|fc_68e3');
    expect(copyToolCallId('bash_1759741959852_1', 3)).toBe('bash_1000031959852_1');
    expect(copyToolCallId('short_id', 3)).toBe('short_id');
  });
});

describe('--shapes', () => {
  it("takes shape names and groups, the caller's default when none is given, and refuses an unknown name", () => {
    expect(shapesOption([], 'NO_SUCH_ENV')).toEqual([...SHAPES]);
    expect(shapesOption([], 'NO_SUCH_ENV', 'all')).toEqual([...SHAPES, ...PI_WRITTEN_SHAPES]);
    expect(shapesOption(['--shapes=generated'], 'NO_SUCH_ENV', 'all')).toEqual([...SHAPES]);
    expect(shapesOption(['--shapes=pi-written'], 'NO_SUCH_ENV')).toEqual(PI_WRITTEN_SHAPES);
    expect(shapesOption(['--shapes=short-turns,pi-errors,short-turns'], 'NO_SUCH_ENV')).toEqual(['short-turns', 'pi-errors']);
    expect(shapesOption(['--shapes=all'], 'NO_SUCH_ENV')).toEqual([...SHAPES, ...PI_WRITTEN_SHAPES]);
    expect(() => shapesOption(['--shapes=pi-nothing'], 'NO_SUCH_ENV')).toThrow(/unknown shape\(s\) pi-nothing/);
  });
});
