// The folder view in the app (web mode, Debian's Chromium) on a generated tree: two OpenClaw agents with
// sessions.json, a pi tree, clean, damaged, rejected, errored and unreadable files, a backup, a
// trajectory and an archive to skip. Statuses, sort, filters, open-and-back, export, a batch repair
// that leaves the damaged files repaired and every other file byte-identical, and Undo of one file.
// A folder dropped on the web mode is explained, not silently ignored.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { applyRepair, planRepairBytes } from '../../shared/repair/plan.js';
import { EXPECTED, SESSIONS, SKIPPED, makeFolderTree } from '../fixtures/folder/make-tree.js';
import { test, waitForInspection } from './support/app.js';
import { root, startServe, tempDir, type ServeHandle } from './support/server.js';

let server: ServeHandle | null = null;
test.afterEach(async () => {
  await server?.stop();
  server = null;
});

/** Every file below a folder with its bytes. */
function snapshot(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      out.set(path.relative(dir, full), fs.readFileSync(full));
    }
  }
  return out;
}

const rowsIn = (page: Page) => page.getByTestId('folder-row');
const fileOrder = (page: Page) => rowsIn(page).evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.file ?? ''));

test('a folder of sessions: statuses, sort, filters, open and back, export, a batch repair that touches only the damaged files, and Undo per file', async ({
  page,
}) => {
  const work = tempDir();
  const tree = path.join(work, 'support-ticket');
  makeFolderTree(tree);
  const before = snapshot(tree);
  server = await startServe({ file: tree, dir: work });
  await page.goto(server.url);

  const table = page.getByTestId('folder-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('folder-progress')).toHaveAttribute('data-finished', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('folder-progress')).toContainText('6 session(s) scanned');
  await expect(rowsIn(page)).toHaveCount(6);
  for (const [file, want] of Object.entries(EXPECTED)) {
    await expect(page.locator(`[data-testid="folder-row"][data-file="${file}"]`), file).toHaveAttribute('data-status', want.status);
  }
  const errored = page.locator('[data-testid="folder-row"][data-file=".openclaw/agents/work/sessions/errored-1.jsonl"]');
  await expect(errored.getByTestId('folder-status')).toHaveText('recorded errors (1)');
  const clean = page.locator('[data-testid="folder-row"][data-file=".openclaw/agents/main/sessions/clean-1.jsonl"]');
  await expect(clean).toContainText('agent:main:main');
  await expect(clean).toContainText('Support chat');
  await expect(clean).toContainText('telegram');
  await page.getByTestId('folder-skipped').locator('summary').click();
  await expect(page.getByTestId('folder-skipped')).toContainText(`${SKIPPED.length} file(s) skipped`);
  await expect(page.getByTestId('folder-skipped')).toContainText('trajectory');

  // The folder view, for the README (refreshed with UPDATE_SCREENSHOT=1; always kept in test-results).
  await page.getByTestId('folder-row-select').nth(2).check();
  const shot = await page.screenshot();
  await page.getByTestId('folder-row-select').nth(2).uncheck();
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'test-results', 'folder-view.png'), shot);
  if (process.env.UPDATE_SCREENSHOT === '1') fs.writeFileSync(path.join(root, 'docs', 'folder-view.png'), shot);

  // Sort: by status first (most urgent on top), then by file, both ways.
  expect((await fileOrder(page))[0]).toBe('.openclaw/agents/work/sessions/unreadable-1.jsonl');
  await page.getByTestId('folder-sort-file').click();
  const sorted = Object.keys(EXPECTED).sort((a, b) => a.localeCompare(b));
  expect(await fileOrder(page)).toEqual(sorted);
  await page.getByTestId('folder-sort-file').click();
  expect(await fileOrder(page)).toEqual([...sorted].reverse());

  // Filters: status, agent, model, text.
  await page.getByTestId('folder-filter-status').selectOption('needs-repair');
  await expect(rowsIn(page)).toHaveCount(2);
  await page.getByTestId('folder-filter-status').selectOption('');
  await page.getByTestId('folder-filter-agent').selectOption('work');
  await expect(rowsIn(page)).toHaveCount(3);
  await page.getByTestId('folder-filter-agent').selectOption('');
  await page.getByTestId('folder-filter-model').selectOption('anthropic/claude-sonnet-4-5');
  await expect(rowsIn(page)).toHaveCount(5);
  await page.getByTestId('folder-filter-model').selectOption('');
  await page.getByTestId('folder-filter-text').fill('rejected');
  await expect(rowsIn(page)).toHaveCount(1);

  // Open a row in the inspector, then Back: the table is as it was (filter kept).
  await rowsIn(page).first().getByTestId('folder-row-open').click();
  await waitForInspection(page);
  await expect(page.getByTestId('folder-view')).toBeHidden();
  await expect(page.getByTestId('recent-button')).toContainText('rejected-1.jsonl');
  await page.getByTestId('folder-back').click();
  await expect(page.getByTestId('folder-view')).toBeVisible();
  await expect(page.getByTestId('folder-filter-text')).toHaveValue('rejected');
  await expect(rowsIn(page)).toHaveCount(1);
  await page.getByTestId('folder-filter-text').fill('');
  await expect(rowsIn(page)).toHaveCount(6);
  // Ctrl+Shift+O from the inspector: the browser has no folder dialog, so it shows the folder it was started on.
  await rowsIn(page).first().getByTestId('folder-row-open').click();
  await expect(page.getByTestId('folder-view')).toBeHidden();
  await waitForInspection(page);
  await page.keyboard.press('Control+Shift+O');
  await expect(page.getByTestId('folder-view')).toBeVisible();

  // Export the table as CSV: a header and one line per row.
  const pending = page.waitForEvent('download');
  await page.getByTestId('folder-export-csv').click();
  const csv = fs
    .readFileSync((await (await pending).path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toMatch(/^file,agent,session key,/);
  expect(csv).toHaveLength(7);
  expect(csv.find((l) => l.startsWith('.openclaw/agents/main/sessions/damaged-1.jsonl'))).toContain('needs repair');

  // Batch repair of everything that needs it: one plan, one confirmation.
  await page.getByTestId('folder-select-repair').click();
  await page.getByTestId('folder-repair').click();
  const dialog = page.getByTestId('folder-repair-dialog');
  await expect(dialog.getByTestId('folder-plan-row')).toHaveCount(2);
  await expect(dialog).toContainText('2 line(s) dropped, 2 rewritten');
  await dialog.getByTestId('folder-repair-confirm').click();
  await expect(dialog.getByTestId('folder-repair-summary')).toContainText('2 repaired');
  await expect(dialog.locator('[data-testid="folder-repair-result"][data-status="repaired"]')).toHaveCount(2);
  const repairedFiles = Object.keys(EXPECTED).filter((f) => EXPECTED[f as keyof typeof EXPECTED].status === 'needs-repair');
  for (const file of repairedFiles)
    await expect(page.locator(`[data-testid="folder-row"][data-file="${file}"]`)).toHaveAttribute('data-status', 'clean');

  // Each repaired file kept its original bytes next to it, with the record of what its repair wrote: the tree is the old
  // one, repaired, plus one backup and one record per repaired file.
  const repairedTree = snapshot(tree);
  const added = [...repairedTree.keys()].filter((f) => !before.has(f));
  const backups = added.filter((f) => /\.before-repair-[0-9TZ.-]+$/.test(f));
  const records = added.filter((f) => /\.undo-[0-9TZ.-]+\.json$/.test(f));
  expect(backups.length + records.length).toBe(added.length);
  expect(backups.map((f) => f.replace(/\.before-repair-[0-9TZ.-]+$/, '')).sort()).toEqual([...repairedFiles].sort());
  expect(records.map((f) => f.replace(/\.undo-[0-9TZ.-]+\.json$/, '')).sort()).toEqual([...repairedFiles].sort());
  for (const backup of backups)
    expect(repairedTree.get(backup)!.equals(before.get(backup.replace(/\.before-repair-.*$/, ''))!), backup).toBe(true);
  for (const [file, bytes] of before) {
    const want = repairedFiles.includes(file) ? Buffer.from(applyRepair(bytes, planRepairBytes(bytes).edits)) : bytes;
    expect(repairedTree.get(file)!.equals(want), file).toBe(true);
    if (want !== bytes) expect(repairedTree.get(file)!.equals(bytes), `${file} changed`).toBe(false);
  }

  // Undo one file from the summary: it has its original bytes again, its row needs repair again, the other stays repaired.
  const undone = '.openclaw/agents/main/sessions/damaged-1.jsonl';
  const kept = '.pi/agent/sessions/--home-u-project--/2025-11-12_damaged.jsonl';
  await expect(dialog.getByTestId('folder-undo')).toHaveCount(2);
  await expect(dialog.getByTestId('folder-undo-all')).toHaveText('Undo all (2)');
  const result = dialog.getByTestId('folder-repair-result').filter({ hasText: 'damaged-1.jsonl' });
  await result.getByTestId('folder-undo').click();
  await expect(result).toHaveAttribute('data-undo', 'restored');
  await expect(result).toContainText('has its original bytes again');
  await expect(dialog.getByTestId('folder-undo')).toHaveCount(1);
  await expect(dialog.getByTestId('folder-undo-all')).toHaveText('Undo all (1)');
  await expect(dialog.getByTestId('folder-repair-summary')).toContainText('1 undone');
  // The summary with one file undone, kept in test-results for a look.
  fs.writeFileSync(path.join(root, 'test-results', 'folder-undo.png'), await dialog.screenshot());
  // An agent writes to the other file: Undo all refuses it, says why, and leaves it as it is.
  const late = '{"type":"custom","id":"after-repair"}\n';
  fs.appendFileSync(path.join(tree, kept), late);
  await dialog.getByTestId('folder-undo-all').click();
  const keptResult = dialog.getByTestId('folder-repair-result').filter({ hasText: '2025-11-12_damaged.jsonl' });
  await expect(keptResult).toHaveAttribute('data-undo', 'refused');
  await expect(keptResult).toContainText('changed since the repair (an agent may have written to it)');
  await expect(keptResult.getByTestId('folder-undo')).toBeVisible();
  await dialog.getByTestId('folder-repair-close').click();
  await expect(page.locator(`[data-testid="folder-row"][data-file="${undone}"]`)).toHaveAttribute('data-status', 'needs-repair');
  await expect(page.locator(`[data-testid="folder-row"][data-file="${kept}"]`)).toHaveAttribute('data-status', 'clean');

  const after = snapshot(tree);
  expect([...after.keys()].sort()).toEqual([...before.keys(), ...added.filter((b) => b.startsWith(kept))].sort());
  for (const [file, bytes] of before) {
    const want = file === kept ? Buffer.concat([applyRepair(bytes, planRepairBytes(bytes).edits), Buffer.from(late)]) : bytes;
    expect(after.get(file)!.equals(want), file).toBe(true);
  }
});

test('a folder dropped on the web mode says why it is not opened and what does; a dropped file still opens', async ({ page }) => {
  const work = tempDir();
  const tree = path.join(work, 'support-ticket');
  makeFolderTree(tree);
  server = await startServe({ dir: work });
  await page.goto(server.url);
  await expect(page.getByTestId('open-sample')).toBeVisible();

  // Chromium gives a dropped folder as a File whose entry is a directory; a script cannot make one, so the event's data says so.
  await page.evaluate(() => {
    const folder = new File([], 'support-ticket');
    const data = {
      types: ['Files'],
      files: [folder],
      items: [{ kind: 'file', webkitGetAsEntry: () => ({ isDirectory: true, name: 'support-ticket' }) }],
    };
    const event = new DragEvent('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'dataTransfer', { value: data });
    window.dispatchEvent(event);
  });
  const toast = page.getByTestId('toast').filter({ hasText: 'support-ticket' });
  await expect(toast).toContainText('a browser does not tell the page where a dropped folder is');
  await expect(toast).toContainText('transcript-inspector serve DIR');
  await expect(page.getByTestId('folder-view')).toHaveCount(0);

  // A single file dropped the ordinary way (a real DataTransfer) opens in the inspector, as it always did.
  const text = fs.readFileSync(path.join(tree, '.openclaw/agents/main/sessions/damaged-1.jsonl'), 'utf8');
  const data = await page.evaluateHandle((body) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([body], 'dropped-session.jsonl', { type: 'application/json' }));
    return transfer;
  }, text);
  await page.dispatchEvent('body', 'drop', { dataTransfer: data });
  await waitForInspection(page);
  await expect(page.getByTestId('recent-button')).toContainText('dropped-session.jsonl');
});

