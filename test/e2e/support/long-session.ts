// A generated pi session of a few thousand turns for the large-session e2e tests: small turns (so
// the file stays a few MB and opens fast), an image and a long tool output near the start (elided
// in the diff), and a trailing assistant turn at the very end (a far annotation: prefill-strip).
import fs from 'node:fs';
import { noisePng } from '../../bench/session-generator.js';

/** What the tests need to know about the generated file. */
export interface LongSession {
  file: string;
  /** Messages on the active branch (original turns). */
  turns: number;
  /** The original turn of the user message carrying the image. */
  imageTurn: number;
  /** The original turn of the tool result with the long output. */
  longTextTurn: number;
  /** The long tool output, as the viewer must show it. */
  longText: string;
  /** Base64 of the image. */
  imageBase64: string;
}

/** Write a session of `cycles` × 4 turns (user, assistant tool call, tool result, assistant) to `file`. */
export async function writeLongSession(file: string, cycles = 750): Promise<LongSession> {
  const imageBase64 = await noisePng(160, 120, 11);
  // Over the host's 64 KB text limit (elided as text) and over the viewer's 512 KB "show at once".
  const longText = Array.from({ length: 9000 }, (_, i) => `line ${i}: ${'output of a long build log '.repeat(2)}`).join('\n');
  const lines: string[] = [];
  let id = 0;
  let parent: string | null = null;
  const at = (n: number) => new Date(Date.UTC(2026, 2, 1, 9) + n * 1000).toISOString();
  const entry = (type: string, fields: Record<string, unknown>) => {
    id += 1;
    const own = `e${id.toString(16).padStart(7, '0')}`;
    lines.push(JSON.stringify({ type, id: own, parentId: parent, timestamp: at(id), ...fields }));
    parent = own;
  };
  const assistant = (content: unknown[], stopReason: string) => ({
    role: 'assistant',
    content,
    api: 'anthropic-messages',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    usage: {
      input: 100,
      output: 20,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 120,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason,
    timestamp: Date.UTC(2026, 2, 1, 9) + id * 1000,
  });
  lines.push(JSON.stringify({ type: 'session', version: 3, id: 'long-session', timestamp: at(0), cwd: '/work/project' }));
  entry('model_change', { provider: 'anthropic', modelId: 'claude-sonnet-4-5' });
  let turn = 0;
  let imageTurn = -1;
  let longTextTurn = -1;
  const filler = 'Please look at the build again and tell me what changed since the last run, file by file. '.repeat(10);
  for (let c = 0; c < cycles; c += 1) {
    const user: unknown[] = [{ type: 'text', text: `cycle ${c}: ${filler}` }];
    if (c === 2) {
      user.push({ type: 'image', data: imageBase64, mimeType: 'image/png' });
      imageTurn = turn;
    }
    entry('message', { message: { role: 'user', content: user, timestamp: Date.UTC(2026, 2, 1, 9) + id * 1000 } });
    turn += 1;
    const call = `toolu_${c.toString(36).padStart(4, '0')}`;
    entry('message', {
      message: assistant(
        [
          { type: 'text', text: `Reading the log (${c}).` },
          { type: 'toolCall', id: call, name: 'bash', arguments: { command: `cat build-${c}.log` } },
        ],
        'toolUse',
      ),
    });
    turn += 1;
    const output = c === 4 ? longText : `build ${c}: ${'ok '.repeat(60)}`;
    if (c === 4) longTextTurn = turn;
    entry('message', {
      message: {
        role: 'toolResult',
        toolCallId: call,
        toolName: 'bash',
        content: [{ type: 'text', text: output }],
        details: { exitCode: 0 },
        isError: false,
        timestamp: Date.UTC(2026, 2, 1, 9) + id * 1000,
      },
    });
    turn += 1;
    entry('message', { message: assistant([{ type: 'text', text: `Cycle ${c} looks fine: ${filler.slice(0, 200)}` }], 'stop') });
    turn += 1;
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, turns: turn, imageTurn, longTextTurn, longText, imageBase64 };
}
