// Random units of a turn and its results, and the replay's with tool-call ids rewritten (the tests of
// derived-entry.ts and renamed-units.ts), and the entries pi-ai builds for them.
import fc from 'fast-check';
import { toLlmMessages } from '../../../electron/host/payloads/llm-messages.js';
import { buildLlmPayload } from '../../../electron/host/payloads/payload-builder.js';
import type { BuildModel } from '../../../electron/host/payloads/replay-units.js';
import type { JsonValue, Message, Target } from '../../../shared/types.js';
import { entriesOf } from './payload-entries.js';

export const FOREIGN = { api: 'openai-responses', provider: 'openai', model: 'gpt-5' };
/** Where a target's own turns say they came from. */
export const ownRoute = (target: Target) => ({ api: target.api, provider: target.provider, model: target.modelId });

/** Texts pi-ai treats apart: blank, whitespace only, a lone surrogate (which it strips), long. */
const TEXTS = ['plan', '', '  \n', 'a \ud83d lone', 'x'.repeat(700), '中文 ok'];

const text = fc.constantFrom(...TEXTS);
export const block: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  text.map((t) => ({ type: 'text', text: t })),
  fc
    .record({ thinking: text, signature: fc.constantFrom('EqQB', '', '  ', undefined) })
    .map(({ thinking, signature }) =>
      signature === undefined ? { type: 'thinking', thinking } : { type: 'thinking', thinking, thinkingSignature: signature },
    ),
  fc.constant({ type: 'thinking', thinking: '[Reasoning redacted]', thinkingSignature: 'opaque', redacted: true }),
  fc.nat(99).map((n) => ({ type: 'toolCall', id: `toolu_${n}`, name: 'bash', arguments: { n } })),
  fc.constant({ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }),
);

/** Call ids as providers write them: Anthropic's, OpenAI Responses' pairs (a `|` pi-ai makes `_`), past 64 characters, dotted. */
const callId = fc.oneof(
  fc.nat(9).map((n) => `toolu_${n}`),
  fc.nat(9).map((n) => `call_${n}|fc_${n}`),
  fc.nat(9).map((n) => `${'c'.repeat(66)}${n}`),
  fc.nat(9).map((n) => `fn.read:${n}`),
);

/** What hygiene may rewrite an id to: plain, or (for the test) still needing pi-ai's cleaning, or past 64. */
export const newId = fc.oneof(
  fc.nat(9).map((n) => `toolu_r${n}`),
  fc.nat(9).map((n) => `callfc${n}`),
  fc.nat(9).map((n) => `new|${n}`),
  fc.nat(9).map((n) => `${'r'.repeat(65)}|${n}`),
);

export interface UnitCase {
  blocks: Record<string, unknown>[];
  ids: string[];
  answered: boolean[];
  renames: (string | null)[];
  follows: boolean[];
  orphan: boolean;
  drop: boolean[];
  own: boolean;
}

/** Random units whose renamed ids are written as `renamedAs` gives them (a digit is added to each). */
export const unitCaseWith = (renamedAs: fc.Arbitrary<string>): fc.Arbitrary<UnitCase> =>
  fc.record({
    blocks: fc.array(block, { minLength: 1, maxLength: 5 }),
    ids: fc.array(callId, { minLength: 6, maxLength: 6 }),
    answered: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    renames: fc.array(fc.option(renamedAs, { freq: 2 }), { minLength: 6, maxLength: 6 }),
    follows: fc.array(fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)), { minLength: 6, maxLength: 6 }),
    orphan: fc.oneof(fc.constant(false), fc.constant(false), fc.constant(false), fc.constant(true)),
    drop: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    own: fc.boolean(),
  });

export const unitCase: fc.Arbitrary<UnitCase> = unitCaseWith(newId);

/**
 * An original unit (an assistant turn and its results) and the replay's, whose calls and results got
 * other ids (and whose turn lost the thinking blocks `drop` names, unless `keepThinking`). `clean`: no
 * image, every call answered, every result following its call's new id.
 */
export function unitsOfCase(
  c: UnitCase,
  target: Target,
  options: { keepThinking?: boolean } = {},
): { original: Message[]; replay: Message[]; clean: boolean } {
  const route = c.own ? ownRoute(target) : FOREIGN;
  let k = 0;
  // Each call gets its own id (an id in two calls is another case), renamed or not.
  const calls = c.blocks.map((b) => (b.type === 'toolCall' ? { ...b, id: `${c.ids[k]}${k++}` } : b));
  const renamed = calls.map((b, i) => {
    const r = b.type === 'toolCall' ? c.renames[calls.slice(0, i).filter((x) => x.type === 'toolCall').length] : null;
    return r === null ? b : { ...b, id: `${r}${i}` };
  });
  const kept = options.keepThinking ? renamed : renamed.filter((b, i) => b.type !== 'thinking' || !c.drop[i]);
  const original: Message[] = [{ role: 'assistant', content: calls, ...route, stopReason: 'toolUse', timestamp: 2 }];
  const replay: Message[] = [{ role: 'assistant', content: kept, ...route, stopReason: 'toolUse', timestamp: 2 }];
  let clean = !c.blocks.some((b) => b.type === 'image');
  calls.forEach((b, i) => {
    if (b.type !== 'toolCall') return;
    const n = calls.slice(0, i).filter((x) => x.type === 'toolCall').length;
    if (!c.answered[n]) return (clean = false);
    const result: Message = {
      role: 'toolResult',
      toolCallId: b.id,
      toolName: 'bash',
      content: [{ type: 'text', text: `out ${n}` }],
      isError: n % 2 === 1,
      timestamp: 3,
    };
    original.push(result);
    const id = c.follows[n] ? (renamed[i] as { id: string }).id : `other${n}`;
    if (!c.follows[n]) clean = false;
    replay.push(id === b.id ? result : { ...result, toolCallId: id, details: { n } });
  });
  if (c.orphan) {
    const orphan: Message = {
      role: 'toolResult',
      toolCallId: 'gone|1',
      toolName: 'bash',
      content: [{ type: 'text', text: 'late' }],
      isError: false,
      timestamp: 4,
    };
    original.push(orphan);
    replay.push(orphan);
  }
  return { original, replay, clean };
}

/** The entries pi-ai builds for a unit's messages between a user turn and a later turn (so no cache mark falls on them). */
export async function unitEntries(messages: Message[], target: Target): Promise<{ entries: JsonValue[]; model: BuildModel }> {
  const before: Message = { role: 'user', content: 'go', timestamp: 1 };
  const after: Message = { role: 'user', content: 'next', timestamp: 5 };
  const build = await buildLlmPayload(toLlmMessages([before, ...messages, after]), target, {}, { standIns: false });
  return { entries: (entriesOf(build.payload) as JsonValue[]).slice(1, -1), model: build.model! };
}
