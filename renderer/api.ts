/**
 * The renderer's only way to the host: the Electron preload bridge when present, else the web-mode
 * HTTP client. Nothing else in the renderer asks which environment it runs in.
 */
import type { InspectorApi, ShellApi } from '../shared/api.js';
import { createHttpApi, takeLaunchToken } from './http-client.js';

declare global {
  interface Window {
    /** Set by the Electron preload (named methods only). */
    inspector?: InspectorApi;
    inspectorShell?: ShellApi;
  }
}

/** The host API and shell the app runs against. */
export interface HostBridge {
  api: InspectorApi;
  shell: ShellApi;
  /** Where the host is, for the status bar: `desktop` or `web`. */
  mode: 'desktop' | 'web';
}

/** Resolve the bridge once at start-up. */
export function resolveHost(win: Window = window): HostBridge {
  if (win.inspector && win.inspectorShell) return { api: win.inspector, shell: win.inspectorShell, mode: 'desktop' };
  return { ...createHttpApi({ baseUrl: win.location.origin, token: takeLaunchToken(win) }), mode: 'web' };
}
