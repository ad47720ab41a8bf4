// Provider errors in the app: the pasted-error box's answers (category, action, evidence, turns, switch of target) and the session's recorded errors.
import { expect } from '@playwright/test';
import { openSample, test, waitForInspection } from './support/app.js';

test('a pasted error shows its category, what to do, the evidence checked against the session and its turns', async ({
  page,
  sharedServer: server,
}) => {
  await page.goto(server.url);
  await openSample(page);
  // The sample replays to OpenAI Responses; its original payload has a tool output no call precedes.
  await page
    .getByTestId('error-input')
    .fill(
      '400 {"error":{"message":"No tool call found for function call output with call_id toolu_01O55HbEjCiI1azZ2I8mVuSV.","type":"invalid_request_error","param":"input","code":null}}',
    );
  const answer = page.getByTestId('error-explanation').first();
  await expect(answer).toHaveAttribute('data-category', 'transcript');
  await expect(answer).toHaveAttribute('data-rule', 'tool-result-pairing');
  await expect(answer.getByTestId('error-category')).toHaveText('transcript shape');
  await expect(answer.getByTestId('error-action')).toContainText('Hygiene fixes this');
  await expect(answer.locator('[data-testid=error-evidence] li[data-confirmed=true]').first()).toBeVisible();
  await expect(page.locator('.finding-group.explains').first()).toBeVisible();
  // A turn of the answer reveals that turn in the diff.
  await answer.locator('[data-testid=error-turns] button').first().click();
  await expect(page.getByTestId('diff-view')).not.toHaveAttribute('data-revealed-original', '');

  // Not every error is hygiene's: a rate limit says so and what to do instead.
  await page.getByTestId('error-input').fill('429 Too Many Requests');
  await expect(page.getByTestId('error-explanation').first()).toHaveAttribute('data-category', 'rate-limit');
  await expect(page.getByTestId('error-action').first()).toContainText('Hygiene cannot fix this');
});

test('an error worded by another provider family offers a one-click switch of target', async ({ page, sharedServer: server }) => {
  await page.goto(server.url);
  const first = await openSample(page);
  await page
    .getByTestId('error-input')
    .fill(
      '{"error":{"code":400,"message":"Please ensure that function call turn comes immediately after a user turn or after a function response turn.","status":"INVALID_ARGUMENT"}}',
    );
  const answer = page.getByTestId('error-explanation').first();
  await expect(answer.locator('[data-testid=error-evidence] li[data-confirmed=false]').first()).toContainText('worded as Gemini');
  const change = answer.getByTestId('error-switch-target');
  await expect(change).toContainText('google/');
  await change.click();
  await expect(page.getByTestId('target-picker')).toHaveAttribute('data-provider', 'google');
  await waitForInspection(page, first);
  // Re-explained against the new inspection: no switch is offered any more.
  await expect(page.getByTestId('error-explanation').first()).toHaveAttribute('data-check', 'gemini-function-call-position');
  await expect(page.getByTestId('error-switch-target')).toHaveCount(0);
});

test("the session's recorded errors are listed by answer and each reveals its turn", async ({ page, sharedServer: server }) => {
  await page.goto(server.url);
  await openSample(page);
  const list = page.getByTestId('recorded-errors');
  await expect(list).toHaveAttribute('data-count', '1');
  await expect(list.locator('.recorded-group')).toHaveAttribute('data-category', 'rate-limit');
  const item = page.getByTestId('recorded-error-item');
  await expect(item).toHaveAttribute('data-turn', '13');
  await expect(item).toContainText('overloaded_error');
  await item.click();
  await expect(item).toHaveClass(/selected/);
  // The failed turn is not in the wire payload: the transcript view shows it.
  const diff = page.getByTestId('diff-view');
  await expect(diff).toHaveAttribute('data-view', 'transcript');
  await expect(diff).not.toHaveAttribute('data-revealed-original', '');
});
