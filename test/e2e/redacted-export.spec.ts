// Export › Redacted session in the web mode: the download is the session without the user's words, and the app says it reproduces.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { openSample, test, waitForInspection } from './support/app.js';
import { root, startServe, tempDir } from './support/server.js';

test('exports the sample redacted, and says the copy reproduces the inspection', async ({ page, sharedServer: server }) => {
  await page.goto(server.url);
  await openSample(page);
  const picker = page.getByTestId('target-picker');
  const provider = await picker.getAttribute('data-provider');
  await page.getByTestId('export-button').click();
  await expect(page.getByTestId('export-menu')).toContainText('Redacted session');
  const download = page.waitForEvent('download');
  await page.getByTestId('export-save-session-redacted').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('sample-session.redacted.jsonl');
  const text = fs.readFileSync((await file.path())!, 'utf8');
  const lines = text.trimEnd().split('\n');
  expect(lines.length).toBeGreaterThan(40);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  // The sample talks about invoices and discounts; none of it is left.
  expect(text).not.toMatch(/invoice/i);
  expect(text).toContain('"type":"session"');
  const toast = page.getByTestId('toast').filter({ hasText: 'sample-session.redacted.jsonl' });
  await expect(toast).toContainText(new RegExp(`It reproduces this inspection for ${provider}/`));
  await expect(toast).toContainText(/recorded provider errors? (is|are) kept word for word/);
  // It stays until dismissed: what it says must be read.
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
});

test('a session of an OpenClaw store is exported redacted too: its JSONL, ids kept, words gone, the store untouched', async ({ page }) => {
  const work = tempDir();
  const from = path.join(root, 'test/fixtures/stores/openclaw/agents/main/agent/openclaw-agent.sqlite');
  const store = path.join(work, 'openclaw-agent.sqlite');
  fs.copyFileSync(from, store);
  const before = fs.readFileSync(store);
  const sessionId = '0199b8a4-4f40-757d-bdfc-f0f0f0f0f0f0';
  const server = await startServe({ file: store, dir: work });
  try {
    await page.goto(server.url);
    await page.locator(`[data-testid=store-session-row][data-session-id="${sessionId}"]`).click();
    await page.getByTestId('store-picker-open').click();
    await expect(page.getByTestId('recent-button')).toContainText(`openclaw-agent.sqlite#${sessionId}`);
    await waitForInspection(page);
    await page.getByTestId('export-button').click();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-save-session-redacted').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${sessionId}.redacted.jsonl`);
    const redacted = fs
      .readFileSync((await file.path())!, 'utf8')
      .trimEnd()
      .split('\n');
    const twin = fs
      .readFileSync(path.join(root, 'test/fixtures/stores/twins/main', `${sessionId}.jsonl`), 'utf8')
      .trimEnd()
      .split('\n');
    expect(redacted).toHaveLength(twin.length);
    // Line for line the same entries: types, ids and parents kept; the user's words are gone.
    const skeleton = (line: string) => {
      const { type, id, parentId } = JSON.parse(line) as Record<string, unknown>;
      return [type, id, parentId ?? null];
    };
    expect(redacted.map(skeleton)).toEqual(twin.map(skeleton));
    expect(redacted.join('\n')).not.toContain('quick overview');
    await expect(page.getByTestId('toast').filter({ hasText: `${sessionId}.redacted.jsonl` })).toContainText(
      'It reproduces this inspection for ',
    );
    expect(fs.readFileSync(store).equals(before)).toBe(true);
  } finally {
    await server.stop();
  }
});
