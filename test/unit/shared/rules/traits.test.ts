// The trait bits of a message (shared/rules/traits.ts) against a direct reading of the message, on
// random messages: a rule skips a turn whose bit is clear, so a bit clear where the thing is would
// silently skip a repair.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOOL_RESULT_ID_FIELDS } from '../../../../shared/messages.js';
import { TRAIT, traitsOf } from '../../../../shared/rules/traits.js';
import { opensWakePrompt } from '../../../../shared/text/heartbeat-prompts.js';
import { mayHoldInternalMetadata } from '../../../../shared/text/internal-metadata.js';
import { mayHoldSilentReply } from '../../../../shared/text/silent-reply.js';
import type { Message } from '../../../../shared/types.js';
import { usageIsCanonical } from '../../../../shared/usage.js';

const CALL_TYPES = ['toolCall', 'toolUse', 'functionCall', 'tool_use', 'tool_call', 'function_call'];
const ID_FIELDS = ['toolCallId', 'toolUseId', 'tool_call_id', 'tool_use_id', 'callId', 'call_id'];

// Texts: blank ones (every whitespace JavaScript's trim removes, and none), visible ones, and non-strings.
const blankish = fc.constantFrom('', ' ', '\n\t', '\u00a0', '\u2028', '\ufeff', '\u3000 ');
const visible = fc.constantFrom('x', ' hello ', '\u200b', '\u0000', '[x]', ' \n[assistant turn failed before producing content]', 'a [');
// Texts with the cues a turn's texts are read for: metadata markers, silent-reply tokens, wake prompts' openings.
const cued = fc.constantFrom(
  'NO_REPLY',
  'ok no_reply',
  'NO REPLY',
  '<<<BEGIN_X>>>',
  'Context: x',
  'Delivery: y',
  'a ⟦openclaw:ctx⟧',
  'the context',
  ' \n[OpenClaw heartbeat poll]',
  'Run the tasks',
  'Follow',
  'run',
);
const textValue = fc.oneof(blankish, visible, cued, fc.constant(undefined), fc.constant(null), fc.integer());

const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text: textValue }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constantFrom('thinking', 'redacted_thinking'), thinking: fc.string(), text: textValue }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('image'), data: fc.string(), mimeType: fc.constant('image/png') }),
  fc.record({ type: fc.constantFrom(...CALL_TYPES), id: fc.string(), name: fc.string() }),
  // Calls near the plain form, each field as written or one step off it.
  fc.record(
    {
      type: fc.constantFrom(...CALL_TYPES),
      id: fc.constantFrom<unknown>('call_1', 'toolu_01', ' call_1', 'call_1\n', '', ' ', 7),
      name: fc.constantFrom<unknown>('read', 'functions.read:0', ' read', 'read ', '', 'a b', 'x'.repeat(65), 'x'.repeat(64), null),
      input: fc.constantFrom<unknown>({}, { path: 'a' }, null, 'raw'),
      arguments: fc.constantFrom<unknown>({}, null),
      partialJson: fc.constantFrom<unknown>('{"a":', '', 1),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { type: fc.constantFrom('document', 'tool_result', 'input_text', 'output_text', 'Text', 'toolcall'), text: textValue },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.oneof(fc.integer(), fc.constant(null)) }, { requiredKeys: [] }),
  fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.constant([])),
);

const content = fc.oneof(
  fc.array(block, { maxLength: 6 }),
  blankish,
  visible,
  cued,
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
);
const role = fc.constantFrom('user', 'assistant', 'toolResult', 'system', 'tool', '', undefined, 0, 'Assistant');
const idValue = fc.oneof(fc.constant(undefined), fc.constant(''), fc.constant('call_1'), fc.integer());

const canonicalUsage = { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 3 };
const usage = fc.constantFrom(undefined, null, canonicalUsage, { ...canonicalUsage, cache_read_input_tokens: 1 }, { input: 1 }, 'x');
// What marks a message OpenClaw wrote for itself: its provider, or a delivery-mirror marker.
const provenance = fc.record(
  { provider: fc.constantFrom('openclaw', 'anthropic'), openclawDeliveryMirror: fc.constantFrom(null, { kind: 'channel-final' }, 'x') },
  { requiredKeys: [] },
);

const message = fc
  .record({ role, content, usage, provenance, ids: fc.array(fc.tuple(fc.constantFrom(...ID_FIELDS), idValue), { maxLength: 3 }) })
  .map(({ role, content, usage, provenance, ids }) => {
    const out: Record<string, unknown> = { role, content, ...provenance };
    if (usage !== undefined) out.usage = usage;
    for (const [field, id] of ids) out[field] = id;
    return out as unknown as Message;
  });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const blank = (v: unknown) => typeof v === 'string' && v.trim() === '';
