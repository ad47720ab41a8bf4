// Page helpers for the app: waits on UI state (data attributes), never on time.
import { test as base, expect, type Page } from '@playwright/test';
import { startServe, type ServeHandle } from './server.js';

/** Collects console messages that mean a Content-Security-Policy violation or a page error. */
export function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|create)/i.test(text)) problems.push(`console: ${text}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return problems;
}

/**
 * The tests' `test`: every test's page is watched, and a page error, a CSP violation or a dialog
 * fails the test at its end, whatever the test itself checked. `sharedServer` is one web-mode server
 * per worker for the tests that only read (the sample, a picked file): tests that write files start
 * their own, in their own temp dir.
 */
export const test = base.extend<{ problems: string[] }, { sharedServer: ServeHandle }>({
  problems: [
    async ({ page }, use) => {
      const problems = watchForProblems(page);
      await use(problems);
      expect(problems, 'page errors, CSP violations or dialogs').toEqual([]);
    },
    { auto: true },
  ],
  sharedServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      const server = await startServe();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

/** Wait until an inspection is shown and both documents are in the diff editor. */
export async function waitForInspection(page: Page, previousInspection?: string): Promise<string> {
  const list = page.getByTestId('annotation-list');
  await expect(list).toBeVisible();
  if (previousInspection) await expect(list).not.toHaveAttribute('data-inspection', previousInspection);
  await expect(page.getByTestId('diff-view')).toHaveAttribute('data-status', 'ready');
  return (await list.getAttribute('data-inspection')) ?? '';
}

/** Open the bundled sample and wait for its inspection. */
export async function openSample(page: Page): Promise<string> {
  await page.getByTestId('open-sample').click();
  await expect(page.getByTestId('recent-button')).toContainText('sample');
  return waitForInspection(page);
}

/** (rule, count) pairs of the annotation panel, sorted. */
export async function ruleCounts(page: Page): Promise<string[]> {
  const items = page.getByTestId('annotation-item');
  const rules = await items.evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.rule ?? ''));
  const counts = new Map<string, number>();
  for (const rule of rules) counts.set(rule, (counts.get(rule) ?? 0) + 1);
  return [...counts].map(([rule, count]) => `${rule}:${count}`).sort();
}
