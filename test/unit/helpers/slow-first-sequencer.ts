// Vitest's file order with the known long files first, so a clean clone does not end on them.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that take tens of seconds each (the oracle's corpora, crash injection, real sharp on large
 * images, the CLI run dozens of times). Without timings from an earlier run (a clean clone has none),
 * Vitest starts the largest files first, and these are small: they would start last and leave one of
 * the two workers idle while the other finishes them. Started first, the short files fill in around them.
 */
const SLOW = [
  /\/oracle\/release-agreement\//,
  /\/crash-injection-[a-z]+\.test\.ts$/,
  /\/images\/sharp-codec\.test\.ts$/,
  /\/cli\/(inspect|batch|trajectory|store|terminal-text|special-files)\.test\.ts$/,
  /\/folder\/scan-folder\.test\.ts$/,
  /\/redact\/reproduces\.test\.ts$/,
  /\/preview\/preview\.test\.ts$/,
  /\/replay-preflight\.test\.ts$/,
];

const rank = (file: TestSpecification): number => {
  const index = SLOW.findIndex((pattern) => pattern.test(file.moduleId));
  return index < 0 ? SLOW.length : index;
};

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: within a rank, Vitest's own order (timings, then size) stays.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
