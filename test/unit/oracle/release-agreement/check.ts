/**
 * Holding the engine to OpenClaw 2026.9.6's own replays, recorded as data (test/oracle/expected/, written by
 * test/oracle/run-oracle.mjs from the real release): every (session, target) pair of the four corpora —
 * hand-written cases, two sets of seeded adversarial sessions, sessions written by pi's SessionManager — across 66
 * targets. In `openclaw-2026.9.6` every pair must replay exactly what the release replays (only the bytes
 * of a resized image may differ: the encoders differ). In `spec`, a pair may differ only where a named
 * decision applies to it, and only in the ways test/oracle/decision-differences.json allows.
 * One test file per corpus or two (the files beside this one), so the pairs spread over the workers.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { inspect } from '../../../../electron/host/inspect.js';
import { policyValues, resolvePolicy } from '../../../../shared/policy/resolve.js';
import { comparePair, expectedByTarget, fileSha256, loadCorpus } from '../../../oracle/lib/compare.mjs';
import { decisionExplainer } from '../../../oracle/lib/decisions.mjs';
import { engineTarget } from '../../../oracle/lib/targets.mjs';

export const ORACLE_ROOT = new URL('../../../oracle/', import.meta.url).pathname;
const { decisionsOf, explains } = decisionExplainer(ORACLE_ROOT);

interface Failure {
  pair: string;
  status: string;
  lines: string[];
}

export async function check(corpus: string): Promise<{ pairs: number; failures: Failure[] }> {
  const loaded = loadCorpus(ORACLE_ROOT, corpus);
  const failures: Failure[] = [];
  let pairs = 0;
  for (const kase of loaded.cases) {
    const record = kase.record;
    if (!record) throw new Error(`${corpus}/${kase.name}: no recorded expectation (run test/oracle/run-oracle.mjs)`);
    expect(record.sha256, `${corpus}/${kase.name}: the session changed since the release's replay was recorded`).toBe(
      fileSha256(kase.input),
    );
    const codec = /"type"\s*:\s*"image"/.test(readFileSync(kase.input, 'utf8')) ? undefined : null;
    for (const [key, expected] of expectedByTarget(record)) {
      const target = loaded.providers[key];
      const t = engineTarget(target, kase.options.model);
      // Without a decision on the target the spec's policy is the release's, value for value, and the
      // pipeline reads nothing else: its replay is the release's replay, checked below.
      const decided =
        JSON.stringify(policyValues(resolvePolicy(t, 'spec'))) !== JSON.stringify(policyValues(resolvePolicy(t, 'openclaw-2026.9.6')));
      for (const behaviour of decided ? (['openclaw-2026.9.6', 'spec'] as const) : (['openclaw-2026.9.6'] as const)) {
        pairs += 1;
        const r = await comparePair({
          inspect,
          kase,
          target,
          expected,
          behaviour,
          decisionsOf: behaviour === 'spec' ? decisionsOf : () => [],
          explains,
          codec,
        });
        const ok = r.status === 'identical' || r.status === 'equivalent' || (behaviour === 'spec' && r.status === 'decision');
        // Where the release refuses the replay (invalid_replay_transcript), the engine must flag it too.
        const refusedAlike = r.status === 'oracle-error' && (r.flagged || /allowedToolNames\.has/.test(r.note));
        if (!ok && !refusedAlike)
          failures.push({
            pair: `${behaviour} ${corpus}/${kase.name} → ${key}`,
            status: r.status,
            lines: r.lines.length ? r.lines.slice(0, 8) : [r.note],
          });
      }
    }
  }
  return { pairs, failures };
}

/** The test of one corpus: every pair agrees, and the corpus has the pairs it should. */
export function agreementTest(corpus: string): void {
  it(`${corpus}: the release's replay in openclaw-2026.9.6, and in spec but for named decisions`, { timeout: 600_000 }, async () => {
    const { pairs, failures } = await check(corpus);
    expect(pairs).toBeGreaterThan(500);
    expect(failures.slice(0, 10)).toEqual([]);
  });
}
