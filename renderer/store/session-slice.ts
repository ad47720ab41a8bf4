/** Session slice: opening (with the host's read progress), reloading, the recent list and changes on disk. */
import type { OpenRequest, ProgressEvent } from '../../shared/api.js';
import { baseName, errorMessage } from '../format.js';
import { perfMark } from '../perf.js';
import { patch, type SliceCreator } from './slice.js';
import type { SessionSlice } from './types.js';

function describe(request: OpenRequest): string {
  switch (request.kind) {
    case 'path':
      return request.path;
    case 'bytes':
    case 'text':
      return request.name;
    case 'sample':
      return 'the sample session';
  }
}

/** Creates the session slice. */
export const createSessionSlice: SliceCreator<SessionSlice> = (set, get, { api }) => {
  // Each open gets a number so a slow open never overwrites a newer one.
  let openSeq = 0;
  // Only the latest open or reload shows its progress.
  let progressSeq = 0;

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
    session: { info: null, loading: false, opening: null, progress: null, error: null, recent: [], changed: null },

    async openSession(request, label) {
      const seq = ++openSeq;
      const what = label ?? describe(request);
      patch(set, 'session', { loading: true, opening: what, progress: null, error: null });
      perfMark('open:start');
      // A path is known by its file name (the host resolves the path itself). Bytes and text are not
      // read from disk, and the sample is small and named by the host: those keep the spinner.
      const name = request.kind === 'path' ? baseName(request.path) : null;
      const stopProgress = followProgress(name === null ? null : (event) => event.operation === 'open' && event.name === name);
      try {
        const info = await api.open(request).finally(stopProgress);
        if (seq !== openSeq) return;
        perfMark('open:end', { bytes: info.sizeBytes, turns: info.turnCount });
        const previous = get().session.info;
        patch(set, 'session', { info, loading: false, opening: null, progress: null, changed: null });
        patch(set, 'inspection', { summary: null, error: null });
        patch(set, 'ui', { focus: null, explanations: [], elision: null });
        void get().loadDocuments();
        if (previous && previous.sessionId !== info.sessionId) void api.close(previous.sessionId).catch(() => undefined);
        const target = info.defaultTarget ?? get().target.current;
        if (target) await get().setTarget(target);
        else await get().runInspection();
        void get().loadRecent();
      } catch (error) {
        if (seq !== openSeq) return;
        const message = `Could not open ${what}: ${errorMessage(error)}`;
        patch(set, 'session', { loading: false, opening: null, progress: null, error: message });
        get().pushToast({ kind: 'error', text: message });
      }
    },

    openSample() {
      return get().openSession({ kind: 'sample' });
    },

    async reloadSession() {
      const info = get().session.info;
      if (!info) return;
      patch(set, 'session', { loading: true, opening: info.name, progress: null, error: null });
      const stopProgress = followProgress((event) => event.operation === 'reload' && event.path === info.path);
      try {
        const next = await api.reload(info.sessionId).finally(stopProgress);
        patch(set, 'session', { info: next, loading: false, opening: null, progress: null, changed: null });
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

    fileChanged(event) {
      const info = get().session.info;
      if (!info || event.sessionId !== info.sessionId) return;
      // The repair flow rewrites the file itself and reloads; its own change is not news. The event
      // carries no digest, so the repair slice marks a short quiet period after its write.
      const { phase, quietUntil } = get().repair;
      if (phase === 'writing' || Date.now() < quietUntil) return;
      patch(set, 'session', { changed: event });
    },

    dismissFileChanged() {
      patch(set, 'session', { changed: null });
    },
  };
};
