// In dist/node, pi-ai's model registry parses a provider's models the first time that provider is
// asked for (scripts/node-bundle.mjs, lazyModelRegistry): what it gives must be exactly what pi-ai's
// own registry gives (this process loads pi-ai's sources), provider by provider, in the same order.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getModels, getProviders } from '@mariozechner/pi-ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeBundlePlugins } from '../../../../scripts/node-bundle.mjs';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);

interface Registry {
  getModel: (provider: string, id: string) => unknown;
  getModels: (provider: string) => unknown[];
  getProviders: () => string[];
}

let dir = '';
let bundled: Registry;
let bundleText = '';

beforeAll(async () => {
  // Below the repository's node_modules, as the CLI's test bundle, so that its imports resolve.
  const parent = path.join(root, 'node_modules', '.cache', 'transcript-inspector-tests');
  mkdirSync(parent, { recursive: true });
  dir = mkdtempSync(path.join(parent, 'catalogue-'));
  const entry = path.join(dir, 'entry.js');
  writeFileSync(entry, "export { getModel, getModels, getProviders } from '@mariozechner/pi-ai';\n");
  const outfile = path.join(dir, 'registry.mjs');
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: nodeBundlePlugins(root),
    logLevel: 'warning',
  });
  bundleText = readFileSync(outfile, 'utf8');
  bundled = (await import(pathToFileURL(outfile).href)) as Registry;
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the bundle’s lazy model registry', () => {
  it('carries each provider’s models as a JSON string, not pi-ai’s object literal', () => {
    expect(bundleText).toContain('PROVIDER_MODELS');
    expect(bundleText).not.toContain('models.generated.js');
  });

  it('lists the providers pi-ai lists, in its order', () => {
    expect(bundled.getProviders()).toEqual(getProviders());
    expect(bundled.getProviders().length).toBeGreaterThan(20);
  });

  it('gives every provider’s models as pi-ai does, in its order', () => {
    for (const provider of getProviders()) {
      const expected = getModels(provider);
      expect(bundled.getModels(provider), provider).toEqual(expected);
      for (const model of expected) expect(bundled.getModel(provider, model.id), `${provider} ${model.id}`).toEqual(model);
    }
  });

  it('gives the same model object each time it is asked (one parse a provider)', () => {
    const first = bundled.getModel('anthropic', 'claude-sonnet-4-5');
    expect(first).toBeDefined();
    expect(bundled.getModel('anthropic', 'claude-sonnet-4-5')).toBe(first);
    expect(bundled.getModels('anthropic')).toContain(first);
  });

  it('knows nothing of providers or models pi-ai does not know, whatever their name', () => {
    for (const provider of ['nobody', '__proto__', 'toString', 'constructor', 'hasOwnProperty', '']) {
      expect(bundled.getModels(provider), provider).toEqual([]);
      expect(bundled.getModel(provider, 'claude-sonnet-4-5'), provider).toBeUndefined();
    }
    expect(bundled.getModel('anthropic', 'no-such-model')).toBeUndefined();
    expect(bundled.getModel('anthropic', '__proto__')).toBeUndefined();
  });
});
