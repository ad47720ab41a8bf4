/**
 * The Electron shell: one sandboxed window on app://, IPC from the preload to the Inspector service,
 * native dialogs and menus. Everything testable without Electron lives in electron/host/ and electron/web/.
 */
import {
  BrowserWindow,
  Menu,
  app,
  dialog,
  ipcMain,
  nativeTheme,
  protocol,
  session,
  type IpcMainInvokeEvent,
  type MenuItemConstructorOptions,
} from 'electron';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Everything else through one module: the shell's build imports it from dist/node (scripts/build.mjs).
import {
  FILE_CHANGED_CHANNEL,
  INSPECTOR_METHODS,
  PROGRESS_CHANNEL,
  SHELL_CHANNELS,
  channelOf,
  createFolderService,
  createInspector,
  dispatchGranted,
  findRendererDir,
  PathGrants,
  readStaticFile,
  SECURITY_HEADERS,
  startsWork,
  tuneWasmTiering,
  validateArguments,
  warmUp,
  type GrantedServices,
  type OpenRequest,
  type ShellCommand,
} from './desktop-host.js';

const SCHEME = 'app';
const HOST = 'inspector';
const ORIGIN = `${SCHEME}://${HOST}/`;
const here = path.dirname(fileURLToPath(import.meta.url));
const isMac = process.platform === 'darwin';

// Tests and portable runs keep their recent list and single-instance lock apart.
if (process.env.TRANSCRIPT_INSPECTOR_USER_DATA) app.setPath('userData', process.env.TRANSCRIPT_INSPECTOR_USER_DATA);
tuneWasmTiering();

