// Throttling a file read's progress: at most one event per interval, the first one interval in, and always a final one.
import { describe, expect, it } from 'vitest';
import { throttleProgress } from '../../../../../electron/host/inspector/read-progress.js';

function clocked(intervalMs: number) {
  let t = 1000;
  const sent: [number, number][] = [];
  const throttle = throttleProgress(
    (done, total) => sent.push([done, total]),
    intervalMs,
    () => t,
  );
  return { throttle, sent, advance: (ms: number) => (t += ms) };
}

describe('throttleProgress', () => {
  it('sends at most one event per interval, then the last update as the final event', () => {
    const { throttle, sent, advance } = clocked(100);
    throttle.update(10, 100);
    advance(60);
    throttle.update(20, 100);
    expect(sent).toEqual([]);
    advance(40);
    throttle.update(30, 100);
    expect(sent).toEqual([[30, 100]]);
    advance(99);
    throttle.update(40, 100);
    advance(50);
    throttle.update(100, 100);
    expect(sent).toEqual([
      [30, 100],
      [100, 100],
    ]);
    throttle.update(100, 100);
    throttle.finish();
    expect(sent).toEqual([
      [30, 100],
      [100, 100],
      [100, 100],
    ]);
  });

  it('does not repeat an update the interval let through as the final event', () => {
    const { throttle, sent, advance } = clocked(100);
    advance(100);
    throttle.update(8, 8);
    throttle.finish();
    throttle.finish();
    expect(sent).toEqual([[8, 8]]);
  });

  it('sends only the final event for a read shorter than the interval, and nothing without an update', () => {
    const quick = clocked(100);
    quick.throttle.update(4, 8);
    quick.throttle.update(8, 8);
    quick.throttle.finish();
    expect(quick.sent).toEqual([[8, 8]]);
    const none = clocked(100);
    none.throttle.finish();
    expect(none.sent).toEqual([]);
  });
});
