// The answer first (the verdict, target picking, reading the diff, words for users) and the main view's screenshots, in the web mode.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { chooseProvider, openSample, openSection, test, waitForInspection } from './support/app.js';
import { root } from './support/server.js';

/** A file picked in the page, from bytes. */
async function pickBytes(page: Page, name: string, bytes: Buffer): Promise<void> {
  await page.getByTestId('file-input').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
  await expect(page.getByTestId('recent-button')).toContainText(name);
}

/** Click a line of one side of the diff (the n-th line drawn). */
async function clickLine(page: Page, side: 'original' | 'modified', n: number): Promise<void> {
  await page.locator(`[data-testid=diff-view] .editor.${side} .view-line`).nth(n).click();
}

test('the verdict comes first: rejected or accepted for the target, each problem with the provider’s words, the turn and the rule', async ({
  page,
  sharedServer: server,
}) => {
  await page.goto(server.url);
  await openSample(page);
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-state', /^(accepted|rejected)$/);
  // It is the first thing in the side panel, above the rules fired.
  const verdictBox = (await verdict.boundingBox())!;
  const rulesBox = (await page.getByTestId('section-rules').boundingBox())!;
  expect(verdictBox.y).toBeLessThan(rulesBox.y);
  const state = await verdict.getAttribute('data-state');
  const headline = page.getByTestId('verdict-headline');
  if (state === 'accepted') await expect(headline).toContainText(/accept/i);
  else await expect(headline).toContainText(/Would be rejected — \d+ problem/);
  // The sample as recorded would be rejected: the replay's fixes are listed with the provider's own error text.
  const fixed = page.getByTestId('verdict-fixed');
  await expect(fixed).toBeVisible();
  const item = fixed.getByTestId('verdict-item').first();
  await expect(item.getByTestId('typical-error')).toContainText(/answers:/);
  await expect(item).toContainText(/turn #\d+/);
  await expect(item).toContainText('Rule:');
  expect(await item.getAttribute('data-rule')).not.toBe('');
  // Clicking a problem shows it in the diff.
  await item.locator('button').click();
  await expect(page.getByTestId('diff-view')).not.toHaveAttribute('data-revealed-original', '');
  // The rules fired follow, grouped by rule and closed, with counts.
  const group = page.getByTestId('rule-group').first();
  await expect(group).toHaveAttribute('data-open', 'false');
  expect(Number(await group.getAttribute('data-count'))).toBeGreaterThan(0);
  await expect(group.locator('.count')).toHaveText(/^\d[\d,]*$/);

  // Another target whose replay the provider would reject says so, most severe first.
  await chooseProvider(page, 'google');
  await waitForInspection(page);
  await expect(verdict).toHaveAttribute('data-state', /^(accepted|rejected)$/);
  const problems = Number(await verdict.getAttribute('data-problems'));
  await expect(page.locator('[data-testid=verdict] > .verdict-problems [data-testid=verdict-item]')).toHaveCount(problems);
});

test('a file that is not a session is an explicit error with the reason and the line, never an all-clear', async ({
  page,
  sharedServer: server,
}) => {
  await page.goto(server.url);
  await pickBytes(page, 'hello.jsonl', Buffer.from('{"hello":"world"}\n'));
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-state', 'not-a-session');
  const box = page.getByTestId('not-a-session');
  await expect(box).toBeVisible();
  await expect(box).toHaveAttribute('data-line', '1');
  await expect(verdict).not.toContainText(/should accept|No rule fired|Accepted/i);

  // A PNG renamed .jsonl: binary, not a session.
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  await pickBytes(page, 'picture.jsonl', png);
  await expect(verdict).toHaveAttribute('data-state', 'not-a-session');
  await expect(page.getByTestId('not-a-session')).toContainText(/binary|not text|PNG|not a session/i);
  await expect(verdict).not.toContainText(/should accept|Accepted/i);
});

test('target picking: one search for providers and models, the session’s model first, recent targets, flagship, reasoning', async ({
  page,
  sharedServer: server,
}) => {
  await page.goto(server.url);
  await openSample(page);
  const picker = page.getByTestId('target-picker');
  const sessionModel = await picker.getAttribute('data-model');
  // Ctrl+K opens the palette; the session's own model is offered first, marked.
  await page.keyboard.press('Control+k');
  const search = page.getByTestId('target-search');
  await expect(search).toBeFocused();
  await expect(page.getByTestId('target-palette')).toContainText('This session’s model');
  await expect(page.getByTestId('target-option').first()).toHaveAttribute('data-model', sessionModel ?? '');
  // Searching narrows both lists: "gemini" finds Google's models.
  await search.fill('gemini');
  const options = page.getByTestId('target-option');
  await expect(options.first()).toBeVisible();
  for (const model of await options.evaluateAll((nodes) =>
    nodes.map((n) => `${(n as HTMLElement).dataset.provider} ${(n as HTMLElement).dataset.model}`),
  ))
    expect(model.toLowerCase()).toContain('gemini');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('target-palette')).toHaveCount(0);

  // A provider alone takes its flagship (never the alphabetically first model), and says which.
  const first = await page.getByTestId('annotation-list').getAttribute('data-inspection');
  await chooseProvider(page, 'google');
  await waitForInspection(page, first ?? undefined);
  const flagship = (await picker.getAttribute('data-model')) ?? '';
  expect(flagship).not.toBe('gemini-1.5-flash');
  // Said in the palette (and in a toast at the time of the change).
  await page.getByTestId('target-button').click();
  await expect(page.locator('.target-notice')).toContainText(`the target is its flagship, ${flagship}`);
  await page.keyboard.press('Escape');

  // The reasoning switch re-inspects with thinking on or off.
  const reasoning = page.getByTestId('reasoning-toggle');
  const was = await picker.getAttribute('data-reasoning');
  const before = await page.getByTestId('annotation-list').getAttribute('data-inspection');
  await reasoning.click();
  await expect(picker).not.toHaveAttribute('data-reasoning', was ?? '');
  await expect(reasoning).toHaveAttribute('aria-pressed', was === 'true' ? 'false' : 'true');
  await waitForInspection(page, before ?? undefined);

  // Recent targets: the session's first target is there to go back to.
  await page.getByTestId('target-button').click();
  await expect(page.getByTestId('target-palette')).toContainText('Recent');
  await page.locator(`[data-testid=target-option][data-model="${sessionModel}"]`).first().click();
  await expect(picker).toHaveAttribute('data-model', sessionModel ?? '');
});

