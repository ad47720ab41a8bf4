// The split between the original and the replay (the diff's two sides) is remembered like the other panes: drag it,
// reload the page, and it is where it was; a double click puts it back in the middle.
import { expect, type Page } from '@playwright/test';
import { openSample, test } from './support/app.js';

/** The original side's share of the diff's width, as drawn. */
async function split(page: Page): Promise<number> {
  const body = await page.locator('[data-testid=diff-view] .monaco-diff-editor').boundingBox();
  const original = await page.locator('[data-testid=diff-view] .editor.original').boundingBox();
  return body && original ? (original.width + (original.x - body.x)) / body.width : 0;
}

test('the original/replay split keeps its position across a reload, and a double click resets it', async ({
  page,
  sharedServer: server,
}) => {
  await page.goto(server.url);
  await openSample(page);
  await expect(page.getByTestId('inline-toggle')).toHaveAttribute('aria-pressed', 'false');
  const before = await split(page);
  expect(before).toBeGreaterThan(0.4);
  expect(before).toBeLessThan(0.55);

  // Drag Monaco's own sash 200 px to the left: the original side narrows.
  const sash = page.locator('[data-testid=diff-view] .monaco-sash.vertical').first();
  const box = (await sash.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 200, box.y + 200, { steps: 8 });
  await page.mouse.up();
  await expect.poll(() => split(page)).toBeLessThan(before - 0.1);
  const moved = await split(page);

  // A reload opens the editor with the split where it was left.
  await page.reload();
  await openSample(page);
  await expect.poll(() => split(page)).toBeGreaterThan(moved - 0.01);
  expect(await split(page)).toBeLessThan(moved + 0.01);

  // A double click on the sash puts it back in the middle, and that is remembered too.
  const again = (await sash.boundingBox())!;
  await page.mouse.dblclick(again.x + again.width / 2, again.y + 200);
  await expect.poll(() => split(page)).toBeGreaterThan(before - 0.03);
  await page.reload();
  await openSample(page);
  await expect.poll(() => split(page)).toBeGreaterThan(before - 0.03);
  expect(await split(page)).toBeLessThan(before + 0.03);
});
