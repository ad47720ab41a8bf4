/**
 * A repaired file, read back by pi's own SessionManager (@mariozechner/pi-coding-agent): the results
 * repair inserts must be on the branch pi replays (from the file's last entry up through parentId),
 * not beside it. The sessions are written by the same SessionManager, as pi and OpenClaw write them.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SessionManager } from '@mariozechner/pi-coding-agent';
import { afterAll, describe, expect, it } from 'vitest';
import { planRepairFile, repairFile } from '../../../../../electron/host/repair/index.js';
import { TEXT } from '../../../../../shared/messages.js';
import { USAGE } from '../../../helpers/messages.js';
import { replayedByPi } from '../../../helpers/pi-replay.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-pi-repair-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const usage = USAGE;
const codeMode = { api: 'openai-chatgpt-responses', provider: 'openai', model: 'gpt-5.4', usage } as const;

/** Write a session through pi's SessionManager and return its file. */
function writeSession(name: string, build: (sm: SessionManager) => void): string {
  const sm = SessionManager.inMemory('/work/project');
  build(sm);
  const file = path.join(dir, `${name}.jsonl`);
  writeFileSync(file, `${[sm.getHeader(), ...sm.getEntries()].map((e) => JSON.stringify(e)).join('\n')}\n`);
  return file;
}

/** What pi replays from a file: the branch from its last entry. */
const replayed = (file: string) => replayedByPi<{ role: string; toolCallId?: string; content?: unknown }>(file, dir);

async function repaired(file: string): Promise<void> {
  const plan = await planRepairFile(file);
  expect(plan.needed).toBe(true);
  const outcome = await repairFile(file, plan.digest);
  expect(outcome).toMatchObject({ status: 'repaired' });
}

describe("repair, as pi's SessionManager reads the result", () => {
  it('replays the inserted "aborted" results of a code-mode call, right after the call, on the active branch', async () => {
    const file = writeSession('code-mode', (sm) => {
      sm.appendMessage({ role: 'user', content: [{ type: 'text', text: 'List the files.' }], timestamp: 1 });
      sm.appendMessage({
        role: 'assistant',
        content: [
          { type: 'toolCall', id: 'call_a|fc_1', name: 'exec', arguments: { cmd: 'ls' } },
          { type: 'toolCall', id: 'call_b|fc_2', name: 'exec', arguments: { cmd: 'pwd' } },
        ],
        stopReason: 'toolUse',
        timestamp: 2,
        ...codeMode,
      });
      sm.appendMessage({ role: 'user', content: [{ type: 'text', text: 'Well?' }], timestamp: 3 });
      sm.appendMessage({
        role: 'assistant',
        content: [{ type: 'text', text: 'Both commands were interrupted.' }],
        stopReason: 'stop',
        timestamp: 4,
        ...codeMode,
      });
    });
    expect(replayed(file).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    await repaired(file);
    const messages = replayed(file);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'toolResult', 'user', 'assistant']);
    expect(messages.slice(2, 4).map((m) => [m.toolCallId, m.content])).toEqual([
      ['call_a|fc_1', [{ type: 'text', text: TEXT.abortedToolResult }]],
      ['call_b|fc_2', [{ type: 'text', text: TEXT.abortedToolResult }]],
    ]);
    // A repaired file needs nothing more.
    expect((await planRepairFile(file)).needed).toBe(false);
  });

  it('replays the result of a "message" call that only a delivery mirror answered, before the mirror', async () => {
    const file = writeSession('mirror', (sm) => {
      sm.appendMessage({ role: 'user', content: [{ type: 'text', text: 'Tell the team.' }], timestamp: 1 });
      sm.appendMessage({
        role: 'assistant',
        content: [{ type: 'toolCall', id: 'call_m', name: 'message', arguments: { text: 'Deploy is done.' } }],
        stopReason: 'toolUse',
        timestamp: 2,
        api: 'openai-responses',
        provider: 'openai',
        model: 'gpt-5',
        usage,
      });
      sm.appendMessage({
        role: 'assistant',
        content: [{ type: 'text', text: 'Deploy is done.' }],
        stopReason: 'stop',
        timestamp: 3,
        api: 'openclaw-transcript',
        provider: 'openclaw',
        model: 'delivery-mirror',
        usage,
      });
      sm.appendMessage({ role: 'user', content: [{ type: 'text', text: 'Thanks.' }], timestamp: 4 });
    });
    const before = readFileSync(file, 'utf8');
    await repaired(file);
    const messages = replayed(file);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'assistant', 'user']);
    expect(messages[2]).toMatchObject({ toolCallId: 'call_m', content: [{ type: 'text', text: TEXT.abortedToolResult }] });
    // Only the mirror's parent changed among the lines that were there.
    const changed = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l !== '' && !String(JSON.parse(l).id).startsWith('repair-') && !before.includes(l));
    expect(changed).toHaveLength(1);
    expect(JSON.parse(changed[0]).message.model).toBe('delivery-mirror');
  });
});
