/** What parsing a session gives: the header, the entries with their lines, and the line source the parsers read. */
import type { Diagnostic, Message } from '../types.js';
import type { LineRereader } from './released.js';

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

/** Options of `parseSessionLines`. */
export interface ParseLinesOptions {
  /** Called with each entry as it is kept, in file order (a host starts slow work early with it). */
  onEntry?(entry: SessionEntry): void;
  /** Longest line read (default MAX_LINE_CHARS); longer ones are reported as line-too-large and skipped. */
  maxLineChars?: number;
  /**
   * Let go of the messages of entries left off the branch while the file is read, and read them
   * again through this when the active branch needs them (see `shared/session/released.ts`): for a
   * caller that reads only the active branch (an inspection), never for one that shows every entry.
   */
  releaseOffBranch?: LineRereader;
}
