// Page helpers for the app: waits on UI state (data attributes), never on time.
import { test as base, expect, type Locator, type Page } from '@playwright/test';
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

/**
 * Wait until an inspection is shown and both documents are in the diff editor. `timeout` is for a
 * first inspection that is heavy by design (thousands of turns): alone it takes 3 s, but beside the
 * unit tests and the other worker on two cores it has taken over 20 s, the default wait.
 */
export async function waitForInspection(page: Page, previousInspection?: string, { timeout }: { timeout?: number } = {}): Promise<string> {
  const list = page.getByTestId('annotation-list');
  await expect(list).toBeVisible({ timeout });
  // A preview of the first turns (a file from 512 KiB) is not the inspection: the full one replaces it.
  await expect(page.getByTestId('preview-notice')).toHaveCount(0, { timeout });
  if (previousInspection) await expect(list).not.toHaveAttribute('data-inspection', previousInspection, { timeout });
  await expect(page.getByTestId('diff-view')).toHaveAttribute('data-status', 'ready', { timeout });
  return (await list.getAttribute('data-inspection')) ?? '';
}

/**
 * Wait until the diff editor holds the current documents and Monaco has diffed them: the diff's
 * arrival redraws the lines (unchanged regions fold), so an element hovered before it may be replaced.
 */
export async function waitForDiffSettled(page: Page): Promise<void> {
  const diff = page.getByTestId('diff-view');
  await expect(diff).toHaveAttribute('data-status', 'ready');
  await expect(diff).toHaveAttribute('data-diffing', 'false');
}

/** Turn off "Hide unchanged", so the diff shows every line (marks and placeholders in unchanged regions too). */
export async function showUnchangedLines(page: Page): Promise<void> {
  const hideUnchanged = page.getByTestId('hide-unchanged-toggle');
  if ((await hideUnchanged.getAttribute('aria-pressed')) === 'true') await hideUnchanged.click();
  await expect(hideUnchanged).toHaveAttribute('aria-pressed', 'false');
}

/**
 * Rest the pointer on a base64 placeholder until its tooltip shows. The editor answers each pointer
 * move, and a move that comes while the view is still being set up (after a view switch, under load)
 * finds no placeholder there; a user moves again, and so does this (from the page's corner, so each
 * try is a fresh move onto the placeholder).
 */
export async function hoverForTooltip(page: Page, chip: Locator): Promise<void> {
  await expect(async () => {
    await page.mouse.move(0, 0);
    await chip.hover();
    await expect(page.getByRole('tooltip')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Open the bundled sample and wait for its inspection. */
export async function openSample(page: Page): Promise<string> {
  await page.getByTestId('open-sample').click();
  await expect(page.getByTestId('recent-button')).toContainText('sample');
  return waitForInspection(page);
}

/** (rule, count) pairs of the rules fired, sorted (read from the groups: their items show only when opened). */
export async function ruleCounts(page: Page): Promise<string[]> {
  const groups = page.getByTestId('rule-group');
  const pairs = await groups.evaluateAll((nodes) =>
    nodes.map((n) => `${(n as HTMLElement).dataset.rule}:${(n as HTMLElement).dataset.count}`),
  );
  return pairs.sort();
}

/** Open a section of the side panel (`rules`, `preflight`, `recorded`) unless it is open. */
export async function openSection(page: Page, id: string): Promise<void> {
  const section = page.getByTestId(`section-${id}`);
  if ((await section.getAttribute('data-open')) !== 'true') await section.locator('.section-toggle').click();
  await expect(section).toHaveAttribute('data-open', 'true');
}

/** Open the rules fired and every rule's group, so each annotation item is listed. */
export async function openAllRules(page: Page): Promise<void> {
  await openSection(page, 'rules');
  const closed = page.locator('[data-testid=rule-group][data-open=false]');
  if ((await closed.count()) > 0) {
    if ((await page.getByTestId('rules-expand-all').count()) > 0) await page.getByTestId('rules-expand-all').click();
    else await closed.first().locator('.rule-header').click();
  }
  await expect(closed).toHaveCount(0);
}

/** Choose a provider in the target palette (its provider list; the palette closes on a choice or Escape). */
export async function chooseProvider(page: Page, provider: string): Promise<void> {
  await page.getByTestId('target-button').click();
  await page.getByTestId('target-provider').selectOption(provider);
  await expect(page.getByTestId('target-picker')).toHaveAttribute('data-provider', provider);
  if (await page.getByTestId('target-palette').isVisible()) await page.keyboard.press('Escape');
}

/** Open one rule's group in the rules fired (the section too), so its items are listed. */
export async function openRuleGroup(page: Page, rule: string): Promise<void> {
  await openSection(page, 'rules');
  const group = page.locator(`[data-testid=rule-group][data-rule="${rule}"]`);
  if ((await group.getAttribute('data-open')) !== 'true') await group.locator('.rule-header').click();
  await expect(group).toHaveAttribute('data-open', 'true');
}
