/** The JSONL session parser, fed one physical line at a time so that a file never has to be held whole. */
import { DiagnosticSink, explainJsonLine, preview, typeName } from './diagnostics.js';
import { MIN_TOO_DEEP_CHARS, nestedDeeperThan, TOO_DEEP_MESSAGE } from './nesting.js';
import { rememberParserNotes } from './parser-notes.js';
import { unrecognizedReason } from './recognize.js';
import { BranchFollower, rememberReleased } from './released.js';
import { checkEntryFields, ENTRY_TYPES } from './shape.js';
import type { LineSource, ParsedSession, ParseLinesOptions, SessionEntry } from './types.js';
import { isBlank } from '../text/blank.js';

/** Lines longer than this cannot be held as one JavaScript string: reported and skipped. */
export const MAX_LINE_CHARS = 500 * 1024 * 1024;

/** The longest name shared (see `shareNames`), and how many: a few models and tools per session. */
const MAX_SHARED_NAME = 100;
const MAX_SHARED_NAMES = 1000;

/** The message fields whose names are shared (see `shareNames`): where each keeps the last string shared. */
const MODEL_FIELD = 0;
const API_FIELD = 1;
const PROVIDER_FIELD = 2;
const TOOL_NAME_FIELD = 3;

/** The text of a line given by its value (a stub's), never asked for. */
const NO_TEXT = (): string => '';

