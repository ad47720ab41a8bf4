// The turn list of a session of a million turns, in Chromium: taller than any element Chromium lays out
// (33,554,432 px at 46 px a turn is about 729,000 turns), it still scrolls to its last turn, and the
// wheel and Page Down move it by the distance asked for. The host's answers are the sample's, with the
// turn count raised and the rows made up, so the test needs no session of hundreds of megabytes.
import { expect, type Page } from '@playwright/test';
import { openSample, test } from './support/app.js';

const TURNS = 1_000_000;
const ROW = 46;

/** Make the sample's inspection a million turns long on both sides, its rows numbered. */
async function pretendMillionTurns(page: Page): Promise<void> {
  await page.route('**/api/inspect', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result?: { original: { turnCount: number }; replay: { turnCount: number } } };
    if (body.result) {
      body.result.original.turnCount = TURNS;
      body.result.replay.turnCount = TURNS;
    }
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/getTurns', async (route) => {
    const [, , start, count] = (route.request().postDataJSON() as { args: [string, string, number, number] }).args;
    const rows = [];
    for (let index = start; index < Math.min(TURNS, start + count); index++)
      rows.push({
        index,
        turn: index,
        role: index % 2 ? 'assistant' : 'user',
        bytes: 120,
        tokens: { value: 30, estimated: true },
        rules: [],
        preview: `made-up turn ${index}`,
        line: index + 1,
      });
    await route.fulfill({ json: { result: { total: TURNS, start, rows } } });
  });
}

/** The turns whose rows are wholly inside the list's visible box, in order. */
async function rowsInView(page: Page): Promise<number[]> {
  return page.getByTestId('turn-list').evaluate((list) => {
    const box = list.getBoundingClientRect();
    return [...list.querySelectorAll<HTMLElement>('[data-testid=turn-item]')]
      .filter((row) => {
        const r = row.getBoundingClientRect();
        return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
      })
      .map((row) => Number(row.dataset.index))
      .sort((a, b) => a - b);
  });
}

/** The pixel of the whole list at the top of the view, read off the rows drawn. */
async function listOffset(page: Page): Promise<number> {
  return page.getByTestId('turn-list').evaluate((list) => {
    const top = list.getBoundingClientRect().top + list.clientTop;
    const rows = [...list.querySelectorAll<HTMLElement>('[data-testid=turn-item]')];
    const row = rows.find((r) => r.getBoundingClientRect().bottom > top) ?? rows[0];
    return Number(row.dataset.index) * 46 + (top - row.getBoundingClientRect().top);
  });
}

test('a list of a million turns scrolls to its last, by the distance asked for', async ({ page, sharedServer: server }) => {
  await pretendMillionTurns(page);
  await page.goto(server.url);
  await openSample(page);
  const list = page.getByTestId('turn-list');
  await expect(list).toHaveAttribute('data-total', String(TURNS));
  // The header's count keeps its digits, grouped.
  await expect(page.locator('.turn-list .pane-header .count')).toHaveText('1,000,000');
  await expect(page.locator('[data-testid=turn-item][data-index="0"]')).toContainText('made-up turn 0');
  const { scrollHeight, clientHeight } = await list.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
  // Laid out whole, the list would be 46 million px: Chromium cuts an element at 33.5 million, Firefox at 17.9.
  expect(scrollHeight).toBeLessThan(17_895_697);
  expect(clientHeight).toBeGreaterThan(4 * ROW);

  // The wheel: five rows' worth moves the list five rows, not five times the scale.
  await list.hover();
  await page.mouse.wheel(0, 5 * ROW);
  await expect.poll(async () => (await rowsInView(page))[0]).toBe(5);
  expect(await listOffset(page)).toBe(5 * ROW);
  // A slow touchpad's fractions of a pixel add up, neither lost nor rounded up.
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 0.5);
  await expect.poll(() => listOffset(page)).toBe(5 * ROW + 10);

  // Page Down: one view less one row, to the pixel (a scroll of whole pixels scaled three times could not).
  await list.focus();
  await page.keyboard.press('PageDown');
  await expect.poll(() => listOffset(page)).toBe(5 * ROW + 10 + clientHeight - ROW);

  // The scrollbar's middle is the list's middle.
  await list.evaluate((el) => el.scrollTo({ top: (el.scrollHeight - el.clientHeight) / 2 }));
  await expect.poll(async () => Math.abs((await rowsInView(page))[0] - TURNS / 2)).toBeLessThan(20);
  await expect(page.locator(`[data-testid=turn-item][data-index="${(await rowsInView(page))[0]}"]`)).toContainText('made-up turn');

  // Near the end, the rows drawn below the view do not stretch the content: the scrollbar's end stays the list's end.
  const nearEnd = scrollHeight - clientHeight - 100;
  await list.evaluate((el, top) => el.scrollTo({ top }), nearEnd);
  await expect.poll(async () => (await rowsInView(page)).at(-1)).toBeGreaterThan(TURNS - 12);
  expect(await list.evaluate((el) => el.scrollHeight)).toBe(scrollHeight);

  // End: the last turn, its bottom at the list's bottom.
  await page.keyboard.press('End');
  await expect.poll(async () => (await rowsInView(page)).at(-1)).toBe(TURNS - 1);
  const last = page.locator(`[data-testid=turn-item][data-index="${TURNS - 1}"]`);
  await expect(last).toContainText(`made-up turn ${TURNS - 1}`);
  const [rowBox, listBox] = [await last.boundingBox(), await list.boundingBox()];
  expect(Math.abs(rowBox!.y + rowBox!.height - (listBox!.y + listBox!.height))).toBeLessThan(2);
  expect(await listOffset(page)).toBe(TURNS * ROW - clientHeight);
  // No dead stretch at the end: the first wheel turn up moves the list.
  await page.mouse.wheel(0, -100);
  await expect.poll(() => listOffset(page)).toBe(TURNS * ROW - clientHeight - 100);

  // Home: the first again.
  await page.keyboard.press('Home');
  await expect.poll(async () => (await rowsInView(page))[0]).toBe(0);

  // A turn chosen from the top (Up with nothing selected chooses the last) is brought into view.
  await page.keyboard.press('ArrowUp');
  await expect(last).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await rowsInView(page)).at(-1)).toBe(TURNS - 1);
  await page.keyboard.press('ArrowUp');
  await expect(page.locator(`[data-testid=turn-item][data-index="${TURNS - 2}"]`)).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await rowsInView(page)).at(-1)).toBe(TURNS - 1);
});