/** A call both tool-call-input guards keep as it is without an allowlist, read the plain way. */
const plainCall = (b: Record<string, unknown>) =>
  ((b.input !== undefined && b.input !== null) || (b.arguments !== undefined && b.arguments !== null)) &&
  typeof b.id === 'string' &&
  b.id.trim() !== '' &&
  b.id.trim() === b.id &&
  typeof b.name === 'string' &&
  /^[A-Za-z0-9_:.-]{1,64}$/.test(b.name) &&
  typeof b.partialJson !== 'string';
const prose = (v: unknown) => typeof v === 'string' && v.trim() !== '' && !v.trim().startsWith('[');

/** The bits as the doc comments of TRAIT define them, read the plain way. */
function directBits(m: Message): number {
  const r = m as unknown as Record<string, unknown>;
  const blocks = Array.isArray(r.content) ? (r.content as unknown[]) : [];
  const typed = (pred: (type: string) => boolean) => blocks.some((b) => isRecord(b) && typeof b.type === 'string' && pred(b.type));
  const has = (bit: number, yes: boolean) => (yes ? bit : 0);
  const assistant = r.role === 'assistant';
  const texts = [r.content, ...blocks.map((b) => (isRecord(b) ? b.text : undefined))].filter((t): t is string => typeof t === 'string');
  // A user's opening: its string content, or its first text-like block with a visible character.
  const opening = [
    r.content,
    ...blocks.map((b) => (isRecord(b) && ['text', 'input_text', 'output_text'].includes(b.type as string) ? b.text : undefined)),
  ]
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.trim())
    .find((t) => t !== '');
  return (
    has(TRAIT.user, r.role === 'user') |
    has(TRAIT.assistant, r.role === 'assistant') |
    has(TRAIT.toolResult, r.role === 'toolResult') |
    has(TRAIT.otherRole, Boolean(r.role) && !['user', 'assistant', 'toolResult'].includes(r.role as string)) |
    has(
      TRAIT.plainResultId,
      r.role === 'toolResult' &&
        typeof r.toolCallId === 'string' &&
        r.toolCallId !== '' &&
        ID_FIELDS.every((f) => f === 'toolCallId' || r[f] === undefined),
    ) |
    has(TRAIT.stringContent, typeof r.content === 'string') |
    has(TRAIT.arrayContent, Array.isArray(r.content)) |
    has(TRAIT.emptyContent, r.content === '' || (Array.isArray(r.content) && r.content.length === 0)) |
    has(
      TRAIT.oddBlock,
      blocks.some((b) => !isRecord(b) || typeof b.type !== 'string'),
    ) |
    has(
      TRAIT.thinking,
      typed((t) => t === 'thinking' || t === 'redacted_thinking'),
    ) |
    has(
      TRAIT.call,
      typed((t) => CALL_TYPES.includes(t)),
    ) |
    has(
      TRAIT.oddCall,
      blocks.some((b) => isRecord(b) && typeof b.type === 'string' && CALL_TYPES.includes(b.type) && !plainCall(b)),
    ) |
    has(
      TRAIT.image,
      typed((t) => t === 'image'),
    ) |
    has(
      TRAIT.otherBlock,
      typed((t) => !['text', 'thinking', 'redacted_thinking', 'image', ...CALL_TYPES].includes(t)),
    ) |
    has(
      TRAIT.blankText,
      blank(r.content) || blocks.some((b) => isRecord(b) && b.type === 'text' && (typeof b.text !== 'string' || blank(b.text))),
    ) |
    has(TRAIT.prose, prose(r.content) || blocks.some((b) => isRecord(b) && b.type === 'text' && prose(b.text))) |
    has(TRAIT.metadataCue, assistant && texts.some(mayHoldInternalMetadata)) |
    has(TRAIT.silentCue, assistant && texts.some(mayHoldSilentReply)) |
    has(TRAIT.oddUsage, assistant && !usageIsCanonical(r.usage)) |
    has(TRAIT.openclawAuthored, assistant && (r.provider === 'openclaw' || r.openclawDeliveryMirror !== undefined)) |
    has(TRAIT.promptCue, r.role === 'user' && opening !== undefined && opensWakePrompt(opening.charAt(0)))
  );
}

