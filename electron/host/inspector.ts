/**
 * The Inspector service: the one host object Electron main, the web mode and the CLI share. It opens
 * sessions (path, bytes, text or the bundled sample), keeps them by id, inspects them for targets,
 * and hands out windows of turns and one document at a time, never whole sessions. Arguments are
 * checked where they cross into the host (`validateArguments` in the shells), not here again.
 */
import { randomUUID } from 'node:crypto';
import type {
  ExportKind,
  FileChangedEvent,
  FolderMethod,
  InspectorApi,
  OpenRequest,
  ProgressEvent,
  SessionInfo,
} from '../../shared/api.js';
import { assertStoreRequest } from '../../shared/api-guards.js';
import { listTargets } from './catalog.js';
import { documentText, revealElision, thumbnailOf, turnWindow } from './inspector/document-service.js';
import { exportText } from './inspector/export-text.js';
import { redactedSessionExport } from './inspector/redacted-export.js';
import { FileWatcher } from './inspector/file-watcher.js';
import { InspectionCache } from './inspector/inspection-cache.js';
import { inspectSession } from './inspector/inspect-session.js';
import { Listeners } from './inspector/listeners.js';
import { payloadEntryPlace } from './inspector/payload-places.js';
import { createPreviewer } from './inspector/preview-service.js';
import { defaultRecentFile, RecentFiles } from './inspector/recent-files.js';
import { loadSession, type LoaderOptions } from './inspector/session-loader.js';
import { SessionRegistry, UnknownIdError, type SessionRecord } from './inspector/session-registry.js';
import { exportSessionJsonl, listStore, planStoredSessionRepair, refuseStoredRepair } from './inspector/stored-sessions.js';
import { forgetLongStringNotes } from './long-line.js';
import { InputError, type FileVersion } from './read-input.js';
import { explainPastedError } from './recorded-errors.js';
import { forgetRepairPlan, planRepairFile, repairFile } from './repair/index.js';
import { undoLastRepair, undoRepairFile, type UndoTicket } from './repair/kept-backup.js';
import { TrajectoryService } from './trajectory/trajectory-service.js';

export { UnknownIdError } from './inspector/session-registry.js';

/** Options of the Inspector service. */
export interface InspectorOptions {
  /** Where the recent-files list is kept (default `~/.config/transcript-inspector/recent.json`). */
  recentFile?: string;
  /** Watch opened files and report changes through `onFileChanged`. */
  watch?: boolean;
  /** Longest image side for replay (OpenClaw `agents.defaults.imageMaxDimensionPx`, default 1200). */
  imageMaxDimensionPx?: number;
  /** How often watched files are polled (default 500 ms). */
  watchIntervalMs?: number;
  /** Inspections kept per session, least recently used dropped first (default 4). */
  inspectionsPerSession?: number;
  /** Least milliseconds between two `onProgress` events while a file is read (default 100; the final event always goes out). */
  progressIntervalMs?: number;
  /** Bytes read from a session file at a time (default 1 MiB; tests use small chunks to get several). */
  chunkBytes?: number;
  /** Files smaller than this get no preview (default 512 KiB: they open fast enough). */
  previewMinBytes?: number;
  /** Files smaller than this get no preview that holds every turn of the branch (default 512 KiB, as any preview). */
  previewWholeMinBytes?: number;
  /** Turns a preview reads at least (default 64; tests use a few). */
  previewTurns?: number;
}

/** The service: every InspectorApi method but the UI-side `pickFile` and `saveText` and the folder view's (folder/folder-service.ts), plus `dispose`. */
export type HostInspector = Omit<InspectorApi, 'pickFile' | 'saveText' | FolderMethod> & {
  /**
   * The full text an elision of a document stands for (an image's base64, a data URL's payload),
   * or null for an unknown ref: the "show anyway" of an elided string.
   */
  reveal(inspectionId: string, ref: string): Promise<string | null>;
  /** Stop watching files and drop every session. */
  dispose(): Promise<void>;
};

/** The exports made from the session's source rather than from an inspection, and what each holds. */
const JSONL_EXPORTS = { 'session-jsonl': 'session', 'branch-jsonl': 'branch', 'repaired-jsonl': 'repaired' } as const;

function isJsonlExport(kind: ExportKind): kind is keyof typeof JSONL_EXPORTS {
  return Object.hasOwn(JSONL_EXPORTS, kind);
}

/**
 * A watcher of an opened file when the service watches files (none for bytes, text or the sample),
 * from the file as it was read (`since`): a write after the read, while it was parsed, is reported.
 */
