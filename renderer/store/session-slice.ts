/** Session slice: opening (with the host's read progress), reloading, the recent list and changes on disk. */
import type {
  FileChangedEvent,
  InspectionSummary,
  InspectorApi,
  OpenRequest,
  ProgressEvent,
  StoreListing,
  StoreRequest,
} from '../../shared/api.js';
import { isSqliteHeader, storeSessionName } from '../../shared/store.js';
import { holdEditorUntil } from '../editor-loader.js';
import { baseName, errorMessage } from '../format.js';
import { perfMark, whenMarked } from '../perf.js';
import { patch, type SliceCreator } from './slice.js';
import type { AppState, SessionSlice } from './types.js';

function describe(request: OpenRequest): string {
  switch (request.kind) {
    case 'path':
      return request.path;
    case 'bytes':
    case 'text':
      return request.name;
    case 'sample':
      return 'the sample session';
    case 'store':
      return storeSessionName(request.path, request.storeSessionId);
    case 'store-bytes':
      return storeSessionName(request.name, request.storeSessionId);
  }
}

/**
 * The sessions of a store, when the request opens one (null: a session file). Bytes that do not start
 * like SQLite are not sent to the host twice for it.
 */
async function storeListing(api: { listStore(request: StoreRequest): Promise<StoreListing | null> }, request: OpenRequest) {
  if (request.kind === 'path') return { request, listing: await api.listStore(request) };
  if (request.kind === 'bytes' && isSqliteHeader(request.bytes)) return { request, listing: await api.listStore(request) };
  return null;
}

/** Longest wait for a preview before the full read starts anyway (a later preview still shows while it runs). */
const PREVIEW_WAIT_MS = 3000;
/** Longest wait for a preview on screen to be drawn by the editor before the full read starts. */
export const PAINT_WAIT_MS = 1500;
/**
 * Longest wait, once the full read is in, for a preview on screen to be drawn before the full
 * inspection takes its place. The wait ends at the first paint: it lasts only in a page that does not
 * paint (a hidden window), where nobody sees the difference.
 */
const DRAWN_WAIT_MS = 10_000;

/** A preview being fetched for one open. */
interface PreviewRun {
  /** Resolves when the full read should start: the preview drawn, none to show, or too long a wait. */
  headStart: Promise<void>;
  /** Whether the preview was put on screen. */
  shown(): boolean;
}

/**
 * Show a preview of a large file's first turns while `open` reads all of it: the diff has something
 * to show within a second. It replaces the session shown before (a running app opening another
 * file), and shows whenever it comes as long as its open is the latest and still reading
 * (`isReading`): never over a full inspection already in.
 */
function previewWhileReading(
  set: Parameters<SliceCreator<SessionSlice>>[0],
  get: () => AppState,
  api: InspectorApi,
  isReading: () => boolean,
  asked: Promise<InspectionSummary | null>,
): PreviewRun {
  let shown = false;
  let arrived = (): void => undefined;
  const show = async (): Promise<void> => {
    const preview = await asked.finally(() => arrived());
    if (!preview || !isReading()) return;
    shown = true;
    perfMark('preview:end', { turns: preview.preview?.turns, hostMs: preview.elapsedMs });
    // The session shown before goes: its panel and repair must not sit next to another file's turns.
    const previous = get().session.info;
    if (previous) {
      patch(set, 'session', { info: null, changed: null });
      void api.close(previous.sessionId).catch(() => undefined);
    }
    patch(set, 'target', { current: preview.target });
    patch(set, 'inspection', { summary: preview, error: null });
    patch(set, 'ui', { focus: null, explanations: [], elision: null });
    await get().loadDocuments();
    // The full read waits for the editor to draw the preview (its first lines are drawn before it,
    // without it): on two cores, the first screen comes first, then the rest.
    await whenMarked('editor-painted', PAINT_WAIT_MS);
  };
  // Monaco's chunk runs in one go for hundreds of milliseconds: it waits for the host's answer, and
  // when that is a preview, for its first lines to be drawn without the editor.
  holdEditorUntil(
    asked.then((preview) => (preview ? whenMarked('first-diff', PAINT_WAIT_MS).then((drawn) => (drawn ? 'drawn' : 'not-drawn')) : 'none')),
  );
  const headStart = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, PREVIEW_WAIT_MS);
    // Once the preview is in, the full read waits for it to be drawn rather than for the clock.
    arrived = () => clearTimeout(timer);
    // A preview is a head start: when it fails, the full open still shows everything.
    show().then(resolve, resolve);
  });
  return { headStart, shown: () => shown };
}