test('a large folder fills the table progressively, draws only the rows on screen, and stops on Cancel', async ({ page }) => {
  const work = tempDir();
  const tree = path.join(work, 'many');
  const count = 3000;
  const old = new Date(Date.now() - 3_600_000);
  fs.mkdirSync(path.join(tree, 'agents', 'main', 'sessions'), { recursive: true });
  for (let i = 0; i < count; i += 1) {
    const file = path.join(tree, 'agents', 'main', 'sessions', `s-${String(i).padStart(4, '0')}.jsonl`);
    fs.writeFileSync(file, SESSIONS.clean(`s-${i}`));
    fs.utimesSync(file, old, old);
  }
  server = await startServe({ file: tree, dir: work });
  await page.goto(server.url);

  const progress = page.getByTestId('folder-progress');
  await expect(progress).toContainText(`of ${count} sessions`);
  const shown = async () => Number(/^(\d+) of/.exec((await page.getByTestId('folder-shown').textContent()) ?? '')?.[1] ?? 0);
  await expect.poll(shown, { timeout: 60_000 }).toBeGreaterThanOrEqual(200);
  await expect(progress).toHaveAttribute('data-finished', 'false');
  // Virtualized: a few dozen rows in the page for hundreds in the table.
  expect(await rowsIn(page).count()).toBeLessThan(80);
  await page.getByTestId('folder-cancel').click();
  await expect(progress).toHaveAttribute('data-finished', 'true');
  await expect(progress).toContainText('Cancelled after');
  const kept = await shown();
  expect(kept).toBeLessThan(count);
  await page.waitForTimeout(1000);
  expect(await shown()).toBe(kept);
  // The last row is reachable by scrolling.
  await page.getByTestId('folder-sort-file').click();
  await page.locator('.folder-body').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(rowsIn(page).last()).toBeVisible();
  expect(await rowsIn(page).count()).toBeLessThan(80);
});

