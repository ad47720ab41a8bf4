/**
 * The first screen of a big session before it is read whole: its first turns inspected as a session
 * of their own, with the first window of both payloads. One preview is kept at a time.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentText, DocumentView, DocumentWindow, InspectionSummary, OpenRequest, SessionInfo, Side } from '../../../shared/api.js';
import { previewWindow } from '../../../shared/document-windows.js';
import { DEFAULT_BEHAVIOUR } from '../../../shared/policy/spec-decisions.js';
import { storeSessionName } from '../../../shared/store.js';
import type { InspectOptions, Target } from '../../../shared/types.js';
import { readSessionPreview, type SessionPreview } from '../preview/read-preview.js';
import { statSession } from '../read-input.js';
import { isStoreFile } from '../store/discover.js';
import { recordedTarget } from './session-loader.js';
import type { SessionRecord } from './session-registry.js';

/**
 * Files from this size get a preview: below it, the whole file opens and is inspected in about 0.1 s
 * (CPU time, many short turns, the costliest shape per byte; a cold host takes several times that),
 * while the page's serial requests to its first diff cost more.
 */
const PREVIEW_MIN_BYTES = 512 * 1024;
/**
 * Files from this size get a preview even when it holds every turn of the branch (a few long turns):
 * it is ready before `serve FILE` prints its URL and the page draws it from one request, where the
 * page's serial store check, open, inspection and documents on a cold host took seconds. The file is
 * then read twice, after the first screen.
 */
const PREVIEW_WHOLE_MIN_BYTES = PREVIEW_MIN_BYTES;
/** Turns a preview reads: the widest first window of the diff (renderer/diff/windows.ts), and a few. */
const PREVIEW_TURNS = 64;

/** What a preview needs of the service around it. */
export interface PreviewHost {
  minBytes?: number;
  wholeMinBytes?: number;
  turns?: number;
  chunkBytes?: number;
  newId(): string;
  addSession(record: SessionRecord): void;
  hasInspection(inspectionId: string): boolean;
  inspect(sessionId: string, target: Target, options?: InspectOptions): Promise<InspectionSummary>;
  getDocument(inspectionId: string, side: Side, view: DocumentView, window: DocumentWindow): Promise<DocumentText>;
  close(sessionId: string): Promise<void>;
}

/**
 * Options as the kept preview's key: the page asks with its behaviour spelled out (`spec`), `serve`
 * with none, and both mean the same inspection.
 */
function optionsKey(options: InspectOptions | undefined): InspectOptions | null {
  const given: InspectOptions = { ...options };
  if (given.behaviour === DEFAULT_BEHAVIOUR) delete given.behaviour;
  for (const [name, value] of Object.entries(given)) if (value === undefined) delete given[name as keyof InspectOptions];
  return Object.keys(given).length > 0 ? given : null;
}

/** A `preview(request, target, options)` that keeps its last answer. */
export function createPreviewer(
  host: PreviewHost,
): (request: OpenRequest, target: Target | null, options?: InspectOptions) => Promise<InspectionSummary | null> {
  // The one preview kept (a newer one makes it useless), and what it was asked for: the same
  // question about the same unchanged file gets the same answer, "none" included.
  let previewAnswer: { key: string; summary: InspectionSummary | null } | null = null;
  let running: { key: string; answer: Promise<InspectionSummary | null>; question: number } | null = null;
  /** Keep an answer, closing the preview it replaces. */
  const keep = async (answer: typeof previewAnswer): Promise<void> => {
    const replaced = previewAnswer?.summary;
    previewAnswer = answer;
    if (replaced && replaced.sessionId !== answer?.summary?.sessionId) await host.close(replaced.sessionId);
  };

  // Each question gets a number when it is asked. Only the read the newest question waits for may keep
  // its answer (`current`): the page has moved on from older ones, whose sessions would otherwise close
  // the preview it shows. The newest question is the one asked last of those whose file was looked at.
  let asked = 0;
  let newest = 0;
  let current = 0;
  const limits = (): PreviewLimits => ({
    minBytes: host.minBytes ?? PREVIEW_MIN_BYTES,
    wholeMinBytes: host.wholeMinBytes ?? PREVIEW_WHOLE_MIN_BYTES,
    turns: host.turns ?? PREVIEW_TURNS,
    chunkBytes: host.chunkBytes,
  });

  /** An answer without a read of its own: what is kept (no read), or the read under way for the same question. */
  const existing = (key: string): { answer: Promise<InspectionSummary | null>; read: number } | null => {
    // `serve FILE` previews the file to check it, then the page asks again: the answer is kept.
    if (previewAnswer?.key === key && (!previewAnswer.summary || host.hasInspection(previewAnswer.summary.inspectionId)))
      return { answer: Promise.resolve(previewAnswer.summary), read: 0 };
    // Asked again while it is read (`serve DB#ID` starts a stored session's preview, and the page asks
    // for it before it is done): the same read answers both.
    if (running?.key === key) return { answer: running.answer, read: running.question };
    return null;
  };

  return async (request, target, options) => {
    const question = ++asked;
    const source = await previewSource(request, limits());
    const isNewest = question > newest;
    if (isNewest) newest = question;
    const key = source ? JSON.stringify([...source.key, target, optionsKey(options)]) : null;
    const found = key === null ? { answer: Promise.resolve(null), read: 0 } : existing(key);
    if (found) {
      // The newest question waits for that read, or for none: any other read under way gives way.
      if (isNewest) current = found.read;
      return found.answer;
    }
    // An older question than one already answered or under way: not wanted any more.
    if (!isNewest || !source || key === null) return null;
    current = question;
    const made = make(source, key, question, target, options);
    running = { key, answer: made, question };
    try {
      return await made;
    } finally {
      if (running?.answer === made) running = null;
    }
  };

  /** Read and inspect a preview, and keep it, unless a newer one was asked for meanwhile (then none). */
  async function make(
    source: PreviewSource,
    key: string,
    question: number,
    target: Target | null,
    options?: InspectOptions,
  ): Promise<InspectionSummary | null> {
    const read = await source.read().catch(() => null);
    if (question !== current) return null;
    if (!read) {
      // Nothing to show below the whole-preview size (its first turns are all of it, say) is an answer
      // too: the page asks again after `serve FILE`.
      if (source.keepsNone) await keep({ key, summary: null });
      return null;
    }
    // The preview's context is the whole branch's but for its messages: the same recorded model.
    const recorded = await recordedTarget(read.context);
    const chosen = target ?? recorded;
    if (!chosen || question !== current) return null;
    const sessionId = host.newId();
    const info: SessionInfo = {
      sessionId,
      ...source.names,
      sizeBytes: read.size,
      // Not the file's: a preview is never repaired (repair checks the digest of a full read).
      digest: '',
      format: read.parsed.format,
      lineCount: read.parsed.lineCount,
      turnCount: read.turns,
      diagnostics: [],
      defaultTarget: recorded,
      watched: false,
    };
    await keep(null);
    host.addSession({ info, parsed: read.parsed, context: read.context, request: source.request, watcher: null });
    try {
      const summary = await host.inspect(sessionId, chosen, options);
      const window = previewWindow(read.turns, read.totalTurns, read.branchBytes);
      const [original, replay] = await Promise.all(
        (['original', 'replay'] as const).map((side) => host.getDocument(summary.inspectionId, side, 'payload', window)),
      );
      if (question !== current) {
        await host.close(sessionId);
        return null;
      }
      summary.preview = {
        turns: read.turns,
        totalTurns: read.totalTurns,
        estimatedBytes: read.branchBytes,
        first: { view: 'payload', original, replay },
      };
      await keep({ key, summary });
      return summary;
    } catch (error) {
      // A preview that failed holds nothing.
      await host.close(sessionId);
      throw error;
    }
  }
}

