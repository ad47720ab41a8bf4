// Which named spec decisions an inspection applied, and which difference lines each accounts for
// (test/oracle/decision-differences.json). A decision is read from the policy: every flag a decision
// set carries its id (`decision`), and so does every annotation it produced.
import fs from 'node:fs';
import path from 'node:path';

export function decisionExplainer(oracleRoot) {
  const table = JSON.parse(fs.readFileSync(path.join(oracleRoot, 'decision-differences.json'), 'utf8'));
  const patterns = new Map(table.decisions.map((d) => [d.id, new RegExp(d.match, 'i')]));
  return {
    decisionsOf(inspection) {
      const ids = new Set();
      for (const setting of Object.values(inspection.policy ?? {})) if (setting?.decision) ids.add(setting.decision);
      for (const a of inspection.annotations ?? []) if (a.decision) ids.add(a.decision);
      return [...ids];
    },
    explains(id, line) {
      return patterns.get(id)?.test(line) ?? false;
    },
  };
}
