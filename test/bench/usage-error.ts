/** A bench option the user got wrong: `run.ts` prints its message alone (no stack) and exits 2. */
export class BenchUsageError extends Error {
  override name = 'BenchUsageError';
}
