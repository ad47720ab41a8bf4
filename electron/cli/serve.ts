/** `transcript-inspector serve [FILE] [--port N]` (owned by the app issue). */
import { fail } from './common.js';

export async function runServeCommand(_argv: string[]): Promise<number> {
  return fail('serve is not implemented yet');
}
