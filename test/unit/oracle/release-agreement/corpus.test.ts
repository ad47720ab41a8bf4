// The hand-written cases and the sessions written by pi's SessionManager against the release's replays
// (see check.ts), and the policies behind the named decisions.
import { describe, expect, it } from 'vitest';
import { resolvePolicy } from '../../../../shared/policy/resolve.js';
import { loadCorpus } from '../../../oracle/lib/compare.mjs';
import { engineTarget } from '../../../oracle/lib/targets.mjs';
import { agreementTest, ORACLE_ROOT } from './check.js';

describe('agreement with OpenClaw 2026.9.6 (recorded replays)', () => {
  agreementTest('corpus');
  agreementTest('real');

  it('spec and release policies differ exactly where a named decision applies', () => {
    const loaded = loadCorpus(ORACLE_ROOT, 'corpus');
    for (const [key, target] of Object.entries(loaded.providers)) {
      const t = engineTarget(target);
      const spec = resolvePolicy(t, 'spec');
      const release = resolvePolicy(t, 'openclaw-2026.9.6');
      for (const flag of Object.keys(spec) as (keyof typeof spec)[]) {
        const same = JSON.stringify(spec[flag].value) === JSON.stringify(release[flag].value);
        expect(same || spec[flag].decision !== undefined, `${key}: ${flag}`).toBe(true);
        expect(release[flag].decision, `${key}: ${flag}`).toBeUndefined();
      }
    }
  });
});