/** What `parseText` gives for a line without a JSON value (no JSON text parses to a symbol). */
const NOT_JSON: unique symbol = Symbol('not JSON');

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
  /**
   * Each entry id met (format version 2 and later): the position of its latest entry in `entries`,
   * or the complement (~) of its line when that entry was not kept. The entry tree reads it too
   * (see `shared/session/parser-notes.ts`): one map of every id, not two.
   */
  private readonly ids = new Map<string, number>();
  /** The id `ids` holds for each kept entry, by position (what the entry tree checks an entry against). */
  private readonly idAt: (string | undefined)[] = [];
  /** Some id was met twice: the tree makes a map of its own (the parser's points at the later entries only). */
  private idRepeated = false;
  /** One string for each model id, API, provider and tool name met (see `shareNames`). */
  private readonly names = new Map<string, string>();
  /**
   * The string last shared for each field `shareNames` reads (at MODEL_FIELD, API_FIELD…): nearly every message
   * repeats it, and comparing with it is cheaper than hashing a fresh copy to look it up in `names`.
   */
  private readonly lastNames: string[] = ['', '', '', ''];
  /** Why OpenClaw would not recognise a kept entry, by its position in `entries` (see `shared/session/parser-notes.ts`). */
  private readonly unrecognized = new Map<number, string>();
  private count = 0;
  /** With `releaseOffBranch`: follows the branch being written, letting go of what it leaves behind. */
  private readonly follower: BranchFollower | null;

  constructor(private readonly options: ParseLinesOptions = {}) {
    this.result = { format: 'unknown', header: null, version: 1, entries: [], diagnostics: this.sink.list, lineCount: 0, bom: false };
    this.follower = options.releaseOffBranch ? new BranchFollower(this.result.entries, this.ids, this.idAt) : null;
  }

  /** A session header after the first line: the first one is the file's (late), any other is ignored. */
  private laterHeader(line: number, obj: Record<string, unknown>): void {
    const { sink, result } = this;
    // OpenClaw reads the format version from the first header wherever it is in the file.
    if (result.header === null) {
      const version = typeof obj.version === 'number' ? obj.version : 1;
      result.header = { ...obj, type: 'session', version, id: typeof obj.id === 'string' ? obj.id : '' };
      result.version = version;
      sink.add(
        line,
        0,
        'warning',
        'late-header',
        `the session header comes after other entries — its format version (${version}) applies to the whole file`,
      );
      return;
    }
    sink.add(
      line,
      0,
      'warning',
      'extra-header',
      'a second session header in the middle of the file — ignored (two sessions may have been concatenated)',
    );
  }

  /**
   * The next physical line: its length without terminator (bytes or characters), its decoded text
   * (asked only when needed), and whether its bytes were valid UTF-8 (asked only for lines with U+FFFD).
   * `json`, asked first when given: the line's JSON value parsed another way (a long line by its
   * parts), only for valid UTF-8; null when it cannot tell, and the text is parsed.
   */
  line(size: number, text: () => string, validUtf8?: () => boolean, json?: () => { value: unknown } | null): void {
    if (!this.admit(size)) return;
    const parsed = json?.();
    const value = parsed ? parsed.value : this.parseText(this.count, text(), validUtf8);
    if (value !== NOT_JSON) this.accept(size, value);
  }

  /**
   * The next physical line, already decoded (its size, bytes or characters, is what `line` takes):
   * a reader that decodes every line anyway gives it so, without a closure per line.
   */
  lineText(size: number, raw: string, validUtf8?: () => boolean): void {
    if (!this.admit(size)) return;
    const value = this.parseText(this.count, raw, validUtf8);
    if (value !== NOT_JSON) this.accept(size, value);
  }

  /** Count the line; false when there is nothing to parse (blank, or too long: reported). */
  private admit(size: number): boolean {
    this.count += 1;
    if (size === 0) return false;
    if (size > (this.options.maxLineChars ?? MAX_LINE_CHARS)) {
      this.sink.add(
        this.count,
        0,
        'error',
        'line-too-large',
        `the line is ${Math.round(size / (1024 * 1024))} MB, more than one string can hold here — it is skipped (the rest of the file is read)`,
      );
      this.firstContentLine = false;
      return false;
    }
    return true;
  }

  /** The JSON value of the current line: a session entry, a header, or what is reported instead. */
  private accept(size: number, value: unknown): void {
    const { sink, result, ids } = this;
    const line = this.count;
    if (size >= MIN_TOO_DEEP_CHARS && nestedDeeperThan(value)) {
      sink.add(line, 1, 'error', 'too-deep', TOO_DEEP_MESSAGE);
      this.firstContentLine = false;
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      sink.add(line, 1, 'error', 'entry-not-object', `${typeName(value)} where a session entry object was expected — the line is skipped`);
      if (this.firstContentLine) {
        this.firstContentLine = false;
        sink.add(line, 0, 'error', 'missing-header', 'the first line is not a session header ({"type":"session",…})');
      }
      return;
    }
    const obj = value as Record<string, unknown>;
    if (this.firstContentLine) {
      this.firstContentLine = false;
      if (obj.type === 'session') {
        if (typeof obj.id !== 'string' || obj.id === '') {
          sink.add(
            line,
            0,
            'error',
            'header-no-id',
            'the session header has no string "id" — OpenClaw treats the file as empty and file repair refuses it',
          );
        }
        const version = typeof obj.version === 'number' ? obj.version : 1;
        if (obj.version !== undefined && typeof obj.version !== 'number')
          sink.add(
            line,
            0,
            'warning',
            'field-type',
            `the session header has ${typeName(obj.version)} "version" where a number was expected — assuming version 1`,
          );
        else if (![1, 2, 3].includes(version))
          sink.add(
            line,
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
        line,
        0,
        'error',
        'missing-header',
        'the first line is not a session header ({"type":"session",…}) — entries are shown, but file repair will refuse this file',
      );
      result.format = 'jsonl';
    }
    if (obj.type === 'session') {
      this.laterHeader(line, obj);
      return;
    }
    if (typeof obj.type !== 'string') {
      sink.add(
        line,
        0,
        'error',
        'entry-no-type',
        `the entry has ${obj.type === undefined ? 'no' : typeName(obj.type)} "type" — it is skipped`,
      );
      return;
    }
    const entry = obj as SessionEntry;
    // Messages (nearly every entry) compared first: cheaper than the set's lookup.
    if (entry.type !== 'message' && !ENTRY_TYPES.has(entry.type)) {
      sink.add(line, 0, 'warning', 'unknown-entry-type', `unknown entry type ${preview(entry.type)} — it is ignored`);
    }
    let indexed = false;
    if (result.version >= 2) {
      if (typeof entry.id !== 'string' || entry.id === '') {
        sink.add(line, 0, 'warning', 'entry-no-id', `the ${entry.type} entry has no "id" — it cannot be part of the conversation tree`);
      } else {
        this.index(entry.id);
        indexed = true;
      }
      if (entry.parentId !== undefined && entry.parentId !== null && typeof entry.parentId !== 'string') {
        sink.add(
          line,
          0,
          'warning',
          'field-type',
          `the entry has ${typeName(entry.parentId)} "parentId" where a string or null was expected`,
        );
      }
    }
    if (!checkEntryFields(sink, line, entry)) {
      if (indexed) ids.set(entry.id as string, ~line);
      return;
    }
    if (entry.type === 'message') this.shareNames(entry.message as Record<string, unknown>);
    // Judged now, while the entry is fresh in the processor's caches (see `shared/session/parser-notes.ts`).
    const reason = unrecognizedReason(entry);
    if (reason !== null) this.unrecognized.set(result.entries.length, reason);
    this.keep(entry, indexed);
  }

  /**
   * The next physical line, known to be a message entry of a non-empty id whose message has one of
   * the roles `user`, `assistant` and `toolResult`, passes the shape checks without a word and is one
   * OpenClaw recognises, with no name to share: a preview's stand-in for a line it did not parse
   * (electron/host/preview/quick-entry.ts). Kept as `line` would keep it, without its checks, in a
   * file with ids past its first line; anywhere else it goes through them.
   */
  stub(size: number, entry: SessionEntry): void {
    if (this.firstContentLine || this.result.version < 2) {
      this.line(size, NO_TEXT, undefined, () => ({ value: entry }));
      return;
    }
    if (!this.admit(size)) return;
    this.index(entry.id as string);
    this.keep(entry, true);
  }

  /** Map the current line's entry id to where it will be kept, saying so when the id was met before. */
  private index(id: string): void {
    const { ids, result } = this;
    const prev = ids.get(id);
    if (prev !== undefined) {
      this.idRepeated = true;
      this.sink.add(
        this.count,
        0,
        'warning',
        'duplicate-id',
        `the id ${preview(id)} was already used on line ${prev < 0 ? ~prev : result.entries[prev].line} — the later entry wins`,
      );
    }
    // Where the entry will be kept; a shape check that drops it puts its line instead.
    ids.set(id, result.entries.length);
  }

  /** Keep the current line's entry (`indexed`: its id was mapped), following the branch, telling the observer. */
  private keep(entry: SessionEntry, indexed: boolean): void {
    const { entries } = this.result;
    entries.push({ line: this.count, entry });
    this.idAt.push(indexed ? (entry.id as string) : undefined);
    if (indexed) this.follower?.follow(entries.length - 1, entry);
    try {
      this.options.onEntry?.(entry);
    } catch {
      // An observer's failure is not the file's: the parse goes on (it never throws).
    }
  }

  /**
   * The names a message repeats from turn to turn (its model id, API and provider, a result's tool
   * name) made one string each: JSON.parse makes its own copy, on every line, of any string longer
   * than ten characters, and the session is kept while it is inspected. Equal strings: nothing read
   * from the message changes.
   */
  private shareNames(message: Record<string, unknown>): void {
    // Each field read and written by name: a computed key is a generic lookup on every message.
    if (message.role === 'assistant') {
      const model = this.sharedName(message.model, MODEL_FIELD);
      if (model !== undefined) message.model = model;
      const api = this.sharedName(message.api, API_FIELD);
      if (api !== undefined) message.api = api;
      const provider = this.sharedName(message.provider, PROVIDER_FIELD);
      if (provider !== undefined) message.provider = provider;
    } else if (message.role === 'toolResult') {
      const toolName = this.sharedName(message.toolName, TOOL_NAME_FIELD);
      if (toolName !== undefined) message.toolName = toolName;
    }
  }

  /** The string met before that equals `value`, to put in its place; undefined when there is none (or it is not shared). */
  private sharedName(value: unknown, field: number): string | undefined {
    if (typeof value !== 'string' || value.length <= 10 || value.length > MAX_SHARED_NAME) return undefined;
    const last = this.lastNames[field];
    if (value === last) return last;
    const known = this.names.get(value);
    if (known !== undefined) {
      this.lastNames[field] = known;
      return known;
    }
    if (this.names.size < MAX_SHARED_NAMES) {
      this.names.set(value, value);
      this.lastNames[field] = value;
    }
    return undefined;
  }

  /** JSON.parse of a line's text; NOT_JSON for a blank line or one that is not JSON (reported). */
  private parseText(line: number, raw: string, validUtf8?: () => boolean): unknown {
    const { sink } = this;
    if (isBlank(raw)) return NOT_JSON;
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
      return NOT_JSON;
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
    return value;
  }

  /** The parsed session, once every line was given. `bom`: the file started with a UTF-8 BOM. */
  finish(bom: boolean): ParsedSession {
    const { result, sink } = this;
    result.lineCount = this.count;
    result.bom = bom;
    // A v1 file's entries are judged again once migrated (they get ids): its judgements are not kept.
    const ids = this.idRepeated ? null : { positions: this.ids, idAt: this.idAt };
    rememberParserNotes(result.entries, ids, result.version >= 2 ? this.unrecognized : null);
    if (this.follower?.released) rememberReleased(result.entries, this.options.releaseOffBranch!);
    if (result.format === 'unknown') {
      if (this.count === 0 || sink.list.length === 0) sink.add(1, 0, 'error', 'empty', 'the file is empty — there is no session to show');
      result.format = 'jsonl';
    }
    return result;
  }
}
