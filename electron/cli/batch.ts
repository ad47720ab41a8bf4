/** `inspect --all DIR` / `repair --all DIR` over a worker pool (owned by the repair issue). */
import type { ParsedArgs } from './common.js';
import { fail } from './common.js';

export async function runBatchCommand(command: 'inspect' | 'repair', _args: ParsedArgs): Promise<number> {
  return fail(`${command} --all is not implemented yet`);
}
