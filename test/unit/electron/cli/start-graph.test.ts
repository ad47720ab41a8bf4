// What the bundled CLI compiles before it reads its arguments: every module its entry imports
// statically. Each KB there is paid by every command's start; what a command may not need is
// imported when it is needed. These tests name what must stay out of that graph, and out of the
// store reader's (what `inspect DB#ID` loads).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliArgs } from '../../helpers/cli.js';

/** The files the entry imports statically, transitively (relative specifiers only: packages are bundled or external). */
function staticGraph(entry: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    // esbuild writes `import {…} from "./x.js";`, `import "./x.js";` and `export {…} from "./x.js";` at the top level.
    for (const match of text.matchAll(/^(?:import|export)\s[^;]*?["'](\.{1,2}\/[^"']+)["'];?$/gms))
      visit(path.resolve(path.dirname(file), match[1]));
  };
  visit(entry);
  return files;
}

/**
 * The source files a bundled file holds (esbuild names each in a `// path` comment before its code,
 * relative to the working directory: a package's path may start with `../` when node_modules is
 * elsewhere, so it is read from its `node_modules/` on).
 */
const sourcesOf = (text: string): string[] =>
  [...text.matchAll(/^\/\/ (?:\S*?\/)?((?:shared|electron|node_modules)\/\S+)$/gm)].map((m) => m[1]);

describe('what every command compiles at its start', () => {
  const graph = staticGraph(cliArgs()[0]);
  const sources = new Set([...graph.values()].flatMap(sourcesOf));

  it('is read from the bundle (the entry and the engine are in it)', () => {
    expect(sources).toContain('electron/cli.ts');
    expect(sources).toContain('shared/engine.ts');
  });

  it('leaves out the provider-error explainer: it is loaded for a session that recorded a failed turn, or for --explain', () => {
    // What is left of shared/errors/: finding the failed turns, and the report's grouping and labels (no pattern).
    expect([...sources].filter((s) => s.startsWith('shared/errors/')).sort()).toEqual([
      'shared/errors/failed-turns.ts',
      'shared/errors/labels.ts',
      'shared/errors/recorded-groups.ts',
    ]);
  });

  it("leaves out pi-ai's model catalogue, the store reader and the payload builders", () => {
    expect(sources).not.toContain('node_modules/@mariozechner/pi-ai/dist/models.generated.js');
    expect(sources).not.toContain('electron/host/store/session-store.ts');
    expect(sources).not.toContain('electron/host/enrich.ts');
  });
});

describe('what reading a stored session loads', () => {
  const dir = path.dirname(cliArgs()[0]);
  const chunks = path.join(dir, 'chunks');
  // The chunk that holds the store reader's entry (electron/host/store/index.ts), imported when a stored session is read.
  const entry = readdirSync(chunks)
    .map((name) => path.join(chunks, name))
    .find((file) => file.endsWith('.js') && sourcesOf(readFileSync(file, 'utf8')).includes('electron/host/store/index.ts'));

  it('leaves out the repair planner and the branch export: a JSONL export loads them', () => {
    expect(entry).toBeDefined();
    const sources = new Set([...staticGraph(entry!).values()].flatMap(sourcesOf));
    expect(sources).toContain('electron/host/store/session-store.ts');
    expect(sources).not.toContain('shared/repair/plan.ts');
    expect(sources).not.toContain('electron/host/jsonl-export.ts');
  });
});
