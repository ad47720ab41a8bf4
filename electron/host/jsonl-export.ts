/**
 * JSONL exports of a session's bytes (a stored session's export, or a session file's): every line,
 * the header and the active branch's entries, or every line with the file repair applied.
 */
import type { RepairPlan } from '../../shared/inspection.js';
import { applyRepair, planRepairBytes } from '../../shared/repair/plan.js';
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
    // Hashed with node:crypto: the engine's own sha-256 took 0.8 s of a 100 MiB file.
    const draft = planRepairBytes(bytes, digestOf(bytes));
    return { fileName: `${safe}.repaired.jsonl`, bytes: Buffer.from(applyRepair(bytes, draft.edits)), plan: draft.plan };
  }
  return { fileName: `${safe}.branch.jsonl`, bytes: branchLines(bytes) };
}

/** The header line and the lines of the active branch's entries, in file order. */
function branchLines(bytes: Buffer): Buffer {
  // Parsed again from the bytes, so the lines kept are exactly the ones the branch was built from.
  const lines = splitLines(bytes);
  const parsed = parseSessionBytes(bytes);
  const context = buildContext(parsed);
  const keep = new Set(context.branch.map(({ line }) => line));
  const header = parsed.header ? lines.findIndex((line) => line.toString('utf8').trim() !== '') + 1 : 0;
  if (header > 0) keep.add(header);
  const out: Buffer[] = [];
  lines.forEach((line, i) => {
    if (keep.has(i + 1)) out.push(line, Buffer.from('\n'));
  });
  return Buffer.concat(out);
}

function splitLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  for (let at = 0; at < bytes.length;) {
    const nl = bytes.indexOf(0x0a, at);
    const end = nl < 0 ? bytes.length : nl;
    lines.push(bytes.subarray(at, end > at && bytes[end - 1] === 0x0d ? end - 1 : end));
    at = end + 1;
  }
  return lines;
}
