// The CLI the tests start: bundled once per run by cli-bundle-setup.ts (the vitest global setup).
import { inject } from 'vitest';

/** The arguments of `node` that run the CLI, before the CLI's own. */
export function cliArgs(): string[] {
  return [inject('cliBundle')];
}
