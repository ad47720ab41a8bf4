/** The store picker: the sessions of an OpenClaw SQLite store, to choose the one to inspect. */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { StoreSessionSummary } from '../../shared/api.js';
import { useApp, useAppStore } from '../store/context.js';

const when = (ms: number | null): string => (ms === null ? '—' : new Date(ms).toLocaleString());

function windowText(session: StoreSessionSummary): string {
  const parts = [session.current ? 'current' : 'earlier window'];
  if (session.reason) parts.push(session.reason);
  if (session.previousSessionIds.length > 0)
    parts.push(`after ${session.previousSessionIds.length} earlier window${session.previousSessionIds.length === 1 ? '' : 's'}`);
  if (session.forkedFrom) parts.push(`forked from ${session.forkedFrom.key ?? session.forkedFrom.sessionId ?? 'another session'}`);
  return parts.join(' · ');
}

const matches = (session: StoreSessionSummary, text: string): boolean =>
  [session.sessionId, session.key, session.label, session.lastModel?.provider, session.lastModel?.modelId]
    .filter((v): v is string => typeof v === 'string')
    .some((v) => v.toLowerCase().includes(text));

/** The picker; shown while the session slice holds a store's listing. */
export function StorePicker() {
  const store = useAppStore();
  const picker = useApp((s) => s.session.store);
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState(0);
  const dialog = useRef<HTMLDivElement>(null);
  const sessions = useMemo(() => {
    const text = filter.trim().toLowerCase();
    return (picker?.listing.sessions ?? []).filter((s) => text === '' || matches(s, text));
  }, [picker, filter]);

  useEffect(() => {
    setFilter('');
    setSelected(0);
    if (picker) dialog.current?.focus();
  }, [picker]);

  if (!picker) return null;
  const { listing } = picker;
  const close = () => store.getState().closeStorePicker();
  const choose = (session: StoreSessionSummary | undefined) => {
    if (session && !session.unavailable) void store.getState().openStoredSession(session.sessionId);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
    else if (e.key === 'ArrowDown') setSelected((i) => Math.min(sessions.length - 1, i + 1));
    else if (e.key === 'ArrowUp') setSelected((i) => Math.max(0, i - 1));
    else if (e.key === 'Enter') choose(sessions[selected]);
    else return;
    e.preventDefault();
  };
  return (
    <div className="modal-backdrop" role="presentation">
      <div
        className="modal store-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby="store-picker-title"
        tabIndex={-1}
        ref={dialog}
        onKeyDown={onKey}
        data-testid="store-picker"
      >
        <h2 id="store-picker-title">Sessions in {listing.name}</h2>
        {listing.path && <p className="muted small path-hint">{listing.path}</p>}
        <p className="small" data-testid="store-summary">
          OpenClaw session store{listing.agentId ? ` of agent “${listing.agentId}”` : ''}
          {listing.appVersion ? `, written by OpenClaw ${listing.appVersion}` : ''} (schema {listing.schemaVersion ?? '?'}) —{' '}
          {listing.sessions.length} session{listing.sessions.length === 1 ? '' : 's'}
          {listing.walFrames > 0 ? `, the latest read from its write-ahead log (${listing.walFrames} pages)` : ''}. Read-only: the store is
          never written; a session is repaired by exporting it as JSONL.
        </p>
        {listing.notes.map((note) => (
          <p key={note} className="small muted">
            Note: {note}
          </p>
        ))}
        <input
          type="search"
          className="store-filter"
          placeholder="Filter by key, label, model or id"
          aria-label="Filter the sessions"
          data-testid="store-filter"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setSelected(0);
          }}
        />
        <table className="store-sessions" data-testid="store-sessions">
          <thead>
            <tr>
              <th>Session</th>
              <th>Window</th>
              <th>Last model</th>
              <th className="num">Messages</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session, i) => (
              <tr
                key={session.sessionId}
                data-testid="store-session-row"
                data-session-id={session.sessionId}
                aria-selected={i === selected}
                aria-disabled={session.unavailable ? true : undefined}
                className={i === selected ? 'selected' : undefined}
                title={session.unavailable ?? session.sessionId}
                onClick={() => setSelected(i)}
                onDoubleClick={() => choose(session)}
              >
                <td>
                  <div>{session.key ?? '(no key)'}</div>
                  <div className="muted small">
                    {session.label ? `${session.label} · ` : ''}
                    <code>{session.sessionId}</code>
                  </div>
                  {session.unavailable && <div className="small error">{session.unavailable}</div>}
                </td>
                <td className="small">{windowText(session)}</td>
                <td className="small">{session.lastModel ? `${session.lastModel.provider} / ${session.lastModel.modelId}` : '—'}</td>
                <td className="num">{session.messages}</td>
                <td className="small">{when(session.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {sessions.length === 0 && <p className="muted">No session matches.</p>}
        <div className="buttons">
          <button type="button" onClick={close} data-testid="store-picker-cancel">
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            data-testid="store-picker-open"
            disabled={!sessions[selected] || Boolean(sessions[selected].unavailable)}
            onClick={() => choose(sessions[selected])}
          >
            Open session
          </button>
        </div>
      </div>
    </div>
  );
}
