/**
 * A first inspection of a tiny session, before the user's: it loads the provider libraries and
 * compiles the hot paths (pipeline, payloads, documents), so the first screen of a real session does
 * not pay for them.
 *
 * Only the host warms up (the desktop app once its window shows, `serve` before its first page, the
 * bench's probe before it measures): `inspect()` called through the package API gets no warm-up, so
 * its first call pays for loading the provider libraries and compiling the engine. A warm-up this
 * small gives V8 little to go on: it records how a function is used only once the function has run
 * for a while, so code compiled for a big session is still compiled, and sometimes thrown away and
 * compiled again, during its first inspection.
 */
import type { Target } from '../../../shared/types.js';
import type { HostInspector } from '../inspector.js';

/** The target the warm-up inspects for. */
export const WARM_UP_TARGET: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true };

const LINES = [
  { type: 'session', version: 3, id: 'warm-up', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/' },
  {
    type: 'message',
    id: 'a',
    parentId: null,
    timestamp: '2026-01-01T00:00:01.000Z',
    message: { role: 'user', content: [{ type: 'text', text: 'hi' }], timestamp: 1 },
  },
  {
    type: 'message',
    id: 'b',
    parentId: 'a',
    timestamp: '2026-01-01T00:00:02.000Z',
    message: {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'x', thinkingSignature: 's' },
        { type: 'text', text: 'reading' },
        { type: 'toolCall', id: 'toolu_1', name: 'read', arguments: { path: 'a' } },
      ],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 },
      stopReason: 'toolUse',
      timestamp: 2,
    },
  },
  {
    type: 'message',
    id: 'c',
    parentId: 'b',
    timestamp: '2026-01-01T00:00:03.000Z',
    message: {
      role: 'toolResult',
      toolCallId: 'toolu_1',
      toolName: 'read',
      content: [{ type: 'text', text: 'ok' }],
      isError: false,
      timestamp: 3,
    },
  },
];

/** The tiny session: a user turn, an assistant turn with thinking and a tool call, its result. */
export const WARM_UP_SESSION = LINES.map((line) => JSON.stringify(line)).join('\n');

/** Inspect a tiny session once and forget it. Never throws: a failure here shows up again, and is reported, on real use. */
export async function warmUp(inspector: Pick<HostInspector, 'open' | 'inspect' | 'getDocument' | 'getTurns' | 'close'>): Promise<void> {
  try {
    const info = await inspector.open({ kind: 'text', name: 'warm-up.jsonl', text: WARM_UP_SESSION });
    try {
      const summary = await inspector.inspect(info.sessionId, WARM_UP_TARGET);
      for (const side of ['original', 'replay'] as const)
        await inspector.getDocument(summary.inspectionId, side, 'payload', { from: 0, to: 3 });
      await inspector.getTurns(summary.inspectionId, 'replay', 0, 3);
    } finally {
      await inspector.close(info.sessionId);
    }
  } catch {
    // Only a head start.
  }
}