describe('traitsOf', () => {
  it('sets exactly the bits a direct reading of the message gives, on random messages', () => {
    fc.assert(
      fc.property(message, (m) => {
        expect(traitsOf(m)).toBe(directBits(m));
      }),
      { numRuns: 5000 },
    );
  });

  it('does not read details: a rule that removes them keeps the turn its traits', () => {
    fc.assert(
      fc.property(message, fc.jsonValue(), (m, details) => {
        const { details: _none, ...without } = { ...m, details };
        expect(traitsOf({ ...m, details } as Message)).toBe(traitsOf(without as Message));
      }),
      { numRuns: 2000 },
    );
  });

  it('clears the plain-id bit for a result naming its call in any other id field the engine reads', () => {
    const others = TOOL_RESULT_ID_FIELDS.filter((field) => field !== 'toolCallId');
    expect(others).toHaveLength(5);
    for (const field of others) {
      const result = { role: 'toolResult', toolCallId: 'a', [field]: 'b', content: 'ok' };
      expect(traitsOf(result as unknown as Message) & TRAIT.plainResultId).toBe(0);
    }
    const plain = { role: 'toolResult', toolCallId: 'a', content: 'ok' };
    expect(traitsOf(plain as unknown as Message) & TRAIT.plainResultId).toBe(TRAIT.plainResultId);
  });

  it('reads a few messages as expected', () => {
    const call = {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 't' },
        { type: 'toolUse', id: 'a', name: 'n' },
      ],
    };
    // No usage at all is not the canonical form either; a call without input is one the guards drop.
    expect(traitsOf(call as unknown as Message)).toBe(
      TRAIT.assistant | TRAIT.oddUsage | TRAIT.arrayContent | TRAIT.thinking | TRAIT.call | TRAIT.oddCall,
    );
    const usage = { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 3 };
    // A call as the guards keep it: no odd-call bit.
    const plain = { role: 'assistant', content: [{ type: 'toolCall', id: 'call_1', name: 'read', arguments: {} }], usage };
    expect(traitsOf(plain as unknown as Message)).toBe(TRAIT.assistant | TRAIT.arrayContent | TRAIT.call);
    const reply = { role: 'assistant', content: [{ type: 'text', text: '\n Done.' }], usage };
    expect(traitsOf(reply as unknown as Message)).toBe(TRAIT.assistant | TRAIT.arrayContent | TRAIT.prose);
    const silent = { role: 'assistant', content: [{ type: 'text', text: 'NO_REPLY' }], usage: { ...usage, total_tokens: 3 } };
    expect(traitsOf(silent as unknown as Message)).toBe(
      TRAIT.assistant | TRAIT.oddUsage | TRAIT.arrayContent | TRAIT.prose | TRAIT.silentCue,
    );
    // The bracket opening the sentinel is the one a timestamp prefix opens with: it may hold metadata.
    const sentinel = { role: 'assistant', content: '[assistant turn failed before producing content]', usage, provider: 'openclaw' };
    expect(traitsOf(sentinel as unknown as Message)).toBe(
      TRAIT.assistant | TRAIT.stringContent | TRAIT.metadataCue | TRAIT.openclawAuthored,
    );
    // A user's texts are not read for the assistant cues.
    const poll = {
      role: 'user',
      content: [
        { type: 'input_text', text: '' },
        { type: 'input_text', text: ' [OpenClaw heartbeat poll]' },
      ],
    };
    expect(traitsOf(poll as unknown as Message)).toBe(TRAIT.user | TRAIT.arrayContent | TRAIT.otherBlock | TRAIT.promptCue);
    const prompt = { role: 'user', content: '<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>> NO_REPLY' };
    expect(traitsOf(prompt as unknown as Message)).toBe(TRAIT.user | TRAIT.stringContent | TRAIT.prose);
    const result = { role: 'toolResult', toolCallId: 'a', content: [{ type: 'text', text: ' \n' }] };
    expect(traitsOf(result as unknown as Message)).toBe(TRAIT.toolResult | TRAIT.plainResultId | TRAIT.arrayContent | TRAIT.blankText);
    const aliased = { role: 'toolResult', toolCallId: 'a', tool_use_id: 'a', content: '' };
    expect(traitsOf(aliased as unknown as Message)).toBe(TRAIT.toolResult | TRAIT.stringContent | TRAIT.emptyContent | TRAIT.blankText);
    expect(traitsOf({ content: [] } as unknown as Message)).toBe(TRAIT.arrayContent | TRAIT.emptyContent);
  });
});
