// The app in the web mode, driven in Debian's Chromium: open, target, annotations, repair, security.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import {
  chooseProvider,
  openAllRules,
  openRuleGroup,
  openSample,
  hoverForTooltip,
  openSection,
  ruleCounts,
  showUnchangedLines,
  test,
  waitForDiffSettled,
  waitForInspection,
} from './support/app.js';
import { copyFixture, root, startServe, tempDir, type ServeHandle } from './support/server.js';

// The server of a test that writes files (its own temp dir); the others take the worker's `sharedServer`.
let server: ServeHandle | null = null;

test.afterEach(async () => {
  await server?.stop();
  server = null;
});

test('opens the sample and shows the diff, annotations, preflight and turns', async ({ page, problems, sharedServer: server }) => {
  const response = await page.goto(server.url);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await openSample(page);
  expect(Number(await page.getByTestId('annotation-list').getAttribute('data-count'))).toBeGreaterThan(5);
  // The verdict comes first; the rules fired are grouped, closed until opened.
  await expect(page.getByTestId('verdict')).toBeVisible();
  await expect(page.getByTestId('rule-group').first()).toHaveAttribute('data-open', 'false');
  await openAllRules(page);
  await expect(page.getByTestId('annotation-item').first()).toBeVisible();
  await openSection(page, 'preflight');
  await expect(page.getByTestId('preflight-list')).toBeVisible();
  await expect(page.getByTestId('turn-item').first()).toContainText('#0');
  // Monaco rendered both sides of the diff.
  await expect(page.locator('[data-testid=diff-view] .editor.original .view-lines')).toBeVisible();
  await expect(page.locator('[data-testid=diff-view] .editor.modified .view-lines')).toBeVisible();
  // The transcript view is one click (or Alt+V) away.
  await page.keyboard.press('Alt+V');
  await expect(page.getByTestId('diff-view')).toHaveAttribute('data-view', 'transcript');
  await expect(page.getByTestId('diff-view')).toHaveAttribute('data-status', 'ready');
  await page.getByTestId('view-payload').click();
  await expect(page.getByTestId('diff-view')).toHaveAttribute('data-view', 'payload');
  // Keyboard: Ctrl+K opens the target palette with its search focused, Ctrl+O opens the file chooser (web mode: the page's input).
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('target-search')).toBeFocused();
  await expect(page.getByTestId('target-provider')).toBeVisible();
  await page.keyboard.press('Escape');
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Control+o');
  await chooser;
  // The policy popover lists every flag with its reason.
  await page.getByTestId('policy-button').click();
  await expect(page.getByTestId('policy-list')).toContainText('sanitizeMode');
  await page.keyboard.press('Escape');
  await page.getByTestId('diagnostics-button').click();
  await expect(page.getByTestId('diagnostics-list')).toBeVisible();
  expect(problems).toEqual([]);
});

test('changing the target re-inspects and changes the annotations', async ({ page, sharedServer: server }) => {
  await page.goto(server.url);
  const first = await openSample(page);
  const before = await ruleCounts(page);
  const picker = page.getByTestId('target-picker');
  const providerBefore = await picker.getAttribute('data-provider');
  const provider = providerBefore === 'mistral' ? 'google' : 'mistral';
  await chooseProvider(page, provider);
  // The first inspection for a provider loads its library: beside the unit tests and the other
  // worker on two cores (and anything else the machine runs), that has taken over 20 s, the default wait.
  await waitForInspection(page, first, { timeout: 60_000 });
  const after = await ruleCounts(page);
  expect(after).not.toEqual(before);
});

