#!/usr/bin/env node
// `npm run test:e2e`: the Playwright browser tests in Debian's Chromium against the web mode (and the
// Electron shell tests, which skip with a reason when no Electron binary is installed), one project
// after the other. Never downloads a browser: CI installs Chromium with apt in .ci/run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.TRANSCRIPT_INSPECTOR_CHROMIUM || '/usr/bin/chromium';

if (!fs.existsSync(chromium)) {
  console.error(`e2e: ${chromium} is missing: install Debian's Chromium (apt-get install -y chromium), as .ci/run does`);
  process.exit(1);
}
for (const built of ['dist/node/cli.js', 'dist/renderer/index.html']) {
  if (!fs.existsSync(path.join(root, built))) {
    console.error(`e2e: ${built} is missing: run \`npm run build\` first`);
    process.exit(1);
  }
}

const PROJECTS = ['parallel', 'large-sessions'];
// `--project=NAME` (repeatable) runs only those projects (`npm test` runs `parallel` beside the unit
// tests, then `large-sessions` alone); every other argument (a spec, `-g`…) goes to each project's run.
const chosen = process.argv
  .slice(2)
  .filter((a) => a.startsWith('--project='))
  .map((a) => a.slice('--project='.length));
const passed = process.argv.slice(2).filter((a) => !a.startsWith('--project='));
const unknown = chosen.filter((name) => !PROJECTS.includes(name));
if (unknown.length > 0) {
  console.error(`e2e: unknown project ${unknown.join(', ')} (the projects: ${PROJECTS.join(', ')})`);
  process.exit(2);
}

/** Run one Playwright project with the arguments given (a spec, `-g`…); its exit status. */
function runProject(project) {
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'),
      'test',
      '--config',
      path.join(root, 'playwright.config.ts'),
      `--project=${project}`,
      // A spec or -g given on the command line may select nothing in one of the projects.
      '--pass-with-no-tests',
      ...passed,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TRANSCRIPT_INSPECTOR_CHROMIUM: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    },
  );
  return result.status ?? 1;
}

// The large sessions run after the others, alone (see playwright.config.ts); both always run.
const statuses = PROJECTS.filter((name) => chosen.length === 0 || chosen.includes(name)).map(runProject);
process.exit(statuses.find((status) => status !== 0) ?? 0);
