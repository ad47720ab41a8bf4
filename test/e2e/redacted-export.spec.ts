// Export › Redacted session in the web mode: the download is the session without the user's words, and the app says it reproduces.
import fs from 'node:fs';
import { expect } from '@playwright/test';
import { openSample, test } from './support/app.js';

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
