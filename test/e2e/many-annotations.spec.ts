// The rules fired of a session with tens of thousands of annotations in one rule, in Chromium: a jump to
// the last of them (Shift+F8 from the next group) draws a page around it, not every annotation up to it;
// the preflight findings of a check come a page at a time too. The host's answer is the sample's, each
// annotation and finding repeated, so the test needs no large session.
import { expect, type Page } from '@playwright/test';
import { chooseProvider, openSample, openSection, test } from './support/app.js';

const REPEAT = 400;

/** Repeat every annotation and finding of the sample's inspection `REPEAT` times, in place (so groups stay in order). */
async function repeatAnnotations(page: Page): Promise<void> {
  const repeat = (items: unknown[]) => items.flatMap((a) => Array.from({ length: REPEAT }, () => a));
  await page.route('**/api/inspect', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result?: { annotations: unknown[]; preflight: { original: unknown[] } } };
    if (body.result) {
      body.result.annotations = repeat(body.result.annotations);
      body.result.preflight.original = repeat(body.result.preflight.original);
    }
    await route.fulfill({ response, json: body });
  });
}

test('a jump to the last of thousands of annotations draws a page around it', async ({ page, sharedServer: server }) => {
  await repeatAnnotations(page);
  await page.goto(server.url);
  await openSample(page);
  const groups = page.getByTestId('rule-group');
  const [big, next] = [groups.nth(0), groups.nth(1)];
  const count = Number(await big.getAttribute('data-count'));
  expect(count).toBeGreaterThanOrEqual(REPEAT);
  const items = big.getByTestId('annotation-item');

  // Open: a page. F8 from its last draws the next one more.
  await big.locator('.rule-header').click();
  await expect(items).toHaveCount(100);
  await expect(big.getByRole('button', { name: `Show 100 more of ${(count - 100).toLocaleString('en-US')}` })).toBeVisible();
  await items.nth(99).click();
  await page.keyboard.press('F8');
  await expect(items).toHaveCount(101);
  await expect(items.nth(100)).toHaveAttribute('aria-pressed', 'true');

  // From the second group's first annotation, Shift+F8 goes to the first group's last: its last page drawn.
  await next.locator('.rule-header').click();
  await next.getByTestId('annotation-item').first().click();
  await page.keyboard.press('Shift+F8');
  await expect(items.last()).toHaveAttribute('aria-pressed', 'true');
  await expect(items.last()).toBeInViewport();
  await expect(items).toHaveCount(100);
  const earlier = count - 100;
  await expect(big.getByRole('button', { name: `Show 100 earlier of ${earlier.toLocaleString('en-US')}` })).toBeVisible();
  await expect(big.getByRole('button', { name: /more of/ })).toHaveCount(0);

  // F8 steps on into the second group; back within the run, the run stays.
  await page.keyboard.press('F8');
  await expect(next.getByTestId('annotation-item').first()).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Shift+F8');
  await page.keyboard.press('Shift+F8');
  await expect(items).toHaveCount(100);
  await expect(items.nth(98)).toHaveAttribute('aria-pressed', 'true');

  // "Show earlier" adds a page above what the reader sees, which stays where it was.
  await items.first().scrollIntoViewIfNeeded();
  const firstIndex = await items.first().getAttribute('data-index');
  const was = (await items.first().boundingBox())!.y;
  await big.getByRole('button', { name: /earlier of/ }).click();
  await expect(items).toHaveCount(200);
  await expect(big.getByRole('button', { name: `Show 100 earlier of ${(earlier - 100).toLocaleString('en-US')}` })).toBeVisible();
  expect(Math.abs((await items.nth(100).boundingBox())!.y - was)).toBeLessThan(2);
  expect(await items.nth(100).getAttribute('data-index')).toBe(firstIndex);

  // Closed, the group draws the selected annotation alone; opened again, the run it had.
  await big.locator('.rule-header').click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toHaveAttribute('aria-pressed', 'true');
  await big.locator('.rule-header').click();
  await expect(items).toHaveCount(200);

  // Another target is another inspection: the group, still open, starts from the top.
  const rule = await big.getAttribute('data-rule');
  const inspection = await page.getByTestId('annotation-list').getAttribute('data-inspection');
  await chooseProvider(page, 'openai');
  await expect(page.getByTestId('annotation-list')).not.toHaveAttribute('data-inspection', inspection ?? '');
  const again = page.locator(`[data-testid=rule-group][data-rule="${rule}"]`);
  await expect(again).toHaveAttribute('data-open', 'true');
  await expect(again.getByRole('button', { name: /earlier of/ })).toHaveCount(0);
  await expect(again.getByTestId('annotation-item')).toHaveCount(100);
});

test('the preflight list draws a check’s findings a page at a time', async ({ page, sharedServer: server }) => {
  await repeatAnnotations(page);
  await page.goto(server.url);
  await openSample(page);
  await openSection(page, 'preflight');
  const check = page.locator('.preflight-side[data-side=original] .finding-group').first();
  const findings = check.getByTestId('preflight-item');
  await expect(findings).toHaveCount(100);
  await check.getByRole('button', { name: /^Show 100 more of / }).click();
  await expect(findings).toHaveCount(200);
});
