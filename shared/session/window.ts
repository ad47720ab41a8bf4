/**
 * The window of the active branch the model sees: everything after the last compaction or reset
 * boundary, plus what the boundary keeps from before it. A compaction keeps every entry from its
 * `firstKeptEntryId` on; a reset keeps, from its `firstKeptEntryId` on, only user and assistant
 * turns and the tool results that answer a call among them (OpenClaw's reset boundary).
 */
import { isRecord, PAIRABLE_CALL_TYPES, toolResultCallId } from '../messages.js';
import type { Message } from '../types.js';
import type { LocatedEntry } from './types.js';

/** The boundary and the entries that reach the model, in order; `retained` ones come from before it. */
export interface ContextWindow {
  boundary: LocatedEntry | null;
  /** Entries before the boundary that it keeps (null: it names an entry not on the branch). */
  retained: LocatedEntry[] | null;
  /** Entries after the boundary (the whole branch without one: the branch itself, not a copy). */
  current: readonly LocatedEntry[];
}

/**
 * Entries of a branch a compaction or reset keeps, and those after it. `at`: the position of the
 * branch's last compaction or reset, -1 when it has none (the caller reads every entry of the
 * branch anyway: a second pass would read them all from memory again).
 */
export function contextWindow(
  branch: readonly LocatedEntry[],
  resolveKept: (firstKept: string, boundaryId: string) => string | null,
  at: number,
): ContextWindow {
  if (at < 0) return { boundary: null, retained: [], current: branch };
  const boundary = branch[at];
  const named = boundary.entry.firstKeptEntryId;
  const kept = typeof named === 'string' ? resolveKept(named, boundary.entry.id as string) : null;
  const from = kept === null ? -1 : branch.findIndex((l, i) => i < at && l.entry.id === kept);
  let retained: LocatedEntry[] | null = from < 0 ? (typeof named === 'string' ? null : []) : branch.slice(from, at);
  if (retained && boundary.entry.type === 'reset') retained = resetKept(retained);
  return { boundary, retained, current: branch.slice(at + 1) };
}

const messageOf = (l: LocatedEntry): Message | null =>
  l.entry.type === 'message' && isRecord(l.entry.message) ? (l.entry.message as Message) : null;

/** The calls of an assistant turn that results pair with: their ids, in order. */
function callIds(m: Message): string[] {
  if (m.role !== 'assistant' || !Array.isArray(m.content)) return [];
  return m.content.flatMap((b) =>
    isRecord(b) && PAIRABLE_CALL_TYPES.has(b.type as string) && typeof b.id === 'string' && b.id ? [b.id] : [],
  );
}

/**
 * What a reset keeps: user and assistant turns, and the tool results that answer a call — the first
 * result for a call in its own frame (assistant turn to the next one with calls), or a result in a
 * later frame when exactly one unanswered call earlier has its id.
 */
function resetKept(entries: readonly LocatedEntry[]): LocatedEntry[] {
  const paired = new Set<LocatedEntry>();
  const unanswered = new Map<string, number>();
  let pending: Map<string, number> | null = null;
  let frameIds = new Set<string>();
  for (const l of entries) {
    const m = messageOf(l);
    if (!m) continue;
    const calls = callIds(m);
    if (calls.length > 0) {
      for (const [id, n] of pending ?? []) if (n > 0) unanswered.set(id, (unanswered.get(id) ?? 0) + n);
      pending = new Map();
      for (const id of calls) pending.set(id, (pending.get(id) ?? 0) + 1);
      frameIds = new Set(calls);
      continue;
    }
    if (m.role !== 'toolResult' || pending === null) continue;
    const id = toolResultCallId(m);
    if (id === undefined) continue;
    if ((pending.get(id) ?? 0) > 0) {
      pending.set(id, pending.get(id)! - 1);
      paired.add(l);
    } else if (!frameIds.has(id) && unanswered.get(id) === 1) {
      unanswered.set(id, 0);
      paired.add(l);
    }
  }
  return entries.filter((l) => {
    const m = messageOf(l);
    return m !== null && (m.role === 'user' || m.role === 'assistant' || (m.role === 'toolResult' && paired.has(l)));
  });
}