test('reading the diff: search both sides (Ctrl+F), go to, copy the JSON path and the message', async ({
  page,
  context,
  sharedServer: server,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(server.url);
  await openSample(page);
  const diff = page.getByTestId('diff-view');

  // Ctrl+F puts the keyboard in the diff's search, which counts matches on both sides.
  await page.locator('[data-testid=diff-view] .editor.modified .view-line').first().click();
  await page.keyboard.press('Control+f');
  const search = page.getByTestId('search-input');
  await expect(search).toBeFocused();
  await search.fill('call_id');
  const count = page.getByTestId('search-count');
  await expect(count).not.toHaveAttribute('data-total', '0');
  await search.press('Enter');
  await expect(count).toHaveText(/^1\/\d+\+?$/);
  await expect(page.locator('[data-testid=diff-view] .ti-search-current')).toHaveCount(1);
  await search.press('Enter');
  await expect(count).toHaveText(/^2\/\d+\+?$/);
  await search.fill('no such text anywhere 12345');
  await expect(count).toHaveText('none');

  // Go to a payload position and to a transcript turn; a bad one says what is wrong.
  const goto = page.getByTestId('goto');
  await goto.fill('somewhere else');
  await goto.press('Enter');
  await expect(goto).toHaveAttribute('data-problem', /is not a turn or a payload position/);
  // messages[N] is understood for any provider's list (the sample's payload calls it input).
  await goto.fill('messages[3]');
  await goto.press('Enter');
  await expect(goto).toHaveAttribute('data-problem', '');
  await expect(diff).not.toHaveAttribute('data-revealed-replay', '');
  await goto.fill('turn #2');
  await goto.press('Enter');
  await expect(goto).toHaveAttribute('data-problem', '');
  await expect(diff).not.toHaveAttribute('data-revealed-original', '');
  await goto.fill('turn #99999');
  await goto.press('Enter');
  await expect(goto).toHaveAttribute('data-problem', /turn/);

  // The cursor's line: its JSON path and its turn in the footer (the two numberings side by side), and copies.
  await goto.fill('turn #2');
  await goto.press('Enter');
  await clickLine(page, 'modified', 6);
  const place = page.getByTestId('diff-path');
  await expect(place).toHaveAttribute('data-path', /^input\[\d+\]/);
  await expect(place).toContainText(/turn #\d+/);
  await page.getByTestId('copy-button').click();
  await page.getByTestId('copy-path').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Copied the JSON path' }).first()).toBeVisible();
  const copiedPath = await page.evaluate(() => navigator.clipboard.readText());
  expect(copiedPath).toBe(await place.getAttribute('data-path'));
  await page.getByTestId('copy-button').click();
  await page.getByTestId('copy-message').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Copied the JSON of' }).first()).toBeVisible();
  const message = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as Record<string, unknown>;
  expect(typeof message).toBe('object');
  expect(message.type ?? message.role).toBeTruthy();
});

test('reading the diff: wrap long lines, and one inline column, both remembered after a reload', async ({ page, sharedServer: server }) => {
  await page.goto(server.url);
  await openSample(page);

  // Word wrap: no line is wider than its side.
  const widest = () =>
    page.evaluate(() => {
      const side = document.querySelector<HTMLElement>('[data-testid=diff-view] .editor.modified');
      const lines = side?.querySelector<HTMLElement>('.view-lines');
      return { lines: lines?.scrollWidth ?? 0, side: side?.clientWidth ?? 0 };
    });
  const wrap = page.getByTestId('wrap-toggle');
  if ((await wrap.getAttribute('aria-pressed')) === 'true') await wrap.click();
  await expect.poll(async () => (await widest()).lines > (await widest()).side).toBe(true);
  await wrap.click();
  await expect(wrap).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await widest()).lines <= (await widest()).side + 2).toBe(true);

  // Inline: one column, the original side gone, the title says so; remembered after a reload.
  const inline = page.getByTestId('inline-toggle');
  await inline.click();
  await expect(inline).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-testid=diff-view] .diff-header')).toContainText('Original → replay');
  // One editor spans the diff: the replay side with the removed lines shown inline.
  const body = (await page.locator('[data-testid=diff-view] .diff-body').boundingBox())!;
  await expect
    .poll(async () => (await page.locator('[data-testid=diff-view] .editor.modified').boundingBox())?.width ?? 0)
    .toBeGreaterThan(body.width * 0.9);
  await page.reload();
  await openSample(page);
  await expect(page.getByTestId('inline-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('wrap-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('inline-toggle').click();
  await page.getByTestId('wrap-toggle').click();
});

test('the turn list and the side panel resize and collapse, and the sizes are remembered', async ({ page, sharedServer: server }) => {
  await page.goto(server.url);
  await openSample(page);
  const turns = page.locator('[data-pane=turns]');
  const side = page.locator('[data-pane=side]');
  const diff = page.getByTestId('diff-view');
  const width = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())?.width ?? 0;
  const turnsBefore = await width(turns);
  // Drag the splitter 120 px to the right: the turn list widens by as much.
  const handle = (await page.getByTestId('splitter-turns').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 120, handle.y + handle.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => width(turns)).toBeGreaterThan(turnsBefore + 100);
  const turnsAfter = await width(turns);
  // The keyboard too: the side panel's splitter, arrow left widens it.
  const sideBefore = await width(side);
  await page.getByTestId('splitter-side').focus();
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => width(side)).toBeGreaterThan(sideBefore + 50);
  // Collapse the side panel: the diff takes its room.
  const diffBefore = await width(diff);
  await page.getByTestId('collapse-side').click();
  await expect(side).toBeHidden();
  await expect.poll(() => width(diff)).toBeGreaterThan(diffBefore + 200);
  // All of it survives a reload.
  await page.reload();
  await openSample(page).catch(() => undefined);
  await expect(page.getByTestId('collapse-side')).toHaveAttribute('aria-pressed', 'true');
  await expect(side).toBeHidden();
  await expect.poll(() => width(turns)).toBeGreaterThan(turnsAfter - 2);
  await page.getByTestId('collapse-side').click();
  await expect(side).toBeVisible();
  await expect(page.getByTestId('verdict')).toBeVisible();
});

