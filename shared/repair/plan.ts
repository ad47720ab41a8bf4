/**
 * Planning a file repair (docs/rules.md#file-repair): a pure pass over the file's bytes that lists
 * every line to drop, rewrite or insert after, with the edits the writer needs to produce the new
 * bytes while copying every other line byte for byte.
 */
import type { RepairAction, RepairPlan } from '../inspection.js';
import { isRecord, toolResultCallId } from '../messages.js';
import { sha256Hex, utf8Bytes } from '../hash/sha256.js';
import { RepairChunkEmitter, totalLength } from './chunks.js';
import { byteLineAt, firstLineStart, type ByteLine } from './byte-lines.js';
import { headerProblem, unparseableReason, type DecodedLine } from './line-problems.js';
import { judgeEntry, type EntryFix, type EntryVerdict, type RepairCode } from './entry-repairs.js';
import {
  assistantCandidate,
  isDeliveryMirror,
  planMissingToolResults,
  reparentTargets,
  type AssistantCandidate,
} from './missing-tool-results.js';
import { previewJson, previewLine } from './preview.js';
import { recoverLine, recoveryReason, type LineRecovery } from './recover-line.js';
import type { Refusal, RefusalKind } from './refusal.js';

/**
 * One byte-level edit: replace `[start, end)` of the original with the UTF-8 of `text`.
 *
 * A drop covers the line and its terminator; a rewrite covers the line's content and keeps its
 * terminator; an insert is empty (`start === end`) and carries its own terminator.
 */
export interface RepairEdit {
  line: number;
  start: number;
  end: number;
  text: string;
}

/** A plan plus what writing it needs. */
export interface RepairDraft {
  plan: RepairPlan;
  /** Why nothing can be repaired, when `plan.refusal` says so. */
  refusalKind?: RefusalKind;
  /** Sorted by position; inserts come before a range starting at the same offset. */
  edits: RepairEdit[];
}

/** Counts of a plan that changes nothing. */
export function emptyCounts(): RepairPlan['counts'] {
  return {
    droppedLines: 0,
    rewrittenAssistantMessages: 0,
    rewrittenUserMessages: 0,
    removedCorruptedImageBlocks: 0,
    insertedToolResults: 0,
    recoveredLines: 0,
  };
}

function refused(digest: string, refusal: Refusal): RepairDraft {
  return {
    plan: { needed: false, digest, actions: [], refusal: refusal.text, counts: emptyCounts() },
    refusalKind: refusal.kind,
    edits: [],
  };
}

const EMPTY_REFUSAL: Refusal = { kind: 'empty', text: 'empty session file: there is no session header and nothing to repair' };

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossyDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

