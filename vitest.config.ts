import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/unit/**/*.test.tsx'],
    environment: 'node',
    // The CLI bundled once for the run: tests start it as `node <bundle>` (test/unit/helpers/cli.ts).
    globalSetup: ['test/unit/helpers/cli-bundle-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: one on this 2-core machine. Many files wait
    // on child processes, worker threads and the disk, so two keep both cores busy.
    maxWorkers: 2,
  },
});
