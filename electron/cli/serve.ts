/**
 * `transcript-inspector serve [FILE|DIR] [--port N]`: the web mode on 127.0.0.1 with a per-launch token;
 * a DIR opens the folder view on it.
 * FILE may be an OpenClaw store (the page lists its sessions) or one session of it (`DB#ID`, `--session ID`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExitCode } from '../host/exit-code.js';
import { createInspector } from '../host/inspector.js';
import { warmUp } from '../host/inspector/warm-up.js';
import { notRegularReason } from '../host/regular-file.js';
import { isStoreFile } from '../host/store/discover.js';
import { startWebServer, type WebInspector } from '../web.js';
import { findRendererDir } from '../web/renderer-dir.js';
import { UsageError, fail, parseArgs } from './common.js';
import { sessionArgument } from './store-argument.js';

/** A host inspector the serve command can run and dispose. */
export type ServeInspector = WebInspector & { dispose(): void | Promise<void> };

/** What the serve command needs from outside (tests pass stubs). */
export interface ServeDeps {
  createInspector(): ServeInspector;
  rendererDir: string | null;
  /** Resolves when the process should stop (SIGINT/SIGTERM by default). */
  stopSignal: Promise<unknown>;
  stdout: (line: string) => void;
  cwd: string;
  /** Longest the URL waits for the launch session's preview (PREVIEW_BEFORE_URL_MS; tests shorten it). */
  previewBeforeUrlMs?: number;
}

/**
 * Longest the URL waits for the launch session's preview. A session of 100 MB is previewed in about a
 * second, and its page, loaded after it, draws it at once; one of gigabytes takes longer, and its URL
 * comes after this: the page, loaded meanwhile, gets the same read's answer once it is made.
 */
export const PREVIEW_BEFORE_URL_MS = 3000;

