/**
 * The InspectorApi over HTTP, for the web mode (`transcript-inspector serve`).
 *
 * Wire format: `POST /api/<method>` with `{"args":[...]}`; the answer is `{"result":...}` or
 * `{"error":{"message":...}}` with a 4xx/5xx status. Byte arrays travel as `{"$bytes":"<base64>"}`.
 * Every request carries the launch token in the `X-Inspector-Token` header; the event stream, which
 * cannot set headers, carries it in its query. There is no cookie.
 */
import {
  INSPECTOR_METHODS,
  type FileChangedEvent,
  type InspectorApi,
  type InspectorMethod,
  type OpenRequest,
  type ProgressEvent,
  type ShellApi,
  type ShellCommand,
} from '../shared/api.js';
import { MAX_UPLOAD_BYTES } from '../shared/web-limits.js';
import { resultFromWire } from '../shared/recorded-errors-wire.js';
import { formatSize, requestBody } from './http-body.js';

/** The header that carries the launch token. */
const TOKEN_HEADER = 'X-Inspector-Token';

/** Where the page keeps the token for its own tab: per origin (port included), gone with the tab. */
const TOKEN_STORAGE_KEY = 'transcript-inspector-token';

/**
 * The launch token of the web mode: taken from the page's `?token=` (the URL `serve` printed), kept
 * in this tab's sessionStorage so a reload still works, and removed from the address bar at once —
 * out of the history, bookmarks, screenshots and shoulder-surfing. A page opened without it (its
 * tab reloaded) uses the one kept; none at all: API calls are refused with a hint.
 */
export function takeLaunchToken(win: Pick<Window, 'location' | 'history' | 'sessionStorage'>): string {
  const url = new URL(win.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl === null) return safeStorage(() => win.sessionStorage.getItem(TOKEN_STORAGE_KEY)) ?? '';
  safeStorage(() => win.sessionStorage.setItem(TOKEN_STORAGE_KEY, fromUrl));
  url.searchParams.delete('token');
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return fromUrl;
}

/** Storage can be switched off (privacy settings): the token then lives only in memory. */
function safeStorage<T>(use: () => T): T | null {
  try {
    return use();
  } catch {
    return null;
  }
}

/** Options of the HTTP client. */
export interface HttpClientOptions {
  /** Origin + path prefix, e.g. `http://127.0.0.1:4321` (default: the page's origin). */
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  /** Factory for the event stream (tests replace it). */
  eventSource?: (url: string) => EventSource;
}

/** An error the server answered with. */
class HttpApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'HttpApiError';
  }
}

/** Build an InspectorApi and a ShellApi that talk to the web-mode server. */
export function createHttpApi(options: HttpClientOptions): { api: InspectorApi; shell: ShellApi } {
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const base = options.baseUrl.replace(/\/$/, '');

  const call = async (method: InspectorMethod, args: unknown[]): Promise<unknown> => {
    let response: Response;
    try {
      response = await doFetch(`${base}/api/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TOKEN_HEADER]: options.token },
        body: await requestBody(args),
      });
    } catch (error) {
      throw new Error(
        `The inspector server is not reachable (${error instanceof Error ? error.message : String(error)}). Is \`transcript-inspector serve\` still running?`,
        { cause: error },
      );
    }
    let body: { result?: unknown; error?: { message?: string } } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // A non-JSON answer (a proxy, a crash): fall through to the status line.
    }
    if (!response.ok) {
      const message = body.error?.message ?? `${response.status} ${response.statusText}`;
      throw new HttpApiError(
        response.status === 401 ? `${message} (reopen the URL printed by \`transcript-inspector serve\`)` : message,
        response.status,
      );
    }
    // A summary's recorded errors come packed (shared/recorded-errors-wire.ts).
    return resultFromWire(method, body.result);
  };

  // One event stream for every kind of event, open while anyone listens to any of them.
  const fileChanged = new Set<(event: FileChangedEvent) => void>();
  const progress = new Set<(event: ProgressEvent) => void>();
  let source: EventSource | null = null;
  const forward =
    <T>(listeners: Set<(event: T) => void>) =>
    (message: Event) => {
      let event: T;
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as T;
      } catch {
        return;
      }
      for (const listener of listeners) listener(event);
    };
  const subscribe = <T>(listeners: Set<(event: T) => void>, listener: (event: T) => void): (() => void) => {
    listeners.add(listener);
    if (!source) {
      const url = `${base}/api/events?token=${encodeURIComponent(options.token)}`;
      source = options.eventSource ? options.eventSource(url) : new EventSource(url);
      source.addEventListener('file-changed', forward(fileChanged));
      source.addEventListener('progress', forward(progress));
    }
    return () => {
      listeners.delete(listener);
      if (fileChanged.size === 0 && progress.size === 0 && source) {
        source.close();
        source = null;
      }
    };
  };

  const api = Object.fromEntries(
    INSPECTOR_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as InspectorApi;
  api.onFileChanged = (listener) => subscribe(fileChanged, listener);
  api.onProgress = (listener) => subscribe(progress, listener);

  const shell: ShellApi = {
    async launchRequest() {
      const response = await doFetch(`${base}/api/launch`, { headers: { [TOKEN_HEADER]: options.token } });
      if (!response.ok) return null;
      const body = (await response.json()) as { request?: OpenRequest | null };
      return body.request ?? null;
    },
    async launchFolder() {
      const response = await doFetch(`${base}/api/launch`, { headers: { [TOKEN_HEADER]: options.token } });
      if (!response.ok) return null;
      const body = (await response.json()) as { folder?: string | null };
      return body.folder ?? null;
    },
    onCommand(_listener: (command: ShellCommand) => void) {
      // The browser has no menu bar of ours: the same commands come from keyboard shortcuts.
      return () => undefined;
    },
    onOpenRequest() {
      // Files reach the web mode through the page itself (picker, drop) or the command line.
      return () => undefined;
    },
    async requestForFile(file) {
      // A picked or dropped file travels as base64 in one request: past this size it cannot (the
      // server's body limit, and one string in this page). Files on disk of any size open from the
      // command line, which reads them in chunks.
      if (file.size > MAX_UPLOAD_BYTES) {
        throw new Error(
          `${file.name} is ${formatSize(file.size)}: the web mode takes files up to ${formatSize(MAX_UPLOAD_BYTES)} from the page — open it from the command line instead (transcript-inspector serve "${file.name}") or in the desktop app`,
        );
      }
      return { kind: 'bytes', name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
    },
    async folderForFile() {
      // A browser never tells the page where a dropped folder is on disk: the server cannot scan it.
      return null;
    },
  };
  return { api, shell };
}
