// The pipeline's list of steps is what runs, in its order, and the rule registry is read off it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RuleStep } from '../../../../shared/pipeline/runner.js';
import { HISTORY_STEPS, PAYLOAD_STEPS, PIPELINE } from '../../../../shared/pipeline/steps.js';
import { policyValues, resolvePolicy } from '../../../../shared/policy/resolve.js';
import { RULES } from '../../../../shared/rules/index.js';
import type { Message, Target } from '../../../../shared/types.js';
import { A, tc, text, thinking, TR, U } from '../../helpers/messages.js';
import { replayWithPolicy, TARGETS } from '../../helpers/pipeline.js';

const RULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/rules');

/** A transcript that gives most steps something to look at: calls, a missing result, thinking, an error turn, a prefill. */
const TRANSCRIPT: Message[] = [
  A([text('hello first')]),
  U('go'),
  A([thinking('let me see', 'sig'), tc('call 1', 'read'), tc('call_2', 'exec')], { stopReason: 'toolUse' }),
  TR('call 1', 'ok'),
  A([], { stopReason: 'error', errorMessage: 'Overloaded' }),
  U('again'),
  U('and again'),
  A([text('done')]),
];

async function trace(target: Target): Promise<RuleStep[]> {
  const ran: RuleStep[] = [];
  await replayWithPolicy(TRANSCRIPT, target, {}, { onStep: (step) => ran.push(step) });
  return ran;
}

describe('the pipeline as data', () => {
  it('lists the history steps first, then the payload steps', () => {
    expect(PIPELINE).toEqual([...HISTORY_STEPS, ...PAYLOAD_STEPS]);
    expect(PAYLOAD_STEPS.map((s) => s.rule.id)).toEqual(['prefill-strip', 'turn-validation']);
    for (const step of PAYLOAD_STEPS) expect(step.rule.payload).toBeDefined();
  });

  it('registers every rule once, in the order the list first runs it', () => {
    const firstRuns = PIPELINE.flatMap((s) => (s.stage === 'session' ? [] : [s.rule.id])).filter((id, i, all) => all.indexOf(id) === i);
    expect(RULES.map((r) => r.id)).toEqual(firstRuns);
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
  });

  it('runs every rule module of shared/rules/ somewhere in the list', async () => {
    const exported = new Set<string>();
    for (const file of fs.readdirSync(RULES_DIR).filter((f) => f.endsWith('.ts'))) {
      const module = (await import(path.join(RULES_DIR, file))) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        const rule = value as { id?: unknown; apply?: unknown; appliesWhen?: unknown };
        if (typeof rule?.id === 'string' && typeof rule.apply === 'function' && typeof rule.appliesWhen === 'function')
          exported.add(rule.id);
      }
    }
    expect(exported.size).toBeGreaterThanOrEqual(25);
    expect([...exported].sort()).toEqual(RULES.map((r) => r.id).sort());
  });

  it.each(Object.entries(TARGETS))(
    'runs the steps in list order, skipping only those whose rule or condition does not apply (%s)',
    async (_name, target) => {
      const policy = policyValues(resolvePolicy(target));
      const ran = await trace(target);
      const positions = ran.map((step) => HISTORY_STEPS.indexOf(step));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(positions).size).toBe(positions.length);
      // A step without a condition runs whenever its rule applies to the policy.
      const unconditional = HISTORY_STEPS.filter((s): s is RuleStep => s.stage === 'history' && !s.when && s.rule.appliesWhen(policy));
      for (const step of unconditional) expect(ran).toContain(step);
      // Every rule that ran was first run where the registry puts it.
      const firstRun = ran.map((s) => s.rule.id).filter((id, i, all) => all.indexOf(id) === i);
      const order = RULES.map((r) => r.id);
      expect(firstRun.map((id) => order.indexOf(id))).toEqual([...firstRun.map((id) => order.indexOf(id))].sort((a, b) => a - b));
    },
  );

  it('gates conditional steps on the policy: Responses steps only for the Responses family', async () => {
    const responses = await trace(TARGETS.openai);
    const anthropic = await trace(TARGETS.anthropic);
    const flavours = (ran: RuleStep[]) =>
      ran.filter((s) => s.rule.id === 'tool-result-pairing').map((s) => (s.options as { flavour: string }).flavour);
    expect(flavours(responses)).not.toContain('generic');
    expect(flavours(responses)).toContain('responses');
    expect(flavours(anthropic)).not.toContain('responses');
    expect(flavours(anthropic)).toContain('embedded');
    expect(anthropic.map((s) => s.rule.id)).not.toContain('responses-tool-call-id');
  });
});