/** What the previewer reads: the service's sizes and turns, or their defaults. */
interface PreviewLimits {
  minBytes: number;
  wholeMinBytes: number;
  turns: number;
  chunkBytes?: number;
}

/** What a request's preview is read from. */
interface PreviewSource {
  /** What makes two answers the same: the file (and log) as it is now, and the session. */
  key: unknown[];
  request: OpenRequest;
  names: Pick<SessionInfo, 'name' | 'path' | 'store'>;
  /** Whether no preview is an answer to keep (a file's below the whole-preview size; a stored session's, whatever its size). */
  keepsNone: boolean;
  read(): Promise<SessionPreview | null>;
}

/** Where a request's preview comes from: null for a request that gets none (not on disk, or too small). */
async function previewSource(request: OpenRequest, limits: PreviewLimits): Promise<PreviewSource | null> {
  if (request.kind === 'store') return storedSource(request, limits);
  if (request.kind !== 'path') return null;
  const filePath = path.resolve(request.path);
  const { size, mtimeMs } = await statSession(filePath);
  if (size < limits.minBytes) return null;
  // The page asks beside its check whether the file is a store: a store as a whole has no preview
  // (the page lists its sessions), found without reading it all.
  if (await isStoreFile(filePath)) return null;
  const partialOnly = size < limits.wholeMinBytes;
  return {
    key: ['file', filePath, size, mtimeMs],
    request: { kind: 'path', path: filePath },
    names: { name: path.basename(filePath), path: filePath },
    keepsNone: partialOnly,
    read: () => readSessionPreview(filePath, { turns: limits.turns, chunkBytes: limits.chunkBytes, partialOnly }),
  };
}

/**
 * A stored session's source: read from its store, when the store (with its log) is of a preview's
 * size (a smaller one opens whole as fast). Its session is previewed only when its own lines are of
 * that size too, and below the whole-preview size only when the preview does not hold every turn.
 */
async function storedSource(request: Extract<OpenRequest, { kind: 'store' }>, limits: PreviewLimits): Promise<PreviewSource | null> {
  const storePath = path.resolve(request.path);
  const { size, mtimeMs } = await statSession(storePath);
  const log = await stat(`${storePath}-wal`).catch(() => null);
  if (size + (log?.size ?? 0) < limits.minBytes) return null;
  const storeName = path.basename(storePath);
  const sessionId = request.storeSessionId;
  return {
    key: ['store', storePath, size, mtimeMs, log?.size ?? null, log?.mtimeMs ?? null, sessionId],
    request: { kind: 'store', path: storePath, storeSessionId: sessionId },
    names: { name: storeSessionName(storeName, sessionId), path: null, store: { path: storePath, name: storeName, sessionId } },
    keepsNone: true,
    async read() {
      // The store's reader is loaded for a stored session only.
      const [{ SessionStore }, { readStoredPreview }] = await Promise.all([
        import('../store/session-store.js'),
        import('../preview/read-stored-preview.js'),
      ]);
      // The open that follows takes what this read read, when the store is unchanged: the session's rows
      // (file-pages.ts), or the store's snapshot when it is read whole (snapshot.ts).
      const store = await SessionStore.open({ file: storePath }, { readAgain: true });
      try {
        const read = await readStoredPreview(store, sessionId, { turns: limits.turns });
        if (!read || read.size < limits.minBytes || (read.size < limits.wholeMinBytes && read.turns >= read.totalTurns)) return null;
        return read;
      } finally {
        store.close();
      }
    },
  };
}
