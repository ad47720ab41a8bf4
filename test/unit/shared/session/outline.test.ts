// What a preview's outline is made of: the parser given stubs instead of lines, and the context of
// the outline's branch built again once some of its lines are read whole.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stubEntry, type QuickRole } from '../../../../electron/host/preview/quick-entry.js';
import { buildContext, outlineContext } from '../../../../shared/session/context.js';
import { SessionLineParser } from '../../../../shared/session/jsonl.js';
import type { LocatedEntry, ParsedSession, SessionEntry } from '../../../../shared/session/types.js';
import { assistantLine, entryLine, sessionHeader, userLine } from '../../helpers/session-lines.js';

/** One line of a session as the tests feed it: its text, or a stub's value. */
type Fed = { text: string } | { stub: SessionEntry };

const stub = (id: string, parentId: string | null, role: QuickRole): Fed => ({ stub: stubEntry({ id, parentId, role }) });

/** The lines parsed, each stub given to `stub` (or, `asLines`, as its JSON text to `line`). */
function parse(fed: Fed[], asLines: boolean): ParsedSession {
  const parser = new SessionLineParser();
  for (const item of fed) {
    const text = 'text' in item ? item.text : JSON.stringify(item.stub);
    if ('stub' in item && !asLines) parser.stub(Buffer.byteLength(text), item.stub);
    else parser.line(Buffer.byteLength(text), () => text);
  }
  return parser.finish(false);
}

describe('SessionLineParser.stub', () => {
  it('keeps a stub as the line of its value would be kept: entries, lines, duplicate ids, the tree and its branch', () => {
    const fed: Fed[] = [
      { text: sessionHeader() },
      stub('a', null, 'user'),
      stub('b', 'a', 'assistant'),
      { text: '{"type":"message","id":"c","parentId":"b","message":"not an object"}' },
      stub('c', 'b', 'toolResult'),
      { text: entryLine({ type: 'model_change', id: 'm', parentId: 'c', provider: 'openai', modelId: 'gpt-5' }) },
      stub('a', 'm', 'user'),
      stub('d', 'zz', 'assistant'),
      stub('e', 'd', 'user'),
    ];
    const stubs = parse(fed, false);
    const lines = parse(fed, true);
    expect(stubs).toEqual(lines);
    expect(stubs.diagnostics.map((d) => [d.line, d.code])).toEqual([
      [4, 'message-not-object'],
      [5, 'duplicate-id'],
      [7, 'duplicate-id'],
    ]);
    expect(buildContext(stubs)).toEqual(buildContext(lines));
  });

  it('goes through the checks before the header and in a file of format version 1', () => {
    const beforeHeader: Fed[] = [stub('a', null, 'user'), { text: sessionHeader() }, stub('b', 'a', 'assistant')];
    expect(parse(beforeHeader, false)).toEqual(parse(beforeHeader, true));
    expect(parse(beforeHeader, false).diagnostics.map((d) => d.code)).toEqual(['missing-header', 'late-header']);
    const v1: Fed[] = [{ text: sessionHeader(1) }, stub('a', null, 'user'), stub('a', null, 'assistant')];
    expect(parse(v1, false)).toEqual(parse(v1, true));
    expect(parse(v1, false).entries).toHaveLength(2);
  });

  it('agrees with the lines of its values on random trees of stubs and parsed lines', () => {
    const item = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      parent: fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'x')),
      role: fc.constantFrom<QuickRole>('user', 'assistant', 'toolResult'),
      parsed: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (items) => {
        const fed: Fed[] = [
          { text: sessionHeader() },
          ...items.map(({ id, parent, role, parsed }) =>
            parsed && role === 'user' ? { text: userLine(id, parent, 'hi') } : stub(id, parent, role),
          ),
        ];
        const stubs = parse(fed, false);
        const lines = parse(fed, true);
        expect(stubs).toEqual(lines);
        expect(buildContext(stubs)).toEqual(buildContext(lines));
      }),
      { numRuns: 500 },
    );
  });
});

/** A session whose branch has a compaction, an abandoned turn and a model change. */
const SESSION = [
  sessionHeader(),
  userLine('a', null, 'first'),
  assistantLine('b', 'a', 'old answer'),
  assistantLine('b2', 'a', 'answer'),
  entryLine({ type: 'compaction', id: 'k', parentId: 'b2', summary: '…', firstKeptEntryId: 'a', tokensBefore: 10 }),
  userLine('c', 'k', '…'),
  assistantLine('d', 'c', 'last'),
];

/** The parsed session, and the same with the lines in `whole` replaced by the entries given. */
function withWhole(lines: string[], whole: Record<number, Record<string, unknown>>) {
  const parsed = parse(
    lines.map((text) => ({ text })),
    true,
  );
  const replacements = new Map<number, LocatedEntry>();
  for (const [line, entry] of Object.entries(whole)) replacements.set(Number(line), { line: Number(line), entry: entry as SessionEntry });
  const entries = parsed.entries.map((located) => replacements.get(located.line) ?? located);
  return { parsed, replacements, replaced: { ...parsed, entries } };
}

describe('outlineContext', () => {
  it('builds the context buildContext builds', () => {
    const { parsed } = withWhole(SESSION, {});
    expect(outlineContext(parsed).context).toEqual(
      buildContext(
        parse(
          SESSION.map((text) => ({ text })),
          true,
        ),
      ),
    );
  });

  it('builds it again over the same branch with lines read whole: what buildContext gives for the replaced entries', () => {
    const summary = {
      type: 'compaction',
      id: 'k',
      parentId: 'b2',
      summary: 'we talked at length',
      firstKeptEntryId: 'a',
      tokensBefore: 10,
    };
    const question = JSON.parse(userLine('c', 'k', 'the whole question')) as Record<string, unknown>;
    const { parsed, replacements, replaced } = withWhole(SESSION, { 5: summary, 6: question });
    const rebuilt = outlineContext(parsed).rebuilt(replacements);
    expect(rebuilt).toEqual(buildContext(replaced));
    expect(rebuilt!.messages.map((m) => m.summary ?? m.content)).toEqual([
      'we talked at length',
      'first',
      [{ type: 'text', text: 'answer' }],
      'the whole question',
      [{ type: 'text', text: 'last' }],
    ]);
    // Lines off the branch are not read: replacing one changes nothing.
    const offBranch = JSON.parse(assistantLine('b', 'a', 'other')) as Record<string, unknown>;
    expect(outlineContext(parsed).rebuilt(new Map([[3, { line: 3, entry: offBranch as SessionEntry }]]))).toEqual(buildContext(parsed));
  });

  it('refuses a replacement that could move the branch: another id, parent or type, or an entry OpenClaw ignores', () => {
    const { parsed } = withWhole(SESSION, {});
    const outline = outlineContext(parsed);
    const user = (o: Record<string, unknown>) => ({ ...(JSON.parse(userLine('c', 'k', 'q')) as Record<string, unknown>), ...o });
    const refused = {
      'another id': user({ id: 'c…' }),
      'another parent': user({ parentId: 'b2' }),
      'another type': { type: 'custom_message', id: 'c', parentId: 'k', customType: 'x', content: 'q' },
      'an entry OpenClaw ignores': user({ message: { role: 'user', content: 7 } }),
    };
    for (const [what, entry] of Object.entries(refused))
      expect(outline.rebuilt(new Map([[6, { line: 6, entry: entry as SessionEntry }]])), what).toBeNull();
    expect(outline.rebuilt(new Map([[6, { line: 6, entry: user({}) as SessionEntry }]]))).not.toBeNull();
  });
});
