/**
 * A quick first read of a large session file: the first turns of its active branch, ready to
 * inspect, long before the whole file is parsed.
 *
 * Every line is reduced to its skeleton (long strings cut, see skeleton.ts) and parsed by the same
 * parser as the full read, so the tree, the branch and the compaction come out as they will; then
 * only the lines of the first turns are read again and parsed whole. The result is a preview: the
 * full read stays the authority (diagnostics, hashes, the rest of the turns) and replaces it.
 */
import type { FileHandle } from 'node:fs/promises';
import { isRecord } from '../../../shared/messages.js';
import { extractCalls } from '../../../shared/rules/tool-result-pairing.js';
import { buildContext, outlineContext, type SessionContext } from '../../../shared/session/context.js';
import { SessionLineParser } from '../../../shared/session/jsonl.js';
import { unrecognizedReason } from '../../../shared/session/recognize.js';
import { lastModelEntryOf } from '../../../shared/session/recorded-model.js';
import type { LocatedEntry, ParsedSession, SessionEntry } from '../../../shared/session/types.js';
import type { Message } from '../../../shared/types.js';
import { readFormatHead } from '../load-session.js';
import { openSessionFile } from '../read-input.js';
import { readLines } from '../read-lines.js';
import { MAX_EXTRA_TURNS, turnsToRead } from './margin.js';
import { quickEntry, stubEntry } from './quick-entry.js';
import { CUT_STRING, skeletonText } from './skeleton.js';

/** Bytes read at a time (large: fewer lines of megabytes span two reads and are read again whole). */
const CHUNK_BYTES = 16 * 1024 * 1024;
/** Lines longer than this are left out of a preview (the full read decides what they are). */
const MAX_PREVIEW_LINE_BYTES = 256 * 1024 * 1024;
/** Outlines read at most, each with more lines parsed whole than the one before (see `linesToParseWhole`). */
const MAX_OUTLINES = 4;

/** The first turns of a session's active branch. */
export interface SessionPreview {
  /** Every entry of the file as a skeleton, but the lines of the first turns, parsed whole. */
  parsed: ParsedSession;
  /** The active branch's context, cut after the first `turns` messages. */
  context: SessionContext;
  /** Messages the preview holds (the first of the branch). */
  turns: number;
  /** Messages the active branch has in all. */
  totalTurns: number;
  /** Bytes of the lines the branch's messages come from: an estimate of the payload's size. */
  branchBytes: number;
  /** Bytes of the file when it was read. */
  size: number;
}

/** Options of `readSessionPreview`. */
export interface PreviewOptions {
  /** Messages wanted, at least (more when tool calls among them are answered later). */
  turns: number;
  chunkBytes?: number;
  /**
   * Null when the first turns are the whole branch: such a preview would show what the full read
   * shows, and cost about as much (its turns are parsed whole).
   */
  partialOnly?: boolean;
}

/** A session's lines as a preview reads them: all once, as skeletons, then a few again whole. */
export interface PreviewLines {
  /**
   * Every line in order: its bytes (null for one too long to keep) and its length. Resolves with
   * whether the file began with a BOM and its size; null when the session is not JSONL lines.
   */
  each(onLine: (bytes: Uint8Array | null, length: number) => void): Promise<{ bom: boolean; size: number } | null>;
  /** Lines again (1-based, ascending), each parsed whole: null for one that is not a JSON object. */
  entries(lines: readonly number[]): Promise<(SessionEntry | null)[]>;
}

/**
 * Read a preview of a JSONL session file: null when the file is not one (a JSON message array), has
 * no messages, or its first turns cannot be parsed whole (the full read explains why); with
 * `partialOnly`, also when the first turns are all of them.
 */
export async function readSessionPreview(file: string, options: PreviewOptions): Promise<SessionPreview | null> {
  const handle = await openSessionFile(file);
  try {
    return await previewOf(fileLines(handle, options.chunkBytes ?? CHUNK_BYTES), options);
  } finally {
    await handle.close();
  }
}

/**
 * The preview of a session's lines (as `readSessionPreview` describes it). With `quick` (the
 * default), message lines in pi's form are given to the parser as stubs (quick-entry.ts), and only
 * those whose contents the preview uses are read again whole; when one of those is not what its
 * first bytes said, every line is read again, as skeletons. The lines in `wholeLines` are parsed
 * whole, neither stubs nor skeletons; `outlines`: how many outlines were read before this one.
 */
