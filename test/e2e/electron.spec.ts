// The Electron shell (IPC, dialogs replaced by test hooks, CSP, sandbox). Runs where an Electron binary
// is installed; elsewhere every test is skipped with the reason (never downloads one).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { copyFixture, root, tempDir } from './support/server.js';

/** The installed Electron binary, or why there is none. */
function electronBinary(): { path: string } | { reason: string } {
  const pkg = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(pkg, 'path.txt');
  if (!fs.existsSync(pathFile))
    return {
      reason:
        'no Electron binary installed (node_modules/electron/path.txt is missing; it is downloaded on first launch, which needs the network)',
    };
  const binary = path.join(pkg, 'dist', fs.readFileSync(pathFile, 'utf8').trim());
  if (!fs.existsSync(binary)) return { reason: `no Electron binary at ${binary}` };
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return { reason: 'no display for an Electron window (run under xvfb-run)' };
  return { path: binary };
}

const binary = electronBinary();
// Without a binary every test of this file is reported as skipped (never as passed), with the reason.
test.skip('reason' in binary, `Electron shell not run: ${'reason' in binary ? binary.reason : ''}`);
// The list reporter shows a skipped test without its reason: the reason is printed where the file loads.
if ('reason' in binary) console.log(`electron.spec.ts: every test skipped: Electron shell not run: ${binary.reason}`);

async function launch(args: string[] = []): Promise<{ app: ElectronApplication; page: Page; userData: string }> {
  const userData = tempDir('ti-electron-');
  const app = await electron.launch({
    executablePath: (binary as { path: string }).path,
    args: [path.join(root, 'dist/electron/main.js'), ...args],
    env: { ...process.env, TRANSCRIPT_INSPECTOR_USER_DATA: userData, ELECTRON_DISABLE_SECURITY_WARNINGS: 'false' },
  });
  const page = await app.firstWindow();
  await expect(page.getByTestId('open-button')).toBeVisible();
  return { app, page, userData };
}

test('the window is sandboxed: no Node, a bridge of named methods only, strict CSP', async () => {
  const { app, page, userData } = await launch();
  try {
    const facts = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      let evalBlocked = false;
      try {
        eval('1');
      } catch {
        evalBlocked = true;
      }
      return {
        require: typeof w.require,
        process: typeof w.process,
        ipcRenderer: typeof w.ipcRenderer,
        bridge: Object.keys(w.inspector as object).sort(),
        shell: Object.keys(w.inspectorShell as object).sort(),
        evalBlocked,
        url: location.href,
      };
    });
    expect(facts.require).toBe('undefined');
    expect(facts.process).toBe('undefined');
    expect(facts.ipcRenderer).toBe('undefined');
    expect(facts.bridge).not.toContain('invoke');
    expect(facts.bridge).toContain('inspect');
    expect(facts.shell).toEqual(['launchRequest', 'onCommand', 'onOpenRequest', 'requestForFile']);
    expect(facts.evalBlocked).toBe(true);
    expect(facts.url.startsWith('app://inspector/')).toBe(true);
    // The page's own CSP header came from the app:// protocol handler.
    const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
    expect(csp).toContain("frame-ancestors 'none'");
  } finally {
    await app.close();
    fs.rmSync(userData, { recursive: true, force: true });
  }
});

test('navigation, new windows and remote content are blocked', async () => {
  const { app, page, userData } = await launch();
  try {
    const opened = await page.evaluate(() => window.open('https://example.com') === null);
    expect(opened).toBe(true);
    await page.evaluate(() => {
      location.href = 'https://example.com/';
    });
    await expect.poll(() => page.url()).toMatch(/^app:\/\/inspector\//);
    expect(app.windows()).toHaveLength(1);
  } finally {
    await app.close();
    fs.rmSync(userData, { recursive: true, force: true });
  }
});

test('IPC validates arguments and only opens files the user opened', async () => {
  const { app, page, userData } = await launch();
  try {
    const secret = path.join(os.tmpdir(), 'not-opened-by-the-user.jsonl');
    fs.writeFileSync(secret, '{"type":"session","version":3,"id":"x","timestamp":"2025-01-01T00:00:00Z","cwd":"/"}\n');
    const denied = await page.evaluate(
      (p) =>
        window.inspector!.open({ kind: 'path', path: p }).then(
          () => 'opened',
          (e: Error) => e.message,
        ),
      secret,
    );
    expect(denied).toMatch(/not opened by the user/);
    const badArgs = await page.evaluate(() =>
      (window.inspector!.close as unknown as (...a: unknown[]) => Promise<void>)('a', 'b').then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    );
    expect(badArgs).toMatch(/expected 1 argument/);
  } finally {
    await app.close();
    fs.rmSync(userData, { recursive: true, force: true });
  }
});

test('Open… uses the native dialog (replaced here) and the command line opens a file', async () => {
  const work = tempDir();
  const file = copyFixture('broken-session.jsonl', work);
  const { app, page, userData } = await launch([file]);
  try {
    await expect(page.getByTestId('recent-button')).toContainText('broken-session.jsonl');
    const second = copyFixture('xss-session.jsonl', work);
    await app.evaluate(({ dialog }, picked) => {
      dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [picked] })) as typeof dialog.showOpenDialog;
    }, second);
    await page.getByTestId('open-button').click();
    await expect(page.getByTestId('recent-button')).toContainText('xss-session.jsonl');
  } finally {
    await app.close();
    fs.rmSync(userData, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
});
