/** The sessions the Inspector holds open, by id: what each was opened from, its parse and its watcher. */
import type { OpenRequest, SessionInfo } from '../../../shared/api.js';
import type { SessionContext } from '../../../shared/session/context.js';
import type { ParsedSession } from '../../../shared/session/types.js';
import type { FileWatcher } from './file-watcher.js';

/** A request naming a session or inspection the service does not have (closed, evicted or never opened). */
export class UnknownIdError extends Error {
  override name = 'UnknownIdError';
}

/** One open session. */
export interface SessionRecord {
  info: SessionInfo;
  parsed: ParsedSession;
  /** The active branch and its messages, built once at open. */
  context: SessionContext;
  /** What to read again on reload: a path request always holds the resolved path. */
  request: OpenRequest;
  watcher: FileWatcher | null;
}

/** Open sessions by id. A closed session's watcher is stopped here; what else it held is its owner's to drop. */
export class SessionRegistry {
  private readonly sessions = new Map<string, SessionRecord>();

  add(record: SessionRecord): void {
    this.sessions.set(record.info.sessionId, record);
  }

  /** The session, or an UnknownIdError that says it was closed or never opened. */
  get(sessionId: string): SessionRecord {
    const record = this.sessions.get(sessionId);
    if (!record) throw new UnknownIdError(`unknown session ${sessionId}: it was closed or never opened`);
    return record;
  }

  /** True while `record` is still the session open under its id (not closed, not reopened meanwhile). */
  holds(record: SessionRecord): boolean {
    return this.sessions.get(record.info.sessionId) === record;
  }

  /** Forget a session and stop watching its file; the record, or undefined for an unknown id. */
  remove(sessionId: string): SessionRecord | undefined {
    const record = this.sessions.get(sessionId);
    if (!record) return undefined;
    record.watcher?.close();
    this.sessions.delete(sessionId);
    return record;
  }

  /** Stop every watcher and forget every session. */
  clear(): void {
    for (const record of this.sessions.values()) record.watcher?.close();
    this.sessions.clear();
  }
}
