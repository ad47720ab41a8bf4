/**
 * Parsing pi / OpenClaw session files (JSONL v1–v3) and JSON message arrays.
 *
 * Never throws on bad input: every problem becomes a located diagnostic written for the support
 * person who will read it, and whatever can be shown is kept.
 */
import type { Diagnostic, Message, Severity } from '../types.js';
import { describeCharAt, locateJsonError } from './json-error.js';
import { hasBom, splitLines, type LineSpan } from './lines.js';
import { MIN_TOO_DEEP_CHARS, nestedDeeperThan, TOO_DEEP_MESSAGE } from './nesting.js';

/** The first line of a session file. */
export interface SessionHeader {
  type: 'session';
  version: number;
  id: string;
  timestamp?: unknown;
  cwd?: unknown;
  parentSession?: unknown;
  [key: string]: unknown;
}

/** A tree entry after the header. Fields are untrusted; `type` is a string. */
export interface SessionEntry {
  type: string;
  id?: string;
  parentId?: string | null;
  timestamp?: unknown;
  [key: string]: unknown;
}

/** An entry with the line it came from. */
export interface LocatedEntry {
  line: number;
  entry: SessionEntry;
}

/** A parsed input: the header, the readable entries (or messages), and what was wrong. */
export interface ParsedSession {
  format: 'jsonl' | 'messages-json' | 'unknown';
  header: SessionHeader | null;
  /** Session format version (1 when the header has none). */
  version: number;
  entries: LocatedEntry[];
  /** For `messages-json` input: the messages, and the line where each starts. */
  messages?: { line: number; message: Message }[];
  diagnostics: Diagnostic[];
  lineCount: number;
  bom: boolean;
}

export const ENTRY_TYPES = new Set([
  'message',
  'model_change',
  'thinking_level_change',
  'compaction',
  'branch_summary',
  'custom',
  'custom_message',
  'label',
  'session_info',
]);

export const KNOWN_ROLES = new Set([
  'user',
  'assistant',
  'toolResult',
  'compactionSummary',
  'branchSummary',
  'custom',
  'bashExecution',
  'hookMessage',
]);

const MAX_PREVIEW = 60;