/** How the wait for the preview before the URL ended. */
async function previewBeforeUrl(preview: Promise<unknown>, stop: Promise<unknown>, waitMs: number): Promise<'made' | 'stopped' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), waitMs)));
  try {
    return await Promise.race([preview.then(() => 'made' as const), stop.then(() => 'stopped' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Run the web mode until stopped; the first stdout line is exactly the URL line. */
export async function serve(argv: string[], deps: ServeDeps): Promise<ExitCode> {
  let port = 0;
  let file: string | null = null;
  let sessionId: string | null = null;
  let folder: string | null = null;
  try {
    const args = parseArgs(argv, { values: ['port', 'session'], booleans: [] });
    if (args.positionals.length > 1) throw new UsageError(`serve takes one FILE at most, got ${args.positionals.length}`);
    const rawPort = args.values.get('port');
    if (rawPort !== undefined) {
      if (!/^\d+$/.test(rawPort) || Number(rawPort) > 65535)
        throw new UsageError(`--port must be a number from 0 to 65535, got "${rawPort}"`);
      port = Number(rawPort);
    }
    const named = args.positionals[0] ? path.resolve(deps.cwd, args.positionals[0]) : null;
    if (named && !args.values.has('session') && fs.statSync(named, { throwIfNoEntry: false })?.isDirectory()) {
      // `serve DIR`: the page opens the folder view on it.
      folder = named;
    } else if (args.positionals[0]) {
      // `serve DB#SESSION_ID` or `serve DB --session ID` opens one session of an OpenClaw store.
      const source = sessionArgument(path.resolve(deps.cwd, args.positionals[0]), args.values.get('session'));
      if (source instanceof UsageError) throw source;
      file = 'file' in source ? source.file : source.store;
      sessionId = 'store' in source ? source.sessionId : null;
    } else if (args.values.has('session')) throw new UsageError('--session names a session of the store given as FILE');
  } catch (error) {
    if (error instanceof UsageError) return fail(`serve: ${error.message}`);
    throw error;
  }
  if (file) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return fail(`serve: ${file}: no such file`);
    }
    const notRegular = notRegularReason(stat);
    if (notRegular !== null) return fail(`serve: ${file}: ${notRegular}`);
  }

  if (!deps.rendererDir) return fail('serve: the app is not built (dist/renderer is missing): run `npm run build` first');

  const inspector = deps.createInspector();
  // The launch session's preview: it ends before the inspector is disposed.
  let started: Promise<unknown> = Promise.resolve();
  try {
    if (file) {
      // Read it once now so an unreadable file fails here, in the terminal, not later in the page. A
      // large file's preview reads its lines' first bytes, not all of it: the URL comes after it (or
      // after PREVIEW_BEFORE_URL_MS), and the page shows the full read's progress.
      try {
        fs.accessSync(file, fs.constants.R_OK);
        const store = await isStoreFile(file);
        let preview: Promise<unknown> | null = null;
        if (sessionId !== null) {
          // One session of a store: found in the store without listing it (a listing reads every
          // event), and its preview made before the URL, as a file's is: the page, once loaded, gets
          // it at once. (With the URL first, the page loaded while the preview ran: on two cores both
          // took longer, and the first diff came 0.2 s later from the command.) A preview that fails
          // is left to the page's open, which says why.
          if (!store) throw new Error('it is not an OpenClaw session store (no session can be named in it)');
          const { storeHasSession } = await import('../host/store/index.js');
          if (!(await storeHasSession({ file }, sessionId))) throw new Error(`the store has no session ${sessionId}`);
          preview = inspector.preview({ kind: 'store', path: file, storeSessionId: sessionId }, null).catch(() => null);
        } else if (store) {
          // A store: the page lists its sessions. Checked here, not listed (a listing reads every
          // event): from its first pages, or read whole when the page reader does not know its
          // layout (the page's listing then takes the snapshot this read keeps).
          const { checkStore } = await import('../host/store/index.js');
          await checkStore({ file });
        } else preview = inspector.preview({ kind: 'path', path: file }, null);
        if (preview) {
          started = preview.catch(() => undefined);
          // A file's preview that fails before the URL fails the command (below); Ctrl+C meanwhile stops it.
          const waited = await previewBeforeUrl(preview, deps.stopSignal, deps.previewBeforeUrlMs ?? PREVIEW_BEFORE_URL_MS);
          if (waited === 'stopped') return ExitCode.clean;
        }
      } catch (error) {
        return fail(`serve: cannot open ${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // Set once the page asks for work (opens, inspects, scans…): the training gives way to it.
    let workAsked = false;
    let server;
    try {
      server = await startWebServer({
        inspector,
        rendererDir: deps.rendererDir,
        port,
        launchPath: file,
        launchSessionId: sessionId,
        launchFolder: folder,
        onWork: () => (workAsked = true),
      });
    } catch (error) {
      return fail(`serve: cannot listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}`);
    }
    deps.stdout(`Transcript Inspector at ${server.url}`);
    deps.stdout('Only this machine can connect; the token in the URL is required. Press Ctrl+C to stop.');
    // The page's first inspection must not be the one that loads the provider libraries; warmed after
    // the URL is out, while the browser is still loading the page, so the URL does not wait for it.
    // The training session (0.4 s) only when the page opens nothing by itself: a session or folder
    // named here is opened as soon as the page loads, and must not wait for it. Ctrl+C ends it, and so
    // does the page asking for work (a session dropped on it arrives as bytes, whose reading reports no progress).
    let stopping = false;
    void deps.stopSignal.then(() => (stopping = true));
    const warming = warmUp(inspector, { train: !file && !folder, stopping: () => stopping || workAsked });
    await deps.stopSignal;
    await warming;
    await server.close();
    return ExitCode.clean;
  } finally {
    await started;
    await inspector.dispose();
  }
}

/** The CLI entry of `serve`. */
export async function runServeCommand(argv: string[]): Promise<number> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return serve(argv, {
    createInspector: () => createInspector({ watch: true }),
    rendererDir: findRendererDir(here),
    stopSignal: waitForSignal(),
    stdout: (line) => process.stdout.write(`${line}\n`),
    cwd: process.env.INIT_CWD && process.env.npm_lifecycle_event === 'web' ? process.env.INIT_CWD : process.cwd(),
  });
}
