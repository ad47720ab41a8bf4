/**
 * A recorded value against the replay's, knowing how OpenClaw's recorder cuts and hides what it writes:
 * strings over 32 KiB, arrays over 64 items and objects over 64 keys become `{truncated, reason}`
 * records, values deeper than six levels too; past its budget of 64 objects a value becomes
 * "[Truncated]"; media bytes become `{bytes, sha256}` and secrets are masked. A cut or hidden value is a
 * mark, never a difference — unless what the recorder kept of it (a length, a digest) contradicts the replay.
 */
import { sha256Hex } from '../hash/sha256.js';
import type { JsonValue } from '../types.js';
import type { RecorderMark, TrajectoryDifference } from './types.js';

type Obj = { [key: string]: JsonValue };
const isObj = (v: JsonValue | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The strings the recorder writes in place of a value it did not project. */
const PLACEHOLDERS: Record<string, string> = {
  '[Truncated]': 'past the recorder’s budget of 64 objects per event',
  '[Circular]': 'a circular reference',
  '[Unserializable]': 'a value the recorder could not serialise',
};
const REASONS: Record<string, string> = {
  'trajectory-field-size-limit': 'a string over 32 KiB',
  'trajectory-array-size-limit': 'an array over 64 items',
  'trajectory-object-size-limit': 'an object over 64 keys',
  'trajectory-depth-limit': 'nested deeper than 6 levels',
  'trajectory-circular-reference': 'a circular reference',
};
const REDACTED = '<redacted>';
/**
 * The recorder's projection keeps the first 64 keys of anything, so a longer list is recorded as its
 * first 64 items (its own "items cut" record, the 65th, is cut with the rest).
 */
export const RECORDED_ITEMS_MAX = 64;
/** A note the recorder writes in place of a text it redacts whole (`[Malformed diagnostic JSON redacted]`). */
const REDACTION_NOTE = /^\[[^\]\n]{0,80}redacted\]$/i;
/** Field names whose values the recorder drops as credentials (and the replay-only field it omits). */
const CREDENTIAL_KEY = /(api[-_]?key|token|secret|password|passwd|authorization|auth|cookie|credential|signature|providerReplay)/i;

/** The `{truncated: true, reason}` record the recorder writes in place of a value, if this is one. */
export function truncationRecord(v: JsonValue | undefined): Obj | null {
  return isObj(v) && v.truncated === true && typeof v.reason === 'string' ? v : null;
}
/** Whether a recorded value is one of the recorder's truncation markers. */
export function isTruncationMarker(v: JsonValue | undefined): boolean {
  return truncationRecord(v) !== null || (typeof v === 'string' && v in PLACEHOLDERS);
}
const reasonWords = (record: Obj) => REASONS[record.reason as string] ?? String(record.reason);

/** A masked secret (`sk-ant…1fAA`, `***`) that stands for the replay's text. */
function masks(recorded: string, replay: string): boolean {
  if (!/…|\*\*\*/.test(recorded)) return false;
  const escaped = recorded.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*\\\*\\\*/g, '***');
  const pattern = escaped.replace(/…/g, '\\S*').replace(/\*\*\*/g, '\\S*');
  try {
    return new RegExp(`^${pattern}$`, 'u').test(replay);
  } catch {
    return false;
  }
}

const short = (v: JsonValue | undefined): string => {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
};

/** What the walk knows about the turn it is in. */
export interface TurnFacts {
  /** The replay created this turn (its timestamp is the gateway's clock, not the session's). */
  created: boolean;
  /** An image of this turn was re-encoded by the replay (encoders differ: its bytes cannot match). */
  resized: boolean;
}

/** Collects marks and differences while walking one turn. */
export class TurnWalk {
  readonly marks: RecorderMark[] = [];
  readonly differences: TrajectoryDifference[] = [];
  constructor(
    private readonly turn: number,
    private readonly facts: TurnFacts,
  ) {}

  private mark(path: string, kind: RecorderMark['kind'], detail: string) {
    this.marks.push({ turn: this.turn, path, kind, detail });
  }
  private differ(path: string, recorded: JsonValue | undefined, replay: JsonValue | undefined, explanation: string) {
    this.differences.push({ turn: this.turn, path, recorded, replay, explanation });
  }

  /** Compare a recorded value with the replay's at a path. */
  value(recorded: JsonValue | undefined, replay: JsonValue | undefined, path: string): void {
    if (typeof recorded === 'string' && recorded in PLACEHOLDERS && recorded !== replay)
      return this.mark(path, 'truncated', PLACEHOLDERS[recorded]);
    const cut = truncationRecord(recorded);
    if (cut && truncationRecord(replay) === null) return this.truncated(cut, replay, path);
    if (typeof recorded === 'string' && typeof replay === 'string') return this.string(recorded, replay, path);
    if (Array.isArray(recorded) && Array.isArray(replay)) return this.array(recorded, replay, path);
    if (isObj(recorded) && isObj(replay)) return this.object(recorded, replay, path);
    if (recorded === replay) return;
    if (recorded === REDACTED) return this.mark(path, 'redacted', 'hidden by the recorder');
    this.differ(path, recorded, replay, `recorded ${short(recorded)}, the replay has ${short(replay)}`);
  }

