// The first screen of a large session: its first lines are drawn as plain text before the diff editor
// has loaded, and the editor then takes their place with the same text.
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { HOLD_MAX_MS, type HoldEnd } from '../../renderer/editor-loader.js';
import { PAINT_WAIT_MS } from '../../renderer/store/session-slice.js';
import { test } from './support/app.js';
import { writeLongSession } from './support/long-session.js';
import { startServe, tempDir, type ServeHandle } from './support/server.js';

let server: ServeHandle | null = null;

test.afterEach(async () => {
  await server?.stop();
  server = null;
});

/** Lines compared on each side: the top of the pane, folded by nothing. */
const COMPARED = 15;
/** A page's timer may fire this much before its delay on the `performance.now()` clock. */
const TIMER_SLACK_MS = 5;
/** More characters than half of the 1600 px pane shows (7.5 px each). */
const SHOWN_CHARS = 120;

/** The first lines the plain view draws on one side. */
async function staticLines(page: Page, side: 'original' | 'replay'): Promise<string[]> {
  const texts = await page.locator(`[data-testid=static-diff] [data-side=${side}] .static-diff-text`).allTextContents();
  return texts.slice(0, COMPARED);
}

/** The first lines Monaco draws on one side, top to bottom (its line elements are not in order). */
async function editorLines(page: Page, side: 'original' | 'replay'): Promise<string[]> {
  const editor = side === 'original' ? '.editor.original' : '.editor.modified';
  const lines = page.locator(`[data-testid=diff-view] ${editor} .view-lines .view-line`);
  const placed = await lines.evaluateAll((elements) =>
    elements.map((element) => ({ top: parseFloat((element as HTMLElement).style.top), text: element.textContent ?? '' })),
  );
  return placed
    .sort((a, b) => a.top - b.top)
    .slice(0, COMPARED)
    .map((line) => line.text.replace(/\u00a0/g, ' '));
}

test('the first lines of both sides are drawn before the editor, which replaces them with the same text', async ({ page }) => {
  const work = tempDir();
  // Thousands of turns: `serve FILE` has a preview of the first ones, as for the sessions the first screen is about.
  const session = await writeLongSession(path.join(work, 'long-session.jsonl'));
  server = await startServe({ file: session.file, dir: work });
  // The editor's chunk is held back until the plain view has been checked; unchanged regions are not
  // folded, so the editor's top lines are the documents' first lines, as the plain view's are.
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/diff-editor-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.addInitScript(() =>
    localStorage.setItem('transcript-inspector:diff-switches', JSON.stringify({ wordWrap: false, inline: false, hideUnchanged: false })),
  );
  await page.goto(server.url);

  const diff = page.getByTestId('diff-view');
  const plain = page.getByTestId('static-diff');
  await expect(plain).toBeVisible();
  await expect(diff).toHaveAttribute('data-first-diff-ms', /^\d+$/);
  await expect(diff).toHaveAttribute('data-editor-painted-ms', '');
  await expect(page.locator('[data-testid=diff-view] .monaco-diff-editor')).toHaveCount(0);
  await expect(plain.getByRole('status')).toHaveText('Loading the editor…');
  const before = { original: await staticLines(page, 'original'), replay: await staticLines(page, 'replay') };
  // The payload's first lines on both sides: the model, then the messages.
  for (const side of [before.original, before.replay]) {
    expect(side).toHaveLength(COMPARED);
    expect(side[0]).toBe('{');
    expect(side.slice(1).join('\n')).toContain('"messages": [');
  }

  release();
  await expect(diff).toHaveAttribute('data-editor-painted-ms', /^\d+$/);
  await expect(plain).toHaveCount(0);
  for (const side of ['original', 'replay'] as const) {
    // Each side's lines are the editor's own frames after its first paint: on a loaded machine (a CI
    // run beside a benchmark) one side had none yet when read at once.
    await expect.poll(async () => (await editorLines(page, side)).length).toBe(COMPARED);
    const after = await editorLines(page, side);
    // The same lines; the plain view cuts a long one, past what half of the pane shows.
    after.forEach((line, i) => {
      const drawn = before[side][i];
      if (line.length <= SHOWN_CHARS) expect(drawn).toBe(line);
      else {
        expect(drawn.length).toBeGreaterThanOrEqual(SHOWN_CHARS);
        expect(line.startsWith(drawn)).toBe(true);
      }
    });
  }
  // The first diff on screen was the plain view's.
  const firstDiff = Number(await diff.getAttribute('data-first-diff-ms'));
  expect(firstDiff).toBeLessThanOrEqual(Number(await diff.getAttribute('data-editor-painted-ms')));
  // The editor's chunk was asked for only after it, unless the hold's clock ran out first: a host slowed
  // down by a busy machine may answer the preview late, and the editor does not wait for ever.
  const marks = await page.evaluate(() =>
    Object.fromEntries(
      performance.getEntriesByType('mark').map((m) => [m.name, { at: m.startTime, detail: (m as PerformanceMark).detail as unknown }]),
    ),
  );
  const editorStart = marks['ti:monaco:start'];
  const hold = (editorStart.detail as { hold?: HoldEnd } | null)?.hold;
  if (hold === 'no-answer' || hold === 'not-drawn') {
    test.info().annotations.push({ type: 'slow host', description: `the editor's hold ended by its clock (${hold})` });
    // The clock started no later than the page asked for the preview, or than the preview came.
    const clockFrom = hold === 'no-answer' ? 0 : marks['ti:preview:end'].at;
    const clock = hold === 'no-answer' ? HOLD_MAX_MS : PAINT_WAIT_MS;
    expect(editorStart.at).toBeGreaterThanOrEqual(clockFrom + clock - TIMER_SLACK_MS);
  } else {
    expect(hold).toBe('drawn');
    expect(editorStart.at).toBeGreaterThanOrEqual(marks['ti:first-diff'].at);
  }
});

test("the editor's chunk is fetched from the page's start only where the browser has the cores to compile it beside the page", async ({
  page,
  sharedServer,
}) => {
  /** The page as a browser with `cores` logical cores loads it: the modulepreload links it has once booted. */
  const preloads = async (cores: number): Promise<string[]> => {
    await page.addInitScript(
      (n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n, configurable: true }),
      cores,
    );
    await page.goto(sharedServer.url);
    await page.waitForFunction(() => performance.getEntriesByName('ti:boot').length > 0);
    // The page's own link, not those Vite adds when the editor is imported (after the launch answer).
    return page
      .locator('link[rel=modulepreload][data-editor-preload]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  };
  const chunk = await page.request
    .get(sharedServer.url)
    .then(async (response) => /name="ti-editor-chunk" content="\.\/([^"]+)"/.exec(await response.text())?.[1]);
  expect(chunk).toMatch(/^assets\/diff-editor-[^/]+\.js$/);
  // Two cores (this machine's, and most CI runners'): the browser's compile would share them with the
  // page's own scripts and the host, and the first diff came later for it.
  expect(await preloads(2)).toEqual([]);
  // Four and more: fetched and compiled from the start, run only when the editor is wanted.
  const links = await preloads(4);
  expect(links).toEqual([new URL(chunk!, sharedServer.origin + '/').href]);
});
