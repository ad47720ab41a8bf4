/**
 * The per-entry rules of file repair (docs/rules.md#file-repair): which parsed lines are dropped, and how
 * the others are rewritten. Pure: the caller owns the parsed entry and may let it be mutated.
 */
import { isRecord, TEXT } from '../messages.js';
import { imageBlockProblem } from './corrupted-image.js';
import { previewJson } from './preview.js';

/** Stable codes of repair actions (RepairAction.code). */
export type RepairCode =
  'unparseable-line' | 'invalid-message' | 'empty-error-turn' | 'blank-user' | 'corrupted-image' | 'missing-tool-result';

/** One reason a line is rewritten. */
export interface EntryFix {
  code: RepairCode;
  reason: string;
  before: string;
  after: string;
}

/** The per-kind counters a verdict adds to the plan. */
export interface EntryCounts {
  rewrittenAssistantMessages: number;
  rewrittenUserMessages: number;
  removedCorruptedImageBlocks: number;
}

/** What to do with one parsed entry. */
export type EntryVerdict =
  | { kind: 'keep' }
  | { kind: 'drop'; code: 'invalid-message'; reason: string }
  | { kind: 'rewrite'; entry: Record<string, unknown>; fixes: EntryFix[]; counts: EntryCounts };

function describe(value: unknown): string {
  if (value === undefined) return 'no';
  if (value === null) return 'a null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.trim() === '' ? 'a blank' : 'a string';
  return `a ${typeof value}`;
}

/** Why a `message` entry cannot be replayed at all (no message object, no usable role), or null. */
function invalidMessageReason(entry: Record<string, unknown>): string | null {
  if (entry.type !== 'message') return null;
  const message = entry.message;
  // Arrays pass the object test here and fail on the role, as in OpenClaw.
  if (message === null || typeof message !== 'object') {
    return `a message entry with ${describe(message)} "message" field instead of a message object — nothing in it can be replayed`;
  }
  const role = (message as Record<string, unknown>).role;
  if (typeof role !== 'string' || role.trim() === '') {
    return `a message entry whose message has ${describe(role)} "role" — every provider needs to know who spoke, so it cannot be replayed (often seen by the hundreds after a failed write)`;
  }
  return null;
}

function repairImages(message: Record<string, unknown>): { fixes: EntryFix[]; removed: number } {
  const content = message.content;
  if (!Array.isArray(content)) return { fixes: [], removed: 0 };
  const fixes: EntryFix[] = [];
  let removed = 0;
  const next = content.map((block, index) => {
    const problem = imageBlockProblem(block);
    if (problem === null) return block;
    removed += 1;
    const replacement = { type: 'text', text: TEXT.corruptedImageDisk };
    fixes.push({
      code: 'corrupted-image',
      reason: `content[${index}]: ${problem}. No provider can decode it, so the block is replaced by the text ${TEXT.corruptedImageDisk}`,
      before: previewJson(block),
      after: previewJson(replacement),
    });
    return replacement;
  });
  if (removed > 0) message.content = next;
  return { fixes, removed };
}

function repairBlankUser(message: Record<string, unknown>): EntryFix | null {
  const content = message.content;
  const fallback = TEXT.blankUserDisk;
  if (typeof content === 'string') {
    if (content.trim() !== '') return null;
    message.content = fallback;
    return {
      code: 'blank-user',
      reason: `a user turn with ${content === '' ? 'empty' : 'only blank'} text; strict providers (Qwen, mlx-vlm…) reject an empty user turn and the turn must not be removed, so it now says ${fallback}`,
      before: previewJson(content),
      after: previewJson(fallback),
    };
  }
  if (!Array.isArray(content)) return null;
  const kept = content.filter(
    (block) => !(isRecord(block) && block.type === 'text' && typeof block.text === 'string' && block.text.trim() === ''),
  );
  if (kept.length === content.length && kept.length > 0) return null;
  const after = kept.length === 0 ? [{ type: 'text', text: fallback }] : kept;
  message.content = after;
  const removed = content.length - kept.length;
  return {
    code: 'blank-user',
    reason:
      kept.length === 0
        ? `a user turn with no text (${content.length === 0 ? 'empty content' : `${removed} blank text block(s)`}); strict providers reject an empty user turn and the turn must not be removed, so it now says ${fallback}`
        : `a user turn with ${removed} blank text block(s) next to real content; the blank blocks are removed and the rest is kept`,
    before: previewJson(content),
    after: previewJson(after),
  };
}

/**
 * Judge one parsed entry (a JSON value from a line after the header).
 *
 * The order is OpenClaw's: structurally invalid messages are dropped; an empty `error` assistant
 * turn gets the stream-error sentinel (and nothing else); otherwise corrupted images are replaced
 * in any message, and then a user turn left without text gets `(continue)`.
 */
export function judgeEntry(entry: unknown): EntryVerdict {
  if (!isRecord(entry) || entry.type !== 'message') return { kind: 'keep' };
  const invalid = invalidMessageReason(entry);
  if (invalid !== null) return { kind: 'drop', code: 'invalid-message', reason: invalid };
  const message = entry.message as Record<string, unknown>;
  const counts: EntryCounts = { rewrittenAssistantMessages: 0, rewrittenUserMessages: 0, removedCorruptedImageBlocks: 0 };
  if (message.role === 'assistant' && Array.isArray(message.content) && message.content.length === 0 && message.stopReason === 'error') {
    const after = [{ type: 'text', text: TEXT.streamErrorSentinel }];
    message.content = after;
    counts.rewrittenAssistantMessages = 1;
    const fix: EntryFix = {
      code: 'empty-error-turn',
      reason: `an assistant turn that failed (stopReason "error") before producing any content; some providers reject an empty assistant turn, so its content becomes the text ${TEXT.streamErrorSentinel}`,
      before: '[]',
      after: previewJson(after),
    };
    return { kind: 'rewrite', entry, fixes: [fix], counts };
  }
  const fixes: EntryFix[] = [];
  const images = repairImages(message);
  fixes.push(...images.fixes);
  counts.removedCorruptedImageBlocks = images.removed;
  if (message.role === 'user') {
    const blank = repairBlankUser(message);
    if (blank !== null) {
      fixes.push(blank);
      counts.rewrittenUserMessages = 1;
    }
  }
  return fixes.length === 0 ? { kind: 'keep' } : { kind: 'rewrite', entry, fixes, counts };
}
