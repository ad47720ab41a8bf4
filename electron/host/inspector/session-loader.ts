/**
 * Reading what `open` was given into a session: the parse, the active branch, the diagnostics and the
 * target the session last recorded. Files are read in chunks (never whole), bytes and text at once.
 */
import path from 'node:path';
import type { OpenRequest, ProgressEvent, SessionInfo } from '../../../shared/api.js';
import { buildContext, type SessionContext } from '../../../shared/session/context.js';
import type { ParseLinesOptions, ParsedSession } from '../../../shared/session/types.js';
import type { Target } from '../../../shared/types.js';
import { lookupCatalogModel } from '../catalog.js';
import { defaultImageCodec } from '../image-codec.js';
import { codecOnDemand } from '../images/prewarm.js';
import { digestBytes, parseSessionBytes } from '../load-session.js';
import type { FileVersion } from '../read-input.js';
import { findLastRepair } from '../repair/kept-backup.js';
import { readSessionFile } from '../stream-session.js';
import { completeTarget } from '../targets.js';
import { throttleProgress } from './read-progress.js';
import { sampleSessionPath } from './sample-path.js';
import { isStoredSessionRequest, readStoredRequest } from './stored-sessions.js';

/** How sessions are read: image limits for the early image work, chunk size, progress reporting. */
export interface LoaderOptions {
  imageMaxDimensionPx?: number;
  chunkBytes?: number;
  progressIntervalMs?: number;
  /** Where a file read for an operation reports its progress (throttled, then a final event). */
  onProgress(event: ProgressEvent): void;
}

/** A session as read, before it gets an entry in the registry. */
export interface LoadedSession {
  info: SessionInfo;
  parsed: ParsedSession;
  context: SessionContext;
  /** The file as it was read (null for bytes, text and stored sessions): where watching it starts from. */
  version: FileVersion | null;
}

interface ReadSource {
  parsed: ParsedSession;
  digest: string;
  size: number;
  name: string;
  filePath: string | null;
  /** A stored session's branch, its diagnostics located by event; and its store. */
  context?: SessionContext;
  store?: SessionInfo['store'];
  /** A file's version when it was opened for the read. */
  version?: FileVersion;
}

/** Read and parse a source. Only an unreadable source fails; problems inside are diagnostics. */
async function readSource(
  request: OpenRequest,
  parseOptions: ParseLinesOptions,
  options: LoaderOptions,
  operation?: ProgressEvent['operation'],
): Promise<ReadSource> {
  if (isStoredSessionRequest(request)) return { ...(await readStoredRequest(request, parseOptions)), filePath: null };
  if (request.kind === 'path' || request.kind === 'sample') {
    const filePath = request.kind === 'path' ? path.resolve(request.path) : sampleSessionPath();
    const name = path.basename(filePath);
    const reporter = operation
      ? throttleProgress((done, total) => options.onProgress({ operation, name, path: filePath, done, total }), options.progressIntervalMs)
      : null;
    const read = await readSessionFile(filePath, { ...parseOptions, chunkBytes: options.chunkBytes, onProgress: reporter?.update });
    reporter?.finish();
    return { ...read, name, filePath };
  }
  const bytes = request.kind === 'bytes' ? request.bytes : Buffer.from(request.text, 'utf8');
  // Hash off the main thread while the lines are indexed and parsed.
  const digest = digestBytes(bytes);
  const parsed = parseSessionBytes(bytes, parseOptions);
  return { parsed, digest: await digest, size: bytes.byteLength, name: path.basename(request.name), filePath: null };
}

/**
 * Why a session cannot be repaired on disk. The sample is a file, but it ships with the app: a
 * support person repairing it would learn nothing and change the app. A stored session has its
 * own refusal, shown with its plan.
 */
export function repairRefusalOf(request: OpenRequest): string | null {
  if (request.kind === 'sample') return 'The sample ships with the app and is never repaired: open a session file (Open…) to repair it.';
  if (request.kind === 'bytes' || request.kind === 'text')
    return 'This session was dropped or pasted, so there is no file on disk to rewrite: open the file itself (Open…) to repair it.';
  return null;
}

/** The target of the model a session's branch last recorded, completed from the catalog (null: none, or unknown). */
export async function recordedTarget(context: SessionContext): Promise<Target | null> {
  const recorded = context.lastModel;
  if (!recorded) return null;
  try {
    const target = await completeTarget({ provider: recorded.provider, modelId: recorded.modelId, api: recorded.api }, { text: '' });
    const known = lookupCatalogModel(target.provider, target.modelId);
    if (known) target.reasoning = known.reasoning;
    return target;
  } catch {
    return null;
  }
}

/**
 * Read a session under a given id. `operation` names the wait the renderer shows (open, reload); a
 * re-read after a repair passes none and reports no progress.
 */
export async function loadSession(
  sessionId: string,
  request: OpenRequest,
  options: LoaderOptions,
  operation?: ProgressEvent['operation'],
): Promise<LoadedSession> {
  // Oversized images start shrinking on libuv's threads while the lines are parsed; the codec (sharp)
  // is loaded at the first image, so a session without any never loads it.
  const parseOptions = { onEntry: codecOnDemand(defaultImageCodec, options.imageMaxDimensionPx).onEntry };
  const { parsed, digest, size, name, filePath, ...read } = await readSource(request, parseOptions, options, operation);
  const context = read.context ?? buildContext(parsed);
  const diagnostics = [...parsed.diagnostics, ...context.diagnostics].sort((a, b) => a.line - b.line || a.column - b.column);
  const info: SessionInfo = {
    sessionId,
    name,
    path: filePath,
    sizeBytes: size,
    digest,
    format: parsed.format,
    lineCount: parsed.lineCount,
    turnCount: context.messages.length,
    diagnostics,
    defaultTarget: await recordedTarget(context),
    watched: false,
  };
  if (read.store) info.store = read.store;
  const refusal = repairRefusalOf(request);
  if (refusal) info.repairRefusal = refusal;
  const last = filePath && !read.store ? await undoableRepair(filePath, digest) : null;
  if (last) info.lastRepair = last;
  return { info, parsed, context, version: read.version ?? null };
}

/** The file's last repair with a kept backup, while the file holds exactly what it wrote (what "Undo last repair" needs). */
async function undoableRepair(file: string, digest: string): Promise<SessionInfo['lastRepair'] | null> {
  const last = await findLastRepair(file);
  if (!last.ok || last.record.digestAfter !== digest) return null;
  return { backupPath: last.backupPath, repairedAt: last.record.repairedAt, summary: last.record.summary };
}
