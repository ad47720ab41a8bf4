// Timing in the web mode with sessions of thousands of turns: window steps faster than Monaco diffs,
// and a preview drawn before the full read of a file (or a stored session) over the preview threshold. They run alone,
// after the other browser tests (see playwright.config.ts): a paint that waits behind another test's
// work would change what they observe.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test, waitForInspection } from './support/app.js';
import { writeLongSession } from './support/long-session.js';
import { startServe, tempDir, type ServeHandle } from './support/server.js';
import { generateSession } from '../bench/session-generator.js';
import { BENCH_STORED_SESSION, writeBenchStore } from '../bench/store-writer.js';

test.describe.configure({ mode: 'default' });

let server: ServeHandle | null = null;

test.afterEach(async () => {
  await server?.stop();
  server = null;
});

/**
 * Open the page and wait for its first diff, which must be the preview's, then for the full
 * inspection in its place.
 */
async function previewThenFullInspection(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // Generous waits: on cores shared with other work, Monaco's first paint alone can take half a minute.
  await expect(page.getByTestId('diff-view')).toHaveAttribute('data-first-diff-ms', /^\d+$/, { timeout: 60_000 });
  // The full read starts once the preview is drawn: the first diff comes before the session is read.
  await expect(page.getByTestId('preview-notice')).toHaveCount(0, { timeout: 60_000 });
  await waitForInspection(page);
  const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])));
  expect(marks['ti:preview:end']).toBeGreaterThan(0);
  expect(marks['ti:first-diff']).toBeGreaterThan(marks['ti:preview:end']);
  // The preview is drawn before the full inspection takes its place, even when it came after the full
  // read started (a busy machine): the first diff on screen is the preview's.
  expect(marks['ti:open:end']).toBeGreaterThan(marks['ti:first-diff']);
}

test('rapid window steps across a view switch end on the right window, without errors', async ({ page, problems }) => {
  // Twenty-four window steps, each diffed in Monaco's worker: about a minute on two busy cores.
  test.slow();
  const work = tempDir();
  const session = await writeLongSession(path.join(work, 'long-session.jsonl'));
  server = await startServe({ file: session.file, dir: work });
  await page.goto(server.url);
  await waitForInspection(page);
  const bar = page.getByTestId('diff-window');
  const diff = page.getByTestId('diff-view');
  const size = Number(await bar.getAttribute('data-to'));
  // Key presses as fast as they come, both ways and across view switches: windows are asked for,
  // superseded, land and are replaced while the worker may still diff the previous ones.
  for (let round = 0; round < 3; round += 1) {
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Alt+PageDown');
    await expect(bar).toHaveAttribute('data-from', String(4 * size));
    await page.keyboard.press('Alt+V');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('Alt+PageUp');
    await expect(bar).toHaveAttribute('data-from', '0');
  }
  await expect(diff).toHaveAttribute('data-view', 'transcript');
  await expect(diff).toHaveAttribute('data-status', 'ready');
  await expect(diff).toHaveAttribute('data-diffing', 'false');
  await expect(bar).toHaveAttribute('data-to', String(size));
  expect(problems).toEqual([]);
});

test('a large file shows a preview of its first turns first, then the full inspection in its place', async ({ page, problems }) => {
  test.slow();
  const work = tempDir();
  const file = path.join(work, 'large-session.jsonl');
  // Over the host's 8 MiB preview threshold: images, long tool outputs, a branch and a compaction.
  await generateSession(file, 9);
  server = await startServe({ file, dir: work });
  // Every verdict the page shows on the way, and the file button beside it (the preview lasts a moment).
  await page.addInitScript(() => {
    const seen: { state: string; text: string; file: string }[] = [];
    (window as unknown as { __verdicts: typeof seen }).__verdicts = seen;
    const record = () => {
      const verdict = document.querySelector<HTMLElement>('[data-testid=verdict]');
      if (!verdict) return;
      const entry = {
        state: verdict.dataset.state ?? '',
        text: verdict.querySelector('.verdict-head')?.textContent ?? '',
        file: document.querySelector('[data-testid=recent-button]')?.textContent ?? '',
      };
      const last = seen[seen.length - 1];
      if (!last || last.state !== entry.state || last.text !== entry.text) seen.push(entry);
    };
    // Polled, not observed: a MutationObserver on the whole page would slow Monaco's drawing, which this test times.
    setInterval(record, 25);
  });
  await previewThenFullInspection(page, server.url);
  const diff = page.getByTestId('diff-view');
  // Then the full inspection: every turn, no preview label, the repair button for this file.
  const bar = page.getByTestId('diff-window');
  const total = Number(await bar.getAttribute('data-total'));
  expect(total).toBeGreaterThan(64);
  await expect(page.getByTestId('window-label')).not.toContainText('preview');
  // While only the preview was read, the verdict said how much and never accepted; the file button named the file.
  const verdicts = await page.evaluate(
    () => (window as unknown as { __verdicts: { state: string; text: string; file: string }[] }).__verdicts,
  );
  const during = verdicts.filter((v) => /the first [\d,]+ turns? of [\d,]+/.test(v.text));
  // The preview's verdict stayed up at least until its diff was drawn.
  expect(during.length, JSON.stringify(verdicts)).toBeGreaterThan(0);
  for (const v of during) {
    expect(['partial', 'rejected']).toContain(v.state);
    expect(v.file).toContain('large-session.jsonl');
  }
  // Nothing said "accepted" before the whole session was read.
  const lastPreview = verdicts.indexOf(during[during.length - 1]);
  expect(verdicts.slice(0, lastPreview + 1).map((v) => v.state)).not.toContain('accepted');
  await expect(diff).toHaveAttribute('data-status', 'ready');
  expect(problems).toEqual([]);
});

test('a large session of an OpenClaw store shows a preview of its first turns first, and the store is never written', async ({
  page,
  problems,
}) => {
  test.slow();
  const work = tempDir();
  const file = path.join(work, 'large-session.jsonl');
  await generateSession(file, 9);
  // The same session as the one session of a store OpenClaw's schema lays out (written by real SQLite).
  const store = path.join(work, 'openclaw-agent.sqlite');
  writeBenchStore(file, store);
  const before = fs.readFileSync(store);
  server = await startServe({ file: `${store}#${BENCH_STORED_SESSION}`, dir: work });
  await previewThenFullInspection(page, server.url);
  const diff = page.getByTestId('diff-view');
  await expect(page.getByTestId('recent-button')).toContainText(`openclaw-agent.sqlite#${BENCH_STORED_SESSION}`);
  expect(Number(await page.getByTestId('diff-window').getAttribute('data-total'))).toBeGreaterThan(64);
  await expect(page.getByTestId('window-label')).not.toContainText('preview');
  await expect(diff).toHaveAttribute('data-status', 'ready');
  expect(fs.readFileSync(store).equals(before)).toBe(true);
  expect(fs.readdirSync(work).filter((name) => /-journal$|-shm$|-wal$/.test(name))).toEqual([]);
  expect(problems).toEqual([]);
});