function decodeLine(bytes: Uint8Array, span: ByteLine): DecodedLine {
  const slice = bytes.subarray(span.start, span.end);
  try {
    return { text: strictDecoder.decode(slice), invalidUtf8: false };
  } catch {
    return { text: lossyDecoder.decode(slice), invalidUtf8: true };
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function fixesReason(fixes: readonly EntryFix[]): string {
  return fixes.length === 1 ? fixes[0].reason : fixes.map((f, i) => `(${i + 1}) ${f.reason}`).join('; ');
}

/**
 * An incremental repair planner over a file's bytes. Never throws for any input.
 *
 * `advance()` plans a few megabytes of lines at a time, so the host can write the repaired prefix
 * while the rest is still being planned; `finish()` plans what is left and adds the inserted tool
 * results, which need the whole file (a call's result may be anywhere after it).
 *
 * The file is refused, with nothing planned, when it is empty or its first non-blank line is not a
 * valid session header: then it may not be a session file at all.
 *
 * A line whose bytes are not valid UTF-8 but which is valid JSON once decoded is a readable entry
 * (pi and OpenClaw decode it the same way) and is kept byte for byte; it is only rewritten when a
 * rule needs it, and then the invalid bytes are written as U+FFFD. Blank lines are kept.
 */
export class RepairPlanner {
  /** Drops and rewrites found so far, in file order (insertions are added by `finish`). */
  readonly edits: RepairEdit[] = [];
  private readonly actions: RepairAction[] = [];
  private readonly counts = emptyCounts();
  private readonly candidates: AssistantCandidate[] = [];
  private readonly candidateIds = new Set<string>();
  private readonly candidateSpans = new Map<number, ByteLine>();
  private readonly resultIds = new Set<string>();
  /** Entries hanging off a candidate assistant, as they will be written: re-parented if results go in between. */
  private readonly children: { span: ByteLine; entry: Record<string, unknown> }[] = [];
  private pending: AssistantCandidate | null = null;
  private pos: number;
  private line = 1;
  private crlf = 0;
  private lf = 0;
  private headerSeen = false;
  private refusedWith: Refusal | null = null;

  constructor(private readonly bytes: Uint8Array) {
    this.pos = firstLineStart(bytes);
  }

  /** Offset of the first byte not planned yet: every edit before it is final except insertions. */
  get plannedTo(): number {
    return this.refusedWith === null ? this.pos : 0;
  }

  /** Why the file cannot be repaired at all (known once the header line is planned, or at the end). */
  get refusal(): Refusal | null {
    if (this.refusedWith === null && !this.headerSeen && this.pos >= this.bytes.length) return EMPTY_REFUSAL;
    return this.refusedWith;
  }

  /** True once the header was read (or the file was refused). */
  get started(): boolean {
    return this.headerSeen || this.refusedWith !== null || this.pos >= this.bytes.length;
  }

  /** Plan lines covering at least `budget` more bytes; false when every line is planned. */
  advance(budget = Number.POSITIVE_INFINITY): boolean {
    const stopAt = this.pos + budget;
    while (this.refusedWith === null && this.pos < this.bytes.length) {
      const span = byteLineAt(this.bytes, this.pos, this.line)!;
      this.planLine(span);
      this.pos = span.next;
      this.line += 1;
      if (this.pos >= stopAt) break;
    }
    return this.refusedWith === null && this.pos < this.bytes.length;
  }

  /** Plan the rest and add insertions; `digest` is the sha-256 (hex) of the bytes. */
  finish(digest: string): RepairDraft {
    this.advance();
    if (this.refusedWith !== null) return refused(digest, this.refusedWith);
    if (!this.headerSeen) return refused(digest, EMPTY_REFUSAL);
    const edits = [...this.edits];
    const actions = [...this.actions];
    const counts = { ...this.counts };
    const fileEol = this.crlf > this.lf ? '\r\n' : '\n';
    const insertions = planMissingToolResults(this.candidates, this.resultIds, digest);
    this.reparent(reparentTargets(insertions), edits, actions);
    for (const insertion of insertions) {
      const span = this.candidateSpans.get(insertion.afterLine)!;
      const json = JSON.stringify(insertion.entry);
      counts.insertedToolResults += 1;
      actions.push({
        kind: 'insert',
        line: insertion.afterLine,
        code: 'missing-tool-result',
        reason: insertion.reason,
        after: previewJson(insertion.entry),
      });
      // After a last line without a terminator the file keeps ending without one.
      const text = span.eol === '' ? `${fileEol}${json}` : `${json}${span.eol}`;
      const prev = edits.find((e) => e.start === span.next && e.end === span.next && e.line === insertion.afterLine);
      if (prev) prev.text += text;
      else edits.push({ line: insertion.afterLine, start: span.next, end: span.next, text });
    }
    edits.sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start));
    actions.sort((a, b) => a.line - b.line || (a.kind === 'insert' ? 1 : 0) - (b.kind === 'insert' ? 1 : 0));
    return { plan: { needed: actions.length > 0, digest, actions, counts }, edits };
  }

  /** Hang what hung off an assistant under the results inserted after it, so they are on its branch. */
  private reparent(targets: ReadonlyMap<string, string>, edits: RepairEdit[], actions: RepairAction[]): void {
    for (const { span, entry } of this.children) {
      const parent = targets.get(entry.parentId as string);
      if (parent === undefined) continue;
      const text = JSON.stringify({ ...entry, parentId: parent });
      const existing = edits.find((e) => e.line === span.line && e.start === span.start);
      if (existing) existing.text = text;
      else edits.push({ line: span.line, start: span.start, end: span.end, text });
      actions.push({
        kind: 'rewrite',
        line: span.line,
        code: 'missing-tool-result',
        reason: `this entry hung off the assistant turn whose results are inserted; it now follows them (parentId ${JSON.stringify(parent)}), so the inserted results are on the branch that is replayed`,
        before: `parentId ${JSON.stringify(entry.parentId)}`,
        after: `parentId ${JSON.stringify(parent)}`,
      });
    }
  }

  private drop(span: ByteLine, code: RepairCode, reason: string, text: string): void {
    this.counts.droppedLines += 1;
    this.actions.push({ kind: 'drop', line: span.line, code, reason, before: previewLine(text, span.end - span.start) });
    this.edits.push({ line: span.line, start: span.start, end: span.next, text: '' });
  }

  private planLine(span: ByteLine): void {
    if (span.eol === '\r\n') this.crlf += 1;
    else if (span.eol === '\n') this.lf += 1;
    const decoded = decodeLine(this.bytes, span);
    if (decoded.text.trim() === '') return;
    const parsed = parseJson(decoded.text);
    // Not one JSON value, but it may hold whole entries (glued, padded): those are kept.
    const recovered = parsed.ok ? null : recoverLine(this.bytes.subarray(span.start, span.end));
    if (recovered) {
      this.planRecovered(span, decoded.text, recovered);
      return;
    }
    if (!this.headerSeen) {
      const problem = parsed.ok ? headerProblem(parsed.value) : 'the first line is not valid JSON';
      if (problem !== null)
        this.refusedWith = {
          kind: 'not-a-session',
          text: `invalid session header: ${problem} (line ${span.line}); the file is left untouched because it may not be a session file`,
        };
      else this.headerSeen = true;
      return;
    }
    if (!parsed.ok) {
      this.drop(span, 'unparseable-line', unparseableReason(decoded), decoded.text);
      return;
    }
    const utf8 = decoded.invalidUtf8 ? ' (bytes of this line that were not valid UTF-8 are written as U+FFFD)' : '';
    const rewritten = this.judge(span, parsed.value, decoded.text, '', utf8);
    if (rewritten !== null) this.edits.push({ line: span.line, start: span.start, end: span.end, text: rewritten });
  }

  /**
   * Apply the entry rules to one entry of `span`: record the drop or rewrite, note it for inserted
   * results, and return its new text (null: unchanged, '': dropped). `which` prefixes the reasons
   * of an entry recovered from a shared line.
   */
  private judge(span: ByteLine, value: unknown, text: string, which: string, utf8 = ''): string | null {
    let verdict: EntryVerdict;
    let rewritten = '';
    try {
      verdict = judgeEntry(value);
      if (verdict.kind === 'rewrite') rewritten = JSON.stringify(verdict.entry);
    } catch {
      // JSON.parse is iterative but JSON.stringify is not: a value nested too deeply to be written
      // back is left exactly as it is rather than lost.
      verdict = { kind: 'keep' };
    }
    if (verdict.kind === 'drop') {
      if (which === '') this.drop(span, verdict.code, verdict.reason, text);
      else {
        this.counts.droppedLines += 1;
        this.actions.push({
          kind: 'drop',
          line: span.line,
          code: verdict.code,
          reason: `${which}${verdict.reason}`,
          before: previewLine(text, text.length),
        });
      }
      return which === '' ? null : '';
    }
    if (verdict.kind === 'rewrite') {
      this.counts.rewrittenAssistantMessages += verdict.counts.rewrittenAssistantMessages;
      this.counts.rewrittenUserMessages += verdict.counts.rewrittenUserMessages;
      this.counts.removedCorruptedImageBlocks += verdict.counts.removedCorruptedImageBlocks;
      this.actions.push({
        kind: 'rewrite',
        line: span.line,
        code: verdict.fixes[0].code,
        reason: `${which}${fixesReason(verdict.fixes)}${utf8}`,
        before: verdict.fixes.map((f) => f.before).join(' · '),
        after: verdict.fixes.map((f) => f.after).join(' · '),
      });
    }
    // Only a whole line can be re-parented in place; an entry recovered from a shared line keeps its parent.
    const kept = verdict.kind === 'rewrite' ? verdict.entry : value;
    if (which === '' && isRecord(kept) && typeof kept.parentId === 'string' && this.candidateIds.has(kept.parentId))
      this.children.push({ span, entry: kept });
    this.noteForInsertions(span, value);
    return verdict.kind === 'rewrite' ? rewritten : null;
  }

  /**
   * A damaged line that holds complete entries: each is kept on a line of its own (byte for byte,
   * or rewritten by the entry rules), and the padding or cut-off bytes around them are removed.
   * On the first line the first entry must be the session header.
   */
  private planRecovered(span: ByteLine, text: string, recovered: LineRecovery): void {
    const { records } = recovered;
    const kept: string[] = [];
    let first = 0;
    if (!this.headerSeen) {
      const problem = headerProblem(records[0].value);
      if (problem !== null) {
        this.refusedWith = {
          kind: 'not-a-session',
          text: `invalid session header: ${problem} (line ${span.line}); the file is left untouched because it may not be a session file`,
        };
        return;
      }
      this.headerSeen = true;
      kept.push(records[0].text);
      first = 1;
    }
    this.counts.recoveredLines += 1;
    const { code, reason } = recoveryReason(recovered);
    this.actions.push({ kind: 'recover', line: span.line, code, reason, before: previewLine(text, span.end - span.start) });
    const action = this.actions[this.actions.length - 1];
    records.slice(first).forEach((record, i) => {
      const which = records.length > 1 ? `entry ${first + i + 1} of ${records.length} on this line: ` : '';
      const changed = this.judge(span, record.value, record.text, which || 'the recovered entry: ');
      if (changed !== '') kept.push(changed ?? record.text);
    });
    // The line's own terminator between the entries (or the file's, on a last line without one).
    const eol = span.eol || (this.crlf > this.lf ? '\r\n' : '\n');
    // The start of each entry as it will be written, one after the other.
    action.after = kept.map((k) => previewLine(k.length > 72 ? `${k.slice(0, 72)}…` : k, k.length)).join(' ⏎ ');
    // Every entry dropped by the rules: the line goes with its terminator, as a dropped line does.
    if (kept.length === 0) this.edits.push({ line: span.line, start: span.start, end: span.next, text: '' });
    else this.edits.push({ line: span.line, start: span.start, end: span.end, text: kept.join(eol) });
  }

  /** What the insertion pass needs: every result id, and Responses assistants with their next message. */
  private noteForInsertions(span: ByteLine, value: unknown): void {
    if (value === null || typeof value !== 'object') return;
    const entry = value as Record<string, unknown>;
    if (entry.type !== 'message' || entry.message === null || typeof entry.message !== 'object') return;
    const message = entry.message as Record<string, unknown>;
    if (this.pending !== null) {
      this.pending.nextIsMirror = isDeliveryMirror(message);
      this.pending = null;
    }
    if (message.role === 'toolResult') {
      const id = toolResultCallId(message);
      if (id !== undefined) this.resultIds.add(id);
    }
    const candidate = assistantCandidate(span.line, entry, message);
    if (candidate !== null) {
      this.candidates.push(candidate);
      if (candidate.entryId !== undefined) this.candidateIds.add(candidate.entryId);
      this.candidateSpans.set(span.line, span);
      this.pending = candidate;
    }
  }
}