// app:// behaves like an https origin for the renderer (fetch, workers, CSP 'self').
protocol.registerSchemesAsPrivileged([{ scheme: SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
app.enableSandbox();

/** The session file (or, with `kind` 'folder', the folder) named on the command line: the first existing one. */
function fileFromArgv(argv: readonly string[], cwd: string, kind: 'file' | 'folder' = 'file'): string | null {
  const args = argv.slice(app.isPackaged ? 1 : 2).filter((a) => !a.startsWith('-'));
  for (const arg of args) {
    const candidate = path.resolve(cwd, arg);
    try {
      const info = fs.statSync(candidate);
      if (kind === 'file' ? info.isFile() : info.isDirectory()) return candidate;
    } catch {
      // Not a file (Chromium switch values, a typo): the app opens without it.
    }
  }
  return null;
}

let mainWindow: BrowserWindow | null = null;
let launchPath = fileFromArgv(process.argv, process.cwd());
const inspector = createInspector({ watch: true, recentFile: path.join(app.getPath('userData'), 'recent-files.json') });
/** Files the user opened through the shell: only these may be opened by path from the renderer. */
const grants = new PathGrants(() => inspector.recentFiles(), 'use Open…, drag and drop, or the command line');
if (launchPath) grants.grant(launchPath);
/** The folder named on the command line (`npm start -- DIR`), which the renderer scans at start. */
let launchFolder = launchPath ? null : fileFromArgv(process.argv, process.cwd(), 'folder');
if (launchFolder) grants.grantFolder(launchFolder);
/**
 * Whether the window opens a session or folder as soon as it loads: one named on the command line, or
 * a file macOS handed over before the window existed (Open With, a drop on the Dock icon).
 */
let opensAtStart = launchPath !== null || launchFolder !== null;
/** Whether the warm-up has run: a window made again (macOS, after the last one closed) does not rerun it. */
let warmedUp = false;
/** Set once the window asks for work (opens, inspects, scans…): the warm-up's training gives way to it. */
let workAsked = false;
const folders = createFolderService();

/** True when an IPC message comes from our window's top frame showing our own page. */
function trustedSender(event: IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  return (
    !!mainWindow &&
    !mainWindow.isDestroyed() &&
    event.sender === mainWindow.webContents &&
    frame !== null &&
    frame === mainWindow.webContents.mainFrame &&
    frame.url.startsWith(ORIGIN)
  );
}

function sendCommand(command: ShellCommand): void {
  mainWindow?.webContents.send(SHELL_CHANNELS.command, command);
}

function sendOpen(filePath: string): void {
  const request: OpenRequest = { kind: 'path', path: grants.grant(filePath) };
  if (!mainWindow) {
    launchPath = request.path;
    opensAtStart = true;
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
  mainWindow.webContents.send(SHELL_CHANNELS.openRequest, request);
}

/** Ask the user for a session file; the chosen file counts as opened. */
async function pickFile(): Promise<OpenRequest | null> {
  const result = await dialog.showOpenDialog(mainWindow!, {
    title: 'Open a session',
    properties: ['openFile'],
    filters: [
      { name: 'Sessions', extensions: ['jsonl', 'json', 'sqlite'] },
      { name: 'All files', extensions: ['*'] },
    ],
  });
  if (result.canceled || result.filePaths.length === 0) return null;
  return { kind: 'path', path: grants.grant(result.filePaths[0]) };
}

/** Save text where the user chooses: the name the page suggests only as a plain file name. */
async function saveText(suggestedName: string, text: string): Promise<{ saved: boolean; path?: string }> {
  const safeName = path.basename(suggestedName).replace(/[^\w.\- ]+/g, '_') || 'export.txt';
  const result = await dialog.showSaveDialog(mainWindow!, {
    title: 'Save',
    defaultPath: path.join(app.getPath('downloads'), safeName),
  });
  if (result.canceled || !result.filePath) return { saved: false };
  await fs.promises.writeFile(result.filePath, text, 'utf8');
  return { saved: true, path: result.filePath };
}

async function pickFolder(): Promise<string | null> {
  const result = await dialog.showOpenDialog(mainWindow!, { title: 'Open a folder of sessions', properties: ['openDirectory'] });
  return result.canceled || result.filePaths.length === 0 ? null : result.filePaths[0];
}

/** The renderer-facing implementation of each method, after sender and argument checks. */
const services: GrantedServices = {
  inspector,
  grants,
  folders,
  shell: { pickFile, saveText, pickFolder, opened: () => void rebuildMenu() },
};

function registerIpc(): void {
  for (const method of INSPECTOR_METHODS) {
    ipcMain.handle(channelOf(method), async (event, ...args: unknown[]) => {
      if (!trustedSender(event)) throw new Error(`refused ${method}: the request did not come from the inspector window`);
      // Before the arguments are checked, as the web server notices a request before its body.
      if (startsWork(method)) workAsked = true;
      validateArguments(method, args);
      return dispatchGranted(services, method, args);
    });
  }
  ipcMain.handle(SHELL_CHANNELS.launchRequest, (event) => {
    if (!trustedSender(event)) throw new Error('refused: not the inspector window');
    const request: OpenRequest | null = launchPath ? { kind: 'path', path: launchPath } : null;
    launchPath = null;
    return request;
  });
  ipcMain.handle(SHELL_CHANNELS.launchFolder, (event) => {
    if (!trustedSender(event)) throw new Error('refused: not the inspector window');
    const folder = launchFolder;
    launchFolder = null;
    return folder;
  });
  ipcMain.handle(SHELL_CHANNELS.grantDroppedPath, (event, filePath: unknown) => {
    if (!trustedSender(event)) throw new Error('refused: not the inspector window');
    if (typeof filePath !== 'string' || !path.isAbsolute(filePath))
      throw new TypeError('grantDroppedPath(path): path must be an absolute path');
    if (!fs.statSync(filePath, { throwIfNoEntry: false })?.isFile()) throw new Error(`${filePath} is not a file`);
    grants.grant(filePath);
  });
  ipcMain.handle(SHELL_CHANNELS.grantDroppedFolder, (event, dir: unknown) => {
    if (!trustedSender(event)) throw new Error('refused: not the inspector window');
    return grants.grantDroppedFolder(dir);
  });
}

/** Serve dist/renderer on app://inspector/ with the strict CSP on every response. */
function registerProtocol(rendererDir: string): void {
  protocol.handle(SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === HOST ? await readStaticFile(rendererDir, url.pathname) : null;
    if (!file) return new Response('not found', { status: 404, headers: { ...SECURITY_HEADERS, 'Content-Type': 'text/plain' } });
    return new Response(new Uint8Array(file.body), { status: 200, headers: { ...SECURITY_HEADERS, 'Content-Type': file.contentType } });
  });
}

/** No remote content, no permissions, no downloads, no new windows, no navigation. */
function harden(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback) => callback(permission === 'clipboard-sanitized-write'));
  ses.setPermissionCheckHandler((_contents, permission) => permission === 'clipboard-sanitized-write');
  ses.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !/^(app|devtools|data|blob):/i.test(details.url) });
  });
  ses.on('will-download', (event) => event.preventDefault());
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-navigate', (event) => event.preventDefault());
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}

