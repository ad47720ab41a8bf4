// runtime-context: a metadata-only string, and metadata stripped with the visible text kept, in the
// inbound-context form OpenClaw 2026.9.6 writes and strips (the ⟦openclaw:ctx⟧ marker).
import { describe, expect, it } from 'vitest';
import { runtimeContextRule } from '../../../../shared/rules/runtime-context.js';
import { applyRule, brief } from '../../helpers/apply-rule.js';
import { A, tc, text, U } from '../../helpers/messages.js';

const rule = 'runtime-context';
const META = 'Conversation info: ⟦openclaw:ctx⟧\n```json\n{"message_id":"1234","sender":"+15550001111"}\n```';
const LEGACY = 'Conversation info (untrusted metadata):\n```json\n{"message_id":"1234","sender":"+15550001111"}\n```';

describe('runtime-context', () => {
  it('an assistant string that is only copied inbound metadata is dropped', async () => {
    const out = await applyRule(runtimeContextRule, [U('hi'), A(META), U('next')]);
    expect(out.messages).toEqual([U('hi'), U('next')]);
    expect(brief(out.annotations)).toEqual([{ rule, action: 'dropped', turn: 1, replayTurn: null }]);
  });

  it('the older "(untrusted metadata):" label form is left as it is, as OpenClaw 2026.9.6 leaves it', async () => {
    const input = [U('hi'), A(LEGACY), A([text(`${LEGACY}\n\nVisible reply`)]), U('next')];
    const out = await applyRule(runtimeContextRule, input);
    expect(out.messages).toEqual(input);
    expect(out.annotations).toEqual([]);
  });

  it('[meta-only text, meta + "\\n\\nVisible reply", toolCall] → [text "Visible reply", toolCall]', async () => {
    const call = tc('call_1', 'read', { path: 'a.txt' });
    const turn = A([text(META), text(`${META}\n\nVisible reply`), call], { stopReason: 'toolUse' });
    const out = await applyRule(runtimeContextRule, [U('hi'), turn]);
    expect(out.messages).toEqual([U('hi'), { ...turn, content: [text('Visible reply'), call] }]);
    expect(brief(out.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0]' },
      { rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[1].text' },
    ]);
  });

  it('user turns are never touched', async () => {
    const marker = 'Conversation info: ⟦openclaw:ctx⟧\n```json\n{"message_id":"1"}\n```';
    const user = U(marker);
    const out = await applyRule(runtimeContextRule, [user, A([text(`${marker}\n\nHello there`)])]);
    expect(out.messages).toEqual([user, A([text('Hello there')])]);
    expect(brief(out.annotations)).toEqual([{ rule, action: 'rewritten', turn: 1, replayTurn: 1 }]);
  });
});
