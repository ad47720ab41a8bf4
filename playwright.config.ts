// Playwright: e2e tests against the web mode in Debian's Chromium (no browser download), two workers.
// Two projects, run one after the other by scripts/run-e2e.mjs: `parallel` spreads its tests over both
// workers; `large-sessions` runs alone, its tests in order, because what they observe is timing (a
// preview drawn before the full read lands, window steps outrunning the diff) that sharing the two
// cores with another test changes.
import { defineConfig } from '@playwright/test';

const chromium = process.env.TRANSCRIPT_INSPECTOR_CHROMIUM || '/usr/bin/chromium';

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  // The unit tests run beside these on two cores, and this shared machine has run twice as slow as usual:
  // the longest tests took 70-90 s there (30-50 s alone).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1600, height: 940 },
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Each test has its own page, and its own server where it writes files.
    { name: 'parallel', testIgnore: /large-sessions\.spec\.ts$/, fullyParallel: true, outputDir: 'test-results/parallel' },
    { name: 'large-sessions', testMatch: /large-sessions\.spec\.ts$/, outputDir: 'test-results/large-sessions' },
  ],
});
