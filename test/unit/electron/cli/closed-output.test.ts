// `… | head -1`: a reader that leaves early ends the command quietly, with its usual exit code.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliArgs } from '../../helpers/cli.js';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-epipe-'));
const HEADER = '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/x"}';
// 3,000 cut-off lines: a plan of ~300 KB, more than a pipe holds, so writes go on after `head` left.
const file = path.join(dir, 'many.jsonl');
writeFileSync(file, `${[HEADER, ...Array.from({ length: 3000 }, (_, i) => `{"type":"message","id":"x${i}","cut`)].join('\n')}\n`);

/** Run the CLI into `reader` through bash; its exit status and stderr. */
function pipeline(args: string[], reader: string): { status: number; stderr: string; firstLine: string } {
  const err = path.join(dir, `err-${Math.random().toString(36).slice(2)}`);
  const cli = [process.execPath, ...cliArgs(), ...args].map((a) => `'${a}'`).join(' ');
  const r = spawnSync('bash', ['-c', `${cli} 2>'${err}' | ${reader}; exit \${PIPESTATUS[0]}`], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status ?? -1, stderr: readFileSync(err, 'utf8'), firstLine: r.stdout.split('\n')[0] };
}

describe('a closed output pipe', () => {
  it('repair --dry-run | head -1 prints no stack trace and exits 1 (needs repair)', () => {
    const r = pipeline(['repair', file, '--dry-run'], 'head -1');
    expect(r.firstLine).toBe(`${file}: 3000 repair(s) planned — dropped 3000 malformed line(s)`);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
  });

  it('inspect --json | head -c 20 stops writing quietly with the inspection exit code', () => {
    const r = pipeline(
      ['inspect', file, '--provider', 'anthropic', '--api', 'anthropic-messages', '--model', 'claude-sonnet-4-5', '--json'],
      'head -c 20',
    );
    expect(r.firstLine).toBe('{"target":{"provider');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
  });
});
