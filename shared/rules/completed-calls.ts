/** The tool-call blocks of a transcript that a real result answered (tool-call-input's allowlist spares them). */
import { toolResultCallId } from '../messages.js';
import type { Message } from '../types.js';
import { isIdentifiedCall, isSyntheticResult } from './pairing-checks.js';
import { extractCalls } from './tool-result-pairing.js';
import { pushTo } from '../multimap.js';

type Block = Record<string, unknown>;

/**
 * Tool-call blocks that already completed (answered by a real result): they replay even when the tool
 * is no longer allowed, because the result is a fact of the conversation.
 */
export function completedCallBlocks(messages: readonly Message[]): Set<unknown> {
  const completed = new Set<unknown>();
  const starts = messages.flatMap((m, i) => (m.role === 'assistant' && extractCalls(m).length > 0 ? [i] : []));
  const unanswered = new Map<string, { block: unknown }[]>();
  starts.forEach((start, f) => {
    const assistant = messages[start];
    const blocks = (assistant.content as unknown[]).filter(isIdentifiedCall);
    const calls = extractCalls(assistant);
    const pending = new Map<string, unknown[]>();
    blocks.forEach((b) => pushTo(pending, (b as Block).id as string, b));
    const answered = new Set<unknown>();
    const frameLeftovers: { id?: string; synthetic: boolean }[] = [];
    // The turn's call ids, as a set once a result needs it (not a search of the calls per result).
    let callIds: Set<string> | null = null;
    const end = starts[f + 1] ?? messages.length;
    for (let i = start + 1; i < end; i += 1) {
      const m = messages[i];
      if (m.role !== 'toolResult') continue;
      let id = toolResultCallId(m);
      if (!id && calls.length === 1) {
        const rn = typeof m.toolName === 'string' ? m.toolName.trim() : '';
        const cn = calls[0].name?.trim() ?? '';
        if (!(rn && cn && rn !== cn)) id = calls[0].id;
      }
      const block = id ? pending.get(id)?.shift() : undefined;
      if (block) {
        answered.add(block);
        if (!isSyntheticResult(m)) completed.add(block);
      } else if (!id || !(callIds ??= new Set(calls.map((c) => c.id))).has(id))
        frameLeftovers.push({ id, synthetic: isSyntheticResult(m) });
    }
    for (const b of blocks) if (!answered.has(b)) pushTo(unanswered, (b as Block).id as string, { block: b });
    for (const r of frameLeftovers) {
      const candidates = r.id ? (unanswered.get(r.id) ?? []) : [];
      if (candidates.length === 1 && !r.synthetic) {
        completed.add(candidates[0].block);
        unanswered.set(r.id!, []);
      }
    }
  });
  return completed;
}
