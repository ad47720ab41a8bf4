// Values nested deeper than MAX_NESTING are reported where they are read, at any depth, without recursion.
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, nestedDeeperThan, TOO_DEEP_MESSAGE } from '../../../../shared/session/nesting.js';
import { parseSession } from '../../../../shared/session/parse.js';

const nested = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i += 1) value = i % 2 ? { k: value } : [value];
  return value;
};

describe('nestedDeeperThan', () => {
  it('counts arrays and objects as levels, scalars as none', () => {
    expect(nestedDeeperThan(1, 0)).toBe(false);
    expect(nestedDeeperThan('x'.repeat(10), 0)).toBe(false);
    expect(nestedDeeperThan([], 0)).toBe(true);
    expect(nestedDeeperThan([], 1)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
  });

  it('is exact at the limit', () => {
    expect(nestedDeeperThan(nested(MAX_NESTING))).toBe(false);
    expect(nestedDeeperThan(nested(MAX_NESTING + 1))).toBe(true);
  });

  it('walks 1,000,000 levels without a stack overflow', () => {
    expect(nestedDeeperThan(JSON.parse(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`))).toBe(true);
  });
});

describe('a session line nested too deeply', () => {
  const HEADER = '{"type":"session","version":3,"id":"s","timestamp":"t","cwd":"/x"}';
  const user = (id: string, parent: string | null, content: unknown) =>
    JSON.stringify({ type: 'message', id, parentId: parent, timestamp: 't', message: { role: 'user', content, timestamp: 1 } });

  it('is skipped with a located error; the lines around it are kept', () => {
    const deep = user('b', 'a', [{ type: 'text', text: 'x', extra: nested(2000) }]);
    const parsed = parseSession([HEADER, user('a', null, 'hi'), deep, user('c', 'a', 'again')].join('\n'));
    expect(parsed.entries.map((e) => e.entry.id)).toEqual(['a', 'c']);
    expect(parsed.diagnostics).toEqual([
      { line: 3, column: 1, severity: 'error', code: 'too-deep', message: `line 3, column 1: ${TOO_DEEP_MESSAGE}` },
    ]);
  });

  it('a line nesting exactly the limit is read', () => {
    // The entry and its message take 3 levels, content and block 2: the rest is the extra field.
    const atLimit = user('b', 'a', [{ type: 'text', text: 'x', extra: nested(MAX_NESTING - 4) }]);
    const parsed = parseSession([HEADER, user('a', null, 'hi'), atLimit].join('\n'));
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.entries.map((e) => e.entry.id)).toEqual(['a', 'b']);
  });

  it('in a JSON message array, the message is skipped with its line', () => {
    const text = `[\n{"role":"user","content":"hi","timestamp":1},\n${JSON.stringify({ role: 'user', content: [{ type: 'text', text: 'x', extra: nested(3000) }], timestamp: 2 })}\n]`;
    const parsed = parseSession(text);
    expect(parsed.messages?.map((m) => m.line)).toEqual([2]);
    expect(parsed.diagnostics).toEqual([
      { line: 3, column: 0, severity: 'error', code: 'too-deep', message: `line 3: message 1: ${TOO_DEEP_MESSAGE}` },
    ]);
  });
});
