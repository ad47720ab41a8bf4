// What the command line prints from a session file reaches the terminal with its control characters escaped.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { terminalJson, terminalLines } from '../../../../electron/cli/terminal-text.js';
import { cliArgs } from '../../helpers/cli.js';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const cli = (args: string[]) => spawnSync(process.execPath, [...cliArgs(), ...args], { cwd: root, encoding: 'utf8' });
const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-term-'));

/** Clear screen, set the window title, a bidi override and an 8-bit CSI. */
const EVIL = '\u001b[2J\u001b]0;pwned\u0007\u202e\u009b31m';
const ESCAPED = '\\x1b[2J\\x1b]0;pwned\\x07\\u202e\\x9b31m';
/** The first character a terminal acts on, but the line breaks of our own output; '' when none. */
function rawControl(text: string): string {
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (c === '\n') continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || [0x061c, 0x200e, 0x200f].includes(code)) return c;
    if ((code >= 0x2028 && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return c;
  }
  return '';
}

const HEADER = { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/x' };
function evilSession(): string {
  const lines: unknown[] = [
    HEADER,
    { type: 'model_change', id: 'm', parentId: null, timestamp: 't', provider: 'anthropic', modelId: `claude-opus-4-6${EVIL}` },
    { type: 'message', id: 'a', parentId: 'm', timestamp: 't', message: { role: 'user', content: 'run it', timestamp: 1 } },
    {
      type: 'message',
      id: 'b',
      parentId: 'a',
      timestamp: 't',
      message: {
        role: 'assistant',
        content: [{ type: 'toolCall', id: `call\u0000${EVIL}`, name: `bash${EVIL}`, arguments: { command: 'ls' } }],
        api: 'anthropic-messages',
        provider: 'anthropic',
        model: `claude-opus-4-6${EVIL}`,
        usage: { input: 3, output: 2 },
        stopReason: 'toolUse',
        timestamp: 2,
      },
    },
    { type: 'message', id: 'c', parentId: 'b', timestamp: 't', message: { role: 'user', content: '', timestamp: 3 } },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"bad${EVIL}\n`;
}

describe('terminal output', () => {
  it('escapes every line on its own and keeps our line breaks', () => {
    expect(terminalLines(['a\u001b[31m', 'b\nforged line'])).toBe('a\\x1b[31m\nb\\nforged line\n');
  });

  it('writes JSON with C1 and bidi controls as \\u escapes: the same value to a parser', () => {
    const value = { s: `x${EVIL}\u2028` };
    const json = terminalJson(JSON.stringify(value));
    expect(rawControl(json)).toBe('');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('inspect (target, hygiene, --explain, diagnostics) prints no raw control character', () => {
    const file = path.join(dir, 'evil.jsonl');
    writeFileSync(file, evilSession());
    const r = cli(['inspect', file, '--no-payloads', '--explain', `tool_use ids were found without tool_result${EVIL}`]);
    expect(r.status).toBe(1);
    expect(rawControl(r.stdout)).toBe('');
    expect(r.stdout).toContain(`target: anthropic / anthropic-messages / claude-opus-4-6${ESCAPED}`);
    expect(r.stdout).toContain('invalid tool name "bash\\u001b[2J');
    expect(r.stdout).toContain(':6:6: error: control character 0x1b inside a string');
    const json = cli(['inspect', file, '--no-payloads', '--json']);
    expect(rawControl(json.stdout)).toBe('');
    expect(JSON.parse(json.stdout).target.modelId).toBe(`claude-opus-4-6${EVIL}`);
  });

  it('repair --dry-run prints dropped bytes and file names escaped', () => {
    const file = path.join(dir, `named${EVIL}.jsonl`);
    writeFileSync(file, evilSession());
    const r = cli(['repair', file, '--dry-run']);
    expect(r.status).toBe(1);
    expect(rawControl(r.stdout)).toBe('');
    expect(r.stdout).toContain(`named${ESCAPED}.jsonl:line 6: drop (unparseable-line)`);
  });

  it('inspect --all and repair --all print file names escaped, in text and JSON', () => {
    const all = path.join(dir, 'all');
    mkdirSync(all);
    writeFileSync(path.join(all, `x${EVIL}.jsonl`), evilSession());
    writeFileSync(path.join(all, `empty${EVIL}.jsonl`), '');
    for (const args of [
      ['inspect', '--all', all, '--no-payloads', '--jobs', '1'],
      ['repair', '--all', all, '--dry-run', '--jobs', '1'],
      ['repair', '--all', all, '--dry-run', '--json', '--jobs', '1'],
    ]) {
      const r = cli(args);
      expect(rawControl(r.stdout), args.join(' ')).toBe('');
      expect(rawControl(r.stderr), args.join(' ')).toBe('');
      expect(r.stdout, args.join(' ')).toMatch(args.includes('--json') ? /x\\u001b\[2J/ : /x\\x1b\[2J/);
    }
  });

  it('a one-line failure naming a file escapes it', () => {
    const r = cli(['inspect', path.join(dir, `missing${EVIL}.jsonl`)]);
    expect(r.status).toBe(2);
    expect(rawControl(r.stderr)).toBe('');
    expect(r.stderr).toContain(`missing${ESCAPED}.jsonl`);
  });
});
