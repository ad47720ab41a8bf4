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