/** Take a preview off the screen (its file turned out to be a store, or could not be opened). */
function dropPreview(set: Parameters<SliceCreator<SessionSlice>>[0], get: () => AppState): void {
  if (!get().inspection.summary?.preview) return;
  patch(set, 'inspection', { summary: null });
  void get().loadDocuments();
}

/** Changes on disk reported while an open or a reload was in flight, by session: shown once it is on screen. */
function earlyChanges() {
  const events = new Map<string, FileChangedEvent>();
  return {
    keep(event: FileChangedEvent): void {
      events.set(event.sessionId, event);
    },
    /** The change kept for the session now put on screen (the others are forgotten). */
    take(sessionId: string): FileChangedEvent | null {
      const event = events.get(sessionId) ?? null;
      events.clear();
      return event;
    },
  };
}

/**
 * A change on disk: shown for the session on screen, and kept during an open or a reload for the
 * session that comes next (the host watches a file from the bytes it read, so a change may be
 * reported before its session is on screen, and a reload may have read the file before the change).
 */
function noteFileChange(
  set: Parameters<SliceCreator<SessionSlice>>[0],
  get: () => AppState,
  early: ReturnType<typeof earlyChanges>,
  event: FileChangedEvent,
): void {
  // The repair flow rewrites the file itself and reloads; its own change is not news. The event
  // carries no digest, so the repair slice marks a short quiet period after its write.
  const { phase, quietUntil } = get().repair;
  if (phase === 'writing' || Date.now() < quietUntil) return;
  const { info, loading } = get().session;
  if (info && event.sessionId === info.sessionId) patch(set, 'session', { changed: event });
  if (loading) early.keep(event);
}

