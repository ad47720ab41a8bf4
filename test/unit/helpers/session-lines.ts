// Session file lines for the session tests: a header, and user and assistant entries in a tree.

/** A version-`v` session header line. */
export const sessionHeader = (v = 3) =>
  JSON.stringify({ type: 'session', version: v, id: 's1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/x' });

/** An entry line (a timestamp first, as pi writes it). */
export const entryLine = (o: Record<string, unknown>) => JSON.stringify({ timestamp: '2026-01-01T00:00:01.000Z', ...o });

/** A user turn hanging off `parentId` (undefined: the line has no parentId). */
export const userLine = (id: string, parentId: string | null | undefined, text: string) =>
  entryLine({
    type: 'message',
    id,
    ...(parentId === undefined ? {} : { parentId }),
    message: { role: 'user', content: text, timestamp: 1 },
  });

/** An assistant turn with one text block, recorded from Anthropic. */
export const assistantLine = (id: string, parentId: string | null, text: string, extra: Record<string, unknown> = {}) =>
  entryLine({
    type: 'message',
    id,
    parentId,
    message: {
      role: 'assistant',
      content: [{ type: 'text', text }],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-opus-4-6',
      stopReason: 'stop',
      timestamp: 2,
      ...extra,
    },
  });

/**
 * A session whose retry leaves turns behind that a later entry goes back to: c and d are left
 * behind by the retry e, then g hangs off d, so c and d (lines 4 and 5) are on the branch again.
 */
export const retriedThenBackLines = (): string[] => [
  sessionHeader(),
  userLine('a', null, 'q1'),
  assistantLine('b', 'a', 'first answer'),
  userLine('c', 'b', 'q2 — first attempt'),
  assistantLine('d', 'c', 'answer to the first attempt'),
  userLine('e', 'b', 'q2 retried'),
  assistantLine('f', 'e', 'answer to the retry'),
  userLine('g', 'd', 'q3, back on the first attempt'),
];
