// The packaged binary's Electron fuses (electron-builder.yml): no Node mode, no NODE_OPTIONS, no
// --inspect, the app read from a checked app.asar only. Checked against electron-builder's own schema.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(new URL('../../../', import.meta.url).pathname);

/** The `electronFuses:` block of electron-builder.yml as key → boolean (two-space keys, one per line). */
function fuses(): Record<string, boolean> {
  const lines = readFileSync(path.join(root, 'electron-builder.yml'), 'utf8').split('\n');
  const start = lines.indexOf('electronFuses:');
  expect(start, 'electron-builder.yml has an electronFuses block').toBeGreaterThanOrEqual(0);
  const out: Record<string, boolean> = {};
  for (const line of lines.slice(start + 1)) {
    const m = /^ {2}(\w+): (true|false)$/.exec(line);
    if (!m) break;
    out[m[1]] = m[2] === 'true';
  }
  return out;
}

describe('Electron fuses of the package', () => {
  it('turn off every way to run the binary as Node or debug it, and check app.asar', () => {
    expect(fuses()).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('names only fuses electron-builder knows', () => {
    const scheme = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('app-builder-lib/scheme.json'), 'utf8')) as {
      properties: Record<string, unknown>;
      definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
    };
    expect(scheme.properties).toHaveProperty('electronFuses');
    for (const key of Object.keys(fuses())) expect(scheme.definitions.FuseOptionsV1.properties, key).toHaveProperty(key);
  });
});