/** Creates the session slice. */
export const createSessionSlice: SliceCreator<SessionSlice> = (set, get, { api }) => {
  // Each open gets a number so a slow open never overwrites a newer one.
  let openSeq = 0;
  // Only the latest open or reload shows its progress.
  let progressSeq = 0;
  const early = earlyChanges();

  /**
   * Show the host's progress events that `matches` accepts, until the returned function is called
   * (when the open or reload settles: a late event must not bring the bar back).
   */
  const followProgress = (matches: ((event: ProgressEvent) => boolean) | null): (() => void) => {
    const seq = ++progressSeq;
    if (!matches) return () => undefined;
    return api.onProgress((event) => {
      if (seq === progressSeq && matches(event)) patch(set, 'session', { progress: { done: event.done, total: event.total } });
    });
  };

  return {
    session: { info: null, loading: false, opening: null, progress: null, error: null, recent: [], changed: null, store: null },

    async openSession(request, label) {
      const seq = ++openSeq;
      const what = label ?? describe(request);
      patch(set, 'session', { loading: true, opening: what, progress: null, error: null });
      perfMark('open:start');
      // A path is known by its file name (the host resolves the path itself). Bytes and text are not
      // read from disk, and the sample is small and named by the host: those keep the spinner.
      const name = request.kind === 'path' ? baseName(request.path) : null;
      const stopProgress = followProgress(name === null ? null : (event) => event.operation === 'open' && event.name === name);
      // A file's preview is asked for beside the check whether it is a store, and shown as soon as it
      // comes: the host has none for a store, so the first screen waits neither for that check (which
      // can queue behind the page's own loads) nor for the app and Monaco to load. The shown session
      // stays until then; the host reads the file for the preview first, then all of it. A session
      // of a store on disk gets one too (the store is read for it, then again for the session).
      const previewed = request.kind === 'path' || request.kind === 'store';
      const asked = previewed ? api.preview(request, null, { behaviour: get().target.behaviour }) : null;
      // Unused when the open stops early (a store, a newer open, an error): its failure is nobody's.
      asked?.catch(() => undefined);
      let reading = true;
      const previewRun = asked ? previewWhileReading(set, get, api, () => reading && seq === openSeq, asked) : null;
      try {
        // An OpenClaw store holds many sessions: the user chooses one in the store picker.
        const store = await storeListing(api, request);
        if (seq !== openSeq) return stopProgress();
        if (store?.listing) {
          reading = false;
          stopProgress();
          // Only a host that previews a store would have put one on screen; it must not stay there.
          dropPreview(set, get);
          patch(set, 'session', {
            loading: false,
            opening: null,
            progress: null,
            store: { request: store.request, listing: store.listing },
          });
          return;
        }
        await previewRun?.headStart;
        if (seq !== openSeq) return stopProgress();
        const info = await api.open(request).finally(() => {
          reading = false;
          stopProgress();
        });
        // A preview on screen is drawn before the full inspection takes its place: first screen, then the rest.
        if (previewRun?.shown()) await whenMarked('first-diff', DRAWN_WAIT_MS);
        if (seq !== openSeq) return;
        perfMark('open:end', { bytes: info.sizeBytes, turns: info.turnCount });
        const previous = get().session.info;
        patch(set, 'session', { info, loading: false, opening: null, progress: null, changed: early.take(info.sessionId) });
        // A preview of this file stays on screen until the full inspection replaces it.
        const preview = get().inspection.summary?.preview ? get().inspection.summary : null;
        patch(set, 'inspection', { summary: preview, error: null });
        if (!preview) patch(set, 'ui', { focus: null, explanations: [], elision: null });
        void get().loadDocuments();
        if (previous && previous.sessionId !== info.sessionId) void api.close(previous.sessionId).catch(() => undefined);
        // OpenClaw's recording of the session's runs, when it left one beside it or in its store.
        void get().loadTrajectory(null);
        const target = info.defaultTarget ?? get().target.current;
        if (target) await get().setTarget(target);
        else await get().runInspection();
        void get().loadRecent();
      } catch (error) {
        reading = false;
        if (seq !== openSeq) return;
        const message = `Could not open ${what}: ${errorMessage(error)}`;
        // A preview of a file that cannot be opened must not stay on screen as if it were.
        dropPreview(set, get);
        patch(set, 'session', { loading: false, opening: null, progress: null, error: message });
        get().pushToast({ kind: 'error', text: message });
      }
    },

    openSample() {
      return get().openSession({ kind: 'sample' });
    },

    openStoredSession(storeSessionId) {
      const store = get().session.store;
      if (!store) return Promise.resolve();
      patch(set, 'session', { store: null });
      const request: OpenRequest =
        store.request.kind === 'path'
          ? { kind: 'store', path: store.request.path, storeSessionId }
          : { kind: 'store-bytes', name: store.request.name, bytes: store.request.bytes, storeSessionId };
      return get().openSession(request);
    },

    closeStorePicker() {
      patch(set, 'session', { store: null });
    },

    async reloadSession() {
      const info = get().session.info;
      if (!info) return;
      patch(set, 'session', { loading: true, opening: info.name, progress: null, error: null });
      const stopProgress = followProgress((event) => event.operation === 'reload' && event.path === info.path);
      try {
        const next = await api.reload(info.sessionId).finally(stopProgress);
        patch(set, 'session', { info: next, loading: false, opening: null, progress: null, changed: early.take(next.sessionId) });
        await get().runInspection();
      } catch (error) {
        const message = `Could not reload ${info.name}: ${errorMessage(error)}`;
        patch(set, 'session', { loading: false, opening: null, progress: null, error: message });
        get().pushToast({ kind: 'error', text: message });
      }
    },

    async loadRecent() {
      try {
        patch(set, 'session', { recent: await api.recentFiles() });
      } catch {
        // The recent list is a convenience: an error here must not disturb the user.
      }
    },

    fileChanged: (event) => noteFileChange(set, get, early, event),

    dismissFileChanged() {
      patch(set, 'session', { changed: null });
    },
  };
};
