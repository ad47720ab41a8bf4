/**
 * JSONL exports of a session's bytes (a stored session's export, or a session file's): every line,
 * the header and the active branch's entries, or every line with the file repair applied.
 */
import type { RepairPlan } from '../../shared/inspection.js';
import { applyRepair, planRepairBytes, type RepairDraft } from '../../shared/repair/plan.js';
import { buildContext } from '../../shared/session/context.js';
import { exportFileBase } from '../../shared/store.js';
import { parseSessionBytes } from './load-session.js';
import { digestOf } from './repair/read-session.js';

/** What a JSONL export holds. */
export type JsonlExportKind = 'session' | 'branch' | 'repaired';

/** A JSONL export: its bytes, a file name, and for a repaired export the plan that was applied. */
export interface JsonlExport {
  fileName: string;
  bytes: Buffer;
  plan?: RepairPlan;
}

/** A JSONL export of a session's bytes, named after `baseName`. */
export function exportJsonl(bytes: Buffer, baseName: string, kind: JsonlExportKind): JsonlExport {
  const safe = exportFileBase(baseName);
  if (kind === 'session') return { fileName: `${safe}.jsonl`, bytes };
  if (kind === 'repaired') {
    const draft = planJsonlRepair(bytes);
    const repaired = applyRepair(bytes, draft.edits);
    // The repaired bytes as a Buffer, not a copy of them.
    const out = Buffer.from(repaired.buffer, repaired.byteOffset, repaired.byteLength);
    return { fileName: `${safe}.repaired.jsonl`, bytes: out, plan: draft.plan };
  }
  return { fileName: `${safe}.branch.jsonl`, bytes: branchLines(bytes) };
}

/** The repair plan of a session's bytes, hashed with node:crypto (the engine's own sha-256 took 0.8 s of 100 MiB). */
export function planJsonlRepair(bytes: Uint8Array): RepairDraft {
  return planRepairBytes(bytes, digestOf(bytes));
}

/**
 * The header line and the lines of the active branch's entries, in file order, each ended by `\n` (a
 * line's own `\r` left out). The kept lines are found in one pass over the line ends and copied once
 * into the result: a Buffer per line of a 100 MiB file, and two per kept line to join, cost seconds.
 */
function branchLines(bytes: Buffer): Buffer {
  // Parsed again from the bytes, so the lines kept are exactly the ones the branch was built from.
  const parsed = parseSessionBytes(bytes);
  const keep = new Set(buildContext(parsed).branch.map(({ line }) => line));
  // The header is the first line that is not blank (whitespace as JavaScript trims it).
  let header = parsed.header === null;
  const spans: number[] = [];
  let size = 0;
  let lineNumber = 0;
  for (let at = 0; at < bytes.length;) {
    const newline = bytes.indexOf(0x0a, at);
    const end = newline < 0 ? bytes.length : newline;
    const stop = end > at && bytes[end - 1] === 0x0d ? end - 1 : end;
    lineNumber += 1;
    let kept = keep.has(lineNumber);
    if (!header && bytes.toString('utf8', at, stop).trim() !== '') header = kept = true;
    if (kept) {
      spans.push(at, stop);
      size += stop - at + 1;
    }
    at = end + 1;
  }
  const out = Buffer.allocUnsafe(size);
  let written = 0;
  for (let i = 0; i < spans.length; i += 2) {
    written += bytes.copy(out, written, spans[i], spans[i + 1]);
    out[written++] = 0x0a;
  }
  return out;
}