test('clicking an annotation reveals and highlights its lines in both editors; F8 steps', async ({ page, sharedServer: server }) => {
  await page.goto(server.url);
  await openSample(page);
  await openAllRules(page);
  // An annotation whose turn exists on both sides.
  const item = page.locator('[data-testid=annotation-item]:not([data-turn=""]):not([data-replay-turn=""])').first();
  await item.click();
  await expect(item).toHaveAttribute('aria-pressed', 'true');
  const diff = page.getByTestId('diff-view');
  await expect(diff).not.toHaveAttribute('data-revealed-original', '');
  await expect(diff).not.toHaveAttribute('data-revealed-replay', '');
  await expect(page.locator('[data-testid=diff-view] .editor.original .ti-line-highlight').first()).toBeVisible();
  await expect(page.locator('[data-testid=diff-view] .editor.modified .ti-line-highlight').first()).toBeVisible();
  // The highlighted line numbers are the revealed range.
  const [start] = ((await diff.getAttribute('data-revealed-original')) ?? '').split('-').map(Number);
  await expect(page.locator('[data-testid=diff-view] .editor.original .line-numbers', { hasText: new RegExp(`^${start}$`) })).toBeVisible();

  // F8 goes to the next annotation in panel order, Shift+F8 back.
  const selectedIndex = () => page.locator('[data-testid=annotation-item][aria-pressed=true]').getAttribute('data-index');
  const was = await selectedIndex();
  await page.keyboard.press('F8');
  await expect.poll(selectedIndex).not.toBe(was);
  await page.keyboard.press('Shift+F8');
  await expect.poll(selectedIndex).toBe(was);

  // The main view with an annotation selected, kept in test-results (docs/ has answer-first.spec.ts's).
  await expect(diff).toHaveAttribute('data-diffing', 'false');
  const shot = await page.screenshot();
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'test-results', 'main-view.png'), shot);

  // Selecting a turn scrolls the diff to it.
  // (The list scrolled to the annotation's turn: pick the row by its index, not its position.)
  const row = page.locator('[data-testid=turn-item][data-index="3"]');
  await row.click();
  await expect(row).toHaveAttribute('aria-pressed', 'true');
  await expect(diff).not.toHaveAttribute('data-revealed-original', '');
});

test('repair on disk: shows the plan, writes atomically, reloads', async ({ page }) => {
  const work = tempDir();
  const file = copyFixture('broken-session.jsonl', work);
  const originalBytes = fs.readFileSync(file);
  server = await startServe({ file, dir: work });
  await page.goto(server.url);
  await expect(page.getByTestId('recent-button')).toContainText('broken-session.jsonl');
  await waitForInspection(page);
  await expect(page.getByTestId('diagnostics-button')).not.toContainText(/^0 diagnostics/);

  await page.getByTestId('repair-button').click();
  const dialog = page.getByTestId('repair-plan');
  await expect(dialog).toHaveAttribute('data-phase', 'review');
  // The damage first (the cut-off line 7), then the two rewrites.
  await expect(page.getByTestId('repair-damage').getByTestId('repair-group')).toHaveCount(1);
  await expect(page.getByTestId('repair-damage')).toContainText('line 7');
  await expect(page.getByTestId('repair-fixes').getByTestId('repair-group')).toHaveCount(2);
  // Nothing is written before the confirmation.
  expect(fs.readFileSync(file).equals(originalBytes)).toBe(true);

  await page.getByTestId('repair-confirm').click();
  await expect(dialog).toHaveAttribute('data-status', 'repaired');
  await expect(
    page
      .getByTestId('toast')
      .filter({ hasText: /repair/i })
      .first(),
  ).toBeVisible();

  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  expect(lines).toHaveLength(6);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  expect(fs.readFileSync(file, 'utf8')).toContain('[assistant turn failed before producing content]');
  expect(fs.readFileSync(file, 'utf8')).toContain('(continue)');
  // No temporary file is left beside it; the original bytes are kept, for Undo.
  expect(fs.readdirSync(work).filter((f) => /\.bak-|\.tmp$/.test(f))).toEqual([]);
  const kept = fs.readdirSync(work).filter((f) => f.startsWith('broken-session.jsonl.before-repair-'));
  expect(kept).toHaveLength(1);
  expect(fs.readFileSync(path.join(work, kept[0])).equals(originalBytes)).toBe(true);

  await page.getByTestId('repair-cancel').click();
  await expect(page.getByTestId('diagnostics-button')).toContainText(/^0 diagnostics/);
  await expect(page.getByTestId('file-changed')).toHaveCount(0);
});

