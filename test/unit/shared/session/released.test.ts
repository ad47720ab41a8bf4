/**
 * Messages let go while a file is read (`ParseLinesOptions.releaseOffBranch`): which ones the parser
 * lets go, that the active branch gets them back, and that the context is the one built from a parse
 * that kept everything — on exact cases, every fixture and random trees.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildContext } from '../../../../shared/session/context.js';
import { parseSessionLines } from '../../../../shared/session/jsonl.js';
import { parseSession } from '../../../../shared/session/parse.js';
import { isReleased, RELEASED, type LineRereader } from '../../../../shared/session/released.js';
import type { LineSource, ParsedSession } from '../../../../shared/session/types.js';
import { assistantLine, entryLine, retriedThenBackLines, sessionHeader, userLine } from '../../helpers/session-lines.js';

const HEADER = sessionHeader();
const e = entryLine;
const user = userLine;
const asst = (id: string, parentId: string | null, text: string) => assistantLine(id, parentId, text);

/** A parse that lets go of messages, with a rereader over the same text that records what it was asked. */
function parseReleasing(text: string, edit?: (line: number, raw: string) => string) {
  const lines = text.split('\n');
  const source: LineSource = { count: lines.length, bom: false, byteLength: (i) => lines[i].length, text: (i) => lines[i] };
  const asked: number[][] = [];
  const rereader: LineRereader = {
    reread(numbers) {
      asked.push([...numbers]);
      return numbers.map((n) => {
        try {
          return JSON.parse(edit ? edit(n, lines[n - 1]) : lines[n - 1]) as unknown;
        } catch {
          return undefined;
        }
      });
    },
    changed: (line) => new Error(`line ${line} changed`),
  };
  return { parsed: parseSessionLines(source, { releaseOffBranch: rereader }), asked };
}

const releasedIds = (parsed: ParsedSession) => parsed.entries.filter((l) => isReleased(l.entry)).map((l) => l.entry.id);