function preview(text: string): string {
  const t = text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW)}…` : text;
  return JSON.stringify(t);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

/** Collects located diagnostics. */
export class DiagnosticSink {
  readonly list: Diagnostic[] = [];
  add(line: number, column: number, severity: Severity, code: string, what: string): void {
    const where = column > 0 ? `line ${line}, column ${column}` : `line ${line}`;
    this.list.push({ line, column, severity, code, message: `${where}: ${what}` });
  }
}

/** Explain why a line is not valid JSON, with the column where it goes wrong. */
function explainJsonLine(sink: DiagnosticSink, line: number, text: string): void {
  if (text.includes('\u0000')) {
    const col = text.indexOf('\u0000') + 1;
    sink.add(
      line,
      col,
      'error',
      'binary-data',
      'the line contains binary data (NUL bytes), not JSON text — it was probably overwritten by a crash or disk error',
    );
    return;
  }
  const loc = locateJsonError(text);
  const col = (loc?.offset ?? 0) + 1;
  if (!loc) {
    sink.add(line, 0, 'error', 'json-invalid', 'the line is not valid JSON');
    return;
  }
  switch (loc.kind) {
    case 'truncated':
      sink.add(line, col, 'error', 'json-truncated', 'the JSON stops in the middle — the file was probably cut off while writing');
      return;
    case 'trailing':
      sink.add(
        line,
        col,
        'error',
        'json-trailing',
        `extra characters after the end of the JSON entry (${describeCharAt(text, loc.offset)}) — two writes may have landed on one line`,
      );
      return;
    case 'bad-escape':
      sink.add(line, col, 'error', 'json-bad-escape', `an invalid escape sequence in a string — expected ${loc.expected}`);
      return;
    case 'control-char':
      sink.add(
        line,
        col,
        'error',
        'json-control-char',
        `${describeCharAt(text, loc.offset)} inside a string — raw control characters are not allowed in JSON`,
      );
      return;
    default: {
      const found = describeCharAt(text, loc.offset);
      const hint = text.includes('\uFFFD') ? ' — the line contains bytes that are not valid UTF-8' : ' — the line is corrupted';
      sink.add(line, col, 'error', 'json-unexpected', `unexpected ${found} where ${loc.expected} was expected${hint}`);
    }
  }
}

/** Line and column (1-based) of an offset in a text. */
function lineColumnAt(text: string, spans: readonly LineSpan[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (spans[mid].start <= offset) lo = mid;
    else hi = mid - 1;
  }
  const span = spans[lo];
  if (!span) return { line: 1, column: offset + 1 };
  return { line: span.line, column: Math.max(1, offset - span.start + 1) };
}

function looksLikeJsonArray(text: string): boolean {
  for (let i = hasBom(text) ? 1 : 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    return c === 0x5b; // '['
  }
  return false;
}

/** Check one message's structure; returns false when it cannot be replayed at all. */
export function checkMessageShape(sink: DiagnosticSink, line: number, message: unknown, where: string): message is Message {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) {
    sink.add(line, 0, 'error', 'message-not-object', `${where} is ${typeName(message)}, not a message object — it is skipped`);
    return false;
  }
  const m = message as Record<string, unknown>;
  if (typeof m.role !== 'string' || m.role.trim() === '') {
    const what = m.role === undefined ? 'has no "role"' : `has ${typeName(m.role)} ${typeof m.role === 'string' ? 'blank ' : ''}"role"`;
    sink.add(line, 0, 'error', 'message-no-role', `${where} ${what} — it is skipped (file repair drops it)`);
    return false;
  }
  if (!KNOWN_ROLES.has(m.role)) {
    sink.add(
      line,
      0,
      'warning',
      'unknown-role',
      `${where} has the unknown role ${preview(m.role)} — it is kept in the transcript but never sent to the provider`,
    );
    return true;
  }
  const role = m.role;
  if (role === 'user' || role === 'assistant' || role === 'toolResult') {
    const c = m.content;
    const okContent =
      typeof c === 'string' || Array.isArray(c) || ((c === null || c === undefined || typeof c === 'object') && role === 'assistant');
    if (!okContent) {
      sink.add(
        line,
        0,
        'warning',
        'content-type',
        `${where} (${role}) has ${typeName(c)} "content" where text or an array of blocks was expected`,
      );
    } else if (Array.isArray(c)) {
      c.forEach((block, k) => {
        if (block === null || typeof block !== 'object' || Array.isArray(block)) {
          sink.add(line, 0, 'warning', 'block-not-object', `${where} (${role}) content[${k}] is ${typeName(block)}, not a content block`);
        } else if (typeof (block as Record<string, unknown>).type !== 'string') {
          sink.add(line, 0, 'warning', 'block-no-type', `${where} (${role}) content[${k}] has no "type"`);
        }
      });
    }
    if (role === 'toolResult') {
      const id = m.toolCallId ?? m.toolUseId ?? m.tool_call_id ?? m.tool_use_id ?? m.call_id ?? m.callId;
      if (typeof id !== 'string' || id === '')
        sink.add(line, 0, 'warning', 'tool-result-no-id', `${where} (toolResult) has no "toolCallId" — it cannot be paired with its call`);
    }
    if (role === 'assistant' && m.stopReason !== undefined && typeof m.stopReason !== 'string') {
      sink.add(
        line,
        0,
        'warning',
        'field-type',
        `${where} (assistant) has ${typeName(m.stopReason)} "stopReason" where a string was expected`,
      );
    }
  }
  return true;
}

/** Per-type field checks of a tree entry (wrong field types are reported, the entry is kept). */
function checkEntryFields(sink: DiagnosticSink, line: number, entry: SessionEntry): boolean {
  const expectString = (field: string, optional = false) => {
    const v = entry[field];
    if (v === undefined && optional) return;
    if (typeof v !== 'string')
      sink.add(
        line,
        0,
        'warning',
        'field-type',
        `the ${entry.type} entry has ${v === undefined ? 'no' : typeName(v)} "${field}"${v === undefined ? '' : ' where a string was expected'}`,
      );
  };
  switch (entry.type) {
    case 'message':
      return checkMessageShape(sink, line, entry.message, 'the message');
    case 'model_change':
      expectString('provider');
      expectString('modelId');
      return true;
    case 'thinking_level_change':
      expectString('thinkingLevel');
      return true;
    case 'compaction':
      expectString('summary');
      if (entry.firstKeptEntryId !== undefined) expectString('firstKeptEntryId');
      return true;
    case 'branch_summary':
      expectString('summary');
      return true;
    case 'custom':
      expectString('customType');
      return true;
    case 'custom_message':
      expectString('customType');
      if (typeof entry.content !== 'string' && !Array.isArray(entry.content))
        sink.add(
          line,
          0,
          'warning',
          'field-type',
          `the custom_message entry has ${typeName(entry.content)} "content" where text or an array of blocks was expected`,
        );
      return true;
    case 'label':
      expectString('targetId');
      return true;
    default:
      return true;
  }
}

function parseMessagesJson(text: string, sink: DiagnosticSink): ParsedSession {
  const spans = splitLines(text);
  const body = hasBom(text) ? text.slice(1) : text;
  const base = hasBom(text) ? 1 : 0;
  const result: ParsedSession = {
    format: 'messages-json',
    header: null,
    version: 0,
    entries: [],
    messages: [],
    diagnostics: sink.list,
    lineCount: spans.length,
    bom: hasBom(text),
  };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    const loc = locateJsonError(body);
    const at = lineColumnAt(text, spans, base + (loc?.offset ?? 0));
    const what =
      loc?.kind === 'truncated'
        ? 'the JSON array stops in the middle — the text was probably cut off'
        : `the JSON is invalid here: expected ${loc?.expected ?? 'a value'}, found ${describeCharAt(body, loc?.offset ?? 0)}`;
    sink.add(at.line, at.column, 'error', loc?.kind === 'truncated' ? 'json-truncated' : 'json-invalid', what);
    return result;
  }
  if (!Array.isArray(value)) {
    sink.add(1, 1, 'error', 'not-an-array', 'a JSON message list must be an array of messages');
    return result;
  }
  // Locate each top-level element's line by scanning for element starts at depth 1.
  const starts = topLevelElementOffsets(body);
  value.forEach((message, index) => {
    const line = lineColumnAt(text, spans, base + (starts[index] ?? 0)).line;
    if (nestedDeeperThan(message)) sink.add(line, 0, 'error', 'too-deep', `message ${index}: ${TOO_DEEP_MESSAGE}`);
    else if (checkMessageShape(sink, line, message, `message ${index}`)) result.messages!.push({ line, message: message as Message });
  });
  return result;
}

/** Offsets of the first character of each element of a top-level JSON array. */
function topLevelElementOffsets(text: string): number[] {
  const out: number[] = [];
  let depth = 0;
  let inString = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    if (depth === 1 && expectElement && c !== ']') {
      out.push(i);
      expectElement = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth += 1;
      if (depth === 1) expectElement = true;
    } else if (c === ']' || c === '}') depth -= 1;
    else if (c === ',' && depth === 1) expectElement = true;
  }
  return out;
}

/**
 * Parse a session file's text (or a JSON array of messages).
 *
 * Line numbers are 1-based physical lines of the file. Blank lines, CRLF, a BOM and a missing final
 * newline are normal input. Bad lines are reported and skipped; the rest is kept.
 */
export function parseSession(text: string): ParsedSession {
  if (looksLikeJsonArray(text)) return parseMessagesJson(text, new DiagnosticSink());
  const spans = splitLines(text);
  return parseSessionLines({
    count: spans.length,
    bom: hasBom(text),
    byteLength: (i) => spans[i].end - spans[i].start,
    text: (i) => text.slice(spans[i].start, spans[i].end),
  });
}

/**
 * The lines of a session file, read one at a time: the host serves them from a byte buffer and a
 * line index, so no string ever holds the whole file (files of gigabytes open too).
 */
export interface LineSource {
  /** Physical lines (line i is number i + 1). */
  readonly count: number;
  /** The file starts with a UTF-8 BOM (not part of line 1's text). */
  readonly bom: boolean;
  /** Length of line i (bytes or characters), without its terminator. */
  byteLength(i: number): number;
  /** Line i's text, decoded, without its terminator. */
  text(i: number): string;
  /** Whether line i's bytes are valid UTF-8 (when the source knows; text sources always are). */
  validUtf8?(i: number): boolean;
}

/** Lines longer than this cannot be held as one JavaScript string: reported and skipped. */
export const MAX_LINE_CHARS = 500 * 1024 * 1024;

/** Options of `parseSessionLines`. */
export interface ParseLinesOptions {
  /** Called with each entry as it is kept, in file order (a host starts slow work early with it). */
  onEntry?(entry: SessionEntry): void;
  /** Longest line read (default MAX_LINE_CHARS); longer ones are reported as line-too-large and skipped. */
  maxLineChars?: number;
}

/** Parse a session file line by line (the JSONL format; a JSON message array needs `parseSession`). */
export function parseSessionLines(lines: LineSource, options: ParseLinesOptions = {}): ParsedSession {
  const parser = new SessionLineParser(options);
  for (let i = 0; i < lines.count; i += 1)
    parser.line(lines.byteLength(i), () => lines.text(i), lines.validUtf8 ? () => lines.validUtf8!(i) : undefined);
  return parser.finish(lines.bom);
}

/**
 * The JSONL parser, fed one physical line at a time (in file order): from a LineSource, or from a
 * file read in chunks, so that a file never has to be held whole (`electron/host/stream-session.ts`).
 */
export class SessionLineParser {
  private readonly sink = new DiagnosticSink();
  private readonly result: ParsedSession;
  private firstContentLine = true;
  private readonly ids = new Map<string, number>();
  private count = 0;

  constructor(private readonly options: ParseLinesOptions = {}) {
    this.result = { format: 'unknown', header: null, version: 1, entries: [], diagnostics: this.sink.list, lineCount: 0, bom: false };
  }

  /**
   * The next physical line: its length without terminator (bytes or characters), its decoded text
   * (asked only when needed), and whether its bytes were valid UTF-8 (asked only for lines with U+FFFD).
   * `json`, asked first when given: the line's JSON value parsed another way (a long line by its
   * parts), only for valid UTF-8; null when it cannot tell, and the text is parsed.
   */
  line(size: number, text: () => string, validUtf8?: () => boolean, json?: () => { value: unknown } | null): void {
    this.count += 1;
    const { sink, result, ids } = this;
    const span = { line: this.count };
    if (size === 0) return;
    if (size > (this.options.maxLineChars ?? MAX_LINE_CHARS)) {
      sink.add(
        span.line,
        0,
        'error',
        'line-too-large',
        `the line is ${Math.round(size / (1024 * 1024))} MB, more than one string can hold here — it is skipped (the rest of the file is read)`,
      );
      this.firstContentLine = false;
      return;
    }
    const parsed = json?.() ?? this.parseText(span.line, text, validUtf8);
    if (!parsed) return;
    const { value } = parsed;
    if (size >= MIN_TOO_DEEP_CHARS && nestedDeeperThan(value)) {
      sink.add(span.line, 1, 'error', 'too-deep', TOO_DEEP_MESSAGE);
      this.firstContentLine = false;
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      sink.add(
        span.line,
        1,
        'error',
        'entry-not-object',
        `${typeName(value)} where a session entry object was expected — the line is skipped`,
      );
      if (this.firstContentLine) {
        this.firstContentLine = false;
        sink.add(span.line, 0, 'error', 'missing-header', 'the first line is not a session header ({"type":"session",…})');
      }
      return;
    }
    const obj = value as Record<string, unknown>;
    if (this.firstContentLine) {
      this.firstContentLine = false;
      if (obj.type === 'session') {
        if (typeof obj.id !== 'string' || obj.id === '') {
          sink.add(
            span.line,
            0,
            'error',
            'header-no-id',
            'the session header has no string "id" — OpenClaw treats the file as empty and file repair refuses it',
          );
        }
        const version = typeof obj.version === 'number' ? obj.version : 1;
        if (obj.version !== undefined && typeof obj.version !== 'number')
          sink.add(
            span.line,
            0,
            'warning',
            'field-type',
            `the session header has ${typeName(obj.version)} "version" where a number was expected — assuming version 1`,
          );
        else if (![1, 2, 3].includes(version))
          sink.add(
            span.line,
            0,
            'warning',
            'unknown-version',
            `session format version ${version} is not one this tool knows (1–3) — reading it as version 3`,
          );
        result.header = { ...obj, type: 'session', version, id: typeof obj.id === 'string' ? obj.id : '' };
        result.version = version;
        result.format = 'jsonl';
        return;
      }
      sink.add(
        span.line,
        0,
        'error',
        'missing-header',
        'the first line is not a session header ({"type":"session",…}) — entries are shown, but file repair will refuse this file',
      );
      result.format = 'jsonl';
    }
    if (obj.type === 'session') {
      sink.add(
        span.line,
        0,
        'warning',
        'extra-header',
        'a second session header in the middle of the file — ignored (two sessions may have been concatenated)',
      );
      return;
    }
    if (typeof obj.type !== 'string') {
      sink.add(
        span.line,
        0,
        'error',
        'entry-no-type',
        `the entry has ${obj.type === undefined ? 'no' : typeName(obj.type)} "type" — it is skipped`,
      );
      return;
    }
    const entry = obj as SessionEntry;
    if (!ENTRY_TYPES.has(entry.type)) {
      sink.add(span.line, 0, 'warning', 'unknown-entry-type', `unknown entry type ${preview(entry.type)} — it is ignored`);
    }
    if (result.version >= 2) {
      if (typeof entry.id !== 'string' || entry.id === '') {
        sink.add(
          span.line,
          0,
          'warning',
          'entry-no-id',
          `the ${entry.type} entry has no "id" — it cannot be part of the conversation tree`,
        );
      } else {
        const prev = ids.get(entry.id);
        if (prev !== undefined)
          sink.add(
            span.line,
            0,
            'warning',
            'duplicate-id',
            `the id ${preview(entry.id)} was already used on line ${prev} — the later entry wins`,
          );
        ids.set(entry.id, span.line);
      }
      if (entry.parentId !== undefined && entry.parentId !== null && typeof entry.parentId !== 'string') {
        sink.add(
          span.line,
          0,
          'warning',
          'field-type',
          `the entry has ${typeName(entry.parentId)} "parentId" where a string or null was expected`,
        );
      }
    }
    if (!checkEntryFields(sink, span.line, entry)) return;
    result.entries.push({ line: span.line, entry });
    try {
      this.options.onEntry?.(entry);
    } catch {
      // An observer's failure is not the file's: the parse goes on (it never throws).
    }
  }

  /** JSON.parse of a line's text; null for a blank line or one that is not JSON (reported). */
  private parseText(line: number, text: () => string, validUtf8?: () => boolean): { value: unknown } | null {
    const { sink } = this;
    const raw = text();
    if (raw.trim() === '') return null;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      explainJsonLine(sink, line, raw);
      if (this.firstContentLine) {
        this.firstContentLine = false;
        sink.add(
          line,
          0,
          'error',
          'missing-header',
          'the first line should be the session header ({"type":"session",…}) but it cannot be read — the file cannot be repaired automatically',
        );
      }
      return null;
    }
    if (raw.includes('\uFFFD') && validUtf8?.() !== true) {
      sink.add(
        line,
        raw.indexOf('\uFFFD') + 1,
        'warning',
        'invalid-utf8',
        'the line contains bytes that are not valid UTF-8 (shown as �) — some text was damaged',
      );
    }
    return { value };
  }

  /** The parsed session, once every line was given. `bom`: the file started with a UTF-8 BOM. */
  finish(bom: boolean): ParsedSession {
    const { result, sink } = this;
    result.lineCount = this.count;
    result.bom = bom;
    if (result.format === 'unknown') {
      if (this.count === 0 || sink.list.length === 0) sink.add(1, 0, 'error', 'empty', 'the file is empty — there is no session to show');
      result.format = 'jsonl';
    }
    return result;
  }
}

/** Decode file bytes as UTF-8 (invalid sequences become U+FFFD and are reported per line). */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
}
