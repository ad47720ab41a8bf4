/**
 * Naming a session of an OpenClaw store on the command line: `DB#SESSION_ID`, or `DB --session ID`;
 * and what `inspect` / `repair` print when given a store without a session (its sessions).
 */
import { existsSync, statSync } from 'node:fs';
import { splitStoreArgument, storeSessionName, type StoreListing } from '../../shared/store.js';
import { isStoreFile } from '../host/store/discover.js';
import { UsageError } from './common.js';
import { terminalLines } from './terminal-text.js';

/** A session file, or one session of a store. */
export type SessionArgument = { file: string } | { store: string; sessionId: string };

/**
 * What a FILE argument names. `--session ID` makes it a store; otherwise `DB#ID` names a stored
 * session, unless a file of that very name exists (a `#` in an ordinary file name). A UsageError is
 * returned, not thrown: the caller reports it as it is.
 */
export function sessionArgument(arg: string, sessionFlag: string | undefined): SessionArgument | UsageError {
  if (sessionFlag !== undefined) {
    if (sessionFlag === '') return new UsageError('--session needs a session id');
    if (splitStoreArgument(arg) && !existsSync(arg))
      return new UsageError('give the session either as DB#SESSION_ID or with --session, not both');
    return { store: arg, sessionId: sessionFlag };
  }
  const split = splitStoreArgument(arg);
  if (split && !(existsSync(arg) && statSync(arg).isFile())) return split;
  return { file: arg };
}

/** How a session argument is named in reports: the file, or `store.sqlite#id` with the store's path. */
export function argumentLabel(source: SessionArgument): string {
  return 'file' in source ? source.file : storeSessionName(source.store, source.sessionId);
}

/** When FILE is a store and no session was named: its listing, for the user to choose from. */
export async function storeWithoutSession(source: SessionArgument): Promise<StoreListing | null> {
  if (!('file' in source) || !(await isStoreFile(source.file))) return null;
  // Only a store loads the store reader (sql.js and friends): every other inspect starts without it.
  const { listStoreSessions } = await import('../host/store/index.js');
  return listStoreSessions(source.file);
}

const when = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16));

/** A store's sessions as a table, with the way to name each one. */
export function renderStoreListing(file: string, listing: StoreListing): string {
  const out = [
    `${file}: OpenClaw session store${listing.agentId ? ` of agent "${listing.agentId}"` : ''}, schema ${listing.schemaVersion ?? '?'}${
      listing.appVersion ? ` (OpenClaw ${listing.appVersion})` : ''
    }, ${listing.sessions.length} session(s)${listing.walFrames > 0 ? `, ${listing.walFrames} page(s) read from its -wal` : ''}`,
  ];
  for (const note of listing.notes) out.push(`note: ${note}`);
  for (const s of listing.sessions) {
    const window = [s.current ? 'current' : 'earlier window', s.reason].filter(Boolean).join(', ');
    const chain = s.previousSessionIds.length > 0 ? `, after ${s.previousSessionIds.length} earlier window(s)` : '';
    const model = s.lastModel ? `${s.lastModel.provider}/${s.lastModel.modelId}` : 'no model';
    out.push(`  ${file}#${s.sessionId}`);
    out.push(
      `      ${s.key ?? '(no key)'}${s.label ? ` "${s.label}"` : ''} — ${window}${chain}; ${model}; ${s.messages} messages; updated ${when(s.updatedAt)}${
        s.unavailable ? `; cannot be read: ${s.unavailable}` : ''
      }`,
    );
  }
  // Keys, labels and reasons come from the store: escaped like everything else read from a session.
  return terminalLines(out);
}
