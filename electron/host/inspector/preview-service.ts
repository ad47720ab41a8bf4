/**
 * The first screen of a big session before it is read whole: its first turns inspected as a session
 * of their own, with the first window of both payloads. One preview is kept at a time.
 */
import path from 'node:path';
import type { DocumentText, DocumentView, DocumentWindow, InspectionSummary, OpenRequest, SessionInfo, Side } from '../../../shared/api.js';
import { previewWindow } from '../../../shared/document-windows.js';
import { DEFAULT_BEHAVIOUR } from '../../../shared/policy/spec-decisions.js';
import type { InspectOptions, Target } from '../../../shared/types.js';
import { readSessionPreview } from '../preview/read-preview.js';
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
  /** Keep an answer, closing the preview it replaces. */
  const keep = async (answer: typeof previewAnswer): Promise<void> => {
    const replaced = previewAnswer?.summary;
    previewAnswer = answer;
    if (replaced && replaced.sessionId !== answer?.summary?.sessionId) await host.close(replaced.sessionId);
  };

  return async (request, target, options) => {
    if (request.kind !== 'path') return null;
    const filePath = path.resolve(request.path);
    const { size, mtimeMs } = await statSession(filePath);
    if (size < (host.minBytes ?? PREVIEW_MIN_BYTES)) return null;
    // The page asks beside its check whether the file is a store: a store has no preview, found
    // without reading it all.
    if (await isStoreFile(filePath)) return null;
    // `serve FILE` previews the file to check it, then the page asks again: the answer is kept.
    const key = JSON.stringify([filePath, size, mtimeMs, target, optionsKey(options)]);
    if (previewAnswer?.key === key && (!previewAnswer.summary || host.hasInspection(previewAnswer.summary.inspectionId)))
      return previewAnswer.summary;
    const partialOnly = size < (host.wholeMinBytes ?? PREVIEW_WHOLE_MIN_BYTES);
    const read = await readSessionPreview(filePath, {
      turns: host.turns ?? PREVIEW_TURNS,
      chunkBytes: host.chunkBytes,
      partialOnly,
    }).catch(() => null);
    if (!read) {
      // Nothing to show below the whole-preview size (its first turns are all of it, say) is an answer
      // too: the page asks again after `serve FILE`.
      if (partialOnly) await keep({ key, summary: null });
      return null;
    }
    // The preview's context is the whole branch's but for its messages: the same recorded model.
    const recorded = await recordedTarget(read.context);
    const chosen = target ?? recorded;
    if (!chosen) return null;
    const sessionId = host.newId();
    const info: SessionInfo = {
      sessionId,
      name: path.basename(filePath),
      path: filePath,
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
    host.addSession({ info, parsed: read.parsed, context: read.context, request: { kind: 'path', path: filePath }, watcher: null });
    try {
      const summary = await host.inspect(sessionId, chosen, options);
      const window = previewWindow(read.turns, read.totalTurns, read.branchBytes);
      const [original, replay] = await Promise.all(
        (['original', 'replay'] as const).map((side) => host.getDocument(summary.inspectionId, side, 'payload', window)),
      );
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
  };
}
