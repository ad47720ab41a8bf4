// Repair for support staff in the web mode: the sample says why it cannot be repaired; a plan starts with the damage,
// groups identical changes with a count, lets rewrites be unticked; the result is one sentence, the original bytes
// stay next to the file, and Undo repair puts them back.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { openSample, test, waitForInspection } from './support/app.js';
import { root, startServe, tempDir, type ServeHandle } from './support/server.js';

let server: ServeHandle | null = null;
test.afterEach(async () => {
  await server?.stop();
  server = null;
});

const header = { type: 'session', version: 3, id: 'e2e-support-0001', timestamp: '2025-11-12T08:41:00.000Z', cwd: '/tmp/e2e' };
const turn = (id: string, parentId: string | null, text: string) =>
  JSON.stringify({
    type: 'message',
    id,
    parentId,
    timestamp: '2025-11-12T08:41:00.000Z',
    message: { role: 'user', content: text, timestamp: 1 },
  });
// Lines 2, 3 and 4 are blank user turns (one identical rewrite, three times); line 5 is fine; line 6 is cut off.
const SESSION = `${[
  JSON.stringify(header),
  turn('u1', null, '  '),
  turn('u2', 'u1', '  '),
  turn('u3', 'u2', '  '),
  turn('u4', 'u3', 'Why does the nightly export fail?'),
].join('\n')}\n{"type":"message","id":"u5","par`;

test('the sample cannot be repaired, and the button says why', async ({ page, sharedServer }) => {
  await page.goto(sharedServer.url);
  await openSample(page);
  const button = page.getByTestId('repair-button');
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute(
    'title',
    'The sample ships with the app and is never repaired: open a session file (Open…) to repair it.',
  );
});

test('the plan starts with the damage, groups identical rewrites, leaves an unticked one out; Undo puts the bytes back', async ({
  page,
}) => {
  const work = tempDir();
  const file = path.join(work, 'support.jsonl');
  fs.writeFileSync(file, SESSION);
  server = await startServe({ file, dir: work });
  await page.goto(server.url);
  await waitForInspection(page);
  await expect(page.getByTestId('repair-button')).toBeEnabled();
  await page.getByTestId('repair-button').click();
  const dialog = page.getByTestId('repair-plan');
  await expect(dialog).toHaveAttribute('data-phase', 'review');
  await expect(page.getByTestId('repair-summary')).toHaveText('1 line dropped, 3 blank user turns rewritten.');

  // The damage comes first, then the fixes; the three identical rewrites are one group with a count.
  const sections = dialog.locator('section');
  await expect(sections.nth(0)).toHaveAttribute('data-testid', 'repair-damage');
  await expect(sections.nth(0)).toContainText('line 6');
  await expect(sections.nth(1)).toHaveAttribute('data-testid', 'repair-fixes');
  const groups = page.getByTestId('repair-fixes').getByTestId('repair-group');
  await expect(groups).toHaveCount(1);
  await expect(groups.first()).toHaveAttribute('data-count', '3');
  await expect(groups.first().getByTestId('repair-group-count')).toHaveText('× 3');
  await expect(groups.first()).toContainText('lines 2, 3 and 4');
  await expect(page.getByTestId('repair-confirm')).toHaveText('Repair (4 changes)');

  // Untick line 3: the group shows "some", the count follows, the summary says one is left out.
  await page.locator('[data-testid=repair-line-toggle][data-line="3"]').uncheck();
  await expect(page.getByTestId('repair-group-toggle')).toHaveJSProperty('indeterminate', true);
  await expect(page.getByTestId('repair-confirm')).toHaveText('Repair (3 changes)');
  await expect(page.getByTestId('repair-summary')).toContainText('1 rewrite is left out.');
  expect(fs.readFileSync(file, 'utf8')).toBe(SESSION);

  await page.getByTestId('repair-confirm').click();
  await expect(dialog).toHaveAttribute('data-status', 'repaired');
  await expect(page.getByTestId('repair-result')).toContainText(
    'Repaired support.jsonl: dropped 1 line that could not be read or replayed and rewrote 2 blank user turns as "(continue)".',
  );
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const original = SESSION.split('\n');
  expect(lines).toHaveLength(6);
  expect(JSON.parse(lines[1]).message.content).toBe('(continue)');
  expect(lines[2]).toBe(original[2]);
  expect(JSON.parse(lines[3]).message.content).toBe('(continue)');
  expect(lines[4]).toBe(original[4]);
  expect(lines[5]).toBe('');
  // The original bytes are kept next to the file, and the dialog says where.
  const kept = fs.readdirSync(work).filter((n) => n.startsWith('support.jsonl.before-repair-'));
  expect(kept).toHaveLength(1);
  expect(fs.readFileSync(path.join(work, kept[0]), 'utf8')).toBe(SESSION);
  await expect(page.getByTestId('repair-backup')).toContainText(path.join(work, kept[0]));

  // Undo repair: the file has its original bytes again and the backup has gone back into it.
  await page.getByTestId('repair-undo').click();
  await expect(page.getByTestId('repair-undone')).toHaveText('Undid the repair: support.jsonl has its original bytes again.');
  expect(fs.readFileSync(file, 'utf8')).toBe(SESSION);
  expect(fs.readdirSync(work).filter((n) => n.startsWith('support.jsonl.'))).toEqual([]);
  await expect(page.getByTestId('repair-undo')).toHaveCount(0);
  await page.getByTestId('repair-cancel').click();
  await expect(page.getByTestId('file-changed')).toHaveCount(0);
});

