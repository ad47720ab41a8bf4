// One numbering convention everywhere in the web mode: `turn #N` for turns of the transcript, `messages[N]` (or the
// provider's own list, `input[N]`) for payload positions, with the mapping shown — never a bare "#N".
import { expect, type Page } from '@playwright/test';
import { openAllRules, openSample, openSection, test } from './support/app.js';

/**
 * Every "#<digits>" of the app's own words — text, tooltips, placeholders, labels — that is not part of "turn #N".
 * The session's data shown as data (the diff's text, turn previews, before/after values, quoted error messages)
 * may hold anything and is left out.
 */
async function bareNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    for (const data of copy.querySelectorAll('.monaco-editor, .before-after, .detail, .recorded-error-item, textarea, script, style'))
      data.remove();
    for (const preview of copy.querySelectorAll('.turn-preview'))
      preview.replaceChildren(...[...preview.querySelectorAll('.turn-entries, .badge')]);
    const texts = [copy.textContent ?? ''];
    for (const el of copy.querySelectorAll<HTMLElement>('[title], [placeholder], [aria-label]'))
      texts.push(el.title, el.getAttribute('placeholder') ?? '', el.getAttribute('aria-label') ?? '');
    const found: string[] = [];
    for (const text of texts) for (const m of text.matchAll(/(.{0,24})#\d+/g)) if (!/turn $/i.test(m[1])) found.push(m[0].trim());
    return found;
  });
}

test('turns read “turn #N”, payload positions “input[N]”, with the mapping beside them, and no bare #N anywhere', async ({
  page,
  sharedServer: server,
}) => {
  await page.goto(server.url);
  await openSample(page);

  // The turn list: each row is a turn of the session, with the payload entries it became.
  const rows = page.getByTestId('turn-item');
  await expect(rows.first().getByTestId('turn-number')).toHaveText('turn #0');
  await expect(page.locator('[data-testid=turn-item][data-index="3"] [data-testid=turn-number]')).toHaveText('turn #3');
  const entries = page.getByTestId('turn-entries').filter({ hasText: /^→ input\[\d+(–\d+)?\]$/ });
  await expect(entries.first()).toBeVisible();
  // The mapping stays in the transcript view too.
  await page.getByTestId('view-transcript').click();
  await expect(page.getByTestId('diff-view')).toHaveAttribute('data-view', 'transcript');
  await expect(entries.first()).toBeVisible();

  // Everything that names a turn: the verdict, the rules fired (opened), the preflight, a pasted error's
  // answer, the recorded errors and the footer of a clicked line.
  await openAllRules(page);
  await openSection(page, 'preflight');
  await page
    .getByTestId('error-input')
    .fill(
      '400 {"error":{"message":"No tool call found for function call output with call_id toolu_01O55HbEjCiI1azZ2I8mVuSV.","type":"invalid_request_error","param":"input","code":null}}',
    );
  const turns = page.locator('[data-testid=error-turns] button');
  await expect(turns.first()).toHaveText(/^turn #\d+$/);
  await expect(page.getByTestId('recorded-error-item').first()).toContainText(/turn #\d+/);
  await expect(page.getByTestId('verdict-item').first()).toContainText(/turn #\d+/);
  await page.locator('[data-testid=diff-view] .editor.original .view-line').nth(4).click();
  await expect(page.getByTestId('diff-path')).toContainText(/turn #\d+/);
  expect(await bareNumbers(page)).toEqual([]);

  // The replay side of the turn list: its rows are the session's turns they came from (what "go to" finds).
  await page.getByRole('group', { name: 'Which side' }).getByRole('button', { name: 'replay' }).click();
  await expect(rows.first().getByTestId('turn-number')).toHaveText(/^(replay )?turn #\d+$/);
  await page.getByTestId('view-payload').click();
  await expect(page.getByTestId('turn-entries').first()).toHaveText(/^→ (input\[\d+(–\d+)?\]|not in input)$/);
  expect(await bareNumbers(page)).toEqual([]);
});
