/**
 * The web mode: the renderer and the InspectorApi over HTTP on 127.0.0.1, guarded by a per-launch token.
 *
 * Routes (the API needs the token, else 401):
 *   GET  /, /assets/*     the built renderer, with the same CSP as the desktop app (public: no token)
 *   POST /api/<method>    `{"args":[...]}` → `{"result":...}` or `{"error":{"message"}}` (4xx/5xx); the
 *                         summaries of inspect and preview with their recorded errors packed
 *                         (shared/recorded-errors-wire.ts)
 *   GET  /api/events      Server-Sent Events: `file-changed` with a FileChangedEvent, `progress` with a ProgressEvent
 *   GET  /api/launch      `{"request": OpenRequest|null, "folder"?: string}`: the file or folder given on the command line
 * The token travels in the `X-Inspector-Token` header, or for the event stream in its `token` query
 * parameter (web/credentials.ts); never in a cookie.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { INSPECTOR_METHODS, type InspectorMethod, type OpenRequest } from '../shared/api.js';
import { validateArguments } from '../shared/api-guards.js';
import { MAX_BODY_BYTES } from '../shared/web-limits.js';
import { resultForWire } from '../shared/recorded-errors-wire.js';
import { PathGrants } from './host/path-grants.js';
import { dispatchGranted, startsWork, type GrantedInspector, type GrantedServices, type ShellHooks } from './host/dispatch-granted.js';
import { createFolderService, type FolderService } from './host/folder/folder-service.js';
import { readStaticFile } from './web/static-files.js';
import { isJsonContentType, needsToken, presentedToken } from './web/credentials.js';
import { SECURITY_HEADERS, hostAllowed, newToken, tokenMatches } from './web/security.js';
import { readArgs } from './web/byte-args.js';
import { HttpError } from './web/wire.js';

/** The host service the web mode serves: everything but the native dialogs. */
export type WebInspector = GrantedInspector;

/** Checks one method's arguments; throws a readable error when they are wrong. */
export type ArgumentValidator = (method: InspectorMethod, args: unknown[]) => void;

/** Options of the web server. */
export interface WebServerOptions {
  inspector: WebInspector;
  /** The built renderer (dist/renderer). */
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Defaults to a fresh random token. */
  token?: string;
  /** The session file given on the command line; the page opens it at start. */
  launchPath?: string | null;
  /** With `launchPath` an OpenClaw store: the session of it to open (without it, the page lists the store's sessions). */
  launchSessionId?: string | null;
  /** A folder given on the command line (`serve DIR`): the page scans it at start. */
  launchFolder?: string | null;
  /** The folder view's service (default: a new one, disposed with the server). */
  folders?: FolderService;
  /** Runtime argument checks; defaults to shared/api-guards' `validateArguments`. */
  validate?: ArgumentValidator;
  /** Largest request body accepted (a dropped session travels as base64). Default MAX_BODY_BYTES: a 384 MiB file and its envelope. */
  maxBodyBytes?: number;
  /**
   * Called when a request for work arrives (a method `startsWork` names), with the token checked and
   * before its body is read: a session dropped on the page travels as a body of up to hundreds of
   * MB, and `serve`'s warm-up must give way from the moment it starts coming.
   */
  onWork?(method: InspectorMethod): void;
}

/** A running web server. */
export interface WebServer {
  port: number;
  token: string;
  /** The URL to open: `http://127.0.0.1:PORT/?token=TOKEN`. */
  url: string;
  close(): Promise<void>;
}

const METHODS = new Set<string>(INSPECTOR_METHODS);

function send(response: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Cache-Control': 'no-store', ...headers });
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  send(response, status, JSON.stringify(value), { 'Content-Type': 'application/json; charset=utf-8' });
}

function sendError(response: ServerResponse, status: number, message: string): void {
  sendJson(response, status, { error: { message } });
}

/**
 * The HTTP status of an error thrown by the host: the service names its error classes, so this
 * needs no import of them.
 */
export function statusOf(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  const name = error instanceof Error ? error.name : '';
  if (name === 'ArgumentError') return 400;
  if (name === 'UnknownIdError') return 404;
  if (name === 'PathNotGrantedError') return 403;
  if (name === 'InputError') return 422;
  return 500;
}

/** No native dialogs in a browser: the page uses a file input, downloads itself, and scans the folder of `serve DIR`. */
const BROWSER_SHELL: ShellHooks = {
  pickFile: async () => null,
  saveText: async () => ({ saved: false }),
  pickFolder: async () => null,
};

/** One API call: arguments checked, path requests only for files the user opened. */
async function callMethod(
  services: GrantedServices,
  validate: ArgumentValidator,
  method: InspectorMethod,
  args: unknown[],
): Promise<unknown> {
  try {
    validate(method, args);
  } catch (error) {
    throw new HttpError(400, error instanceof Error ? error.message : String(error));
  }
  return dispatchGranted(services, method, args);
}

