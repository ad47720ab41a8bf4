// electron/main.ts with a stand-in `electron` module: window options, protocol + CSP, IPC sender and
// argument checks, the path allowlist, dialogs, permissions, navigation and remote-content blocks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHELL_CHANNELS, channelOf } from '../../../shared/api.js';

type Handler = (event: unknown, ...args: unknown[]) => unknown;

const fake = vi.hoisted(() => {
  const handlers = new Map<string, Handler>();
  const appEvents = new Map<string, (...args: unknown[]) => void>();
  const windows: FakeWindow[] = [];
  let protocolHandler: ((request: Request) => Promise<Response>) | null = null;
  let permissionRequest: ((wc: unknown, permission: string, cb: (ok: boolean) => void) => void) | null = null;
  let beforeRequest: ((details: { url: string }, cb: (r: { cancel: boolean }) => void) => void) | null = null;
  let ready!: () => void;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));

  class FakeWindow {
    static getAllWindows = () => windows;
    readonly sent: [string, unknown][] = [];
    readonly mainFrame = { url: 'app://inspector/index.html' };
    readonly webContents = {
      mainFrame: this.mainFrame,
      send: (channel: string, payload: unknown) => this.sent.push([channel, payload]),
    };
    constructor(readonly options: { webPreferences: Record<string, unknown> }) {
      windows.push(this);
    }
    readonly onceHandlers = new Map<string, () => void>();
    once(event: string, handler: () => void) {
      this.onceHandlers.set(event, handler);
    }
    on() {}
    isDestroyed = () => false;
    isMinimized = () => false;
    focus() {}
    show() {}
    loadURL = vi.fn(async () => undefined);
  }

  const electron = {
    app: {
      isPackaged: false,
      setPath: vi.fn(),
      getPath: (name: string) => path.join(os.tmpdir(), `ti-main-${name}`),
      enableSandbox: vi.fn(),
      requestSingleInstanceLock: () => true,
      on: (event: string, listener: (...args: unknown[]) => void) => appEvents.set(event, listener),
      whenReady: () => whenReady,
      quit: vi.fn(),
      exit: vi.fn(),
      getVersion: () => '0.0.0-test',
    },
    BrowserWindow: FakeWindow,
    Menu: { buildFromTemplate: (t: unknown) => t, setApplicationMenu: vi.fn() },
    dialog: { showOpenDialog: vi.fn(), showSaveDialog: vi.fn(), showErrorBox: vi.fn(), showMessageBox: vi.fn() },
    ipcMain: { handle: (channel: string, handler: Handler) => handlers.set(channel, handler) },
    nativeTheme: { shouldUseDarkColors: false },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(),
      handle: (_scheme: string, handler: (request: Request) => Promise<Response>) => (protocolHandler = handler),
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: typeof permissionRequest) => (permissionRequest = h),
        setPermissionCheckHandler: vi.fn(),
        webRequest: { onBeforeRequest: (h: typeof beforeRequest) => (beforeRequest = h) },
        on: vi.fn(),
      },
    },
  };
  return {
    electron,
    handlers,
    appEvents,
    windows,
    ready: () => ready(),
    protocol: () => protocolHandler!,
    permission: () => permissionRequest!,
    beforeRequest: () => beforeRequest!,
  };
});

const inspector = vi.hoisted(() => ({
  open: vi.fn(async (request: { kind: string; path?: string }) => ({ sessionId: 's', path: request.path ?? null })),
  close: vi.fn(async () => undefined),
  recentFiles: vi.fn(async () => [] as string[]),
  listTargets: vi.fn(async () => ({ providers: [], apis: [] })),
  onFileChanged: vi.fn(() => () => undefined),
  onProgress: vi.fn(() => () => undefined),
  dispose: vi.fn(async () => undefined),
  openTrajectory: vi.fn(async () => null),
}));

vi.mock('electron', () => fake.electron);
vi.mock('../../../electron/host/inspector.js', () => ({ createInspector: () => inspector }));
// The options the shell gave its warm-up (the warm-up itself runs).
const warmUpOptions = vi.hoisted(() => [] as { train?: boolean; stopping?: () => boolean }[]);
vi.mock('../../../electron/host/inspector/warm-up.js', async (importOriginal) =>
  (await import('../helpers/warm-up-recorder.js')).recordingWarmUp(importOriginal, warmUpOptions),
);
// The warm-up's training session is inspected with inspect() itself: counted here, never run.
const trainingInspections = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../electron/host/inspect.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../electron/host/inspect.js')>()),
  inspect: async () => {
    trainingInspections.count += 1;
    throw new Error('not inspected in this test');
  },
}));

