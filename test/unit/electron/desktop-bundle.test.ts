// The desktop shell as it is built (scripts/build.mjs into a folder of its own, dist/'s layout), run
// under plain Node with a stand-in `electron` (test/unit/helpers/electron-stand-in/): its bundle is
// electron/main.ts alone, it runs dist/node's code, and its payloads are those the real SDKs give
// while no SDK is loaded (dist/node's stand-ins), nor sharp or any provider before the window.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspector } from '../../../electron/host/inspector.js';
import { SDK_STAND_INS } from '../../../scripts/node-bundle.mjs';
import type { Target } from '../../../shared/types.js';

const root = fileURLToPath(new URL('../../../', import.meta.url)).replace(/[\\/]$/, '');
const fixture = (name: string) => path.join(root, 'test/fixtures/pi-sessions', name);
const driver = path.join(root, 'test/unit/helpers/electron-stand-in/drive.mjs');

const target = (provider: string, api: string, modelId: string): Target => ({ provider, api, modelId });
const MISTRAL = target('mistral', 'mistral-conversations', 'mistral-large-latest');
const GEMINI = target('google', 'google-generative-ai', 'gemini-2.5-pro');
const RESPONSES = target('openai', 'openai-responses', 'gpt-5');
const CLAUDE = target('anthropic', 'anthropic-messages', 'claude-sonnet-4-5');
const BEDROCK = target('amazon-bedrock', 'bedrock-converse-stream', 'anthropic.claude-sonnet-4-5-20250929-v1:0');
const COMPLETIONS = target('openrouter', 'openai-completions', 'openai/gpt-4o');

/** What one run of the shell under the stand-in gave (test/unit/helpers/electron-stand-in/drive.mjs). */
interface Drive {
  errors: string[];
  times: Record<string, number>;
  beforeWindow: string[];
  payloads: string[];
  commonJs: string[];
  /** Every module file resolved, in order (the hooks' log). */
  resolved: string[];
}

let dir = '';

/**
 * Run the built shell launched with `file`, inspecting it for each target in turn. `hooks`: through the
 * module hooks that log what is resolved (else as the start bench runs it, from a copy of main.js).
 */
function drive(file: string, targets: readonly Target[], hooks = true): Drive {
  const log = path.join(dir, `resolved-${path.basename(file)}.log`);
  const out = path.join(dir, `result-${path.basename(file)}.json`);
  writeFileSync(log, '');
  rmSync(out, { force: true });
  const r = spawnSync(process.execPath, [driver, file], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    // A hung child would block this worker's event loop, and with it the test's own time limit.
    timeout: 50_000,
    env: {
      ...process.env,
      TI_MAIN: path.join(dir, 'electron', 'main.js'),
      TI_TARGETS: JSON.stringify(targets),
      TI_RESOLVE_LOG: hooks ? log : '',
      TI_RESULT: out,
      TRANSCRIPT_INSPECTOR_RENDERER_DIR: path.join(dir, 'renderer'),
      TRANSCRIPT_INSPECTOR_USER_DATA: path.join(dir, 'user-data'),
    },
  });
  if (r.status !== 0 || !existsSync(out)) throw new Error(`the shell under the stand-in failed (${r.status ?? r.signal}):\n${r.stderr}`);
  return {
    ...(JSON.parse(readFileSync(out, 'utf8')) as Omit<Drive, 'resolved'>),
    resolved: readFileSync(log, 'utf8').split('\n').filter(Boolean),
  };
}

/** The same calls through the Inspector service of the sources (which load the real SDKs). */
async function fromSources(file: string, targets: readonly Target[]): Promise<string[]> {
  const inspector = createInspector({ recentFile: path.join(dir, 'sources-recent.json') });
  try {
    const { sessionId } = await inspector.open({ kind: 'path', path: file });
    const payloads: string[] = [];
    for (const t of targets) {
      const { inspectionId } = await inspector.inspect(sessionId, t, { now: 0 });
      payloads.push((await inspector.exportText(inspectionId, 'payload-json')).text);
    }
    return payloads;
  } finally {
    await inspector.dispose();
  }
}

/** The installed packages among module files (file: URLs or paths), by name. */
function packagesIn(files: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const rest = (file.startsWith('file:') ? fileURLToPath(file) : file).split(`${path.sep}node_modules${path.sep}`).at(-1)!;
    // The build itself sits below node_modules/.cache: its own files are not a package.
    if (rest.startsWith('.cache')) continue;
    const parts = rest.split(path.sep);
    names.add(parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]);
  }
  return names;
}

/** The repository's source files that the built files among `urls` hold (read from their source maps). */
function sourcesOf(urls: readonly string[]): Set<string> {
  const sources = new Set<string>();
  for (const url of new Set(urls)) {
    const file = fileURLToPath(url);
    if (!file.startsWith(dir + path.sep) || !file.endsWith('.js')) continue;
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { sources: string[] };
    for (const s of map.sources)
      sources.add(
        path
          .relative(root, path.resolve(path.dirname(file), s))
          .split(path.sep)
          .join('/'),
      );
  }
  return sources;
}