  private truncated(cut: Obj, replay: JsonValue | undefined, path: string): void {
    if (cut.reason === 'trajectory-field-size-limit' && typeof cut.originalChars === 'number') {
      if (this.facts.resized && path.endsWith('.data') && typeof replay === 'string')
        return this.mark(
          path,
          'truncated',
          `${reasonWords(cut)}: an image both sides resized (${cut.originalChars} and ${replay.length} characters; encoders differ)`,
        );
      if (typeof replay !== 'string' || replay.length !== cut.originalChars)
        return this.differ(
          path,
          cut,
          replay,
          `the recorder cut a string of ${cut.originalChars} characters; the replay has ${typeof replay === 'string' ? `${replay.length} characters` : short(replay)}`,
        );
      return this.mark(path, 'truncated', `${reasonWords(cut)} (${cut.originalChars} characters, the same length as the replay's)`);
    }
    this.mark(path, 'truncated', reasonWords(cut));
  }

  private string(recorded: string, replay: string, path: string): void {
    if (recorded === replay) return;
    if (recorded === REDACTED) return this.mark(path, 'redacted', 'hidden by the recorder');
    if (REDACTION_NOTE.test(recorded)) return this.mark(path, 'redacted', `replaced by the recorder's note ${recorded}`);
    if (masks(recorded, replay)) return this.mark(path, 'redacted', 'a secret masked by the recorder');
    const at = [...recorded].findIndex((ch, i) => ch !== [...replay][i]);
    const where = at < 0 ? Math.min(recorded.length, replay.length) : at;
    this.differ(
      path,
      recorded,
      replay,
      `the texts differ from character ${where + 1}: recorded ${short(recorded.slice(where, where + 40))}, the replay has ${short(replay.slice(where, where + 40))}`,
    );
  }

  private array(recorded: JsonValue[], replay: JsonValue[], path: string): void {
    const last = truncationRecord(recorded.at(-1));
    const kept = last?.reason === 'trajectory-array-size-limit' ? recorded.slice(0, -1) : recorded;
    if (last?.reason === 'trajectory-array-size-limit') {
      const original = typeof last.originalLength === 'number' ? last.originalLength : null;
      if (original !== null && original !== replay.length)
        this.differ(
          path,
          recorded.length - 1,
          replay.length,
          `the recorder saw ${original} items and kept ${kept.length}; the replay has ${replay.length}`,
        );
      else this.mark(`${path}[${kept.length}]`, 'truncated', `${reasonWords(last)}: items from ${kept.length} on were not recorded`);
    } else if (kept.length === RECORDED_ITEMS_MAX && replay.length > kept.length) {
      this.mark(
        `${path}[${kept.length}]`,
        'truncated',
        `the recorder keeps ${RECORDED_ITEMS_MAX} items of a list: items from ${kept.length} on were not recorded`,
      );
    } else if (kept.length !== replay.length) {
      return this.differ(path, kept.length, replay.length, `recorded ${kept.length} items, the replay has ${replay.length}`);
    }
    kept.forEach((item, i) => this.value(item, replay[i], `${path}[${i}]`));
  }

  private object(recorded: Obj, replay: Obj, path: string): void {
    if (this.media(recorded, replay, path)) return;
    const cutKeys = truncationRecord(recorded._truncated);
    if (cutKeys) this.mark(`${path}._truncated`, 'truncated', reasonWords(cutKeys));
    for (const key of Object.keys(recorded)) {
      if (key === '_truncated' && cutKeys) continue;
      if (!(key in replay)) {
        this.differ(`${path}.${key}`, recorded[key], undefined, `recorded "${key}", the replay has none`);
        continue;
      }
      if (key === 'timestamp' && this.facts.created) continue;
      this.value(recorded[key], replay[key], `${path}.${key}`);
    }
    for (const key of Object.keys(replay)) {
      if (key in recorded) continue;
      if (cutKeys) continue;
      if (CREDENTIAL_KEY.test(key)) this.mark(`${path}.${key}`, 'redacted', `"${key}" is left out by the recorder`);
      else this.differ(`${path}.${key}`, undefined, replay[key], `the replay has "${key}", the recording has none`);
    }
  }

  /** An inline media value the recorder replaced by its size and digest (`{data: "<redacted>", bytes, sha256}`). */
  private media(recorded: Obj, replay: Obj, path: string): boolean {
    if (typeof recorded.sha256 !== 'string') return false;
    const key = Object.keys(recorded).find((k) => recorded[k] === REDACTED && typeof replay[k] === 'string');
    if (!key) return false;
    const source = replay[key] as string;
    for (const k of Object.keys(recorded)) {
      if (k === key || k === 'sha256' || k === 'bytes') continue;
      this.value(recorded[k], replay[k], `${path}.${k}`);
    }
    if (sha256Hex(source) === recorded.sha256)
      this.mark(`${path}.${key}`, 'redacted', 'media bytes replaced by their digest (the digest matches the replay)');
    else if (this.facts.resized)
      this.mark(`${path}.${key}`, 'redacted', 'media bytes replaced by their digest; both sides resized the image, and encoders differ');
    else
      this.differ(`${path}.${key}`, recorded.sha256, sha256Hex(source), 'the recorded media digest is not the replay’s: the image differs');
    return true;
  }
}
