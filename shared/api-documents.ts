/** The documents the renderer is shown: turn rows, windows of pretty-printed text, and what was elided from them. */
import type { RuleId } from './types.js';

export type Side = 'original' | 'replay';
export type DocumentView = 'payload' | 'transcript';

/** One row of the turn list. */
export interface TurnRow {
  /** Index on this side. */
  index: number;
  /** Index in the original transcript (null for a turn hygiene created). */
  turn: number | null;
  role: string;
  /** Bytes of the message as JSON. */
  bytes: number;
  /** Token usage recorded in the transcript, or a labelled estimate (chars / 4). */
  tokens: { value: number; estimated: boolean };
  /** Rules that touched this turn. */
  rules: RuleId[];
  /** First characters of the visible text. */
  preview: string;
  /** 1-based line in the session file, when known. */
  line: number | null;
  /** The payload entries built from this message (`messages[first]`…`[last]`); absent when it sends none. */
  payload?: { first: number; last: number };
}

/** A window of turn rows. */
export interface TurnWindow {
  total: number;
  start: number;
  rows: TurnRow[];
}

/** Where a turn sits in a document: 1-based inclusive line range. */
export interface TurnRange {
  /** Index on this side. */
  index: number;
  turn: number | null;
  /** In a payload document: the entry's position in the payload's list (the provider's `messages[N]`). */
  entry?: number;
  startLine: number;
  endLine: number;
}

/** An elided string in a document (base64, or text too long to show): the placeholder and what it stands for. */
export interface Elision {
  line: number;
  placeholder: string;
  /** Reference for `reveal` (and `thumbnail` for images). */
  ref?: string;
  /** `base64` (images and other binary) or `text` (a very long string). */
  kind?: 'base64' | 'text';
  /** A reference for `thumbnail`, when the elided string is an image. */
  imageRef?: string;
  mimeType?: string;
  bytes: number;
}

/**
 * A window of a document: the turns whose ORIGINAL index is in [from, to). The replay side holds the
 * replay turns that come from those turns (and the turns hygiene created between them), so the two
 * sides of a window line up. Large sessions are viewed one window at a time.
 */
export interface DocumentWindow {
  from: number;
  to: number;
}

/** One pretty-printed document (payload or transcript) with its turn map. */
export interface DocumentText {
  text: string;
  /** Line ranges of the turns in `text` (relative to the window's text when windowed). */
  ranges: TurnRange[];
  elisions: Elision[];
  /** The window this text covers, and how many original turns the whole document has. */
  window?: { from: number; to: number; totalTurns: number };
}
