// Sessions of thousands of turns in the web mode: windows of turns, a far annotation, elided strings.
import path from 'node:path';
import { expect } from '@playwright/test';
import { hoverForTooltip, openRuleGroup, test, waitForInspection } from './support/app.js';
import { writeLongSession } from './support/long-session.js';
import { startServe, tempDir, type ServeHandle } from './support/server.js';

let server: ServeHandle | null = null;
/** 3,000 turns: a few seconds alone, several times that on a loaded CI machine (see waitForInspection). */
const FIRST_INSPECTION_MS = 90_000;
test.describe.configure({ timeout: 240_000 });

test.afterEach(async () => {
  await server?.stop();
  server = null;
});

test('a session of thousands of turns opens in a window; a far annotation brings its window in and highlights its lines', async ({
  page,
}) => {
  const work = tempDir();
  const session = await writeLongSession(path.join(work, 'long-session.jsonl'));
  server = await startServe({ file: session.file, dir: work });
  await page.goto(server.url);
  await waitForInspection(page, undefined, { timeout: FIRST_INSPECTION_MS });
  const diff = page.getByTestId('diff-view');
  const bar = page.getByTestId('diff-window');
  await expect(bar).toHaveAttribute('data-windowed', 'true');
  await expect(bar).toHaveAttribute('data-from', '0');
  await expect(bar).toHaveAttribute('data-total', String(session.turns));
  const size = Number(await bar.getAttribute('data-to'));
  expect(size).toBeGreaterThanOrEqual(20);
  expect(size).toBeLessThan(session.turns);
  await expect(page.getByTestId('window-label')).toHaveText(`turns 0–${size - 1} of 3\u202f000`);
  await expect(page.locator('[data-testid=turn-item][data-index="0"]')).toHaveAttribute('data-in-window', 'true');
  await expect(diff).toHaveAttribute('data-first-diff-ms', /^\d+$/);

  // The trailing assistant turn is the last one: its annotation is thousands of turns away.
  await openRuleGroup(page, 'prefill-strip');
  const far = page.locator('[data-testid=annotation-item][data-rule=prefill-strip]');
  await expect(far).toHaveAttribute('data-turn', String(session.turns - 1));
  await far.click();
  await expect(bar).toHaveAttribute('data-to', String(session.turns));
  const from = Number(await bar.getAttribute('data-from'));
  expect(from).toBeGreaterThan(session.turns - size - 1);
  await expect(diff).toHaveAttribute('data-status', 'ready');
  await expect(diff).not.toHaveAttribute('data-revealed-original', '');
  // Dropped from the replay: only the original side has lines, and the note says why.
  await expect(diff).toHaveAttribute('data-revealed-replay', '');
  await expect(page.getByTestId('reveal-note')).toContainText('dropped from the replay');
  await expect(page.locator('[data-testid=diff-view] .editor.original .ti-line-highlight').first()).toBeVisible();
  // Line numbers are the window's own: the highlighted turn starts at the revealed line, on screen.
  const [start] = ((await diff.getAttribute('data-revealed-original')) ?? '').split('-').map(Number);
  expect(start).toBeLessThan(5000);
  await expect(page.locator('[data-testid=diff-view] .editor.original .line-numbers', { hasText: new RegExp(`^${start}$`) })).toBeVisible();
  await expect(page.locator('[data-testid=diff-view] .editor.original .view-lines')).toContainText(
    `Cycle ${session.turns / 4 - 1} looks fine`,
  );
  // The turn list followed: the annotated turn is in view there, marked as in the diff's window.
  const lastRow = page.locator(`[data-testid=turn-item][data-index="${session.turns - 1}"]`);
  await expect(lastRow).toBeVisible();
  await expect(lastRow).toHaveAttribute('data-in-window', 'true');

  // Previous / next window: keys and buttons.
  await page.keyboard.press('Alt+PageUp');
  await expect(bar).toHaveAttribute('data-to', String(from));
  await expect(diff).toHaveAttribute('data-status', 'ready');
  await page.getByTestId('window-next').click();
  await expect(bar).toHaveAttribute('data-from', String(from));
  await expect(page.getByTestId('window-next')).toBeDisabled();

  // Selecting a turn in the list brings its window back; Up/Down step the selection.
  await page.getByTestId('turn-list').evaluate((list) => list.scrollTo({ top: 0 }));
  await page.locator('[data-testid=turn-item][data-index="1"]').click();
  await expect(bar).toHaveAttribute('data-from', '0');
  await expect(diff).toHaveAttribute('data-status', 'ready');
  await expect(diff).not.toHaveAttribute('data-revealed-original', '');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-testid=turn-item][data-index="2"]')).toHaveAttribute('aria-pressed', 'true');
});

test('"show anyway" opens an elided long text and an elided image in a viewer of their own', async ({ page }) => {
  const work = tempDir();
  const session = await writeLongSession(path.join(work, 'long-session.jsonl'));
  server = await startServe({ file: session.file, dir: work });
  await page.goto(server.url);
  await waitForInspection(page, undefined, { timeout: FIRST_INSPECTION_MS });
  const viewer = page.getByTestId('elision-viewer');

  // The long tool output, from the list of what the window elides: big, so behind the gate.
  await page.getByTestId('elision-button').click();
  await expect(page.getByTestId('elision-list')).toBeVisible();
  await expect(page.locator('[data-testid=elision-item][data-kind=base64]').first()).toBeVisible();
  await page.locator('[data-testid=elision-item][data-kind=text][data-side=original]').click();
  await expect(viewer).toHaveAttribute('data-phase', 'gate');
  await expect(viewer).toContainText('This string is 579 KB');
  await page.getByTestId('elision-show').click();
  await expect(viewer).toHaveAttribute('data-phase', 'shown');
  await expect(viewer).toHaveAttribute('data-length', String(session.longText.length));
  await expect(page.getByTestId('elision-text')).toContainText('line 0: output of a long build log');
  // Only the rows in view are drawn.
  expect(await page.locator('.elision-row').count()).toBeLessThan(200);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // The image: its placeholder in the editor opens the viewer at once (it is small).
  await page.locator(`[data-testid=turn-item][data-index="${session.imageTurn}"]`).click();
  const chip = page.locator('[data-testid=diff-view] .editor.original .ti-elision-image').first();
  await expect(chip).toBeVisible();
  await hoverForTooltip(page, chip);
  await expect(page.getByRole('tooltip')).toContainText('click to show');
  // The preview floats just below and right of the pointer (Playwright points at the chip's centre), wherever the pane is.
  const at = (await chip.boundingBox())!;
  const tip = (await page.getByRole('tooltip').boundingBox())!;
  expect(Math.abs(tip.x - (at.x + at.width / 2 + 16))).toBeLessThan(3);
  expect(Math.abs(tip.y - (at.y + at.height / 2 + 16))).toBeLessThan(3);
  await chip.click();
  await expect(viewer).toHaveAttribute('data-phase', 'shown');
  await expect(viewer).toHaveAttribute('data-length', String(session.imageBase64.length));
  await expect(viewer.locator('img.elision-thumb')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByTestId('elision-text')).toContainText(session.imageBase64.slice(0, 60));
  await page.getByTestId('elision-close').click();
  await expect(viewer).toHaveCount(0);
  // The diff still shows the placeholder: the full string never went into the diff's models.
  await expect(chip).toBeVisible();
});