function watchFile(
  options: InspectorOptions,
  fileChanges: Listeners<FileChangedEvent>,
  sessionId: string,
  filePath: string | null,
  since: FileVersion | null,
): FileWatcher | null {
  if (!options.watch || !filePath) return null;
  return new FileWatcher(filePath, (kind) => fileChanges.emit({ sessionId, path: filePath, kind }), {
    intervalMs: options.watchIntervalMs,
    ...(since ? { since } : {}),
  });
}

/** The file behind a session, for the operations only a file on disk allows. */
function sessionFile(sessions: SessionRegistry, sessionId: string, what: string): string {
  const { info } = sessions.get(sessionId);
  if (!info.path) throw new InputError(`${info.name} was not opened from a file: ${what}`);
  return info.path;
}

/** The file a repair may write: one the user opened — never bytes, text, or the bundled sample (it has a path, but is ours). */
function repairableFile(sessions: SessionRegistry, sessionId: string): string {
  const { info, request } = sessions.get(sessionId);
  if (request.kind === 'sample') throw new InputError('the bundled sample: only files opened from disk can be repaired');
  if (!info.path) throw new InputError(`${info.name} was not opened from a file: only files on disk can be repaired`);
  return info.path;
}

/** Create the Inspector service. */
export function createInspector(options: InspectorOptions = {}): HostInspector {
  const sessions = new SessionRegistry();
  const inspections = new InspectionCache(options.inspectionsPerSession ?? 4);
  const fileChanges = new Listeners<FileChangedEvent>();
  const progress = new Listeners<ProgressEvent>();
  const recent = new RecentFiles(options.recentFile ?? defaultRecentFile());
  const loader: LoaderOptions = { ...options, onProgress: (event) => progress.emit(event) };

  const watch = (sessionId: string, filePath: string | null, since: FileVersion | null) =>
    watchFile(options, fileChanges, sessionId, filePath, since);

  /** Re-read a session's source; `operation` when the renderer waits on it (a reload), none after a repair. */
  const refresh = async (record: SessionRecord, operation?: ProgressEvent['operation']): Promise<SessionInfo> => {
    const { info, parsed, context } = await loadSession(record.info.sessionId, record.request, loader, operation);
    info.watched = record.watcher !== null;
    Object.assign(record, { info, parsed, context });
    return info;
  };

  /** The last repair of each session, while it can be undone (the backup stays on disk either way). */
  const undoTickets = new Map<string, UndoTicket>();

  const fileOf = (sessionId: string, what: string): string => sessionFile(sessions, sessionId, what);
  const trajectories = new TrajectoryService(sessions);

  const service: HostInspector = {
    async listTargets() {
      return listTargets();
    },

    async open(request: OpenRequest): Promise<SessionInfo> {
      const sessionId = randomUUID();
      const { info, parsed, context, version } = await loadSession(sessionId, request, loader, 'open');
      const watcher = watch(sessionId, info.path, version);
      info.watched = watcher !== null;
      const reread: OpenRequest = info.path && request.kind === 'path' ? { kind: 'path', path: info.path } : request;
      sessions.add({ info, parsed, context, request: reread, watcher });
      if (request.kind === 'path' && info.path) await recent.add(info.path);
      // The store goes on the recent list: opened from there, it lists its sessions again.
      if (info.store?.path) await recent.add(info.store.path);
      return info;
    },

    async listStore(request) {
      assertStoreRequest(request);
      return listStore(request);
    },

    async reload(sessionId) {
      // A stored session is read again from its store (a gateway may have written since).
      if (!sessions.get(sessionId).info.store?.path) fileOf(sessionId, 'there is nothing to reload');
      return refresh(sessions.get(sessionId), 'reload');
    },

    async close(sessionId) {
      const record = sessions.remove(sessionId);
      if (!record) return;
      inspections.dropSession(sessionId);
      undoTickets.delete(sessionId);
      trajectories.forget(sessionId);
      releaseMemory(record.info.path);
    },

    async inspect(sessionId, target, inspectOptions) {
      const record = sessions.get(sessionId);
      const id = randomUUID();
      const { detail, summary } = await inspectSession(record, id, target, inspectOptions, options.imageMaxDimensionPx);
      // Closed (or reopened) meanwhile: keeping the result would hold both payloads with no way to evict them.
      if (!sessions.holds(record)) throw new UnknownIdError(`session ${sessionId} was closed while it was being inspected`);
      inspections.add(id, sessionId, detail, summary, {
        ...inspectOptions,
        imageMaxDimensionPx: inspectOptions?.imageMaxDimensionPx ?? options.imageMaxDimensionPx,
      });
      return summary;
    },

    preview: createPreviewer({
      minBytes: options.previewMinBytes,
      wholeMinBytes: options.previewWholeMinBytes,
      turns: options.previewTurns,
      chunkBytes: options.chunkBytes,
      newId: randomUUID,
      addSession: (record) => sessions.add(record),
      hasInspection: (id) => inspections.has(id),
      inspect: (sessionId, target, inspectOptions) => service.inspect(sessionId, target, inspectOptions),
      getDocument: (inspectionId, side, view, window) => service.getDocument(inspectionId, side, view, window),
      close: (sessionId) => service.close(sessionId),
    }),

    async getTurns(inspectionId, side, start, count) {
      return turnWindow(inspections.get(inspectionId), side, start, count);
    },

    async payloadEntry(inspectionId, side, index) {
      return payloadEntryPlace(inspections.get(inspectionId), side, index);
    },

    async getDocument(inspectionId, side, view, window) {
      const record = inspections.get(inspectionId);
      return documentText(record, sessions.get(record.sessionId).info.name, side, view, window);
    },

    async thumbnail(inspectionId, imageRef) {
      return thumbnailOf(inspections.get(inspectionId), imageRef);
    },

    async reveal(inspectionId, ref) {
      return revealElision(inspections.get(inspectionId), ref);
    },

    async explainError(inspectionId, errorText) {
      const inspection = inspectionId === null ? undefined : inspections.get(inspectionId).detail.inspection;
      return explainPastedError(errorText, inspection);
    },

    async exportText(inspectionId, kind) {
      const record = inspections.get(inspectionId);
      const session = sessions.get(record.sessionId);
      if (kind === 'session-redacted') return redactedSessionExport(session, record);
      if (isJsonlExport(kind)) return exportSessionJsonl(session.request, session.info, JSONL_EXPORTS[kind]);
      return exportText(session.info, record, kind);
    },

    ...repairMethods(sessions, refresh, undoTickets),

    async recentFiles() {
      return recent.list();
    },

    onFileChanged(listener) {
      return fileChanges.add(listener, 'onFileChanged');
    },

    onProgress(listener) {
      return progress.add(listener, 'onProgress');
    },

    ...trajectories.methods(),

    async dispose() {
      trajectories.clear();
      sessions.clear();
      inspections.clear();
      fileChanges.clear();
      progress.clear();
      forgetLongStringNotes();
    },
  };
  return service;
}

