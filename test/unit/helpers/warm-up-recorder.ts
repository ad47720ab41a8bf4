/**
 * A stand-in for the warm-up module that records the options each host gives `warmUp`, then runs the
 * real warm-up with them. For a test's `vi.mock(…warm-up.js, (importOriginal) => recordingWarmUp(…))`.
 */
import type * as WarmUpModule from '../../../electron/host/inspector/warm-up.js';

type WarmUpOptions = NonNullable<Parameters<typeof WarmUpModule.warmUp>[1]>;

/**
 * The module with `warmUp` recording its options in `record`; `overrides` are added to what the real
 * warm-up gets (a test that must not run the training session passes its own `inspectTraining`).
 */
export async function recordingWarmUp(
  importOriginal: () => Promise<unknown>,
  record: WarmUpOptions[],
  overrides: Partial<WarmUpOptions> = {},
): Promise<typeof WarmUpModule> {
  const original = (await importOriginal()) as typeof WarmUpModule;
  return {
    ...original,
    warmUp: (inspector, options = {}) => {
      record.push(options);
      return original.warmUp(inspector, { ...options, ...overrides });
    },
  };
}
