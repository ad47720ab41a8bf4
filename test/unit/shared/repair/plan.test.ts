/** The pure repair planner: the rules of docs/rules.md#file-repair, refusals, byte-exact edits and determinism. */
import { describe, expect, it } from 'vitest';
import { applyRepair, planRepairBytes, planRepairText, RepairPlanner } from '../../../../shared/repair/plan.js';
import { sha256Hex } from '../../../../shared/hash/sha256.js';
import { assistant, entry, HEADER, healthySession, jsonl, PNG_1X1, toolResult, user } from '../../../fixtures/repair/sessions.js';

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { ignoreBOM: true });

function repaired(text: string): { text: string; plan: ReturnType<typeof planRepairText>['plan'] } {
  const draft = planRepairText(text);
  return { text: dec.decode(applyRepair(draft.bytes, draft.edits)), plan: draft.plan };
}

function linesOf(text: string): Record<string, unknown>[] {
  return text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('planRepair rules', () => {
  it('drops a cut-off last line and keeps the rest byte for byte', () => {
    const ok = jsonl([HEADER, entry('a', null, user('hello'))]);
    const { text, plan } = repaired(`${ok}{"type":"message"`);
    expect(plan.needed).toBe(true);
    expect(plan.counts.droppedLines).toBe(1);
    expect(plan.actions).toEqual([expect.objectContaining({ kind: 'drop', line: 3, code: 'unparseable-line' })]);
    expect(plan.actions[0].reason).toMatch(/stops in the middle \(column 18\)/);
    expect(text).toBe(ok);
  });

  it('leaves a healthy CRLF file alone', () => {
    const plan = planRepairText(jsonl(healthySession(12), '\r\n')).plan;
    expect(plan).toMatchObject({ needed: false, actions: [], counts: { droppedLines: 0 } });
    expect(plan.refusal).toBeUndefined();
  });

  it('refuses a file whose first line is not a session header', () => {
    const plan = planRepairText(jsonl([entry('a', null, user('hi')), '{"type":"message"'])).plan;
    expect(plan.needed).toBe(false);
    expect(plan.refusal).toMatch(/^invalid session header: the first line is a "message" entry/);
    expect(planRepairText('not json\n{"type":"session","id":"x"}\n').plan.refusal).toMatch(/first line is not valid JSON/);
    expect(planRepairText('{"type":"session","id":""}\n{"x"\n').plan.refusal).toMatch(/no "id"/);
    expect(planRepairText('[1,2]\n').plan.refusal).toMatch(/not a JSON object/);
  });

  it('refuses an empty or blank-only file', () => {
    expect(planRepairText('').plan.refusal).toMatch(/^empty session file/);
    expect(planRepairText('\n  \r\n\n').plan.refusal).toMatch(/^empty session file/);
  });

  it('rewrites an empty error assistant turn to the sentinel', () => {
    const bedrock = assistant([], {
      api: 'bedrock-converse-stream',
      provider: 'amazon-bedrock',
      stopReason: 'error',
      errorMessage: 'transient stream failure',
    });
    const { text, plan } = repaired(jsonl([HEADER, entry('a', null, bedrock), entry('b', 'a', user('next'))]));
    expect(plan.counts).toEqual({
      droppedLines: 0,
      rewrittenAssistantMessages: 1,
      rewrittenUserMessages: 0,
      removedCorruptedImageBlocks: 0,
      insertedToolResults: 0,
      recoveredLines: 0,
    });
    expect(plan.actions).toEqual([expect.objectContaining({ kind: 'rewrite', line: 2, code: 'empty-error-turn', before: '[]' })]);
    const out = linesOf(text);
    expect(out).toHaveLength(3);
    expect((out[1].message as Record<string, unknown>).content).toEqual([
      { type: 'text', text: '[assistant turn failed before producing content]' },
    ]);
    expect((out[1].message as Record<string, unknown>).errorMessage).toBe('transient stream failure');
  });

  it('rewrites blank user turns to (continue) and strips blank text next to images', () => {
    const lines = [
      HEADER,
      entry('u1', null, user([{ type: 'text', text: '' }])),
      entry('u2', 'u1', user('   ')),
      entry(
        'u3',
        'u2',
        user([
          { type: 'text', text: '   ' },
          { type: 'image', data: PNG_1X1, mimeType: 'image/png' },
        ]),
      ),
      entry('u4', 'u3', user([])),
    ];
    const { text, plan } = repaired(jsonl(lines));
    expect(plan.counts.rewrittenUserMessages).toBe(4);
    expect(plan.actions.map((a) => [a.line, a.code])).toEqual([
      [2, 'blank-user'],
      [3, 'blank-user'],
      [4, 'blank-user'],
      [5, 'blank-user'],
    ]);
    const out = linesOf(text);
    expect(out.map((e) => e.id)).toEqual(['sess-1', 'u1', 'u2', 'u3', 'u4']);
    expect(out.map((e) => (e.message as Record<string, unknown> | undefined)?.content)).toEqual([
      undefined,
      [{ type: 'text', text: '(continue)' }],
      '(continue)',
      [{ type: 'image', data: PNG_1X1, mimeType: 'image/png' }],
      [{ type: 'text', text: '(continue)' }],
    ]);
  });

  it('does not touch an empty stop turn, trailing assistants (only an older OpenClaw trimmed them) or a healed sentinel', () => {
    const silent = assistant([], { usage: { input: 100, output: 0 } });
    const healed = assistant([{ type: 'text', text: '[assistant turn failed before producing content]' }], { stopReason: 'error' });
    for (const lines of [
      [HEADER, entry('a', null, user('hi')), entry('b', 'a', silent)],
      [
        HEADER,
        entry('a', null, user('hi')),
        entry('b', 'a', assistant([{ type: 'text', text: 'one' }])),
        entry('c', 'b', assistant([{ type: 'text', text: 'two' }])),
      ],
      [HEADER, entry('b', null, assistant([{ type: 'text', text: 'only' }]))],
      [HEADER, entry('a', null, user('hi')), entry('b', 'a', healed)],
    ]) {
      expect(planRepairText(jsonl(lines)).plan).toMatchObject({ needed: false, actions: [] });
    }
  });

  it('drops structurally invalid message entries', () => {
    const lines = [
      HEADER,
      entry('a', null, user('hi')),
      { type: 'message', id: 'n1', parentId: 'a', message: { role: null, content: 'x' } },
      { type: 'message', id: 'n2', parentId: 'a', message: { role: '  ', content: 'x' } },
      { type: 'message', id: 'n3', parentId: 'a' },
      { type: 'message', id: 'n4', parentId: 'a', message: 'text' },
      { type: 'message', id: 'n5', parentId: 'a', message: [] },
      { type: 'custom', customType: 'model-snapshot', data: {}, id: 'c', parentId: 'a' },
      '42',
    ];
    const { text, plan } = repaired(jsonl(lines));
    expect(plan.actions.map((a) => [a.line, a.kind, a.code])).toEqual([
      [3, 'drop', 'invalid-message'],
      [4, 'drop', 'invalid-message'],
      [5, 'drop', 'invalid-message'],
      [6, 'drop', 'invalid-message'],
      [7, 'drop', 'invalid-message'],
    ]);
    expect(plan.actions[0].reason).toMatch(/a null "role"/);
    // Valid JSON that is not a message entry is not this rule's business (OpenClaw keeps it too).
    expect(text).toBe(jsonl([lines[0], lines[1], lines[7], lines[8]]));
  });

  it('replaces corrupted base64 images in any message and keeps valid ones', () => {
    const lines = [
      HEADER,
      entry(
        'a',
        null,
        user([
          { type: 'text', text: 'look' },
          { type: 'image', data: 'iVBORw0KGgoAKID…MNOPAAA=', mimeType: 'image/png' },
        ]),
      ),
      entry('b', 'a', toolResult('call_1', 'x')),
      entry('c', 'b', {
        ...toolResult('call_1', 'x'),
        content: [
          { type: 'image', data: 'abc', media_type: 'image/jpeg' },
          { type: 'image', data: PNG_1X1, mimeType: 'image/png' },
        ],
      }),
      entry(
        'd',
        'c',
        user([
          { type: 'image', data: '!!', mimeType: 'text/plain' },
          { type: 'image', data: ` ${PNG_1X1.slice(0, 8)}\n${PNG_1X1.slice(8)} `, mediaType: 'IMAGE/PNG' },
        ]),
      ),
    ];
    const { text, plan } = repaired(jsonl(lines));
    expect(plan.counts.removedCorruptedImageBlocks).toBe(2);
    expect(plan.actions.map((a) => [a.line, a.code])).toEqual([
      [2, 'corrupted-image'],
      [4, 'corrupted-image'],
    ]);
    expect(plan.actions[0].reason).toMatch(/non-ASCII character at offset 15/);
    expect(plan.actions[1].reason).toMatch(/not a multiple of 4/);
    const out = linesOf(text);
    expect((out[1].message as Record<string, unknown>).content).toEqual([
      { type: 'text', text: 'look' },
      { type: 'text', text: '[image omitted: corrupted base64 payload]' },
    ]);
    expect((out[3].message as Record<string, unknown>).content).toEqual([
      { type: 'text', text: '[image omitted: corrupted base64 payload]' },
      { type: 'image', data: PNG_1X1, mimeType: 'image/png' },
    ]);
    expect(text.split('\n')[4]).toBe(JSON.stringify(lines[4]));
  });

  it('inserts aborted results for code-mode Responses calls that never got one', () => {
    const codeMode = assistant(
      [
        { type: 'toolCall', id: 'call_a|fc_1', name: 'exec', arguments: {} },
        { type: 'toolCall', id: 'call_b|fc_2', name: ' read ', arguments: {} },
        { type: 'toolCall', id: 'call_c|fc_3', name: '', arguments: {} },
      ],
      { api: 'openai-chatgpt-responses', provider: 'openai', model: 'gpt-5.4', stopReason: 'toolUse', timestamp: 1772975007000 },
    );
    const lines = [
      HEADER,
      entry('a', null, user('go')),
      entry('b', 'a', codeMode, '2026-03-08T13:03:27.000Z'),
      entry('c', 'b', user('later')),
      entry('d', 'c', toolResult('call_b|fc_2', 'late result')),
    ];
    const { text, plan } = repaired(jsonl(lines));
    expect(plan.counts.insertedToolResults).toBe(2);
    expect(plan.actions.map((a) => [a.kind, a.line, a.code])).toEqual([
      ['insert', 3, 'missing-tool-result'],
      ['insert', 3, 'missing-tool-result'],
      ['rewrite', 4, 'missing-tool-result'],
    ]);
    const out = linesOf(text);
    expect(out.map((e) => e.id)).toEqual([
      'sess-1',
      'a',
      'b',
      expect.stringMatching(/^repair-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      expect.stringMatching(/^repair-/),
      'c',
      'd',
    ]);
    expect(out[3]).toMatchObject({
      type: 'message',
      parentId: 'b',
      timestamp: '2026-03-08T13:03:27.000Z',
      message: {
        role: 'toolResult',
        toolCallId: 'call_a|fc_1',
        toolName: 'exec',
        content: [{ type: 'text', text: 'aborted' }],
        isError: true,
        details: { openclawSyntheticMissingToolResult: true },
        timestamp: 1772975007000,
      },
    });
    expect((out[4].message as Record<string, unknown>).toolName).toBe('unknown');
    // The results form a chain after the assistant, and what followed it now follows them: the
    // branch from the file's last entry passes through them.
    expect(out[4].parentId).toBe(out[3].id);
    expect(out[5]).toEqual({ ...JSON.parse(jsonl([lines[3]])), parentId: out[4].id });
    // Everything else that was there is still there, byte for byte.
    const original = jsonl(lines).split('\n');
    const after = text.split('\n');
    expect(after.filter((l) => !l.includes('"repair-'))).toEqual(original.filter((_, i) => i !== 3));
  });

  it("counts a result whose id differs from its call only by padding as the call's result, as replay pairing does", () => {
    const codeMode = assistant(
      [
        { type: 'toolCall', id: 'call_a|fc_1', name: 'exec', arguments: {} },
        { type: 'toolCall', id: ' call_b|fc_2', name: 'exec', arguments: {} },
      ],
      { api: 'openai-chatgpt-responses', provider: 'openai', model: 'gpt-5.4', stopReason: 'toolUse' },
    );
    const lines = [
      HEADER,
      entry('a', null, user('go')),
      entry('b', 'a', codeMode),
      entry('c', 'b', toolResult(' call_a|fc_1 ', 'ran')),
      entry('d', 'c', { ...toolResult('', 'read'), toolCallId: '', tool_call_id: 'call_b|fc_2' }),
    ];
    const { plan } = repaired(jsonl(lines));
    expect(plan.needed).toBe(false);
    expect(plan.counts.insertedToolResults).toBe(0);
  });

  it('inserts results only for "message" calls answered by a delivery mirror, and not for failed turns', () => {
    const responses = (extra: Record<string, unknown>) =>
      assistant(
        [
          { type: 'toolCall', id: 'call_m', name: 'message', arguments: { text: 'hi' } },
          { type: 'toolCall', id: 'call_x', name: 'exec', arguments: {} },
        ],
        { api: 'openai-responses', provider: 'openai', stopReason: 'toolUse', ...extra },
      );
    const mirror = assistant([{ type: 'text', text: 'hi' }], {
      api: 'openclaw-transcript',
      provider: 'openclaw',
      model: 'delivery-mirror',
    });
    const withMirror = jsonl([
      HEADER,
      entry('a', null, user('go')),
      entry('b', 'a', responses({})),
      { type: 'custom', customType: 'x', id: 'k', parentId: 'b' },
      entry('c', 'k', mirror),
    ]);
    const plan = planRepairText(withMirror).plan;
    expect(plan.actions.map((a) => [a.kind, a.line, a.code])).toEqual([
      ['insert', 3, 'missing-tool-result'],
      ['rewrite', 4, 'missing-tool-result'],
    ]);
    expect(plan.actions[0].after).toContain('"toolCallId":"call_m"');
    expect(
      planRepairText(jsonl([HEADER, entry('a', null, user('go')), entry('b', 'a', responses({})), entry('c', 'b', user('no mirror'))])).plan
        .needed,
    ).toBe(false);
    expect(
      planRepairText(
        jsonl([HEADER, entry('a', null, user('go')), entry('b', 'a', responses({ stopReason: 'aborted' })), entry('c', 'b', mirror)]),
      ).plan.needed,
    ).toBe(false);
    expect(
      planRepairText(
        jsonl([HEADER, entry('a', null, user('go')), entry('b', 'a', responses({ api: 'anthropic-messages' })), entry('c', 'b', mirror)]),
      ).plan.needed,
    ).toBe(false);
  });

  it('keeps the file ending without a newline when inserting after the last line', () => {
    const codeMode = assistant([{ type: 'toolCall', id: 'call_z', name: 'exec', arguments: {} }], {
      api: 'openai-chatgpt-responses',
      provider: 'openai',
      stopReason: 'toolUse',
    });
    const input = jsonl([HEADER, entry('b', null, codeMode)], '\r\n', false);
    const { text } = repaired(input);
    expect(text.startsWith(input)).toBe(true);
    expect(text.slice(input.length)).toMatch(/^\r\n\{"type":"message","id":"repair-.*\}$/);
  });
});

describe('planRepair bytes', () => {
  it('keeps the BOM, CRLF, blank lines and a missing final newline around the repaired lines', () => {
    const input = `\uFEFF${JSON.stringify(HEADER)}\r\n\r\n${JSON.stringify(entry('a', null, user('  ')))}\r\n   \n{"broken\r\n${JSON.stringify(entry('b', 'a', user('end')))}`;
    const { text } = repaired(input);
    expect(text).toBe(
      `\uFEFF${JSON.stringify(HEADER)}\r\n\r\n${JSON.stringify(entry('a', null, user('(continue)')))}\r\n   \n${JSON.stringify(entry('b', 'a', user('end')))}`,
    );
  });

  it('keeps a readable line with invalid UTF-8 byte for byte, and drops one where the bad bytes break the JSON', () => {
    const good = enc.encode(jsonl([HEADER]));
    const odd = enc.encode(JSON.stringify(entry('a', null, user('caf\u00e9'))));
    // Replace the two bytes of "é" by a lone continuation byte: still JSON once decoded with U+FFFD.
    const at = odd.indexOf(0xc3);
    const broken = new Uint8Array([...odd.subarray(0, at), 0xa9, ...odd.subarray(at + 2)]);
    const garbage = new Uint8Array([0x7b, 0xff, 0xfe, 0x22, 0x78, 0x22, 0x7d]);
    const bytes = new Uint8Array([...good, ...broken, 0x0a, ...garbage, 0x0a]);
    const draft = planRepairBytes(bytes);
    expect(draft.plan.actions.map((a) => [a.line, a.code])).toEqual([[3, 'unparseable-line']]);
    expect(draft.plan.actions[0].reason).toMatch(/not valid UTF-8/);
    expect(Array.from(applyRepair(bytes, draft.edits))).toEqual([...good, ...broken, 0x0a]);
  });

  it('explains binary garbage and trailing data', () => {
    const plan = planRepairText(jsonl([HEADER, '\u0000\u0000\u0000', `${JSON.stringify(entry('a', null, user('x')))}{"type"`])).plan;
    expect(plan.actions[0].reason).toMatch(/NUL byte at column 1/);
    expect(plan.actions[0].before).toBe('\\u0000\\u0000\\u0000');
    // A complete entry with the cut-off start of another after it: the entry is recovered, not dropped.
    expect(plan.actions[1]).toMatchObject({ kind: 'recover', line: 3, code: 'cut-off-entry' });
    expect(plan.actions[1].reason).toMatch(/7 byte\(s\) that hold no complete entry/);
    const other = planRepairText(jsonl([HEADER, '123 {"type"'])).plan;
    expect(other.actions[0].reason).toMatch(/two writes probably landed on one line/);
  });

  it('is deterministic and carries the digest of the planned bytes', () => {
    const text = jsonl([
      HEADER,
      entry(
        'b',
        null,
        assistant([{ type: 'toolCall', id: 'call_q', name: 'exec', arguments: {} }], {
          api: 'openai-chatgpt-responses',
          provider: 'openai',
        }),
      ),
      '{"x"',
    ]);
    const one = planRepairText(text);
    const two = planRepairText(text);
    expect(one.plan).toEqual(two.plan);
    expect(one.edits).toEqual(two.edits);
    expect(one.plan.digest).toBe(sha256Hex(enc.encode(text)));
  });

  it('plans the same in steps as in one go', () => {
    const lines = healthySession(40);
    lines.splice(7, 0, '{"cut');
    lines.splice(20, 0, JSON.stringify(entry('z', null, user(''))));
    const bytes = enc.encode(jsonl(lines));
    const whole = planRepairBytes(bytes, 'd');
    const stepped = new RepairPlanner(bytes);
    while (stepped.advance(97));
    expect(stepped.finish('d')).toEqual(whole);
  });
});