beforeAll(() => {
  // Below the repository's node_modules, where the packages dist/node leaves external resolve.
  const parent = path.join(root, 'node_modules', '.cache', 'transcript-inspector-tests');
  mkdirSync(parent, { recursive: true });
  // By its real path, as Node names the modules it loads (node_modules may be a symlink, as in a worktree).
  dir = realpathSync(mkdtempSync(path.join(parent, 'desktop-')));
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), `--out=${dir}`], {
    cwd: root,
    encoding: 'utf8',
    timeout: 100_000,
  });
  if (built.status !== 0) throw new Error(`the build failed (${built.status ?? built.signal}):\n${built.stdout}${built.stderr}`);
  // Inside node_modules no package.json above says the build is ESM (dist/ has the repository's).
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(path.join(dir, 'renderer'));
  writeFileSync(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>stand-in</title>');
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the desktop shell’s build', () => {
  it('is electron/main.ts alone, importing the rest from dist/node', () => {
    const main = readFileSync(path.join(dir, 'electron', 'main.js'), 'utf8');
    const map = JSON.parse(readFileSync(path.join(dir, 'electron', 'main.js.map'), 'utf8')) as { sources: string[] };
    expect(map.sources.map((s) => path.relative(root, path.resolve(dir, 'electron', s)))).toEqual([path.join('electron', 'main.ts')]);
    const imports = [...main.matchAll(/^import\s[^;]*?["']([^"']+)["'];?$/gms)].map((m) => m[1]).sort();
    expect(imports).toEqual(['../node/desktop-host.js', 'electron', 'node:fs', 'node:path', 'node:url']);
  });

  it('builds the payloads the real SDKs give, loading none of them', async () => {
    const sessions = [
      { file: fixture('d-model-switch.jsonl'), targets: [MISTRAL, GEMINI, RESPONSES, CLAUDE] },
      { file: fixture('i-images.jsonl'), targets: [BEDROCK, COMPLETIONS] },
    ];
    for (const { file, targets } of sessions) {
      const run = drive(file, targets);
      expect(run.errors).toEqual([]);
      const expected = await fromSources(file, targets);
      expect(run.payloads.map((p) => p.length)).toEqual(expected.map((p) => p.length));
      expect(run.payloads).toEqual(expected);
      const loaded = packagesIn([...run.resolved, ...run.commonJs]);
      // Reducing the images of i-images resolved sharp, which dist/node leaves external.
      if (file.endsWith('i-images.jsonl')) expect(loaded).toContain('sharp');
      for (const name of [...SDK_STAND_INS, '@mariozechner/pi-ai', 'typebox']) expect(loaded, name).not.toContain(name);
    }
  }, 120_000);

  it('loads no provider nor the error explainer before its window (the first inspection loads its provider), and sharp only for a session with images', () => {
    const run = drive(fixture('a-anthropic-tools.jsonl'), [CLAUDE]);
    expect(run.errors).toEqual([]);
    expect(run.payloads).toHaveLength(1);
    // What was resolved when the window was made: the shell's start. (A load started later, such as a
    // prefetch after createWindow, would count as the inspection's.)
    expect(run.beforeWindow.some((url) => url.endsWith('/node/desktop-host.js'))).toBe(true);
    const early = [...sourcesOf(run.beforeWindow)];
    const late = [...sourcesOf(run.resolved)];
    expect(early).toContain('electron/host/inspector.ts');
    // Nor the provider-error explainer: it comes with a session's failed turns, or a pasted error.
    expect(early.filter((s) => s === 'electron/host/explain.ts' || s === 'shared/errors/match-error.ts')).toEqual([]);
    // pi-ai's providers, each in its chunk (named by pi-ai's own source map where it ships one).
    const anthropic = late.filter((s) => /pi-ai\/(?:src|dist)\/providers\/anthropic\.[jt]s$/.test(s));
    expect(anthropic).toHaveLength(1);
    expect(early).not.toContain(anthropic[0]);
    // This session has no image: neither the codec's module nor sharp was loaded, by the open or the inspection.
    expect(late).not.toContain('electron/host/images/sharp-codec.ts');
    expect(packagesIn([...run.resolved, ...run.commonJs])).not.toContain('sharp');
    const withImages = drive(fixture('i-images.jsonl'), [CLAUDE]);
    expect(sourcesOf(withImages.beforeWindow)).not.toContain('electron/host/images/sharp-codec.ts');
    expect(sourcesOf(withImages.resolved)).toContain('electron/host/images/sharp-codec.ts');
    expect(packagesIn(withImages.resolved)).toContain('sharp');
  }, 60_000);

  it('runs as the start bench runs it, without module hooks, and leaves nothing beside main.js', async () => {
    const file = fixture('d-model-switch.jsonl');
    const run = drive(file, [MISTRAL], false);
    expect(run.errors).toEqual([]);
    expect(run.resolved).toEqual([]);
    expect(run.payloads).toEqual(await fromSources(file, [MISTRAL]));
    expect(readdirSync(path.join(dir, 'electron')).sort()).toEqual(['main.js', 'main.js.map', 'preload.cjs', 'preload.cjs.map']);
  }, 60_000);
});
