// Hardening in the browser: text from a session never becomes a link or markup, and the web mode's
// credential is a header (never a cookie), dropped from the address bar once the page has it.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { openSample, showUnchangedLines, test, waitForInspection } from './support/app.js';
import { startServe, tempDir, type ServeHandle } from './support/server.js';

let server: ServeHandle | null = null;

test.afterEach(async () => {
  await server?.stop();
  server = null;
});

/** A session whose only tool call has `name` (invalid, so hygiene drops it and says why, quoting it). */
function sessionWithToolName(dir: string, name: string): string {
  const usage = { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 };
  const lines = [
    { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w' },
    { type: 'message', id: 'a', parentId: null, timestamp: 't', message: { role: 'user', content: 'go', timestamp: 1 } },
    {
      type: 'message',
      id: 'b',
      parentId: 'a',
      timestamp: 't',
      message: {
        role: 'assistant',
        content: [
          { type: 'text', text: 'calling' },
          { type: 'toolCall', id: 'toolu_01', name, arguments: {} },
        ],
        api: 'anthropic-messages',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        usage,
        stopReason: 'toolUse',
        timestamp: 2,
      },
    },
    { type: 'message', id: 'c', parentId: 'b', timestamp: 't', message: { role: 'user', content: 'and?', timestamp: 3 } },
  ];
  const file = path.join(dir, 'link.jsonl');
  fs.writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
  return file;
}

test('a tool name written as a Markdown link is text in the gutter hover and opens nothing', async ({ page, context }) => {
  const work = tempDir();
  const name = '[evil](https://evil.example) <img src=x onerror=window.__pwned=1>';
  server = await startServe({ file: sessionWithToolName(work, name), dir: work });
  await page.goto(server.url);
  await waitForInspection(page);
  // Show every line: the mark sits on the first line of the turn, which the collapsed view hides.
  await showUnchangedLines(page);
  const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'evil' });
  // The mark of the changed assistant turn, in the original editor; Monaco shows its hover after a delay.
  await page.locator('[data-testid=diff-view] .editor.original .ti-glyph-annotation').first().hover();
  await expect(hover).toBeVisible();
  await expect(hover).toContainText(name);
  await expect(hover.locator('a, img')).toHaveCount(0);
  // Clicking where the link would have been opens no tab.
  const before = context.pages().length;
  await hover.getByText('evil', { exact: false }).first().click();
  expect(context.pages().length).toBe(before);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned ?? null)).toBeNull();
});

test('the token leaves the address bar, no cookie is set, and a reload keeps working', async ({ page, context }) => {
  server = await startServe();
  await page.goto(server.url);
  await openSample(page);
  expect(page.url()).toBe(`${server.origin}/`);
  // Cookies ignore ports: any cookie of ours would reach every other server on 127.0.0.1.
  expect(await context.cookies()).toEqual([]);
  await page.reload();
  await openSample(page);
  expect(await context.cookies()).toEqual([]);
  // The API takes the header only: the page's own origin with the token in a cookie or the query gets nothing.
  const viaQuery = await page.evaluate(
    async ({ origin, token }) =>
      (
        await fetch(`${origin}/api/listTargets?token=${token}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"args":[]}',
        })
      ).status,
    { origin: server.origin, token: server.token },
  );
  expect(viaQuery).toBe(401);
});
