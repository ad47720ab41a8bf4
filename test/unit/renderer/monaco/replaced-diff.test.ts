/** The one Monaco failure the page drops: a diff of documents already replaced; every other error still reaches the page. */
import { describe, expect, it } from 'vitest';
import { ignoreReplacedDiffFailures, isReplacedDiffFailure, REPLACED_DIFF_MESSAGE } from '../../../../renderer/monaco/replaced-diff.js';

/** An event as the page gets it: a rejection's `reason` or an uncaught error's `error`, cancelable. */
function failure(type: 'unhandledrejection' | 'error', value: unknown): Event {
  const event = new Event(type, { cancelable: true });
  Object.assign(event, type === 'error' ? { error: value } : { reason: value });
  return event;
}

describe('isReplacedDiffFailure', () => {
  it('is that exact error and nothing else', () => {
    expect(isReplacedDiffFailure(new Error(REPLACED_DIFF_MESSAGE))).toBe(true);
    expect(isReplacedDiffFailure(new Error('no diff result available yet'))).toBe(false);
    expect(isReplacedDiffFailure(REPLACED_DIFF_MESSAGE)).toBe(false);
    expect(isReplacedDiffFailure(new TypeError('x is undefined'))).toBe(false);
    expect(isReplacedDiffFailure(undefined)).toBe(false);
  });
});

describe('ignoreReplacedDiffFailures', () => {
  it('cancels that failure as a rejection or an uncaught error, leaves any other, and can be undone', () => {
    const page = new EventTarget();
    const undo = ignoreReplacedDiffFailures(page);
    const stale = failure('unhandledrejection', new Error(REPLACED_DIFF_MESSAGE));
    page.dispatchEvent(stale);
    expect(stale.defaultPrevented).toBe(true);
    const thrown = failure('error', new Error(REPLACED_DIFF_MESSAGE));
    page.dispatchEvent(thrown);
    expect(thrown.defaultPrevented).toBe(true);
    for (const other of [failure('unhandledrejection', new Error('boom')), failure('error', new RangeError('bad'))]) {
      page.dispatchEvent(other);
      expect(other.defaultPrevented).toBe(false);
    }
    undo();
    const after = failure('unhandledrejection', new Error(REPLACED_DIFF_MESSAGE));
    page.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