async function rebuildMenu(): Promise<void> {
  const recent = await inspector.recentFiles().catch(() => [] as string[]);
  // The renderer handles these keys itself (the web mode has no menu): the menu shows them but, on
  // Linux and Windows, does not register them, so a key press is not handled twice.
  const key = (accelerator: string) => ({ accelerator, registerAccelerator: false });
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open…', ...key('CmdOrCtrl+O'), click: () => sendCommand('open') },
        { label: 'Open Folder…', ...key('CmdOrCtrl+Shift+O'), click: () => sendCommand('open-folder') },
        { label: 'Open Sample', click: () => sendCommand('open-sample') },
        {
          label: 'Open Recent',
          enabled: recent.length > 0,
          submenu: recent.length ? recent.map((p) => ({ label: p, click: () => sendOpen(p) })) : [{ label: 'Nothing yet', enabled: false }],
        },
        { label: 'Reload from Disk', click: () => sendCommand('reload') },
        { type: 'separator' },
        { label: 'Export Replay Payload…', click: () => sendCommand('export-payload') },
        { label: 'Export curl Command…', click: () => sendCommand('export-curl') },
        { label: 'Export Report…', click: () => sendCommand('export-report') },
        { label: 'Export Redacted Session…', click: () => sendCommand('export-redacted') },
        { type: 'separator' },
        { label: 'Repair on Disk…', click: () => sendCommand('repair') },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { label: 'Payload / Transcript', ...key('Alt+V'), click: () => sendCommand('toggle-view') },
        { label: 'Next Annotation', ...key('F8'), click: () => sendCommand('next-annotation') },
        { label: 'Previous Annotation', ...key('Shift+F8'), click: () => sendCommand('previous-annotation') },
        { label: 'Next Window of Turns', ...key('Alt+PageDown'), click: () => sendCommand('next-window') },
        { label: 'Previous Window of Turns', ...key('Alt+PageUp'), click: () => sendCommand('previous-window') },
        { label: 'Focus Target Picker', ...key('CmdOrCtrl+K'), click: () => sendCommand('focus-target') },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        {
          label: 'About Transcript Inspector',
          click: () =>
            void dialog.showMessageBox(mainWindow!, {
              type: 'info',
              title: 'Transcript Inspector',
              message: `Transcript Inspector ${app.getVersion()}`,
              detail: 'See why a provider rejected an agent transcript, and repair broken session files safely.',
            }),
        },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function createWindow(): void {
  mainWindow = new BrowserWindow({
    width: 1500,
    height: 940,
    minWidth: 900,
    minHeight: 560,
    show: false,
    title: 'Transcript Inspector',
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#15181e' : '#f6f7f9',
    webPreferences: {
      preload: path.join(here, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      // A shipped app has no developer tools: nothing to inspect or script it with from the window.
      devTools: !app.isPackaged,
    },
  });
  mainWindow.once('ready-to-show', () => {
    mainWindow?.show();
    // scripts/start.mjs waits for this line to know the desktop app really started.
    process.stdout.write('transcript-inspector: window ready\n');
    // As `serve` does: the first session the user opens must not be the inspection that loads the
    // provider libraries and compiles the engine. Started once the window shows, so it never delays it;
    // without the training session when the window opens a session or folder at once.
    if (!warmedUp) {
      warmedUp = true;
      void warmUp(inspector, { train: !opensAtStart, stopping: () => workAsked });
    }
  });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  void mainWindow.loadURL(`${ORIGIN}index.html`);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv, cwd) => {
    const file = fileFromArgv(argv, cwd);
    if (file) sendOpen(file);
    else if (mainWindow) mainWindow.focus();
  });
  // macOS "Open With" and dropping a file on the dock icon.
  app.on('open-file', (event, filePath) => {
    event.preventDefault();
    sendOpen(filePath);
  });
  app.on('window-all-closed', () => {
    if (!isMac) app.quit();
  });
  app.on('will-quit', () => {
    folders.dispose();
    void inspector.dispose();
  });
  void app.whenReady().then(async () => {
    const rendererDir = findRendererDir(here);
    if (!rendererDir) {
      dialog.showErrorBox(
        'Transcript Inspector',
        'The renderer is not built (dist/renderer is missing). Run `npm run build` and start again.',
      );
      app.exit(2);
      return;
    }
    harden();
    registerProtocol(rendererDir);
    registerIpc();
    await rebuildMenu();
    inspector.onFileChanged((event) => mainWindow?.webContents.send(FILE_CHANGED_CHANNEL, event));
    inspector.onProgress((event) => mainWindow?.webContents.send(PROGRESS_CHANNEL, event));
    createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });
}
