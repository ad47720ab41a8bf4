import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/unit/helpers/slow-first-sequencer.js';

/**
 * The test files that replace modules with vi.mock (electron, the inspector, Monaco's chunk, pi-ai's
 * builder to count its calls, the previewer's file read to hold it): each needs a module graph of its own.
 */
const MOCKING = [
  'test/unit/electron/main-shell.test.ts',
  'test/unit/electron/preload-bridge.test.ts',
  'test/unit/renderer/editor-loader.test.ts',
  'test/unit/electron/host/payloads/payload-parts.test.ts',
  'test/unit/electron/host/preview/preview-service.test.ts',
];

const common = { environment: 'node', testTimeout: 60_000, hookTimeout: 60_000, pool: 'forks' } as const;

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on this 2-core machine. Many files wait
    // on child processes, worker threads and the disk, so two keep both cores busy.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          ...common,
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
          exclude: MOCKING,
          // The files of a worker share one module graph instead of importing the engine, pi-ai and
          // React again for each of ~150 files (that import was over 40% of the suite's CPU time). They
          // may: none mocks a module, and the stubs they do make (timers, env, spies) are undone in the file.
          isolate: false,
          // The CLI bundled once for the run: tests start it as `node <bundle>` (test/unit/helpers/cli.ts).
          globalSetup: ['test/unit/helpers/cli-bundle-setup.ts'],
        },
      },
      { test: { ...common, name: 'isolated', include: MOCKING } },
    ],
  },
});
