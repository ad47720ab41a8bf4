/**
 * Everything the desktop shell (electron/main.ts) uses that is not Electron: one door, so that the
 * shell's bundle is main.ts alone and imports the rest from dist/node, where it is built once, with
 * the command line's lazy imports and provider stand-ins (scripts/build.mjs, `desktop-host`).
 */
export {
  FILE_CHANGED_CHANNEL,
  INSPECTOR_METHODS,
  PROGRESS_CHANNEL,
  SHELL_CHANNELS,
  channelOf,
  type OpenRequest,
  type ShellCommand,
} from '../shared/api.js';
export { validateArguments } from '../shared/api-guards.js';
export { createInspector } from './host/inspector.js';
export { tuneWasmTiering } from './host/wasm-tiering.js';
export { warmUp } from './host/inspector/warm-up.js';
export { PathGrants } from './host/path-grants.js';
export { dispatchGranted, startsWork, type GrantedServices } from './host/dispatch-granted.js';
export { createFolderService } from './host/folder/folder-service.js';
export { findRendererDir } from './web/renderer-dir.js';
export { SECURITY_HEADERS } from './web/security.js';
export { readStaticFile } from './web/static-files.js';
