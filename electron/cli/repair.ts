/** `transcript-inspector repair FILE …` (owned by the repair issue). */
import { fail } from './common.js';

export async function runRepairCommand(_argv: string[]): Promise<number> {
  return fail('repair is not implemented yet');
}
