/** The active branch and the messages it replays (pi's buildSessionContext, as OpenClaw loads it). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildContext } from '../../../../shared/session/context.js';
import { EntryTree, pathToRoot } from '../../../../shared/session/entry-tree.js';
import { parseSession } from '../../../../shared/session/parse.js';
import { assistantLine, entryLine, sessionHeader, userLine } from '../../helpers/session-lines.js';

const HEADER = sessionHeader;
const e = entryLine;
const user = (id: string, parentId: string | null, text: string) => userLine(id, parentId, text);
const asst = assistantLine;
const texts = (text: string) =>
  buildContext(parseSession(text)).messages.map((m) =>
    typeof m.content === 'string' ? m.content : m.role === 'compactionSummary' ? `summary:${String(m.summary)}` : JSON.stringify(m.content),
  );

describe('buildContext', () => {
  it('replays only the active branch: the last entry back to the root', () => {
    const text = [
      HEADER(),
      user('a', null, 'q1'),
      asst('b', 'a', 'first answer'),
      user('c', 'b', 'q2 (abandoned branch)'),
      asst('d', 'b', 'second answer'),
      user('f', 'd', 'q3'),
    ].join('\n');
    const ctx = buildContext(parseSession(text));
    expect(ctx.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant', 'user']);
    expect(texts(text)).toEqual([
      'q1',
      JSON.stringify([{ type: 'text', text: 'first answer' }]),
      JSON.stringify([{ type: 'text', text: 'second answer' }]),
      'q3',
    ]);
    expect(ctx.messageLines).toEqual([2, 3, 5, 6]);
    expect(ctx.leafId).toBe('f');
  });

  it('emits the compaction summary first, then the kept entries, then what follows', () => {
    const text = [
      HEADER(),
      user('a', null, 'old question'),
      asst('b', 'a', 'old answer'),
      user('c', 'b', 'kept question'),
      e({ type: 'compaction', id: 'k', parentId: 'c', summary: 'we talked', firstKeptEntryId: 'c', tokensBefore: 1000 }),
      asst('d', 'k', 'after compaction'),
    ].join('\n');
    expect(texts(text)).toEqual(['summary:we talked', 'kept question', JSON.stringify([{ type: 'text', text: 'after compaction' }])]);
  });

  it('keeps from the last compaction of the branch, not from one on another branch or an earlier one', () => {
    const text = [
      HEADER(),
      user('a', null, 'first question'),
      e({ type: 'compaction', id: 'k1', parentId: 'a', summary: 'first summary', firstKeptEntryId: 'a', tokensBefore: 1000 }),
      user('b', 'k1', 'second question'),
      e({ type: 'compaction', id: 'k2', parentId: 'b', summary: 'second summary', firstKeptEntryId: 'b', tokensBefore: 2000 }),
      user('c', 'k2', 'third question'),
      e({ type: 'compaction', id: 'x', parentId: 'c', summary: 'abandoned summary', firstKeptEntryId: 'c', tokensBefore: 3000 }),
      user('d', 'c', 'last question'),
    ].join('\n');
    expect(texts(text)).toEqual(['summary:second summary', 'second question', 'third question', 'last question']);
  });

  it('sees the Google bootstrap marker anywhere in the file, even off the branch or on an entry OpenClaw ignores', () => {
    const marker = (o: Record<string, unknown>) => e({ type: 'custom', customType: 'google-turn-ordering-bootstrap', ...o });
    const session = (...lines: string[]) => buildContext(parseSession([HEADER(), user('a', null, 'hi'), ...lines].join('\n')));
    expect(session(asst('b', 'a', 'hello')).hasGoogleBootstrapMarker).toBe(false);
    expect(session(marker({ id: 'm', parentId: 'a' }), asst('b', 'a', 'hello')).hasGoogleBootstrapMarker).toBe(true);
    expect(session(marker({ parentId: 'a' }), asst('b', 'a', 'hello')).hasGoogleBootstrapMarker).toBe(true);
    expect(session(e({ type: 'custom', id: 'o', parentId: 'a', customType: 'other' })).hasGoogleBootstrapMarker).toBe(false);
  });

  it('turns custom_message and branch_summary entries into their message roles; custom entries replay nothing', () => {
    const text = [
      HEADER(),
      user('a', null, 'hi'),
      e({ type: 'custom_message', id: 'b', parentId: 'a', customType: 'note', content: 'extension says hi', display: true }),
      e({
        type: 'custom',
        id: 'c',
        parentId: 'b',
        customType: 'model-snapshot',
        data: { timestamp: 5, provider: 'openai', modelApi: 'openai-responses', modelId: 'gpt-5' },
      }),
      e({ type: 'branch_summary', id: 'd', parentId: 'c', fromId: 'x', summary: 'tried something else' }),
    ].join('\n');
    const ctx = buildContext(parseSession(text));
    expect(ctx.messages.map((m) => m.role)).toEqual(['user', 'custom', 'branchSummary']);
    expect(ctx.modelSnapshot).toEqual({ provider: 'openai', modelApi: 'openai-responses', modelId: 'gpt-5' });
    expect(ctx.lastModel).toMatchObject({ provider: 'openai', modelId: 'gpt-5', api: 'openai-responses', source: 'model-snapshot' });
  });

  it('takes the last model the branch records, whatever entry records it, not one off the branch', () => {
    const snapshot = (id: string, parentId: string, modelId: string) =>
      e({
        type: 'custom',
        id,
        parentId,
        customType: 'model-snapshot',
        data: { provider: 'google', modelApi: 'google-generative-ai', modelId },
      });
    const lines = [
      HEADER(),
      e({ type: 'model_change', id: 'a', parentId: null, provider: 'openai', modelId: 'gpt-5' }),
      asst('b', 'a', 'answer'),
      snapshot('c', 'b', 'gemini-2.5-pro'),
      user('d', 'c', 'question'),
      e({ type: 'thinking_level_change', id: 'e', parentId: 'd', thinkingLevel: 'high' }),
      asst('f', 'e', 'off the branch', { provider: 'openai', model: 'gpt-5-mini' }),
      user('g', 'e', 'another question'),
    ];
    const lastModel = (count: number) => buildContext(parseSession(lines.slice(0, count).join('\n'))).lastModel;
    expect(lastModel(8)).toEqual({ provider: 'google', modelId: 'gemini-2.5-pro', api: 'google-generative-ai', source: 'model-snapshot' });
    expect(lastModel(7)).toEqual({ provider: 'openai', modelId: 'gpt-5-mini', api: 'anthropic-messages', source: 'assistant' });
    expect(lastModel(3)).toEqual({ provider: 'anthropic', modelId: 'claude-opus-4-6', api: 'anthropic-messages', source: 'assistant' });
    expect(lastModel(2)).toEqual({ provider: 'openai', modelId: 'gpt-5', source: 'model_change' });
    expect(lastModel(1)).toBeNull();
  });

  it('records when the model snapshots switched model', () => {
    const snap = (id: string, parentId: string, ts: number, modelId: string) =>
      e({
        type: 'custom',
        id,
        parentId,
        customType: 'model-snapshot',
        data: { timestamp: ts, provider: 'openai', modelApi: 'openai-responses', modelId },
      });
    const text = [
      HEADER(),
      user('a', null, 'hi'),
      snap('s1', 'a', 100, 'gpt-5'),
      snap('s2', 's1', 200, 'gpt-5'),
      snap('s3', 's2', 300, 'gpt-5.4'),
      snap('s4', 's3', 400, 'gpt-5.4'),
    ].join('\n');
    expect(buildContext(parseSession(text)).latestModelSwitchTimestamp).toBe(300);
  });

  it('reads v1 files (no ids) as one linear conversation, resolving a compaction index', () => {
    const v1 = [
      HEADER(1),
      JSON.stringify({ type: 'message', message: { role: 'user', content: 'old', timestamp: 1 } }),
      JSON.stringify({ type: 'message', message: { role: 'user', content: 'kept', timestamp: 2 } }),
      JSON.stringify({
        type: 'compaction',
        timestamp: '2026-01-01T00:00:05.000Z',
        summary: 'sum',
        firstKeptEntryIndex: 2,
        tokensBefore: 10,
      }),
      JSON.stringify({ type: 'message', message: { role: 'user', content: 'new', timestamp: 3 } }),
    ].join('\n');
    expect(texts(v1)).toEqual(['summary:sum', 'kept', 'new']);
  });

  it('renames the v2 hookMessage role to custom', () => {
    const text = [
      HEADER(2),
      e({ type: 'message', id: 'a', parentId: null, message: { role: 'hookMessage', content: 'from a hook', timestamp: 1 } }),
    ].join('\n');
    expect(buildContext(parseSession(text)).messages[0]).toMatchObject({ role: 'custom', customType: 'hook', content: 'from a hook' });
  });

  it('ignores entries OpenClaw does not load, says so per line, and links their children through them', () => {
    const text = [
      HEADER(),
      user('a', null, 'q'),
      e({ type: 'message', id: 'b', parentId: 'a', message: { role: 'assistant', content: null, stopReason: 'stop' } }),
      e({ type: 'message', id: 'c', parentId: 'b', message: { role: 'toolResult', content: [], toolName: 'x', isError: false } }),
      e({ type: 'mystery', id: 'd', parentId: 'c' }),
      asst('f', 'd', 'still connected'),
    ].join('\n');
    const ctx = buildContext(parseSession(text));
    expect(texts(text)).toEqual(['q', JSON.stringify([{ type: 'text', text: 'still connected' }])]);
    expect(ctx.diagnostics.map((d) => [d.line, d.code])).toEqual([
      [3, 'entry-ignored'],
      [4, 'entry-ignored'],
      [5, 'entry-ignored'],
    ]);
    expect(ctx.diagnostics[0].message).toBe(
      'line 3: the assistant content is missing — OpenClaw ignores this message entry when it loads the session, so it is not replayed',
    );
  });

  it('ignores the same entries whether the parser judged them or the walk does (a rebuilt entry list, a v1 file)', () => {
    const lines = [
      user('a', null, 'q'),
      e({ type: 'message', id: 'b', parentId: 'a', message: { role: 'assistant', content: 'plain text', stopReason: 'stop' } }),
      e({
        type: 'message',
        id: 'c',
        parentId: 'b',
        message: { role: 'toolResult', content: { type: 'text' }, toolName: 'x', isError: false },
      }),
      e({ type: 'message', id: 'd', parentId: 'c', message: { role: 'user', content: [{ text: 'untyped block' }] } }),
      e({ type: 'custom', id: 'g', parentId: 'd', customType: '' }),
      e({ type: 'label', parentId: 'g', targetId: 'a' }),
      asst('f', 'g', 'answer'),
    ];
    const judged = (version: number) => {
      const parsed = parseSession([HEADER(version), ...lines].join('\n'));
      // The parser's judgement, then the walk's own over a copy of the same entries.
      const [byParser, byWalk] = [buildContext(parsed), buildContext({ ...parsed, entries: [...parsed.entries] })];
      expect(byParser).toEqual(byWalk);
      return byParser.diagnostics.filter((d) => d.code === 'entry-ignored').map((d) => d.message);
    };
    expect(judged(3)).toEqual([
      'line 4: the tool result has no "toolCallId" — OpenClaw ignores this message entry when it loads the session, so it is not replayed',
      'line 5: the user content is not text or a list of typed blocks — OpenClaw ignores this message entry when it loads the session, so it is not replayed',
      'line 6: it has no "customType" — OpenClaw ignores this custom entry when it loads the session, so it is not replayed',
      'line 7: it has no "id" — OpenClaw ignores this label entry when it loads the session, so it is not replayed',
    ]);
    // A v1 file's entries get ids in the walk: the label is recognised there.
    expect(judged(1)).toHaveLength(3);
  });

  it('keeps from the nearest recognised ancestor when a compaction keeps from an entry OpenClaw ignored', () => {
    const text = [
      HEADER(),
      user('a', null, 'old question'),
      asst('b', 'a', 'old answer'),
      // A tool result without toolCallId: OpenClaw's loader ignores it, its child hangs off 'b'.
      e({ type: 'message', id: 'c', parentId: 'b', message: { role: 'toolResult', toolName: 'x', content: [], isError: false } }),
      user('d', 'c', 'kept question'),
      e({ type: 'compaction', id: 'k', parentId: 'd', summary: 'we talked', firstKeptEntryId: 'c', tokensBefore: 1000 }),
      asst('f', 'k', 'after compaction'),
    ].join('\n');
    expect(texts(text)).toEqual([
      'summary:we talked',
      JSON.stringify([{ type: 'text', text: 'old answer' }]),
      'kept question',
      JSON.stringify([{ type: 'text', text: 'after compaction' }]),
    ]);
  });

  it('cuts at a reset: from its firstKeptEntryId only user and assistant turns and answered results remain', () => {
    const call = (id: string, parentId: string, callId: string) =>
      e({
        type: 'message',
        id,
        parentId,
        message: {
          role: 'assistant',
          content: [{ type: 'toolCall', id: callId, name: 'read', arguments: {} }],
          stopReason: 'toolUse',
          timestamp: 3,
        },
      });
    const result = (id: string, parentId: string, callId: string) =>
      e({
        type: 'message',
        id,
        parentId,
        message: { role: 'toolResult', toolCallId: callId, toolName: 'read', content: [], isError: false, timestamp: 4 },
      });
    const text = [
      HEADER(),
      user('a', null, 'before the kept part'),
      user('b', 'a', 'kept question'),
      call('c', 'b', 'call_1'),
      result('d', 'c', 'call_1'),
      result('f', 'd', 'call_9'),
      e({ type: 'custom_message', id: 'g', parentId: 'f', customType: 'note', content: 'dropped by the reset', display: true }),
      e({ type: 'reset', id: 'r', parentId: 'g', reason: 'idle', firstKeptEntryId: 'b' }),
      // Hangs off an entry from before the reset: OpenClaw continues it from the reset.
      user('h', 'a', 'after the reset'),
    ].join('\n');
    const ctx = buildContext(parseSession(text));
    expect(ctx.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'toolResult', 'user']);
    expect(ctx.messageLines).toEqual([3, 4, 5, 9]);
    expect(ctx.diagnostics.map((d) => [d.line, d.code, d.severity])).toEqual([[9, 'reset-reattached', 'info']]);
  });

  it('reads the format version from the header wherever it is: a tree, not a linear file', () => {
    const text = [user('a', null, 'q1'), HEADER(3), asst('b', 'a', 'first'), user('c', 'b', 'abandoned'), user('d', 'b', 'q2')].join('\n');
    const parsed = parseSession(text);
    expect(parsed.version).toBe(3);
    expect(parsed.diagnostics.map((d) => [d.line, d.code])).toEqual([
      [1, 'missing-header'],
      [2, 'late-header'],
    ]);
    expect(texts(text)).toEqual(['q1', JSON.stringify([{ type: 'text', text: 'first' }]), 'q2']);
  });

  it('starts the branch at an entry whose parent does not exist, and says so', () => {
    const text = [HEADER(), user('a', null, 'lost'), user('b', 'zzz', 'orphan chain'), asst('c', 'b', 'reply')].join('\n');
    const ctx = buildContext(parseSession(text));
    expect(texts(text)).toEqual(['orphan chain', JSON.stringify([{ type: 'text', text: 'reply' }])]);
    expect(ctx.diagnostics).toEqual([expect.objectContaining({ line: 3, code: 'dangling-parent' })]);
  });

  it('cuts a parentId cycle instead of looping', () => {
    const text = [HEADER(), user('a', 'c', 'one'), user('b', 'a', 'two'), user('c', 'b', 'three')].join('\n');
    const ctx = buildContext(parseSession(text));
    expect(ctx.messages.length).toBeLessThanOrEqual(3);
  });

  it('reports where a parentId chain loops back (a repeated id) and keeps the branch up to there', () => {
    // The second "a" replaces the first and hangs off "b", whose parent is "a": a -> b -> a.
    const text = [HEADER(), user('a', null, 'one'), user('b', 'a', 'two'), user('a', 'b', 'three'), asst('c', 'a', 'reply')].join('\n');
    const ctx = buildContext(parseSession(text));
    expect(texts(text)).toEqual(['two', 'three', JSON.stringify([{ type: 'text', text: 'reply' }])]);
    expect(ctx.diagnostics.map((d) => [d.line, d.code])).toEqual([
      [4, 'duplicate-id-used'],
      [4, 'parent-cycle'],
    ]);
  });

  it("takes the parser's id map for the parsed entries once; a copy, or a second tree, makes its own", () => {
    const text = [HEADER(), user('a', null, 'q1'), asst('b', 'a', 'first'), user('c', 'b', 'abandoned'), user('d', 'b', 'q2')].join('\n');
    const parsed = parseSession(text);
    const copy = { ...parsed, entries: [...parsed.entries] };
    expect(new EntryTree(copy.entries).sharesIds).toBe(false);
    expect(new EntryTree(parsed.entries).sharesIds).toBe(true);
    expect(new EntryTree(parsed.entries).sharesIds).toBe(false);
    const shared = buildContext(parseSession(text));
    expect(shared).toEqual(buildContext(copy));
    expect(shared.messageLines).toEqual([2, 3, 5]);
  });

  it('leaves no id map for the tree when the parsed ids repeat', () => {
    const text = [HEADER(), user('a', null, 'q1'), asst('b', 'a', 'first'), asst('b', 'a', 'second')].join('\n');
    expect(new EntryTree(parseSession(text).entries).sharesIds).toBe(false);
  });

  it('walks with a map of its own when an entry was given another id after parsing', () => {
    const text = [HEADER(), user('a', null, 'q1'), asst('b', 'a', 'first'), user('c', 'b', 'q2')].join('\n');
    const parsed = parseSession(text);
    parsed.entries[1].entry.id = 'x';
    parsed.entries[2].entry.parentId = 'x';
    const ctx = buildContext(parsed);
    expect(ctx.messageLines).toEqual([2, 3, 4]);
    expect(ctx.diagnostics).toEqual([]);
  });

  it('walks a tree whose ids repeat with a map of its own, reporting each replaced entry once', () => {
    // The parser's map points at the last "b": the first one is not where it says.
    const text = [HEADER(), user('a', null, 'q1'), asst('b', 'a', 'first'), asst('b', 'a', 'second'), user('c', 'b', 'q2')].join('\n');
    const ctx = buildContext(parseSession(text));
    expect(texts(text)).toEqual(['q1', JSON.stringify([{ type: 'text', text: 'second' }]), 'q2']);
    expect(ctx.diagnostics.map((d) => [d.line, d.code])).toEqual([[4, 'duplicate-id-used']]);
  });

  it('builds the branches of a real pi session file', () => {
    const text = readFileSync(new URL('../../../fixtures/pi-sessions/f-branching.jsonl', import.meta.url), 'utf8');
    const parsed = parseSession(text);
    const ctx = buildContext(parsed);
    expect(parsed.diagnostics).toEqual([]);
    expect(ctx.messages.length).toBeLessThan(parsed.entries.filter((x) => x.entry.type === 'message').length);
    // The leaf is the last entry; the branch summary at line 39 sits on an abandoned branch.
    expect(ctx.leafId).toBe('873a52d7');
    expect(ctx.branch.some((b) => b.line === 39)).toBe(false);
    expect(ctx.messages.some((m) => m.role === 'branchSummary')).toBe(false);
  });
});

describe('EntryTree', () => {
  const located = (line: number, id: string, parentId: string | null) => ({ line, entry: { type: 'message', id, parentId } });

  it('finds a parent added after its child when the path is walked', () => {
    const tree = new EntryTree();
    const child = located(2, 'c', 'p');
    const parent = located(3, 'p', null);
    expect(tree.set(child, 'p', 0)).toBe(0);
    expect(tree.set(parent, null, 1)).toBe(1);
    expect(pathToRoot(tree, 'c')).toEqual([parent, child]);
    expect(tree.parentOf('c')).toBe('p');
    expect(tree.parentOf('p')).toBeNull();
  });

  it('keeps the node of an id whose entry is replaced, and its new parent', () => {
    const tree = new EntryTree();
    const root = located(2, 'a', null);
    const first = located(3, 'b', 'a');
    const other = located(4, 'o', null);
    const second = located(5, 'b', 'o');
    tree.set(root, null, 0);
    expect(tree.set(first, 'a', 1, 0)).toBe(1);
    tree.set(other, null, 2);
    expect(tree.set(second, 'o', 3)).toBe(1);
    expect(tree.size).toBe(3);
    expect(pathToRoot(tree, 'b')).toEqual([other, second]);
    expect(tree.parentOf('b')).toBe('o');
  });
});