test('at 1280×800 the toolbars stay on one line and every switch is on screen', async ({ page, sharedServer: server }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(server.url);
  await openSample(page);
  const toolbar = (await page.locator('.app > .toolbar').boundingBox())!;
  const diffToolbar = (await page.getByTestId('diff-toolbar').boundingBox())!;
  expect(toolbar.height).toBeLessThan(56);
  expect(diffToolbar.height).toBeLessThan(44);
  for (const id of ['search-input', 'goto', 'wrap-toggle', 'inline-toggle', 'hide-unchanged-toggle', 'copy-button']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box, id).not.toBeNull();
    expect(box.x + box.width, id).toBeLessThanOrEqual(diffToolbar.x + diffToolbar.width + 1);
    expect(box.y, id).toBeGreaterThanOrEqual(diffToolbar.y - 1);
    expect(box.y + box.height, id).toBeLessThanOrEqual(diffToolbar.y + diffToolbar.height + 1);
  }
  for (const id of ['target-button', 'reasoning-toggle', 'export-button', 'repair-button']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x + box.width, id).toBeLessThanOrEqual(1280);
    expect(box.y + box.height, id).toBeLessThanOrEqual(toolbar.y + toolbar.height + 1);
  }
  // The verdict is on screen without scrolling.
  const verdict = (await page.getByTestId('verdict-headline').boundingBox())!;
  expect(verdict.y + verdict.height).toBeLessThan(800);
});

