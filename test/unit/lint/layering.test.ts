// The room fences of eslint.config.js, run on snippets placed in each room: static imports, dynamic
// `import()` and `require()` of a fenced module are all refused; what a room may use passes.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(new URL('../../../', import.meta.url).pathname);
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The fence messages ESLint gives `code` as if it were the file `file` (relative to the root). */
async function fenceMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('layering lint', () => {
  it('refuses a dynamic import() of Electron outside the shell, like a static one', async () => {
    expect(await fenceMessages('shared/lint-fixture.ts', "export const load = () => import('electron');\n")).toEqual([
      expect.stringContaining('shared/ must stay pure: no Electron, sharp, UI or pi-ai imports'),
    ]);
    expect(await fenceMessages('electron/host/lint-fixture.ts', "export const app = (await import('electron')).app;\n")).toEqual([
      expect.stringContaining('electron is imported only by electron/main.ts and electron/preload.ts'),
    ]);
    expect(await fenceMessages('electron/host/lint-fixture.ts', "export { app } from 'electron';\n")).toEqual([
      expect.stringContaining('electron is imported only by electron/main.ts and electron/preload.ts'),
    ]);
  });

  it('matches wildcard fences (node:*, subpaths) in import() and require()', async () => {
    expect(await fenceMessages('renderer/lint-fixture.ts', "export const fs = () => import('node:fs/promises');\n")).toEqual([
      expect.stringContaining('the renderer has no Node access'),
    ]);
    expect(await fenceMessages('shared/lint-fixture.ts', "export const p = () => import('fs/promises');\n")).toEqual([
      expect.stringContaining('shared/ must stay pure: no Node built-ins (put I/O in electron/host/)'),
    ]);
    expect(
      await fenceMessages('renderer/lint-fixture.ts', "export const ai = () => import('@mariozechner/pi-ai/dist/models.js');\n"),
    ).toEqual(['the renderer reaches pi-ai only through InspectorApi']);
    expect(await fenceMessages('electron/web/lint-fixture.ts', "export const s = require('sharp');\n")).toEqual([
      expect.stringContaining('sharp is imported only under electron/host/images/'),
    ]);
  });

  it('lets each room load what it may, statically or not', async () => {
    expect(await fenceMessages('electron/host/images/lint-fixture.ts', "export const s = () => import('sharp');\n")).toEqual([]);
    expect(await fenceMessages('electron/main.ts', "export const e = () => import('electron');\n")).toEqual([]);
    expect(await fenceMessages('electron/host/lint-fixture.ts', "export const f = () => import('node:fs');\n")).toEqual([]);
    // A relative path that merely contains a fenced name is not the fenced module.
    expect(await fenceMessages('shared/lint-fixture.ts', "export const h = () => import('../electron/host/x.js');\n")).toEqual([]);
  });
});