/**
 * What a closed session leaves in module-wide memos: a repair plan kept for its file (its bytes, up
 * to 1 GiB) and the read's notes on its longest strings (which keep them alive).
 */
function releaseMemory(filePath: string | null): void {
  if (filePath) forgetRepairPlan(filePath);
  forgetLongStringNotes();
}

/** Repair on disk for the Inspector's sessions: plan, repair (keeping the original bytes), and undo. */
function repairMethods(
  sessions: SessionRegistry,
  refresh: (record: SessionRecord) => Promise<SessionInfo>,
  undoTickets: Map<string, UndoTicket>,
): Pick<HostInspector, 'planRepair' | 'repair' | 'undoRepair'> {
  return {
    async planRepair(sessionId) {
      // A stored session: the plan of its JSONL export, with the reason the store is never written.
      const record = sessions.get(sessionId);
      if (record.info.store) return planStoredSessionRepair(record.request, record.info);
      if (record.info.repairRefusal) throw new InputError(record.info.repairRefusal);
      return planRepairFile(repairableFile(sessions, sessionId));
    },

    async repair(sessionId, expectedDigest, repairOptions) {
      const record = sessions.get(sessionId);
      if (record.info.store) return refuseStoredRepair(record.info);
      if (record.info.repairRefusal) return { status: 'refused', reason: 'not a file on disk', message: record.info.repairRefusal };
      const file = repairableFile(sessions, sessionId);
      // The app keeps the original bytes next to the file: Undo puts them back.
      const result = await repairFile(file, expectedDigest, {
        keepBackup: true,
        skipLines: repairOptions?.skipLines,
        force: repairOptions?.force === true,
      });
      if (result.status === 'repaired') {
        if (result.backupPath && result.digestAfter)
          undoTickets.set(sessionId, {
            file,
            backupPath: result.backupPath,
            digestBefore: expectedDigest.toLowerCase(),
            digestAfter: result.digestAfter,
          });
        await refresh(record);
      }
      return result;
    },

    async undoRepair(sessionId) {
      const record = sessions.get(sessionId);
      const ticket = undoTickets.get(sessionId);
      // Without a repair in this window: the last one that kept a backup next to the file (its record says what it wrote).
      const onDisk = record.info.store || record.info.repairRefusal ? null : record.info.path;
      if (!ticket && !onDisk)
        return { status: 'refused', reason: 'nothing to undo', message: `${record.info.name} has no repair to undo in this window.` };
      const result = ticket ? await undoRepairFile(ticket) : await undoLastRepair(onDisk!);
      if (result.status === 'restored') {
        undoTickets.delete(sessionId);
        await refresh(record);
      }
      return result;
    },
  };
}