/**
 * Plan the repair of a session file's bytes in one go.
 *
 * `digest` is the caller's sha-256 (hex) of `bytes` (the host hashes with node:crypto); it is
 * computed here when omitted.
 */
export function planRepairBytes(bytes: Uint8Array, digest?: string): RepairDraft {
  return new RepairPlanner(bytes).finish(digest ?? sha256Hex(bytes));
}

/** Plan the repair of a session given as text (its UTF-8 bytes are what is planned and hashed). */
export function planRepairText(text: string): RepairDraft & { bytes: Uint8Array } {
  const bytes = utf8Bytes(text);
  return { ...planRepairBytes(bytes), bytes };
}

/** The pieces of the repaired file, in order: untouched ranges of the original and edit texts. */
export function repairedChunks(bytes: Uint8Array, edits: readonly RepairEdit[]): Uint8Array[] {
  return new RepairChunkEmitter(bytes, edits).emit(bytes.length, true);
}

/** The repaired file's bytes (for text input and tests; the host streams chunks instead). */
export function applyRepair(bytes: Uint8Array, edits: readonly RepairEdit[]): Uint8Array {
  if (edits.length === 0) return bytes;
  const chunks = repairedChunks(bytes, edits);
  const out = new Uint8Array(totalLength(chunks));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