test('repair refuses when the file changed after the plan was shown', async ({ page }) => {
  const work = tempDir();
  const file = copyFixture('broken-session.jsonl', work);
  server = await startServe({ file, dir: work });
  await page.goto(server.url);
  await waitForInspection(page);
  await page.getByTestId('repair-button').click();
  await expect(page.getByTestId('repair-plan')).toHaveAttribute('data-phase', 'review');
  // Someone (the agent) appends to the session meanwhile.
  fs.appendFileSync(
    file,
    '{"type":"label","id":"l1","parentId":"a2","timestamp":"2025-11-12T08:42:00.000Z","targetId":"a2","label":"x"}\n',
  );
  const changed = fs.readFileSync(file);
  await page.getByTestId('repair-confirm').click();
  await expect(page.getByTestId('repair-plan')).toHaveAttribute('data-status', 'refused');
  await expect(page.getByTestId('repair-result')).toContainText(/changed/i);
  expect(fs.readFileSync(file).equals(changed)).toBe(true);
});

test('a refusal the user may override (another hard link) offers "Repair anyway", which repairs this name only', async ({ page }) => {
  const work = tempDir();
  const file = copyFixture('broken-session.jsonl', work);
  const other = path.join(work, 'other-name.jsonl');
  fs.linkSync(file, other);
  const originalBytes = fs.readFileSync(file);
  server = await startServe({ file, dir: work });
  await page.goto(server.url);
  await waitForInspection(page);
  await page.getByTestId('repair-button').click();
  const dialog = page.getByTestId('repair-plan');
  await expect(dialog).toHaveAttribute('data-phase', 'review');
  await expect(page.getByTestId('repair-force')).toHaveCount(0);
  await page.getByTestId('repair-confirm').click();
  await expect(dialog).toHaveAttribute('data-status', 'refused');
  await expect(page.getByTestId('repair-result')).toContainText('it has 1 other name(s) (hard links)');
  expect(fs.readFileSync(file).equals(originalBytes)).toBe(true);

  await page.getByTestId('repair-force').click();
  await expect(dialog).toHaveAttribute('data-status', 'repaired');
  await expect(page.getByTestId('repair-result')).toContainText('they still hold the old bytes');
  expect(fs.readFileSync(file, 'utf8')).toContain('(continue)');
  expect(fs.readFileSync(other).equals(originalBytes)).toBe(true);
});

test('the file is watched: a change on disk is announced and can be reloaded', async ({ page }) => {
  const work = tempDir();
  const file = copyFixture('broken-session.jsonl', work);
  server = await startServe({ file, dir: work });
  await page.goto(server.url);
  await waitForInspection(page);
  await expect(page.getByTestId('watch-state')).toHaveText('watching file');
  fs.appendFileSync(file, '\n');
  await expect(page.getByTestId('file-changed')).toBeVisible();
  await page.getByTestId('file-changed-reload').click();
  await expect(page.getByTestId('file-changed')).toHaveCount(0);
});

test('a file picked in the page opens (web mode has no native dialog)', async ({ page, sharedServer: server }) => {
  await page.goto(server.url);
  await page.getByTestId('file-input').setInputFiles(path.join(root, 'test/fixtures/e2e/broken-session.jsonl'));
  await expect(page.getByTestId('recent-button')).toContainText('broken-session.jsonl');
  await waitForInspection(page);
});

test('exports download in the web mode', async ({ page, sharedServer: server }) => {
  await page.goto(server.url);
  await openSample(page);
  await page.getByTestId('export-button').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-save-curl').click();
  const file = await download;
  const text = fs.readFileSync((await file.path())!, 'utf8');
  expect(text).toMatch(/curl/);
  expect(text).not.toMatch(/sk-[A-Za-z0-9]{20}/);
});

test('API requests without the token are refused', async ({ request, sharedServer: server }) => {
  for (const url of [`${server.origin}/api/launch`, `${server.origin}/api/events`]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(401);
  }
  const post = await request.post(`${server.origin}/api/listTargets`, { data: { args: [] } });
  expect(post.status()).toBe(401);
  const ok = await request.post(`${server.origin}/api/listTargets`, { data: { args: [] }, headers: { 'X-Inspector-Token': server.token } });
  expect(ok.status()).toBe(200);
});