test("an OpenClaw directory's SQLite stores are listed beside its JSONL files; a stored session opens in the inspector, and the stores stay untouched", async ({
  page,
}) => {
  const work = tempDir();
  const tree = path.join(work, 'openclaw');
  fs.cpSync(path.join(root, 'test/fixtures/stores/openclaw'), tree, { recursive: true });
  const old = new Date(Date.now() - 3_600_000);
  for (const [file] of snapshot(tree)) fs.utimesSync(path.join(tree, file), old, old);
  makeFolderTree(tree);
  const before = snapshot(tree);
  server = await startServe({ file: tree, dir: work });
  await page.goto(server.url);

  await expect(page.getByTestId('folder-progress')).toHaveAttribute('data-finished', 'true', { timeout: 60_000 });
  // 7 sessions in main's store, 3 in work's, 6 files.
  await expect(rowsIn(page)).toHaveCount(16);
  const stored = page.locator('[data-testid="folder-row"][data-file*="openclaw-agent.sqlite#"]');
  await expect(stored).toHaveCount(10);
  const statuses = await stored.evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.status));
  for (const status of statuses) expect(['clean', 'needs-repair', 'would-be-rejected', 'unreadable']).toContain(status);
  await page.getByTestId('folder-filter-text').fill('agent:work:tools');
  await expect(stored).toHaveCount(1);
  await expect(stored.first()).toContainText('work');
  await stored.first().getByTestId('folder-row-open').click();
  await waitForInspection(page);
  await expect(page.getByTestId('recent-button')).toContainText('openclaw-agent.sqlite#');
  await page.getByTestId('folder-back').click();
  await expect(stored).toHaveCount(1);

  const after = snapshot(tree);
  for (const [file, bytes] of before) if (file.includes('openclaw-agent.sqlite')) expect(after.get(file)?.equals(bytes), file).toBe(true);
});
