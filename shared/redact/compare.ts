/**
 * Whether a redacted session reproduces the original's inspection: the same rule changes on the same
 * turns, the same preflight findings at the same places, and the same file problems on the same lines.
 */
import type { Inspection } from '../inspection.js';

/** The parts of an inspection a redacted copy must reproduce. */
export type Reproduced = Pick<Inspection, 'annotations' | 'diagnostics' | 'preflight'>;

function counted(items: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(item, (out.get(item) ?? 0) + 1);
  return out;
}

/** Items that occur a different number of times in the two lists, with both counts. */
function differences(label: string, a: readonly string[], b: readonly string[]): string[] {
  const left = counted(a);
  const right = counted(b);
  const out: string[] = [];
  for (const key of new Set([...left.keys(), ...right.keys()])) {
    const x = left.get(key) ?? 0;
    const y = right.get(key) ?? 0;
    if (x !== y) out.push(`${label} ${key}: ${x} in the original, ${y} in the redacted copy`);
  }
  return out;
}

const turnOf = (n: number | null) => (n === null ? 'new turn' : `turn #${n}`);

/**
 * The parts an inspection must reproduce, as one key per annotation (rule, action and turn), per
 * preflight finding (check and message) and per diagnostic (code, severity and line): what the
 * comparison reads, and small enough to send from the thread that inspected the original.
 */
export interface ReproducedKeys {
  annotations: string[];
  originalFindings: string[];
  replayFindings: string[];
  diagnostics: string[];
}

export function reproducedKeys(i: Reproduced): ReproducedKeys {
  const findings = (side: 'original' | 'replay') =>
    (i.preflight?.[side] ?? []).map((f) => `${f.check} at ${f.messageIndex === null ? f.path || 'payload' : `message ${f.messageIndex}`}`);
  return {
    annotations: i.annotations.map((a) => `${a.rule} ${a.action} at ${turnOf(a.turn)}`),
    originalFindings: findings('original'),
    replayFindings: findings('replay'),
    diagnostics: i.diagnostics.map((d) => `${d.code} (${d.severity}) on line ${d.line}`),
  };
}

/**
 * What the redacted copy's inspection does differently from the original's, in words (empty when
 * it reproduces it): annotations by rule, action and turn; preflight findings by check and
 * message; diagnostics by code and line.
 */
export function keyDifferences(original: ReproducedKeys, redacted: ReproducedKeys): string[] {
  return [
    ...differences('rule change', original.annotations, redacted.annotations),
    ...differences('preflight finding (original payload)', original.originalFindings, redacted.originalFindings),
    ...differences('preflight finding (replay payload)', original.replayFindings, redacted.replayFindings),
    ...differences('file problem', original.diagnostics, redacted.diagnostics),
  ];
}
