// tool-call-input: the history pass, on the cases OpenClaw's own tests check.
import { describe, expect, it } from 'vitest';
import { TOOL_CALL_ID_FIELDS } from '../../../../shared/messages.js';
import { toolCallInputRule } from '../../../../shared/rules/tool-call-input.js';
import type { Message } from '../../../../shared/types.js';
import { applyRule, brief, type RuleEnv } from '../../helpers/apply-rule.js';
import { A, tc, text, TR, U } from '../../helpers/messages.js';

const history = (messages: Message[], env: RuleEnv = {}) =>
  applyRule(toolCallInputRule, messages, { ...env, options: { flavour: 'history' } });
const rule = 'tool-call-input';

describe('tool-call-input', () => {
  it('a tool call without arguments is dropped, and the emptied assistant with it', async () => {
    const user = U('hello');
    const run = await history([A([{ type: 'toolCall', id: 'call_1', name: 'read' }], { stopReason: 'toolUse' }), user]);
    expect(run.messages).toEqual([user]);
    expect(brief(run.annotations)).toContainEqual({ rule, action: 'dropped', turn: 0, replayTurn: null });
    expect(run.annotations.every((a) => a.turn === 0 && a.replayTurn === null)).toBe(true);
  });

  it('keeps a call naming itself in any id field the engine reads, and drops one whose only id is blank', async () => {
    // A field added to the list but not read by the rule fails here.
    for (const field of TOOL_CALL_ID_FIELDS) {
      const named = A([{ type: 'toolCall', [field]: 'call_1', name: 'read', arguments: {} }], { stopReason: 'toolUse' });
      const blank = A([{ type: 'toolCall', [field]: '  ', name: 'read', arguments: {} }], { stopReason: 'toolUse' });
      expect((await history([named])).messages).toEqual([named]);
      expect((await history([blank])).messages).toEqual([]);
    }
  });

  it('calls with an empty name, a blank name or an empty id are dropped; call_ok remains', async () => {
    const ok = tc('call_ok', 'read', { path: 'a.txt' });
    const assistant = A(
      [
        ok,
        { type: 'toolCall', id: 'call_empty_name', name: '', arguments: {} },
        { type: 'toolUse', id: 'call_blank_name', name: '   ', input: {} },
        { type: 'functionCall', id: '', name: 'exec', arguments: {} },
      ],
      { stopReason: 'toolUse' },
    );
    const run = await history([assistant]);
    expect(run.messages).toEqual([{ ...assistant, content: [ok] }]);
    expect(brief(run.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[1]' },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[2]' },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[3]' },
    ]);
  });

  it('a name with leaked control tokens and an 85-character name are dropped; read is kept', async () => {
    const ok = tc('call_ok', 'read');
    const assistant = A(
      [tc('call_bad', 'toolu_01abc <|tool_call_argument_begin|> {"command"'), tc('call_long', `read_${'x'.repeat(80)}`), ok],
      { stopReason: 'toolUse' },
    );
    const run = await history([assistant]);
    expect(run.messages).toEqual([{ ...assistant, content: [ok] }]);
    expect(brief(run.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[0]' },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[1]' },
    ]);
  });

  it('with allowedToolNames [read], a pending write call is dropped and read kept', async () => {
    const read = tc('call_read', 'read');
    const assistant = A([read, tc('call_write', 'write')], { stopReason: 'toolUse' });
    const run = await history([assistant], { allowedToolNames: ['read'] });
    expect(run.messages).toEqual([{ ...assistant, content: [read] }]);
    expect(brief(run.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[1]' }]);
  });

  it('text and a toolUse with input survive; the toolCall without arguments is dropped', async () => {
    const before = text('before');
    const toolUse = { type: 'toolUse', id: 'call_ok', name: 'read', input: { path: 'a.txt' } };
    const assistant = A([before, toolUse, { type: 'toolCall', id: 'call_drop', name: 'read' }], { stopReason: 'toolUse' });
    const run = await history([assistant]);
    expect(run.messages).toEqual([{ ...assistant, content: [before, toolUse] }]);
    expect((run.messages[0].content as { type: string }[]).map((b) => b.type)).toEqual(['text', 'toolUse']);
    expect(brief(run.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[2]' }]);
  });

  it('names are trimmed (" read " → read, "exec " → exec), every other field kept', async () => {
    const assistant = A([tc('call_1', ' read ', { path: '/srv/test' }), tc('call_2', 'exec ', { command: 'ls' })], {
      stopReason: 'toolUse',
    });
    const run = await history([assistant]);
    expect(run.messages).toEqual([
      { ...assistant, content: [tc('call_1', 'read', { path: '/srv/test' }), tc('call_2', 'exec', { command: 'ls' })] },
    ]);
    expect(brief(run.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[0].name' },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[1].name' },
    ]);
  });

  it('" read " / " write " with allowlist [read] → only read, trimmed', async () => {
    const assistant = A([tc('call_1', ' read '), tc('call_2', ' write ')], { stopReason: 'toolUse' });
    const run = await history([assistant], { allowedToolNames: ['read'] });
    expect(run.messages).toEqual([{ ...assistant, content: [tc('call_1', 'read')] }]);
    expect(brief(run.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[0].name' },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[1]' },
    ]);
  });

  it('a call that already has a result replays even when its tool is no longer allowed', async () => {
    const messages = [A([tc('call_w', 'write')], { stopReason: 'toolUse' }), TR('call_w', 'written', { toolName: 'write' })];
    const run = await history(messages, { allowedToolNames: ['read'] });
    expect(run.untouched).toBe(true);
    expect(run.annotations).toEqual([]);
  });
});
