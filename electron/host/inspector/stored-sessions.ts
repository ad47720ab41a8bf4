/**
 * What the Inspector does for sessions of OpenClaw SQLite stores, and for the JSONL exports every
 * session offers: list a store's sessions, read one as the session file it stands for, export a
 * session (whole, its branch, repaired), and refuse to repair a store in place.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OpenRequest, SessionInfo, StoreRequest } from '../../../shared/api.js';
import type { RepairPlan, RepairResult } from '../../../shared/inspection.js';
import type { SessionContext } from '../../../shared/session/context.js';
import type { ParseLinesOptions, ParsedSession } from '../../../shared/session/types.js';
import { isSqliteHeader, storeSessionName, type StoreListing } from '../../../shared/store.js';
import { digestOf } from '../repair/read-session.js';
import { InputError } from '../read-input.js';
import { startsWithArray } from '../load-session.js';
import { exportJsonl, planJsonlRepair } from '../jsonl-export.js';
import {
  exportStoredSession,
  isStoreFile,
  listStoreSessions,
  openStoredSession,
  storeRepairRefusal,
  type JsonlExportKind,
  type StoreSource,
} from '../store/index.js';
import { sampleSessionPath } from './sample-path.js';

/** A request for one stored session. */
export type StoredSessionRequest = Extract<OpenRequest, { kind: 'store' } | { kind: 'store-bytes' }>;

export const isStoredSessionRequest = (request: OpenRequest): request is StoredSessionRequest =>
  request.kind === 'store' || request.kind === 'store-bytes';

const sourceOf = (request: StoredSessionRequest): StoreSource =>
  request.kind === 'store' ? { file: path.resolve(request.path) } : { name: path.basename(request.name), bytes: request.bytes };

/** The sessions of a store named by a path or bytes; null when it is not a SQLite file. */
export async function listStore(request: StoreRequest): Promise<StoreListing | null> {
  if (request.kind === 'path') {
    const file = path.resolve(request.path);
    return (await isStoreFile(file)) ? listStoreSessions({ file }) : null;
  }
  return isSqliteHeader(request.bytes) ? listStoreSessions({ name: path.basename(request.name), bytes: request.bytes }) : null;
}

/** One stored session read for the Inspector: parsed, branched, and named as `store.sqlite#id`. */
export async function readStoredRequest(
  request: StoredSessionRequest,
  options: ParseLinesOptions,
): Promise<{
  parsed: ParsedSession;
  context: SessionContext;
  digest: string;
  size: number;
  name: string;
  store: NonNullable<SessionInfo['store']>;
}> {
  const opened = await openStoredSession(sourceOf(request), request.storeSessionId, options);
  const storeName = request.kind === 'store' ? path.basename(request.path) : path.basename(request.name);
  return {
    ...opened,
    name: storeSessionName(storeName, request.storeSessionId),
    store: { path: opened.storePath, name: storeName, sessionId: request.storeSessionId },
  };
}

/** The bytes of an opened session, read again from its source (they must still be the ones opened). */
export async function openedSessionBytes(request: OpenRequest, info: SessionInfo): Promise<Buffer> {
  let bytes: Buffer;
  if (isStoredSessionRequest(request)) bytes = (await exportStoredSession(sourceOf(request), request.storeSessionId, 'session')).bytes;
  else if (request.kind === 'path' || request.kind === 'sample')
    bytes = await readFile(request.kind === 'path' ? request.path : sampleSessionPath()).catch((error: Error) => {
      throw new InputError(`${info.name}: cannot be read again (${error.message})`);
    });
  else bytes = request.kind === 'bytes' ? Buffer.from(request.bytes) : Buffer.from(request.text, 'utf8');
  if (digestOf(bytes) !== info.digest)
    throw new InputError(`${info.name} changed since it was opened: reload it, then export (the export must be what the app shows)`);
  return bytes;
}

/** The JSONL bytes of an opened session (a JSON message array has no session lines). */
async function sessionJsonl(request: OpenRequest, info: SessionInfo): Promise<Buffer> {
  const bytes = await openedSessionBytes(request, info);
  if (info.format === 'messages-json' || startsWithArray(bytes))
    throw new InputError(`${info.name} is a JSON message array, not a JSONL session: it has no session lines to export`);
  return bytes;
}

/** Export an opened session as JSONL: every line, the header and active branch, or repaired. */
export async function exportSessionJsonl(
  request: OpenRequest,
  info: SessionInfo,
  kind: JsonlExportKind,
): Promise<{ fileName: string; text: string }> {
  const bytes = await sessionJsonl(request, info);
  const base = info.store ? info.store.sessionId : info.name.replace(/\.(jsonl|json)$/i, '');
  const exported = exportJsonl(bytes, base, kind);
  return { fileName: exported.fileName, text: exported.bytes.toString('utf8') };
}

/** `planRepair` of a stored session: the plan of its JSONL export (not applied), with the refusal for the store. */
export async function planStoredSessionRepair(request: OpenRequest, info: SessionInfo): Promise<RepairPlan> {
  const store = info.store!;
  const { plan } = planJsonlRepair(await sessionJsonl(request, info));
  return { ...plan, refusal: storeRepairRefusal(store.path ?? store.name, store.sessionId) };
}

/** `repair` of a stored session: always refused, nothing written. */
export function refuseStoredRepair(info: SessionInfo): RepairResult {
  const store = info.store!;
  const reason = storeRepairRefusal(store.path ?? store.name, store.sessionId);
  return { status: 'refused', reason, message: 'Refused: nothing was written.' };
}