test('markup in a session and an SVG image execute nothing', async ({ page, problems }) => {
  const work = tempDir();
  const file = copyFixture('xss-session.jsonl', work);
  server = await startServe({ file, dir: work });
  await page.goto(server.url);
  await waitForInspection(page);
  const pwned = () => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null);
  // Every line shown: with unchanged regions folded, the transcript view's placeholders sit in folds
  // (none left to hover), and a fold that lands after the list of placeholders was taken detaches them.
  await showUnchangedLines(page);
  // Hover every elided base64 placeholder (the SVG is big enough to be elided; the host never makes
  // it an image reference), then every view and panel; each once the diff stopped redrawing the lines.
  await waitForDiffSettled(page);
  await expect(page.locator('.ti-elision').first()).toBeVisible();
  for (const chip of await page.locator('.ti-elision').all()) await hoverForTooltip(page, chip);
  // "Show anyway" of every placeholder: the full string is text in the viewer, never rendered.
  for (const chip of await page.locator('.ti-elision').all()) {
    await chip.click();
    const viewer = page.getByTestId('elision-viewer');
    // Small strings are shown at once, big ones wait behind the gate.
    await expect(viewer).toHaveAttribute('data-phase', /^(gate|shown)$/);
    if ((await viewer.getAttribute('data-phase')) === 'gate') await page.getByTestId('elision-show').click();
    await expect(viewer).toHaveAttribute('data-phase', 'shown');
    await expect(viewer.locator('img:not(.elision-thumb), svg, iframe')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('elision-viewer')).toHaveCount(0);
  }
  await page.getByTestId('view-transcript').click();
  await expect(page.getByTestId('diff-view')).toHaveAttribute('data-view', 'transcript');
  await waitForDiffSettled(page);
  await expect(page.locator('.ti-elision').first()).toBeVisible();
  for (const chip of await page.locator('.ti-elision').all()) await hoverForTooltip(page, chip);
  for (const item of await page.getByTestId('turn-item').all()) await item.click();
  await openAllRules(page);
  for (const item of await page.getByTestId('annotation-item').all()) await item.click();
  expect(await pwned()).toBeNull();
  await expect(page.locator('img[src="x"], iframe, script:not([src])')).toHaveCount(0);
  // Thumbnails are only ever PNG data URLs.
  const images = await page.locator('img').evaluateAll((nodes) => nodes.map((n) => (n as HTMLImageElement).src));
  for (const src of images) expect(src.startsWith('data:image/png;base64,')).toBe(true);
  expect(problems).toEqual([]);
});

test('the behaviour switch replays as OpenClaw 2026.9.6 does, and the spec names its decisions', async ({ page, sharedServer: server }) => {
  await page.goto(server.url);
  const first = await openSample(page);
  const toggle = page.getByTestId('behaviour-toggle');
  await expect(toggle).toHaveAttribute('data-behaviour', 'spec');
  // Mistral's own API: the release keeps tool-call ids there, the spec's decision makes them 9 characters.
  await chooseProvider(page, 'mistral');
  const spec = await waitForInspection(page, first);
  const specRules = await ruleCounts(page);
  expect(specRules.some((r) => r.startsWith('tool-call-id:'))).toBe(true);
  await openRuleGroup(page, 'tool-call-id');
  const decided = page.locator('[data-testid=annotation-item][data-decision=mistral-strict9]');
  await expect(decided.first()).toContainText('OpenClaw 2026.9.6 rewrites tool-call ids to 9 alphanumerics only for OpenRouter');
  await expect(decided.first()).toContainText('spec decision');
  await page.getByTestId('behaviour-openclaw-2026.9.6').click();
  await expect(toggle).toHaveAttribute('data-behaviour', 'openclaw-2026.9.6');
  const release = await waitForInspection(page, spec);
  expect((await ruleCounts(page)).some((r) => r.startsWith('tool-call-id:'))).toBe(false);
  await expect(page.locator('[data-testid=annotation-item]:not([data-decision=""])')).toHaveCount(0);
  // Alt+B switches back.
  await page.keyboard.press('Alt+B');
  await expect(toggle).toHaveAttribute('data-behaviour', 'spec');
  await waitForInspection(page, release);
  expect(await ruleCounts(page)).toEqual(specRules);
});
