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
 * What the redacted copy's inspection does differently from the original's, in words (empty when
 * it reproduces it): annotations by rule, action and turn; preflight findings by check and
 * message; diagnostics by code and line.
 */
export function inspectionDifferences(original: Reproduced, redacted: Reproduced): string[] {
  const annotations = (i: Reproduced) => i.annotations.map((a) => `${a.rule} ${a.action} at ${turnOf(a.turn)}`);
  const findings = (i: Reproduced, side: 'original' | 'replay') =>
    (i.preflight?.[side] ?? []).map((f) => `${f.check} at ${f.messageIndex === null ? f.path || 'payload' : `message ${f.messageIndex}`}`);
  const diagnostics = (i: Reproduced) => i.diagnostics.map((d) => `${d.code} (${d.severity}) on line ${d.line}`);
  return [
    ...differences('rule change', annotations(original), annotations(redacted)),
    ...differences('preflight finding (original payload)', findings(original, 'original'), findings(redacted, 'original')),
    ...differences('preflight finding (replay payload)', findings(original, 'replay'), findings(redacted, 'replay')),
    ...differences('file problem', diagnostics(original), diagnostics(redacted)),
  ];
}