export async function previewOf(
  lines: PreviewLines,
  options: PreviewOptions,
  quick = true,
  wholeLines: ReadonlySet<number> = new Set(),
  outlines = 0,
): Promise<SessionPreview | null> {
  if (outlines >= MAX_OUTLINES) return null;
  const read = await readOutline(lines, quick, wholeLines);
  if (!read) return null;
  const { parsed, lengths, stubbed } = read;
  const outline = read.outline.context;
  // Lines whose stubs or skeletons do not say what the outline needs of them: read again, parsed whole.
  const more = linesToParseWhole(parsed, outline).filter((line) => !wholeLines.has(line));
  if (more.length > 0) return previewOf(lines, options, quick, new Set([...wholeLines, ...more]), outlines + 1);
  const totalTurns = outline.messages.length;
  if (parsed.format !== 'jsonl' || parsed.version < 2 || totalTurns === 0) return null;
  const asked = Math.max(1, options.turns);
  const { messageLines } = outline;
  // The stubs whose contents are used, read whole first: those among the turns that may be shown,
  // the branch's last message (does it end in a prefill?) and the last entry naming a model (a
  // skeleton too: its model's id may be longer than a skeleton keeps).
  const reach = Math.min(totalTurns, asked + MAX_EXTRA_TURNS);
  const first = new Set<number>();
  const addStub = (line: number | null) => {
    if (line !== null && stubbed[line - 1]) first.add(line);
  };
  for (let i = 0; i < reach; i += 1) addStub(messageLines[i]);
  addStub(messageLines[totalTurns - 1]);
  const modelEntry = lastModelEntryOf(outline.branch);
  if (modelEntry) first.add(outline.branch.findLast((located) => located.entry === modelEntry)!.line);
  const whole = await wholeEntries(lines, first);
  if (!whole) return null;
  for (const located of parsed.entries) {
    const entry = stubbed[located.line - 1] ? whole.get(located.line) : undefined;
    // A stub read whole is not what its first bytes said: every line is read again as a skeleton.
    if (entry && !saysWhatItsStubSaid(entry, located.entry)) return previewOf(lines, options, false, wholeLines, outlines + 1);
  }
  // Counted on messages whose calls are known: the stubs among them as read whole.
  const counted = outline.messages.slice(0, reach).map((message, i) => {
    const line = messageLines[i];
    const entry = line === null ? undefined : whole.get(line);
    return entry ? (entry.message as Message) : message;
  });
  const turns = turnsToRead(counted, asked);
  if (options.partialOnly && turns >= totalTurns) return null;
  // The rest of the first turns' lines (and the compaction their summary comes from), parsed whole.
  const rest = new Set<number>();
  for (let i = 0; i < turns; i += 1) {
    const line = messageLines[i];
    if (line !== null && !whole.has(line)) rest.add(line);
  }
  const restWhole = await wholeEntries(lines, rest);
  if (!restWhole) return null;
  for (const [line, entry] of restWhole) whole.set(line, entry);
  const replacements = new Map<number, LocatedEntry>();
  for (const [line, entry] of whole) replacements.set(line, { line, entry });
  const entries: LocatedEntry[] = parsed.entries.map((located) => replacements.get(located.line) ?? located);
  const full: ParsedSession = { ...parsed, entries, diagnostics: [] };
  // The outline's branch with its lines read whole; the tree is walked again only when one of them
  // is not the entry its skeleton or stub was.
  const context = read.outline.rebuilt(replacements) ?? buildContext(full);
  // The whole lines must tell the same story as their skeletons; if not, the full read decides.
  if (context.messages.length !== totalTurns || context.messageLines.some((line, i) => line !== messageLines[i])) return null;
  let branchBytes = 0;
  for (const line of context.messageLines) if (line !== null) branchBytes += lengths[line - 1] ?? 0;
  return {
    parsed: full,
    context: {
      ...context,
      messages: context.messages.slice(0, turns),
      messageLines: context.messageLines.slice(0, turns),
      diagnostics: [],
      truncated: turns < totalTurns ? { endsWithAssistantPrefill: endsWithAssistantPrefill(context.messages) } : undefined,
    },
    turns,
    totalTurns,
    branchBytes,
    size: read.size,
  };
}

/** Every line read once: skeletons and stubs parsed, the branch outlined. */
async function readOutline(lines: PreviewLines, quick: boolean, wholeLines: ReadonlySet<number>) {
  const parser = new SessionLineParser();
  const lengths: number[] = [];
  // Whether each line was given as a stub, by line number − 1.
  const stubbed: boolean[] = [];
  let header = true;
  const read = await lines.each((bytes, length) => {
    lengths.push(length);
    // The header is read whole (its fields describe the session), and the lines asked; then only skeletons and stubs.
    const isHeader = header && length > 0;
    if (isHeader) header = false;
    const isWhole = isHeader || wholeLines.has(lengths.length);
    const stub = quick && bytes && !isWhole && length > 0 ? quickEntry(bytes) : null;
    stubbed.push(stub !== null);
    if (!bytes || length === 0) parser.line(length, () => '');
    else if (isWhole) parser.line(length, () => Buffer.from(bytes.buffer, bytes.byteOffset, length).toString('utf8'));
    else if (stub === null) parser.line(length, () => skeletonText(bytes) ?? '');
    else parser.stub(length, stubEntry(stub));
  });
  if (!read) return null;
  const parsed = parser.finish(read.bom);
  return { parsed, outline: outlineContext(parsed), lengths, stubbed, size: read.size };
}

