// The host's redaction of real files: nothing of the user's words survives, bytes and layout are kept.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { redactSession, writeRedactedSession } from '../../../../../electron/host/redact/redact-session.js';
import { PROTECTED_PHRASES } from '../../../../../shared/redact/vocabulary.js';
import { SILENT_REPLY_WORDS } from '../../../../../shared/text/silent-reply.js';

const root = path.resolve(new URL('../../../../../', import.meta.url).pathname);
const SAMPLE = path.join(root, 'electron/host/sample/sample-session.jsonl');
const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-redact-host-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Words of five letters or more in the strings of a JSON value, per key. */
function words(value: unknown, key = '', into: Map<string, Set<string>> = new Map()): Map<string, Set<string>> {
  if (typeof value === 'string') {
    for (const word of value.match(/[A-Za-z]{5,}/g) ?? []) {
      if (!into.has(key)) into.set(key, new Set());
      into.get(key)!.add(word.toLowerCase());
    }
  } else if (Array.isArray(value)) value.forEach((item) => words(item, key, into));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) words(v, k, into);
  return into;
}

const lines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);

describe('redactSession', () => {
  it('leaves no word of the sample’s texts, thinking, tool inputs and outputs in the copy', async () => {
    const original = readFileSync(SAMPLE, 'utf8');
    const { text, counts } = await redactSession({ file: SAMPLE });
    const before = words(lines(original));
    const after = words(lines(text));
    // Words that may stay: OpenClaw's markers and the silent-reply words, and every value of a kept field.
    const allowed = new Set([...PROTECTED_PHRASES.join(' ').match(/[A-Za-z]{5,}/g)!, ...SILENT_REPLY_WORDS].map((w) => w.toLowerCase()));
    const contentKeys = [
      'text',
      'thinking',
      'summary',
      'content',
      'arguments',
      'command',
      'path',
      'url',
      'cwd',
      'details',
      'oldText',
      'newText',
    ];
    const userWords = new Set(contentKeys.flatMap((k) => [...(before.get(k) ?? [])]).filter((w) => !allowed.has(w)));
    expect(userWords.size).toBeGreaterThan(50);
    const survivors = [...after.values()].flatMap((set) => [...set]).filter((w) => userWords.has(w));
    // Tool names, model ids and entry kinds are kept on purpose; any other survivor is a leak.
    const kept = new Set(['name', 'toolName', 'model', 'modelId', 'customType'].flatMap((k) => [...(before.get(k) ?? [])]));
    expect(survivors.filter((w) => !kept.has(w))).toEqual([]);
    expect(counts.texts).toBeGreaterThan(50);
    expect(counts.images).toBeGreaterThan(0);
    expect(counts.signatures).toBeGreaterThan(0);
  });

  it('keeps every line’s length class and the file’s line count', async () => {
    const original = readFileSync(SAMPLE, 'utf8');
    const { text } = await redactSession({ file: SAMPLE });
    expect(text.split('\n').length).toBe(original.split('\n').length);
    expect(text.endsWith('\n')).toBe(original.endsWith('\n'));
  });
});

describe('writeRedactedSession', () => {
  it('keeps a line that is not valid UTF-8 invalid, and every other byte of layout', async () => {
    const file = path.join(dir, 'bad-utf8.jsonl');
    const header = Buffer.from('{"type":"session","version":3,"id":"s"}\r\n');
    const bad = Buffer.concat([
      Buffer.from('{"type":"message","id":"m","message":{"role":"user","content":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}}\r\n'),
    ]);
    writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), header, bad]));
    const out = path.join(dir, 'bad-utf8.redacted.jsonl');
    await writeRedactedSession({ file }, out);
    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [first, second] = bytes.subarray(3).toString('latin1').split('\r\n');
    expect(first).toBe('{"type":"session","version":3,"id":"s"}');
    expect(second).toBe('{"type":"message","id":"m","message":{"role":"user","content":"xxx\xff"}}');
    expect(isUtf8(bytes)).toBe(false);
  });

  it('refuses to overwrite an existing file', async () => {
    const out = path.join(dir, 'exists.jsonl');
    writeFileSync(out, 'keep me');
    await expect(writeRedactedSession({ file: SAMPLE }, out)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
  });
});