test('a file repaired earlier (here by the command line) offers “Undo last repair” while it is unchanged since', async ({ page }) => {
  const work = tempDir();
  const file = path.join(work, 'earlier.jsonl');
  fs.writeFileSync(file, SESSION);
  const cli = spawnSync(process.execPath, [path.join(root, 'dist/node/cli.js'), 'repair', file, '--yes', '--keep-backup'], {
    encoding: 'utf8',
  });
  expect(cli.status, cli.stderr).toBe(1);
  const repaired = fs.readFileSync(file, 'utf8');
  expect(repaired).not.toBe(SESSION);

  server = await startServe({ file, dir: work });
  await page.goto(server.url);
  await waitForInspection(page);
  const banner = page.getByTestId('last-repair');
  await expect(banner).toContainText('Repaired earlier.jsonl: dropped 1 line that could not be read or replayed');
  await expect(banner).toContainText('the file is unchanged since');
  await expect(banner).toContainText('earlier.jsonl.before-repair-');
  await page.getByTestId('undo-last-repair').click();
  await expect(page.getByTestId('repair-undone')).toHaveText('Undid the repair: earlier.jsonl has its original bytes again.');
  expect(fs.readFileSync(file, 'utf8')).toBe(SESSION);
  // The backup went back into the file and its record is gone: nothing more to offer.
  expect(fs.readdirSync(work).filter((n) => n.startsWith('earlier.jsonl.'))).toEqual([]);
  await page.getByTestId('repair-cancel').click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('file-changed')).toHaveCount(0);

  // Repaired again, then changed by an agent: no offer (undo would lose what the agent wrote).
  expect(spawnSync(process.execPath, [path.join(root, 'dist/node/cli.js'), 'repair', file, '--yes', '--keep-backup']).status).toBe(1);
  fs.appendFileSync(file, `${turn('u9', 'u4', 'written by the agent afterwards')}\n`);
  await page.reload();
  await waitForInspection(page);
  await expect(page.getByTestId('verdict')).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('a rewrite of hundreds of lines lists their toggles a hundred at a time; the group toggle still takes them all', async ({ page }) => {
  const work = tempDir();
  const file = path.join(work, 'many-blank.jsonl');
  // 250 blank user turns (one rewrite, 250 lines, lines 2–251), then a real question.
  const lines = [JSON.stringify(header)];
  for (let i = 0; i < 250; i++) lines.push(turn(`b${i}`, i === 0 ? null : `b${i - 1}`, ' '));
  lines.push(turn('q', 'b249', 'Why does the nightly export fail?'));
  const text = `${lines.join('\n')}\n`;
  fs.writeFileSync(file, text);
  server = await startServe({ file, dir: work });
  await page.goto(server.url);
  await waitForInspection(page);
  await page.getByTestId('repair-button').click();
  await expect(page.getByTestId('repair-plan')).toHaveAttribute('data-phase', 'review');
  const group = page.getByTestId('repair-fixes').getByTestId('repair-group');
  await expect(group).toHaveAttribute('data-count', '250');
  const toggles = group.getByTestId('repair-line-toggle');
  await expect(toggles).toHaveCount(100);
  await group.getByRole('button', { name: 'Show 100 more of 150' }).click();
  await expect(toggles).toHaveCount(200);
  await expect(group.getByRole('button', { name: 'Show 50 more of 50' })).toBeVisible();

  // Lines not drawn are still chosen by the group's toggle.
  await page.getByTestId('repair-group-toggle').uncheck();
  await expect(page.getByTestId('repair-summary')).toContainText('250 rewrites are left out.');
  await page.locator('[data-testid=repair-line-toggle][data-line="2"]').check();
  await expect(page.getByTestId('repair-group-toggle')).toHaveJSProperty('indeterminate', true);
  await expect(page.getByTestId('repair-summary')).toContainText('249 rewrites are left out.');
  await page.getByTestId('repair-cancel').click();
  expect(fs.readFileSync(file, 'utf8')).toBe(text);
});