/**
 * The lines an outline cannot stand on as a stub or a skeleton: entries whose id, parent or first
 * kept entry a skeleton cut (an id longer than it keeps, see skeleton.ts), and the messages a reset
 * at the branch's last boundary keeps from before it, which it judges by their calls and results (a
 * stub has none, a skeleton may have cut their ids).
 */
function linesToParseWhole(parsed: ParsedSession, outline: SessionContext): number[] {
  const lines: number[] = [];
  for (const { line, entry } of parsed.entries)
    if (entry.id === CUT_STRING || entry.parentId === CUT_STRING || entry.firstKeptEntryId === CUT_STRING) lines.push(line);
  const { branch } = outline;
  const at = branch.findLastIndex(({ entry }) => entry.type === 'compaction' || entry.type === 'reset');
  const named = at >= 0 && branch[at].entry.type === 'reset' ? branch[at].entry.firstKeptEntryId : undefined;
  if (typeof named !== 'string') return lines;
  // From the entry it names; from the root when that is not on the branch itself (an entry OpenClaw
  // ignores, which keeps from its nearest recognised ancestor).
  const kept = branch.findIndex((located, i) => i < at && located.entry.id === named);
  for (let i = Math.max(0, kept); i < at; i += 1) if (branch[i].entry.type === 'message') lines.push(branch[i].line);
  return lines;
}

/** Lines read again and parsed whole, by number; null when one is not a JSON object. */
async function wholeEntries(lines: PreviewLines, wanted: ReadonlySet<number>): Promise<Map<number, SessionEntry> | null> {
  const again = [...wanted].sort((a, b) => a - b);
  const whole = new Map<number, SessionEntry>();
  if (again.length === 0) return whole;
  const reread = await lines.entries(again);
  for (let i = 0; i < again.length; i += 1) {
    const entry = reread[i];
    if (!entry) return null;
    whole.set(again[i], entry);
  }
  return whole;
}

/**
 * Whether a line read whole is the message entry its stub stood for: the same id, parent and role, a
 * message OpenClaw's loader recognises, and one the context keeps.
 */
function saysWhatItsStubSaid(entry: SessionEntry, stub: SessionEntry): boolean {
  const message = entry.message;
  return (
    entry.type === 'message' &&
    entry.id === stub.id &&
    entry.parentId === stub.parentId &&
    isRecord(message) &&
    message.role === (stub.message as Message).role &&
    message.excludeFromContext !== true &&
    unrecognizedReason(entry) === null
  );
}

/** A JSON object's text parsed as an entry: null when it is not one. */
export function wholeEntry(text: string): SessionEntry | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? (value as SessionEntry) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the branch ends with assistant turns that carry no tool call: what the stream-time guard
 * strips as a prefill, and what then makes it validate the turns again (merging user turns).
 */
function endsWithAssistantPrefill(messages: readonly Message[]): boolean {
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'assistant') return false;
  return extractCalls(last).length === 0;
}

/** A session file's lines: read in chunks, each line's place noted to read it again. */
function fileLines(handle: FileHandle, chunkBytes: number): PreviewLines {
  const offsets: number[] = [];
  const lengths: number[] = [];
  return {
    async each(onLine) {
      // Read again from the start when a preview's stubs did not hold.
      offsets.length = 0;
      lengths.length = 0;
      const { array, bom } = await readFormatHead(handle);
      if (array) return null;
      const size = await readLines(
        handle,
        { chunkBytes, skip: bom ? 3 : 0, maxLine: MAX_PREVIEW_LINE_BYTES, readError: (error) => error },
        (bytes, offset, length) => {
          offsets.push(offset);
          lengths.push(length);
          onLine(bytes, length);
        },
      );
      return { bom, size };
    },
    async entries(lines) {
      const entries: (SessionEntry | null)[] = [];
      for (const line of lines) {
        const offset = offsets[line - 1];
        const length = lengths[line - 1];
        if (offset === undefined || length === undefined) {
          entries.push(null);
          continue;
        }
        const bytes = Buffer.allocUnsafe(length);
        const { bytesRead } = await handle.read(bytes, 0, length, offset);
        entries.push(bytesRead === length ? wholeEntry(bytes.toString('utf8')) : null);
      }
      return entries;
    },
  };
}