let rendererDir: string;
let sessionFile: string;
let win: {
  webContents: { mainFrame: { url: string }; send: unknown };
  options: { webPreferences: Record<string, unknown> };
  sent: [string, unknown][];
};
const trusted = () => ({ sender: win.webContents, senderFrame: win.webContents.mainFrame });
const call = (channel: string, event: unknown, ...args: unknown[]) =>
  Promise.resolve().then(() => fake.handlers.get(channel)!(event, ...args));

beforeAll(async () => {
  rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ti-main-renderer-'));
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  sessionFile = path.join(rendererDir, 'launched.jsonl');
  fs.writeFileSync(sessionFile, '{}\n');
  process.env.TRANSCRIPT_INSPECTOR_RENDERER_DIR = rendererDir;
  process.argv = [process.argv[0], 'dist/electron/main.js', sessionFile];
  await import('../../../electron/main.js');
  fake.ready();
  await vi.waitFor(() => expect(fake.windows).toHaveLength(1));
  win = fake.windows[0] as unknown as typeof win;
});

afterAll(() => {
  fs.rmSync(rendererDir, { recursive: true, force: true });
  delete process.env.TRANSCRIPT_INSPECTOR_RENDERER_DIR;
});

describe('electron main', () => {
  it('creates a sandboxed, isolated window without Node and loads app://', () => {
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
    });
    expect(String(win.options.webPreferences.preload)).toMatch(/preload\.cjs$/);
    expect(fake.electron.app.enableSandbox).toHaveBeenCalled();
    expect((fake.windows[0] as unknown as { loadURL: ReturnType<typeof vi.fn> }).loadURL).toHaveBeenCalledWith(
      'app://inspector/index.html',
    );
  });

  it('keeps developer tools in a development build only', async () => {
    expect(win.options.webPreferences.devTools).toBe(true);
  });

  it('serves the renderer with the CSP and nothing outside it', async () => {
    const page = await fake.protocol()(new Request('app://inspector/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fake.protocol()(new Request('app://inspector/../../etc/passwd'))).status).toBe(404);
    expect((await fake.protocol()(new Request('app://elsewhere/index.html'))).status).toBe(404);
  });

  it('registers every InspectorApi channel and refuses other senders', async () => {
    for (const method of ['listTargets', 'open', 'inspect', 'repair', 'pickFile', 'saveText'])
      expect(fake.handlers.has(channelOf(method as 'open'))).toBe(true);
    await expect(call(channelOf('listTargets'), { sender: {}, senderFrame: null })).rejects.toThrow(
      /did not come from the inspector window/,
    );
    const otherFrame = { sender: win.webContents, senderFrame: { url: 'app://inspector/index.html' } };
    await expect(call(channelOf('listTargets'), otherFrame)).rejects.toThrow(/did not come/);
    await expect(call(channelOf('listTargets'), trusted())).resolves.toEqual({ providers: [], apis: [] });
  });

  it('validates arguments with the contract guards', async () => {
    await expect(call(channelOf('close'), trusted(), 'a', 'b')).rejects.toThrow(/expected 1 argument/);
    await expect(call(channelOf('getDocument'), trusted(), 'i', 'left', 'payload')).rejects.toThrow(/getDocument\(side\)/);
    expect(inspector.close).not.toHaveBeenCalled();
  });

  it('warms the inspector up once the window shows, not before', async () => {
    const warmUpOpens = () => inspector.open.mock.calls.filter(([request]) => request.kind === 'text');
    expect(warmUpOpens()).toHaveLength(0);
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      fake.windows[0].onceHandlers.get('ready-to-show')!();
      expect(stdout).toHaveBeenCalledWith('transcript-inspector: window ready\n');
    } finally {
      stdout.mockRestore();
    }
    await vi.waitFor(() => expect(warmUpOpens()).toHaveLength(1));
    expect(warmUpOpens()[0][0]).toMatchObject({ kind: 'text', name: 'warm-up.jsonl' });
    // Launched with a session on its command line, which the window opens at once: no training session.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(trainingInspections.count).toBe(0);
    expect(warmUpOptions).toHaveLength(1);
    expect(warmUpOptions[0].train).toBe(false);
    // A training would give way once the window asks for work, and not before (no test above asked for any).
    const stopping = warmUpOptions[0].stopping!;
    expect(stopping()).toBe(false);
    await call(channelOf('listTargets'), trusted());
    await call(channelOf('recentFiles'), trusted());
    expect(stopping()).toBe(false);
    await call(channelOf('open'), trusted(), { kind: 'path', path: sessionFile });
    expect(stopping()).toBe(true);
    // A window shown again (macOS makes a new one after the last closed) does not warm up again.
    const again = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      fake.windows[0].onceHandlers.get('ready-to-show')!();
    } finally {
      again.mockRestore();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warmUpOpens()).toHaveLength(1);
  });

  it('opens by path only what the user opened: command line, dialog, drop, recent list', async () => {
    expect(await call(SHELL_CHANNELS.launchRequest, trusted())).toEqual({ kind: 'path', path: sessionFile });
    await expect(call(channelOf('open'), trusted(), { kind: 'path', path: sessionFile })).resolves.toMatchObject({ path: sessionFile });
    await expect(call(channelOf('open'), trusted(), { kind: 'path', path: '/etc/passwd' })).rejects.toThrow(/not opened by the user/);

    const picked = path.join(rendererDir, 'picked.jsonl');
    fs.writeFileSync(picked, '{}\n');
    fake.electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [picked] });
    expect(await call(channelOf('pickFile'), trusted())).toEqual({ kind: 'path', path: picked });
    await expect(call(channelOf('open'), trusted(), { kind: 'path', path: picked })).resolves.toMatchObject({ path: picked });

    const dropped = path.join(rendererDir, 'dropped.jsonl');
    fs.writeFileSync(dropped, '{}\n');
    await expect(call(SHELL_CHANNELS.grantDroppedPath, trusted(), 'relative.jsonl')).rejects.toThrow(/absolute/);
    await expect(call(SHELL_CHANNELS.grantDroppedPath, { sender: {}, senderFrame: null }, dropped)).rejects.toThrow(/refused/);
    await call(SHELL_CHANNELS.grantDroppedPath, trusted(), dropped);
    await expect(call(channelOf('open'), trusted(), { kind: 'path', path: dropped })).resolves.toMatchObject({ path: dropped });

    inspector.recentFiles.mockResolvedValueOnce(['/tmp/recent.jsonl']);
    await expect(call(channelOf('open'), trusted(), { kind: 'path', path: '/tmp/recent.jsonl' })).resolves.toMatchObject({
      path: '/tmp/recent.jsonl',
    });
  });

  it('scans a dropped folder only once the main process has checked it is one; undo goes through the guards', async () => {
    const folder = fs.mkdtempSync(path.join(rendererDir, 'dropped-folder-'));
    const session = path.join(folder, 'a.jsonl');
    fs.writeFileSync(session, '{}\n');
    await expect(call(channelOf('scanFolder'), trusted(), folder)).rejects.toThrow(/not opened by the user/);
    await expect(call(SHELL_CHANNELS.grantDroppedFolder, trusted(), 'relative/dir')).rejects.toThrow(/absolute path/);
    await expect(call(SHELL_CHANNELS.grantDroppedFolder, { sender: {}, senderFrame: null }, folder)).rejects.toThrow(/refused/);
    await expect(call(SHELL_CHANNELS.grantDroppedFolder, trusted(), session)).rejects.toThrow(/is not a folder/);
    expect(await call(SHELL_CHANNELS.grantDroppedFolder, trusted(), folder)).toBe(folder);
    const started = (await call(channelOf('scanFolder'), trusted(), folder)) as { scanId: string; dir: string };
    expect(started.dir).toBe(folder);
    await call(channelOf('cancelFolderScan'), trusted(), started.scanId);
    await expect(call(channelOf('undoFolderRepair'), trusted(), started.scanId, [])).rejects.toThrow(/undoFolderRepair\(files\)/);
    const nothing = (await call(channelOf('undoFolderRepair'), trusted(), started.scanId, [session])) as { results: { reason: string }[] };
    expect(nothing.results.map((r) => r.reason)).toEqual(['nothing to undo']);
  });

  it('opens a trajectory by path only when the user opened it; one found by the host needs no grant', async () => {
    await expect(call(channelOf('openTrajectory'), trusted(), 's', { kind: 'path', path: '/etc/s.trajectory.jsonl' })).rejects.toThrow(
      /not opened by the user/,
    );
    await expect(call(channelOf('openTrajectory'), trusted(), 's', { kind: 'text', name: 'x', text: '' })).rejects.toThrow(
      /openTrajectory\(request\)/,
    );
    expect(inspector.openTrajectory).not.toHaveBeenCalled();
    await expect(call(channelOf('openTrajectory'), trusted(), 's', null)).resolves.toBeNull();
    expect(inspector.openTrajectory).toHaveBeenCalledWith('s', null);
  });

  it('saves exports through the save dialog', async () => {
    const target = path.join(rendererDir, 'out.md');
    fake.electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: target });
    expect(await call(channelOf('saveText'), trusted(), 'report.md', '# hi')).toEqual({ saved: true, path: target });
    expect(fs.readFileSync(target, 'utf8')).toBe('# hi');
    fake.electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true });
    expect(await call(channelOf('saveText'), trusted(), 'report.md', '# hi')).toEqual({ saved: false });
  });

  it('denies permissions but clipboard writes, and cancels remote requests', async () => {
    const answer = (permission: string) => new Promise<boolean>((resolve) => fake.permission()({}, permission, resolve));
    expect(await answer('media')).toBe(false);
    expect(await answer('notifications')).toBe(false);
    expect(await answer('clipboard-sanitized-write')).toBe(true);
    const cancel = (url: string) => new Promise<boolean>((resolve) => fake.beforeRequest()({ url }, (r) => resolve(r.cancel)));
    expect(await cancel('https://example.com/x.js')).toBe(true);
    expect(await cancel('http://127.0.0.1:1/')).toBe(true);
    expect(await cancel('app://inspector/assets/index.js')).toBe(false);
    expect(await cancel('data:image/png;base64,AAAA')).toBe(false);
  });

  it('blocks new windows, navigation and webviews in every web contents', () => {
    const listeners = new Map<string, (event: { preventDefault(): void }) => void>();
    let openHandler: (() => { action: string }) | null = null;
    const contents = {
      setWindowOpenHandler: (h: () => { action: string }) => (openHandler = h),
      on: (event: string, listener: (event: { preventDefault(): void }) => void) => listeners.set(event, listener),
    };
    fake.appEvents.get('web-contents-created')!({}, contents);
    expect(openHandler!()).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const preventDefault = vi.fn();
      listeners.get(event)!({ preventDefault });
      expect(preventDefault, event).toHaveBeenCalled();
    }
  });

  it('forwards file-change events to the window', () => {
    const listener = (inspector.onFileChanged.mock.calls[0] as unknown as [(e: unknown) => void])[0];
    listener({ sessionId: 's', path: sessionFile, kind: 'changed' });
    expect(win.sent.at(-1)).toEqual(['inspector:file-changed', { sessionId: 's', path: sessionFile, kind: 'changed' }]);
  });

  it('forwards progress events to the window', () => {
    const listener = (inspector.onProgress.mock.calls[0] as unknown as [(e: unknown) => void])[0];
    const event = { operation: 'open', name: 'launched.jsonl', path: sessionFile, done: 4, total: 4 };
    listener(event);
    expect(win.sent.at(-1)).toEqual(['inspector:progress', event]);
  });

  it('opens files from a second launch in the running window', () => {
    fake.appEvents.get('second-instance')!({}, ['electron', 'dist/electron/main.js', sessionFile], process.cwd());
    expect(win.sent.at(-1)).toEqual([SHELL_CHANNELS.openRequest, { kind: 'path', path: sessionFile }]);
  });

  // Last: it loads main.ts a second time, as a packaged app.
  it('a packaged window has no developer tools and no menu entry for them', async () => {
    fake.electron.app.isPackaged = true;
    fake.electron.Menu.setApplicationMenu.mockClear();
    vi.resetModules();
    await import('../../../electron/main.js');
    await vi.waitFor(() => expect(fake.windows).toHaveLength(2));
    const packaged = fake.windows[1] as unknown as typeof win;
    expect(packaged.options.webPreferences).toMatchObject({
      devTools: false,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    const menus = JSON.stringify(fake.electron.Menu.setApplicationMenu.mock.calls);
    expect(menus).not.toContain('toggleDevTools');
  });
});
