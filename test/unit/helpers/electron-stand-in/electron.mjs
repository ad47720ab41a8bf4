// A stand-in for the `electron` module, as much of it as electron/main.ts touches: the shell's main
// process runs under plain Node with it (no window is drawn). `globalThis.electronStandIn` lets the
// driver (drive.mjs) make the app ready, find the window and call the IPC handlers as the window would.
import os from 'node:os';
import path from 'node:path';

const handlers = new Map();
const windows = [];
const errors = [];
let markReady;
const whenReady = new Promise((resolve) => (markReady = resolve));
const noop = () => undefined;

export class BrowserWindow {
  static getAllWindows = () => windows;
  constructor(options) {
    this.options = options;
    this.sent = [];
    this.mainFrame = { url: 'app://inspector/index.html' };
    this.webContents = { mainFrame: this.mainFrame, send: (channel, payload) => this.sent.push([channel, payload]) };
    windows.push(this);
  }
  once() {}
  on() {}
  isDestroyed = () => false;
  isMinimized = () => false;
  focus() {}
  restore() {}
  show() {}
  loadURL = async () => undefined;
}

const userData = process.env.TRANSCRIPT_INSPECTOR_USER_DATA ?? path.join(os.tmpdir(), 'ti-electron-stand-in');

export const app = {
  isPackaged: false,
  setPath: noop,
  getPath: (name) => path.join(userData, name),
  enableSandbox: noop,
  requestSingleInstanceLock: () => true,
  on: noop,
  whenReady: () => whenReady,
  quit: noop,
  exit: (code) => errors.push(`app.exit(${code})`),
  getVersion: () => '0.0.0-stand-in',
};
export const Menu = { buildFromTemplate: (template) => template, setApplicationMenu: noop };
export const dialog = {
  showErrorBox: (title, text) => errors.push(`${title}: ${text}`),
  showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
  showSaveDialog: async () => ({ canceled: true }),
  showMessageBox: async () => ({ response: 0 }),
};
export const ipcMain = { handle: (channel, handler) => handlers.set(channel, handler) };
export const nativeTheme = { shouldUseDarkColors: false };
export const protocol = { registerSchemesAsPrivileged: noop, handle: noop };
export const session = {
  defaultSession: {
    setPermissionRequestHandler: noop,
    setPermissionCheckHandler: noop,
    webRequest: { onBeforeRequest: noop },
    on: noop,
  },
};

globalThis.electronStandIn = { handlers, windows, errors, ready: () => markReady() };

export default { app, BrowserWindow, Menu, dialog, ipcMain, nativeTheme, protocol, session };
