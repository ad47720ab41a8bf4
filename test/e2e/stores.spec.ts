// OpenClaw's SQLite session stores in the app (web mode, Debian's Chromium): the store picker lists a
// store's sessions, one opens as its JSONL twin does, repair on disk is refused with the reason, and
// the JSONL exports download what the session is — the store's files untouched throughout.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { applyRepair, planRepairBytes } from '../../shared/repair/plan.js';
import { ruleCounts, test, waitForInspection } from './support/app.js';
import { root, startServe, tempDir, type ServeHandle } from './support/server.js';

let server: ServeHandle | null = null;
test.afterEach(async () => {
  await server?.stop();
  server = null;
});

const STORES = path.join(root, 'test/fixtures/stores');
const BRANCHING = '0199b8ce-e568-75b3-a7e8-9a134ebd045d';

/** A copy of a fixture store (and its -wal) in a directory of its own. */
function copyStore(agent: string, dir: string): string {
  const from = path.join(STORES, 'openclaw/agents', agent, 'agent/openclaw-agent.sqlite');
  const to = path.join(dir, 'openclaw-agent.sqlite');
  fs.copyFileSync(from, to);
  if (fs.existsSync(`${from}-wal`)) fs.copyFileSync(`${from}-wal`, `${to}-wal`);
  return to;
}

const hashes = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.startsWith('openclaw-agent.sqlite'))
    .map(
      (name) =>
        `${name}:${createHash('sha256')
          .update(fs.readFileSync(path.join(dir, name)))
          .digest('hex')}`,
    );

async function download(page: Page, testId: string): Promise<string> {
  await page.getByTestId('export-button').click();
  const pending = page.waitForEvent('download');
  await page.getByTestId(testId).click();
  return fs.readFileSync((await (await pending).path())!, 'utf8');
}

test('a store lists its sessions; one opens and inspects as its JSONL twin; repair is refused; the exports are the session', async ({
  page,
}) => {
  const work = tempDir();
  const store = copyStore('main', work);
  const before = hashes(work);
  server = await startServe({ file: store, dir: work });
  await page.goto(server.url);

  const picker = page.getByTestId('store-picker');
  await expect(picker).toBeVisible();
  await expect(page.getByTestId('store-summary')).toContainText('of agent “main”, written by OpenClaw 2026.9.6 (schema 23) — 7 sessions');
  await expect(page.getByTestId('store-session-row')).toHaveCount(7);
  const main = page.locator('[data-testid=store-session-row][data-session-id="0199b8a4-4f40-757d-bdfc-0da82e7aa754"]');
  await expect(main).toContainText('agent:main:main');
  await expect(main).toContainText('after 2 earlier windows');
  await expect(main).toContainText('anthropic / claude-sonnet-4-5');
  // The filter narrows the list; the keyboard chooses.
  await page.getByTestId('store-filter').fill('telegram');
  await expect(page.getByTestId('store-session-row')).toHaveCount(1);
  await page.getByTestId('store-filter').press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId('recent-button')).toContainText(`openclaw-agent.sqlite#${BRANCHING}`);
  const stored = await waitForInspection(page);
  const storedRules = await ruleCounts(page);
  const storedPreflight = await page.getByTestId('preflight-list').innerText();
  const storedDiagnostics = await page.getByTestId('diagnostics-button').innerText();

  // Repair on disk is refused, with the reason; the repaired JSONL is offered instead.
  await page.getByTestId('repair-button').click();
  const dialog = page.getByTestId('repair-plan');
  await expect(dialog).toHaveAttribute('data-phase', 'review');
  await expect(page.getByTestId('repair-store-refusal')).toContainText('never writes: editing its rows directly would break');
  await expect(page.getByTestId('repair-confirm')).toHaveCount(0);
  const twinFile = path.join(STORES, 'twins/main', `${BRANCHING}.jsonl`);
  const twinBytes = fs.readFileSync(twinFile);
  const pending = page.waitForEvent('download');
  await page.getByTestId('repair-export').click();
  const repaired = fs.readFileSync((await (await pending).path())!);
  expect(repaired.equals(Buffer.from(applyRepair(twinBytes, planRepairBytes(twinBytes).edits)))).toBe(true);

  // The whole session as JSONL is its twin, byte for byte; the active branch is a part of it.
  expect(await download(page, 'export-save-session-jsonl')).toBe(twinBytes.toString('utf8'));
  const branch = (await download(page, 'export-save-branch-jsonl')).trimEnd().split('\n');
  const lines = twinBytes.toString('utf8').trimEnd().split('\n');
  expect(branch.length).toBeLessThan(lines.length);
  for (const line of branch) expect(lines).toContain(line);

  // The twin opened as a file shows the same rules, preflight and diagnostics.
  await page.getByTestId('file-input').setInputFiles(twinFile);
  await expect(page.getByTestId('recent-button')).toContainText(`${BRANCHING}.jsonl`);
  await waitForInspection(page, stored);
  expect(await ruleCounts(page)).toEqual(storedRules);
  expect(await page.getByTestId('preflight-list').innerText()).toBe(storedPreflight);
  expect(await page.getByTestId('diagnostics-button').innerText()).toBe(storedDiagnostics);

  expect(hashes(work)).toEqual(before);
  expect(fs.readdirSync(work).filter((name) => /-journal$|-shm$/.test(name))).toEqual([]);
});

test('serve DB#ID opens that session; a store picked in the page lists what its main file holds', async ({ page }) => {
  const work = tempDir();
  const store = copyStore('work', work);
  const before = hashes(work);
  server = await startServe({ file: `${store}#0199b8a4-4f40-757d-bdfc-0da82e7aa754`, dir: work });
  await page.goto(server.url);
  // This session is only in the store's -wal: the server reads it there.
  await expect(page.getByTestId('recent-button')).toContainText('openclaw-agent.sqlite#0199b8a4-4f40-757d-bdfc-0da82e7aa754');
  await waitForInspection(page);
  await expect(page.getByTestId('store-picker')).toHaveCount(0);

  // A file picked in the page travels as bytes, without its -wal: the picker says what that leaves out.
  await page.getByTestId('file-input').setInputFiles(store);
  await expect(page.getByTestId('store-picker')).toBeVisible();
  await expect(page.getByTestId('store-session-row')).toHaveCount(1);
  await expect(page.getByTestId('store-picker')).toContainText('-wal file) are not in it');
  await page.getByTestId('store-picker-cancel').click();
  await expect(page.getByTestId('store-picker')).toHaveCount(0);
  expect(hashes(work)).toEqual(before);
});
