// The page's busy indicators while the host reads and inspects: on a machine of two cores, every frame
// the page draws is CPU time the host's read and inspection do not get. The read's progress bar is
// scaled (no layout) and jumps (no transition); a spinner turns in eight steps, and not at all for
// someone who asked for less motion.
import { expect, type Page } from '@playwright/test';
import { test } from './support/app.js';

/** The status bar's read progress and a spinner, as the app renders them, added to the page. */
async function addIndicators(page: Page): Promise<void> {
  await page.evaluate(() => {
    const status = document.createElement('span');
    status.className = 'status-item';
    status.innerHTML =
      '<span class="read-progress" role="progressbar"><span class="read-progress-done" style="transform: scaleX(0)"></span></span> <span class="spinner"></span>';
    document.body.append(status);
  });
}

/** Chromium's count of the page's layouts, from one session of the protocol kept for the test. */
async function layoutCounter(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'LayoutCount')?.value ?? Number.NaN;
}

test('the read progress advances without a layout at every frame', async ({ page, sharedServer }) => {
  await page.goto(sharedServer.url);
  await expect(page.getByTestId('diff-view')).toBeVisible();
  await addIndicators(page);
  // Nothing eases the bar from one report to the next.
  expect(await page.locator('.read-progress-done').evaluate((bar) => getComputedStyle(bar).transitionDuration)).toBe('0s');
  const layouts = await layoutCounter(page);
  const layoutsBefore = await layouts();
  // Ten reports a second for a second, as the host sends them while it reads.
  await page.evaluate(async () => {
    const bar = document.querySelector<HTMLElement>('.read-progress-done')!;
    for (let percent = 10; percent <= 100; percent += 10) {
      bar.style.transform = `scaleX(${percent / 100})`;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  // At most one layout a report (none, in fact): a width eased over 0.1 s laid the page out at every
  // display refresh, sixty times in this second.
  expect(await layouts()).toBeLessThanOrEqual(layoutsBefore + 10);
  // The bar shows the share read: its scale, from its left edge.
  const box = await page.locator('.read-progress-done').boundingBox();
  const track = await page.locator('.read-progress').boundingBox();
  expect(box!.x).toBeCloseTo(track!.x, 0);
  expect(box!.width).toBeCloseTo(track!.width, 0);
});

test('a spinner turns in eight steps, and not at all when less motion is asked for', async ({ page, sharedServer }) => {
  const spinnerAnimations = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains('spinner'))
        // A CSS animation's timing function is its keyframes' easing.
        .map((animation) => ({
          easing: (animation.effect as KeyframeEffect).getKeyframes()[0].easing,
          running: animation.playState === 'running',
        })),
    );
  await page.goto(sharedServer.url);
  await expect(page.getByTestId('diff-view')).toBeVisible();
  await addIndicators(page);
  expect(await spinnerAnimations()).toEqual([{ easing: 'steps(8)', running: true }]);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(spinnerAnimations).toEqual([]);
});
