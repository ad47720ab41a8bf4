/** The session parser: every line keeps its number, every problem becomes a located diagnostic. */
import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../../../shared/session/lines.js';
import { parseSession } from '../../../../shared/session/parse.js';
import { locateJsonError } from '../../../../shared/session/json-error.js';

const HEADER = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/x"}';
const msg = (id: string, parent: string | null, role: string, content: unknown, extra = '') =>
  `{"type":"message","id":"${id}","parentId":${parent === null ? 'null' : `"${parent}"`},"timestamp":"2026-01-01T00:00:01.000Z","message":{"role":"${role}","content":${JSON.stringify(content)}${extra}}}`;

describe('parseSession', () => {
  it('reads a v3 file: header, entries with their line numbers, no diagnostics', () => {
    const text = [HEADER, msg('a', null, 'user', 'hi'), msg('b', 'a', 'assistant', [{ type: 'text', text: 'hello' }])].join('\n') + '\n';
    const p = parseSession(text);
    expect(p.format).toBe('jsonl');
    expect(p.version).toBe(3);
    expect(p.header?.id).toBe('s1');
    expect(p.entries.map((e) => [e.line, e.entry.id])).toEqual([
      [2, 'a'],
      [3, 'b'],
    ]);
    expect(p.diagnostics).toEqual([]);
    expect(p.lineCount).toBe(3);
  });

  it('treats CRLF, a BOM, blank lines and a missing final newline as normal input', () => {
    const text = `\uFEFF${HEADER}\r\n\r\n${msg('a', null, 'user', 'hi')}\r\n   \n${msg('b', 'a', 'assistant', [{ type: 'text', text: 'x' }])}`;
    const p = parseSession(text);
    expect(p.bom).toBe(true);
    expect(p.diagnostics).toEqual([]);
    expect(p.entries.map((e) => e.line)).toEqual([3, 5]);
  });

  it('reports a line cut off in the middle with its line and column, and keeps the rest', () => {
    const cut = msg('b', 'a', 'assistant', [{ type: 'text', text: 'hello' }]).slice(0, 60);
    const text = [HEADER, msg('a', null, 'user', 'hi'), cut, msg('c', 'a', 'user', 'again')].join('\n');
    const p = parseSession(text);
    expect(p.entries.map((e) => e.entry.id)).toEqual(['a', 'c']);
    expect(p.diagnostics).toHaveLength(1);
    const d = p.diagnostics[0];
    expect(d).toMatchObject({ line: 3, column: 61, severity: 'error', code: 'json-truncated' });
    expect(d.message).toBe('line 3, column 61: the JSON stops in the middle — the file was probably cut off while writing');
  });

  it('explains garbage, NUL bytes, trailing data, bad escapes and raw control characters differently', () => {
    const lines = [
      HEADER,
      '{"type":"message",,}',
      '{"type":"x"}\u0000\u0000',
      '{"type":"label","id":"l"} {"type":"label"}',
      '{"a":"\\q"}',
      '{"a":"b\u0001"}',
    ];
    const p = parseSession(lines.join('\n'));
    const byLine = Object.fromEntries(p.diagnostics.map((d) => [d.line, d]));
    expect(byLine[2]).toMatchObject({ code: 'json-unexpected', column: 19 });
    expect(byLine[2].message).toContain('where a property name in double quotes was expected');
    expect(byLine[3]).toMatchObject({ code: 'binary-data', column: 13 });
    expect(byLine[4]).toMatchObject({ code: 'json-trailing', column: 27 });
    expect(byLine[5]).toMatchObject({ code: 'json-bad-escape' });
    expect(byLine[6]).toMatchObject({ code: 'json-control-char' });
  });

  it('reports a missing header and keeps the entries', () => {
    const p = parseSession([msg('a', null, 'user', 'hi'), msg('b', 'a', 'assistant', [])].join('\n'));
    expect(p.header).toBeNull();
    expect(p.entries).toHaveLength(2);
    expect(p.diagnostics[0]).toMatchObject({ line: 1, code: 'missing-header', severity: 'error' });
  });

  it('names the line an id was last used on, whether that entry was kept or dropped by its shape check', () => {
    const text = [
      HEADER,
      msg('a', null, 'user', 'kept'),
      '{"type":"message","id":"b","parentId":"a","message":"not an object"}',
      msg('a', null, 'user', 'again'),
      msg('b', 'a', 'user', 'again'),
    ].join('\n');
    const duplicates = parseSession(text).diagnostics.filter((d) => d.code === 'duplicate-id');
    expect(duplicates.map((d) => [d.line, d.message])).toEqual([
      [4, 'line 4: the id "a" was already used on line 2 — the later entry wins'],
      [5, 'line 5: the id "b" was already used on line 3 — the later entry wins'],
    ]);
  });

  it('reports wrong types, unknown entry types, unknown roles and duplicate ids, located', () => {
    const lines = [
      HEADER,
      msg('a', null, 'user', 'hi'),
      '{"type":"mystery","id":"m","parentId":"a"}',
      msg('b', 'a', 'wizard', 'abracadabra'),
      msg('a', 'b', 'user', 'again'),
      '{"type":"message","id":"c","parentId":"a","message":{"content":"no role"}}',
      '{"type":"message","id":"d","parentId":"a","message":null}',
      '[1,2,3]',
      '{"id":"e"}',
      '{"type":"model_change","id":"f","parentId":"a","provider":7,"modelId":"x"}',
    ];
    const p = parseSession(lines.join('\n'));
    const codes = p.diagnostics.map((d) => [d.line, d.code]);
    expect(codes).toEqual(
      expect.arrayContaining([
        [3, 'unknown-entry-type'],
        [4, 'unknown-role'],
        [5, 'duplicate-id'],
        [6, 'message-no-role'],
        [7, 'message-not-object'],
        [8, 'entry-not-object'],
        [9, 'entry-no-type'],
        [10, 'field-type'],
      ]),
    );
    for (const d of p.diagnostics) expect(d.message).toMatch(new RegExp(`^line ${d.line}(, column \\d+)?: `));
    // Entries that cannot be messages are skipped, the rest is kept.
    expect(p.entries.map((e) => e.entry.id)).toEqual(['a', 'm', 'b', 'a', 'f']);
  });

  it('reports a message role that is missing, blank, not a string or unknown, and keeps the known ones', () => {
    const lines = [
      HEADER,
      '{"type":"message","id":"a","parentId":null,"message":{"role":" ","content":"x"}}',
      '{"type":"message","id":"b","parentId":null,"message":{"role":7,"content":"x"}}',
      '{"type":"message","id":"c","parentId":null,"message":{"role":"custom","customType":"k","content":"x"}}',
      '{"type":"message","id":"d","parentId":null,"message":{"role":"user ","content":"x"}}',
    ];
    const p = parseSession(lines.join('\n'));
    expect(p.diagnostics.map((d) => d.message)).toEqual([
      'line 2: the message has a string blank "role" — it is skipped (file repair drops it)',
      'line 3: the message has a number "role" — it is skipped (file repair drops it)',
      'line 5: the message has the unknown role "user " — it is kept in the transcript but never sent to the provider',
    ]);
    expect(p.entries.map((e) => e.entry.id)).toEqual(['c', 'd']);
  });

  it('keeps the model, API, provider and tool names of every message as written, whatever the order they come in', () => {
    const assistant = (id: string, model: unknown, api: string, provider: string) =>
      msg(id, null, 'assistant', [], `,"model":${JSON.stringify(model)},"api":"${api}","provider":"${provider}"`);
    const lines = [
      HEADER,
      assistant('a', 'claude-sonnet-4-5', 'anthropic-messages', 'anthropic-vertex'),
      assistant('b', 'gpt-5-codex-mini', 'openai-responses', 'openai-codex-cli'),
      assistant('c', 'claude-sonnet-4-5', 'anthropic-messages', 'anthropic-vertex'),
      assistant('d', 12345678901, 'openai-responses', 'openai-codex-cli'),
      msg('e', null, 'toolResult', [], ',"toolCallId":"t1","toolName":"read_file_lines","isError":false'),
      assistant('f', 'gpt-5-codex-mini', 'openai-responses', 'openai'),
    ];
    const p = parseSession(lines.join('\n'));
    const names = p.entries.map((e) => {
      const m = e.entry.message as Record<string, unknown>;
      return m.role === 'toolResult' ? [m.toolName] : [m.model, m.api, m.provider];
    });
    expect(names).toEqual([
      ['claude-sonnet-4-5', 'anthropic-messages', 'anthropic-vertex'],
      ['gpt-5-codex-mini', 'openai-responses', 'openai-codex-cli'],
      ['claude-sonnet-4-5', 'anthropic-messages', 'anthropic-vertex'],
      [12345678901, 'openai-responses', 'openai-codex-cli'],
      ['read_file_lines'],
      ['gpt-5-codex-mini', 'openai-responses', 'openai'],
    ]);
  });

  it('flags invalid UTF-8 bytes on the line they damage', () => {
    const bytes = new TextEncoder().encode(`${HEADER}\n${msg('a', null, 'user', 'caf_')}\n`);
    const i = bytes.indexOf('_'.charCodeAt(0));
    const damaged = new Uint8Array(bytes);
    damaged[i] = 0xff;
    const p = parseSession(decodeUtf8(damaged));
    expect(p.entries).toHaveLength(1);
    expect(p.diagnostics).toEqual([expect.objectContaining({ line: 2, code: 'invalid-utf8', severity: 'warning' })]);
  });

  it('reads a multi-megabyte line (a base64 image) like any other', () => {
    const data = 'A'.repeat(6 * 1024 * 1024);
    const p = parseSession([HEADER, msg('a', null, 'user', [{ type: 'image', data, mimeType: 'image/png' }])].join('\n'));
    expect(p.diagnostics).toEqual([]);
    expect((p.entries[0].entry.message as { content: { data: string }[] }).content[0].data.length).toBe(data.length);
  });

  it('reads a JSON array of messages, locating each message by line', () => {
    const text = '[\n  {"role":"user","content":"hi"},\n  {"role":"assistant","content":[]},\n  {"content":"no role"}\n]';
    const p = parseSession(text);
    expect(p.format).toBe('messages-json');
    expect(p.messages?.map((m) => [m.line, m.message.role])).toEqual([
      [2, 'user'],
      [3, 'assistant'],
    ]);
    expect(p.diagnostics).toEqual([expect.objectContaining({ line: 4, code: 'message-no-role' })]);
  });

  it('reports an unterminated JSON array at the line where it stops', () => {
    const p = parseSession('[\n {"role":"user","content":"hi"},\n {"role":"assistant"');
    expect(p.diagnostics[0]).toMatchObject({ line: 3, code: 'json-truncated' });
  });

  it('warns about a tool result without a usable call id, reading the id fields the way pairing does', () => {
    const result = (fields: Record<string, unknown>) =>
      JSON.stringify({ role: 'toolResult', toolName: 'read', content: [{ type: 'text', text: 'ok' }], ...fields });
    const text = [
      { toolCallId: 'call_1' },
      { toolCallId: '', toolUseId: 'call_2' },
      { toolCallId: 7, call_id: 'call_3' },
      { toolCallId: '   ' },
      {},
    ].map(result);
    const p = parseSession(`[\n${text.join(',\n')}\n]`);
    expect(p.messages).toHaveLength(5);
    expect(p.diagnostics.map((d) => [d.line, d.code])).toEqual([
      [5, 'tool-result-no-id'],
      [6, 'tool-result-no-id'],
    ]);
  });

  it('says an empty file is empty', () => {
    expect(parseSession('').diagnostics).toEqual([expect.objectContaining({ code: 'empty', line: 1 })]);
    expect(parseSession('\n\n  \n').diagnostics).toEqual([expect.objectContaining({ code: 'empty' })]);
  });
});

describe('locateJsonError', () => {
  it('finds nothing wrong in valid JSON and the first error otherwise', () => {
    expect(locateJsonError('{"a":[1,2,{"b":null}],"c":"x\\u00e9"}')).toBeNull();
    expect(locateJsonError('{"a":1')).toEqual({ offset: 6, kind: 'truncated', expected: '"}"' });
    expect(locateJsonError('{"a":tru')).toMatchObject({ kind: 'truncated' });
    expect(locateJsonError('{"a":01}')).toMatchObject({ kind: 'unexpected', offset: 6 });
    expect(locateJsonError('[1,]')).toMatchObject({ kind: 'unexpected', offset: 3 });
    expect(locateJsonError('  ')).toMatchObject({ kind: 'empty' });
  });

  it('survives deeply nested input without overflowing the stack', () => {
    expect(locateJsonError('['.repeat(200_000))).toMatchObject({ kind: 'truncated' });
  });
});