test('words for users: the policy in sentences, the payload builder’s additions explained where they appear', async ({
  page,
  sharedServer: server,
}) => {
  await page.goto(server.url);
  await openSample(page);
  // The status bar says the policy in sentences; raw flag names are for the tooltip and the popover's last column.
  const policy = page.getByTestId('policy-button');
  await expect(policy).not.toContainText(/[a-z]+[A-Z][a-zA-Z]*=/);
  await expect(policy).not.toContainText('sanitizeMode');
  expect(await policy.getAttribute('title')).toMatch(/\([a-zA-Z]+\)/);
  // No developer text anywhere in the side panel.
  await openSection(page, 'rules');
  await page.getByTestId('rules-expand-all').click();
  const panel = page.locator('.side-panel');
  await expect(panel).not.toContainText(/SPEC|§|DESIGN\.md/);
  await expect(panel).not.toContainText(/\b(não|também|então)\b/);

  // Anthropic's payload carries cache breakpoints the payload builder adds: a note says what they are.
  const first = await page.getByTestId('annotation-list').getAttribute('data-inspection');
  await chooseProvider(page, 'anthropic');
  await waitForInspection(page, first ?? undefined);
  const search = page.getByTestId('search-input');
  await search.fill('cache_control');
  await expect(page.getByTestId('search-count')).not.toHaveAttribute('data-total', '0');
  await search.press('Enter');
  const note = page.locator('[data-testid=diff-view] .ti-builder-note').first();
  await expect(note).toBeVisible();
  await expect(note).toContainText(/cache/i);
});

/**
 * The main view for docs/: light and dark, 1600×1000 and 1280×800 (refreshed in docs/ with UPDATE_SCREENSHOT=1; always kept in
 * test-results). One page per scheme: opened at the larger size, then resized, as a window is (the toolbars at 1280×800 on a page
 * loaded at that size have a test of their own above).
 */
for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots of the main view, ${scheme}, 1600×1000 and 1280×800`, async ({ page, sharedServer: server }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.goto(server.url);
    await openSample(page);
    await chooseProvider(page, 'anthropic');
    await waitForInspection(page);
    // A problem of the verdict selected: the diff shows where it is.
    const item = page.getByTestId('verdict-item').first();
    await item.locator('button').click();
    const diff = page.getByTestId('diff-view');
    await expect(diff).not.toHaveAttribute('data-revealed-original', '');
    await expect(diff).toHaveAttribute('data-diffing', 'false');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background === 'rgb(21, 24, 30)').toBe(scheme === 'dark');
    for (const [width, height] of [
      [1600, 1000],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Monaco lays its editors out again on the resize (a ResizeObserver, then the next frame): two frames later it has.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await expect(diff).toHaveAttribute('data-status', 'ready');
      await page.mouse.move(0, height - 1);
      const shot = await page.screenshot();
      const name = `main-view-${scheme}-${width}x${height}.png`;
      fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
      fs.writeFileSync(path.join(root, 'test-results', name), shot);
      if (process.env.UPDATE_SCREENSHOT === '1') fs.writeFileSync(path.join(root, 'docs', name), shot);
    }
  });
}
