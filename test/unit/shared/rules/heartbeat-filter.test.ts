// heartbeat-filter: a wake prompt answered only by an acknowledgement (or a heartbeat_respond call
// with notify=false) is dropped with its calls and results; an exchange that notified the user, or a
// turn that only looks like a prompt, is kept.
import { describe, expect, it } from 'vitest';
import { heartbeatFilterRule } from '../../../../shared/rules/heartbeat-filter.js';
import { applyRule, brief } from '../../helpers/apply-rule.js';
import { A, tc, TR, U } from '../../helpers/messages.js';

const rule = 'heartbeat-filter';
const POLL = '[OpenClaw heartbeat poll]';

describe('heartbeat-filter', () => {
  it('[poll, "HEARTBEAT_OK", user, assistant] → [user, assistant]: the poll and its ack are dropped', async () => {
    const out = await applyRule(heartbeatFilterRule, [U(POLL), A('HEARTBEAT_OK'), U('hello'), A('hi')]);
    expect(out.messages).toEqual([U('hello'), A('hi')]);
    expect(brief(out.annotations)).toEqual([
      { rule, action: 'dropped', turn: 0, replayTurn: null },
      { rule, action: 'dropped', turn: 1, replayTurn: null },
    ]);
  });

  it('a prompt with blank space around it is still the prompt', async () => {
    const out = await applyRule(heartbeatFilterRule, [U(`  ${POLL}\n`), A('NO_REPLY'), U('next')]);
    expect(out.messages).toEqual([U('next')]);
    expect(brief(out.annotations)).toEqual([
      { rule, action: 'dropped', turn: 0, replayTurn: null },
      { rule, action: 'dropped', turn: 1, replayTurn: null },
    ]);
  });

  it('heartbeat_respond with notify=false ends the exchange silently: poll, call and result are dropped', async () => {
    const call = A([tc('c1', 'heartbeat_respond', { notify: false })], { stopReason: 'toolUse' });
    const out = await applyRule(heartbeatFilterRule, [U(POLL), call, TR('c1', 'ok'), U('next')]);
    expect(out.messages).toEqual([U('next')]);
    expect(brief(out.annotations).map((a) => a.turn)).toEqual([0, 1, 2]);
  });

  it('heartbeat_respond with notify=true reached the user: the exchange is kept', async () => {
    const call = A([tc('c1', 'heartbeat_respond', { notify: true, notificationText: 'Disk almost full' })], { stopReason: 'toolUse' });
    const input = [U(POLL), call, TR('c1', 'ok'), U('next')];
    const out = await applyRule(heartbeatFilterRule, input);
    expect(out.messages).toEqual(input);
    expect(out.annotations).toEqual([]);
  });

  it('a prompt followed by a real answer (no acknowledgement) is kept', async () => {
    const input = [U(POLL), A('I checked the build: two tests fail in parser.ts.'), U('next')];
    const out = await applyRule(heartbeatFilterRule, input);
    expect(out.messages).toEqual(input);
    expect(out.annotations).toEqual([]);
  });

  it('an ordinary user turn answered "HEARTBEAT_OK" is conversation, not a wake: kept', async () => {
    for (const opening of ['hi', '[draft] notes for later']) {
      const input = [U(opening), A('HEARTBEAT_OK'), U('next')];
      const out = await applyRule(heartbeatFilterRule, input);
      expect(out.messages).toEqual(input);
      expect(out.annotations).toEqual([]);
    }
  });
});