describe('messages let go off the branch', () => {
  it('lets go of the turns a retry leaves behind, and of nothing on the branch', () => {
    const text = [
      HEADER,
      user('a', null, 'q1'),
      asst('b', 'a', 'first answer'),
      user('c', 'b', 'q2, abandoned'),
      asst('d', 'c', 'abandoned answer'),
      e({ type: 'model_change', id: 'm', parentId: 'd', provider: 'openai', modelId: 'gpt-5' }),
      user('e', 'b', 'q2 again'),
      asst('f', 'e', 'answer'),
    ].join('\n');
    const { parsed, asked } = parseReleasing(text);
    // The model change left behind is not a message: it stays as it is.
    expect(releasedIds(parsed)).toEqual(['c', 'd']);
    expect(parsed.entries.find((l) => l.entry.id === 'c')!.entry.message).toBe(RELEASED);
    const context = buildContext(parsed);
    expect(context.messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))).toEqual([
      'q1',
      '[{"type":"text","text":"first answer"}]',
      'q2 again',
      '[{"type":"text","text":"answer"}]',
    ]);
    expect(asked).toEqual([]);
    expect(context).toEqual(buildContext(parseSession(text)));
  });

  it('reads again the turns left behind that a later entry goes back to', () => {
    // Back to the first attempt: c and d are on the branch again.
    const text = retriedThenBackLines().join('\n');
    const { parsed, asked } = parseReleasing(text);
    expect(releasedIds(parsed)).toEqual(['c', 'd']);
    const context = buildContext(parsed);
    expect(asked).toEqual([[4, 5]]);
    expect(context).toEqual(buildContext(parseSession(text)));
    expect(context.messages).toHaveLength(5);
    expect(releasedIds(parsed)).toEqual([]);
  });

  it('lets go of nothing when an entry hangs off nothing, an unknown id or a turn already left behind', () => {
    const text = [
      HEADER,
      user('a', null, 'q1'),
      asst('b', 'a', 'answer'),
      user('c', null, 'a second root'),
      user('d', 'nowhere', 'a dangling parent'),
      user('x', undefined, 'no parentId: continues the branch'),
      asst('y', 'x', 'answer'),
    ].join('\n');
    const { parsed } = parseReleasing(text);
    expect(releasedIds(parsed)).toEqual([]);
    expect(buildContext(parsed)).toEqual(buildContext(parseSession(text)));
  });

  it('reads back every message let go before a second context of the same parse, whose walk judges each entry itself', () => {
    const text = [HEADER, user('a', null, 'q1'), user('c', 'a', 'left behind'), user('e', 'a', 'retry'), asst('f', 'e', 'answer')].join(
      '\n',
    );
    const { parsed, asked } = parseReleasing(text);
    const first = buildContext(parsed);
    expect(asked).toEqual([]);
    // The parser's judgements went to the first walk: the second one reads the messages, so c comes back.
    expect(buildContext(parsed)).toEqual(first);
    expect(asked).toEqual([[3]]);
    expect(releasedIds(parsed)).toEqual([]);
  });

  it('throws the reader’s error when a line read again is not the entry it was', () => {
    const text = [HEADER, user('a', null, 'q1'), user('c', 'a', 'left'), user('e', 'a', 'retry'), user('g', 'c', 'back')].join('\n');
    const { parsed } = parseReleasing(text, (line, raw) => (line === 3 ? raw.replace('"id":"c"', '"id":"z"') : raw));
    expect(() => buildContext(parsed)).toThrow('line 3 changed');
  });

  it('gives the context a parse that keeps everything gives, on every fixture', () => {
    const root = path.resolve(__dirname, '../../../fixtures');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (name.endsWith('.jsonl')) files.push(full);
      }
    };
    walk(root);
    expect(files.length).toBeGreaterThan(10);
    let released = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const { parsed } = parseReleasing(text);
      released += releasedIds(parsed).length;
      expect(buildContext(parsed), file).toEqual(buildContext(parseSession(text)));
    }
    // The branching fixtures exercise it.
    expect(released).toBeGreaterThan(0);
  });

  it('gives the context a parse that keeps everything gives, on random trees', () => {
    // Each entry hangs off: the one before it (most), an earlier one, nothing, no parentId, an unknown id;
    // some repeat an id, some are not messages, some are types OpenClaw ignores, some are resets.
    const step = fc.record({
      parent: fc.oneof(
        { weight: 6, arbitrary: fc.constant<'previous'>('previous') },
        { weight: 3, arbitrary: fc.nat(40).map((n) => ({ back: n })) },
        { weight: 1, arbitrary: fc.constantFrom<'null' | 'undefined' | 'unknown'>('null', 'undefined', 'unknown') },
      ),
      kind: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom('user', 'assistant') },
        { weight: 1, arbitrary: fc.constantFrom('model_change', 'ignored', 'reset', 'repeat-id') },
      ),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        const ids: string[] = [];
        const lines = [HEADER];
        steps.forEach((s, i) => {
          const id = s.kind === 'repeat-id' && ids.length > 0 ? ids[i % ids.length] : `n${i}`;
          const parent =
            s.parent === 'previous'
              ? (ids.at(-1) ?? null)
              : s.parent === 'null'
                ? null
                : s.parent === 'undefined'
                  ? undefined
                  : s.parent === 'unknown'
                    ? 'nowhere'
                    : (ids[Math.max(0, ids.length - 1 - s.parent.back)] ?? null);
          const base = { id, ...(parent === undefined ? {} : { parentId: parent }) };
          if (s.kind === 'model_change') lines.push(e({ type: 'model_change', ...base, provider: 'openai', modelId: 'gpt-5' }));
          else if (s.kind === 'ignored') lines.push(e({ type: 'custom_message', ...base }));
          else if (s.kind === 'reset') lines.push(e({ type: 'reset', ...base }));
          else if (s.kind === 'assistant') lines.push(asst(id, parent ?? null, `answer ${i}`));
          else lines.push(user(id, parent, `question ${i}`));
          ids.push(id);
        });
        const text = lines.join('\n');
        const { parsed } = parseReleasing(text);
        const full = parseSession(text);
        expect(parsed.diagnostics).toEqual(full.diagnostics);
        expect(buildContext(parsed)).toEqual(buildContext(full));
      }),
      { numRuns: 2000 },
    );
  });
});
