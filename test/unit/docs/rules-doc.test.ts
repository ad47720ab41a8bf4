// docs/rules.md explains every rule and every policy flag, and every link into it (from the code or from itself) lands.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolvePolicy } from '../../../shared/policy/resolve.js';
import { RULES } from '../../../shared/rules/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DOC = fs.readFileSync(path.join(ROOT, 'docs/rules.md'), 'utf8');
const ANCHORS = new Set([...DOC.matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]));

describe('docs/rules.md', () => {
  it('has a section for every rule, with the title the app shows', () => {
    for (const rule of RULES) {
      expect(ANCHORS, rule.id).toContain(rule.id);
      expect(DOC).toContain(`### \`${rule.id}\` — ${rule.title}`);
    }
  });

  it('explains every policy flag', () => {
    const flags = Object.keys(resolvePolicy({ provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' }));
    expect(flags.length).toBeGreaterThan(20);
    for (const flag of flags) {
      expect(ANCHORS, flag).toContain(flag);
      expect(DOC).toContain(`**\`${flag}\`**`);
    }
  });

  it('has every anchor its own links point to', () => {
    const links = [...DOC.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(40);
    for (const link of links) expect(ANCHORS, `#${link}`).toContain(link);
  });

  it('has every anchor the code and the other documents point to', () => {
    const files = execFileSync('git', ['ls-files', 'shared', 'electron', 'renderer', 'test', 'scripts', 'docs', 'README.md'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => /\.(ts|tsx|mjs|js|md|json)$/.test(f) && !f.startsWith('test/oracle/corpus/'));
    const pointers: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/rules\.md#([A-Za-z0-9_-]+)/g)) pointers.push(`${file}: #${m[1]}`);
    }
    expect(pointers.length).toBeGreaterThan(0);
    for (const pointer of pointers) expect(ANCHORS, pointer).toContain(pointer.split('#')[1]);
  });
});
