// OpenClaw's recorded trajectory beside the replay (web mode, Debian's Chromium): a trajectory next to
// the opened session is found and its runs listed; choosing a run sets the target to its model and shows
// the Recorded view, differences explained, the recorder's cuts and redactions shown as marks; a
// trajectory can be opened by hand. The fixtures were recorded by OpenClaw 2026.9.6's own recorder.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { openSection, test, waitForInspection } from './support/app.js';
import { root, startServe, tempDir, type ServeHandle } from './support/server.js';

let server: ServeHandle | null = null;
test.afterEach(async () => {
  await server?.stop();
  server = null;
});

const TRAJECTORIES = path.join(root, 'test/fixtures/trajectories');

/** A fixture session (and, unless told, its trajectory) copied into a directory of its own. */
function copySession(name: string, dir: string, withTrajectory = true): string {
  const file = path.join(dir, `${name}.jsonl`);
  fs.copyFileSync(path.join(TRAJECTORIES, `${name}.jsonl`), file);
  if (withTrajectory) fs.copyFileSync(path.join(TRAJECTORIES, `${name}.trajectory.jsonl`), path.join(dir, `${name}.trajectory.jsonl`));
  return file;
}

async function openServed(page: Page, file: string, dir: string): Promise<void> {
  server = await startServe({ file, dir });
  await page.goto(server.url);
  await waitForInspection(page);
  await openSection(page, 'trajectory');
}

test('the runs of a trajectory beside the session; a run sets the target and shows what was recorded beside the replay', async ({
  page,
}) => {
  const dir = tempDir();
  await openServed(page, copySession('errors-bedrock', dir), dir);
  const runs = page.getByTestId('trajectory-run');
  await expect(runs).toHaveCount(2);
  await expect(runs.nth(0)).toHaveAttribute('data-outcome', 'interrupted');
  await expect(runs.nth(1)).toHaveAttribute('data-outcome', 'error');
  await expect(runs.nth(1)).toContainText('amazon-bedrock/us.anthropic.claude-opus-4-6-v1');
  await expect(page.getByTestId('view-recorded')).toBeDisabled();
  // Alt+R before a run is chosen says where to choose one.
  await page.keyboard.press('Alt+KeyR');
  await expect(page.getByText('No recorded run chosen: open a trajectory')).toBeVisible();
  await expect(page.getByTestId('recorded-view')).toHaveCount(0);

  // The app's default hygiene is the spec: a named decision makes the replay differ, and it says so.
  await page.getByTestId('behaviour-spec').click();
  await runs.nth(0).click();
  const view = page.getByTestId('recorded-view');
  await expect(view).toBeVisible();
  await expect(page.getByTestId('target-picker')).toHaveAttribute('data-provider', 'amazon-bedrock');
  await expect(page.getByTestId('target-picker')).toHaveAttribute('data-api', 'bedrock-converse-stream');
  await expect(page.getByTestId('target-picker')).toHaveAttribute('data-model', 'us.anthropic.claude-opus-4-6-v1');
  await expect(view).toHaveAttribute('data-verdict', 'differs');
  await expect(page.getByTestId('recorded-summary')).toContainText('differs at turn 1');
  await expect(page.getByTestId('recorded-difference').first()).toContainText('empty-error-turn');
  await expect(page.getByTestId('recorded-difference').first()).toContainText('"spec" behaviour departs from OpenClaw 2026.9.6');
  await expect(page.locator('[data-testid=recorded-turn][data-turn="1"]')).toHaveAttribute('data-state', 'differs');

  // The release's hygiene is what recorded it: the same run is identical.
  await page.getByTestId('behaviour-openclaw-2026.9.6').click();
  await expect(view).toHaveAttribute('data-verdict', 'identical');
  await expect(page.getByTestId('recorded-difference')).toHaveCount(0);
  await expect(page.getByTestId('trajectory-run-verdict')).toHaveText('identical');

  // Back to the diff, and to the Recorded view from the toolbar.
  await page.getByTestId('recorded-close').click();
  await expect(view).toHaveCount(0);
  await expect(page.getByTestId('diff-view')).toBeVisible();
  await page.getByTestId('view-recorded').click();
  await expect(page.getByTestId('recorded-view')).toHaveAttribute('data-verdict', 'identical');
  await page.getByTestId('view-payload').click();
  await expect(page.getByTestId('recorded-view')).toHaveCount(0);
  // Alt+R goes into the Recorded view and back out to the diff, from the keyboard.
  await page.keyboard.press('Alt+KeyR');
  await expect(page.getByTestId('recorded-view')).toHaveAttribute('data-verdict', 'identical');
  await page.keyboard.press('Alt+KeyR');
  await expect(page.getByTestId('recorded-view')).toHaveCount(0);
  await expect(page.getByTestId('diff-view')).toBeVisible();
});

test("the recorder's cuts and redactions are shown as such, never as differences", async ({ page }) => {
  const dir = tempDir();
  await openServed(page, copySession('long-output', dir), dir);
  await page.getByTestId('behaviour-openclaw-2026.9.6').click();
  await page.getByTestId('trajectory-run').first().click();
  const view = page.getByTestId('recorded-view');
  await expect(view).toHaveAttribute('data-verdict', 'truncated');
  await expect(page.getByTestId('recorded-summary')).toContainText('truncated by the recorder');
  await expect(page.getByTestId('recorded-difference')).toHaveCount(0);
  const redacted = page.locator('[data-testid=recorded-mark][data-kind=redacted]');
  await expect(redacted).toHaveCount(1);
  await expect(redacted).toContainText('a secret masked by the recorder');
  const cut = page.locator('[data-testid=recorded-mark][data-kind=truncated]');
  await expect(cut).toHaveCount(1);
  await expect(cut).toContainText('a string over 32 KiB (54685 characters');
  await expect(page.locator('[data-testid=recorded-turn][data-turn="2"]')).toHaveAttribute('data-state', 'marked');
});

test('a trajectory opened by hand, for a session without one beside it', async ({ page }) => {
  const dir = tempDir();
  await openServed(page, copySession('compactions', dir, false), dir);
  await expect(page.getByTestId('trajectory-runs')).toContainText('No trajectory beside this session');
  await page.getByTestId('trajectory-input').setInputFiles(path.join(TRAJECTORIES, 'compactions.trajectory.jsonl'));
  await expect(page.getByTestId('trajectory-run')).toHaveCount(6);
  await expect(page.getByTestId('trajectory-source')).toHaveText('compactions.trajectory.jsonl');
  await page.getByTestId('behaviour-openclaw-2026.9.6').click();
  await page.getByTestId('trajectory-run').nth(3).click();
  await expect(page.getByTestId('recorded-view')).toHaveAttribute('data-verdict', 'identical');
  await expect(page.getByTestId('recorded-turn')).toHaveCount(9);
  await expect(page.getByTestId('recorded-turn').first()).toContainText('compactionSummary');
});
