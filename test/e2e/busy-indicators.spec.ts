// The page's busy indicators while the host reads and inspects: on a machine of two cores, every frame
// the page draws is CPU time the host's read and inspection do not get. The read's progress bar is
// scaled (no layout) and jumps (no transition); a spinner turns in eight steps, slower for someone who
// asked for less motion. The bar's markup is the status bar's (test/unit/renderer/components/
// status-bar.test.tsx pins the component to it); what is checked here is the app's stylesheet.
import { expect, type Page } from '@playwright/test';
import { test } from './support/app.js';

/** The status bar's read progress and a spinner, as the app renders them, added to the page. */
async function addIndicators(page: Page): Promise<void> {
  await page.evaluate(() => {
    const status = document.createElement('span');
    status.className = 'status-item';
    status.dataset.test = 'busy';
    status.innerHTML =
      '<span class="read-progress" role="progressbar"><span class="read-progress-done" style="transform: scaleX(0)"></span></span> <span class="spinner"></span>';
    document.body.append(status);
  });
}

/** The page once its start-up work is over: its editor loaded, its fonts in. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId('diff-view')).toBeVisible();
  await page.waitForFunction(() => performance.getEntriesByName('ti:monaco:end').length > 0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Chromium's count of the page's layouts, from one session of the protocol kept for the test. */
async function layoutCounter(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'LayoutCount')?.value ?? Number.NaN;
}

/** Ten reports in a second, as the host sends them while it reads, the bar scaled or (as before) its width eased. */
async function tenReports(page: Page, how: 'scale' | 'eased width'): Promise<void> {
  await page.evaluate(async (eased) => {
    const bar = document.querySelector<HTMLElement>('[data-test=busy] .read-progress-done')!;
    if (eased) Object.assign(bar.style, { transform: 'none', transition: 'width 0.1s linear', width: '0%' });
    for (let percent = 10; percent <= 100; percent += 10) {
      if (eased) bar.style.width = `${percent}%`;
      else bar.style.transform = `scaleX(${percent / 100})`;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, how === 'eased width');
}

test('the read progress advances without a layout at every frame', async ({ page, sharedServer }) => {
  await page.goto(sharedServer.url);
  await settled(page);
  await addIndicators(page);
  // Nothing eases the bar from one report to the next.
  expect(await page.locator('[data-test=busy] .read-progress-done').evaluate((bar) => getComputedStyle(bar).transitionDuration)).toBe('0s');
  const layouts = await layoutCounter(page);
  let before = await layouts();
  await tenReports(page, 'scale');
  const scaled = (await layouts()) - before;
  // At most one layout a report (none, in fact).
  expect(scaled).toBeLessThanOrEqual(10);
  // The bar shows the share read: its scale, from its left edge.
  const box = await page.locator('[data-test=busy] .read-progress-done').boundingBox();
  const track = await page.locator('[data-test=busy] .read-progress').boundingBox();
  expect(box!.x).toBeCloseTo(track!.x, 0);
  expect(box!.width).toBeCloseTo(track!.width, 0);
  // What the bar did before, in the same page: its width eased over 0.1 s laid the page out at every
  // display refresh (the count shows that difference, or this test could not fail).
  before = await layouts();
  await tenReports(page, 'eased width');
  expect((await layouts()) - before).toBeGreaterThan(scaled + 20);
});

test('a spinner turns in eight steps, slower when less motion is asked for', async ({ page, sharedServer }) => {
  const spinner = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.closest('[data-test=busy]'))
        .map((animation) => ({
          // A CSS animation's timing function is its keyframes' easing.
          easing: (animation.effect as KeyframeEffect).getKeyframes()[0].easing,
          duration: animation.effect!.getComputedTiming().duration,
          running: animation.playState === 'running',
        })),
    );
  await page.goto(sharedServer.url);
  await settled(page);
  await addIndicators(page);
  expect(await spinner()).toEqual([{ easing: 'steps(8)', duration: 800, running: true }]);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(spinner).toEqual([{ easing: 'steps(8)', duration: 2400, running: true }]);
});