/** Start the web server on 127.0.0.1. */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? newToken();
  const maxBody = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const { inspector } = options;
  const validate = options.validate ?? validateArguments;
  const launchPath = options.launchPath ? path.resolve(options.launchPath) : null;
  // The page opens it at start: a session file, a store (its sessions to choose from), or one stored session.
  const launchRequest: OpenRequest | null = !launchPath
    ? null
    : options.launchSessionId
      ? { kind: 'store', path: launchPath, storeSessionId: options.launchSessionId }
      : { kind: 'path', path: launchPath };
  const grants = new PathGrants(() => inspector.recentFiles(), 'open it with the file picker, by drag and drop, or on the command line');
  if (launchPath) grants.grant(launchPath);
  const launchFolder = options.launchFolder ? grants.grantFolder(options.launchFolder) : null;
  const folders = options.folders ?? createFolderService();
  const services: GrantedServices = { inspector, grants, folders, shell: BROWSER_SHELL };
  const streams = new Set<ServerResponse>();
  let port = 0;

  const handleApi = async (request: IncomingMessage, response: ServerResponse, name: string): Promise<void> => {
    if (name === 'events' && request.method === 'GET') {
      response.writeHead(200, {
        ...SECURITY_HEADERS,
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
      });
      response.write('retry: 3000\n\n');
      streams.add(response);
      request.on('close', () => streams.delete(response));
      return;
    }
    if (name === 'launch' && request.method === 'GET') {
      // `folder` only when there is one: the launch answer of a file or of nothing is unchanged.
      sendJson(response, 200, launchFolder ? { request: launchRequest, folder: launchFolder } : { request: launchRequest });
      return;
    }
    if (!METHODS.has(name)) throw new HttpError(404, `unknown API method "${name}"`);
    if (request.method !== 'POST') throw new HttpError(405, `${name} needs POST`);
    // Only JSON: a cross-site HTML form cannot send this content type without a CORS preflight.
    if (!isJsonContentType(request.headers['content-type'])) throw new HttpError(415, 'send Content-Type: application/json');
    if (startsWork(name as InspectorMethod)) {
      try {
        options.onWork?.(name as InspectorMethod);
      } catch {
        // The host's bookkeeping must not cost the user the request.
      }
    }
    const args = await readArgs(request, maxBody);
    const result = await callMethod(services, validate, name as InspectorMethod, args);
    // A summary's recorded errors go packed: JSON would write their shared answers once per error.
    sendJson(response, 200, result === undefined ? {} : { result: resultForWire(name, result) });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!hostAllowed(request, port)) {
      sendError(response, 403, 'wrong Host header: the inspector only answers on 127.0.0.1');
      return;
    }
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const isApi = needsToken(url.pathname);
    if (isApi && !tokenMatches(presentedToken(request, url), token)) {
      sendError(response, 401, 'missing or wrong token: open the URL that `transcript-inspector serve` printed');
      return;
    }
    const origin = request.headers.origin;
    if (origin && origin !== `http://127.0.0.1:${port}` && origin !== `http://localhost:${port}`) {
      sendError(response, 403, `requests from ${origin} are not accepted`);
      return;
    }
    if (isApi) {
      await handleApi(request, response, url.pathname.slice('/api/'.length));
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpError(405, 'only GET here');
    const file = await readStaticFile(options.rendererDir, url.pathname);
    if (!file) {
      sendError(response, 404, `not found: ${url.pathname}`);
      return;
    }
    const headers: Record<string, string> = {
      'Content-Type': file.contentType,
      'Cache-Control': file.immutable ? 'private, max-age=31536000, immutable' : 'no-store',
    };
    send(response, 200, request.method === 'HEAD' ? Buffer.alloc(0) : file.body, headers);
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const status = statusOf(error);
      const message = error instanceof Error ? error.message : String(error);
      if (response.headersSent) response.destroy();
      else sendError(response, status, message);
    });
  });
  server.keepAliveTimeout = 5_000;

  const broadcast = (name: string, event: unknown): void => {
    const frame = `event: ${name}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const stream of streams) stream.write(frame);
  };
  const unsubscribeFileChanged = inspector.onFileChanged((event) => broadcast('file-changed', event));
  const unsubscribeProgress = inspector.onProgress((event) => broadcast('progress', event));
  // Proxies and idle timers drop silent streams: a comment line every 20 s keeps it open.
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': ping\n\n');
  }, 20_000);
  heartbeat.unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/?token=${token}`,
    async close() {
      clearInterval(heartbeat);
      if (!options.folders) folders.dispose();
      unsubscribeFileChanged();
      unsubscribeProgress();
      for (const stream of streams) stream.end();
      streams.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
