/**
 * The folder view: a virtualized table of a folder's sessions, filled while the scan runs, with sort,
 * filters, selection, batch repair and CSV/Markdown export. Opening a row shows it in the inspector;
 * the table stays mounted (hidden), so "Back to folder" returns to it where it was.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { STATUS_LABELS, folderCsv, folderMarkdown, relativeTo, statusText, type FolderSession } from '../../shared/folder.js';
import { downloadText } from '../components/commands.js';
import { errorMessage, formatBytes } from '../format.js';
import { useAppStore, useHost } from '../store/context.js';
import { FolderRepairDialog } from './folder-repair-dialog.js';
import { needsRepair, type FolderStore, type SortKey, type StatusFilter } from './folder-store.js';
import { distinct, visibleRows } from './rows.js';
import './folder.css';

const ROW_HEIGHT = 30;

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'file', label: 'File' },
  { key: 'agent', label: 'Agent' },
  { key: 'sessionKey', label: 'Session' },
  { key: 'size', label: 'Size' },
  { key: 'turns', label: 'Turns' },
  { key: 'lastModel', label: 'Last model' },
  { key: 'mtimeMs', label: 'Modified' },
  { key: 'status', label: 'Status' },
];

function Progress({ folders }: { folders: FolderStore }) {
  const done = useStore(folders, (s) => s.rows.length);
  const total = useStore(folders, (s) => s.total);
  const finished = useStore(folders, (s) => s.finished);
  const cancelled = useStore(folders, (s) => s.cancelled);
  const error = useStore(folders, (s) => s.error);
  const percent = total > 0 ? Math.round((done / total) * 100) : finished ? 100 : 0;
  const text = error
    ? `Scan failed: ${error}`
    : cancelled
      ? `Cancelled after ${done} of ${total} sessions`
      : finished
        ? `${done} session(s) scanned`
        : `Scanning ${done} of ${total || '…'} sessions`;
  return (
    <div className="folder-progress" data-testid="folder-progress" data-finished={finished}>
      <progress max={100} value={percent} aria-label="Scan progress" />
      <span className="small">{text}</span>
      {!finished && (
        <button type="button" data-testid="folder-cancel" onClick={() => void folders.getState().cancel()}>
          Cancel
        </button>
      )}
    </div>
  );
}

function Filters({ folders }: { folders: FolderStore }) {
  const rows = useStore(folders, (s) => s.rows);
  const filter = useStore(folders, (s) => s.filter);
  const agents = useMemo(() => distinct(rows, (r) => r.agent), [rows]);
  const models = useMemo(() => distinct(rows, (r) => r.lastModel), [rows]);
  const set = folders.getState().setFilter;
  return (
    <div className="folder-filters">
      <select
        data-testid="folder-filter-status"
        aria-label="Status"
        value={filter.status}
        onChange={(e) => set({ status: e.target.value as StatusFilter })}
      >
        <option value="">Every status</option>
        {(Object.keys(STATUS_LABELS) as (keyof typeof STATUS_LABELS)[]).map((s) => (
          <option key={s} value={s}>
            {STATUS_LABELS[s]}
          </option>
        ))}
        <option value="recorded-errors">recorded errors</option>
      </select>
      <select data-testid="folder-filter-agent" aria-label="Agent" value={filter.agent} onChange={(e) => set({ agent: e.target.value })}>
        <option value="">Every agent</option>
        {agents.map((a) => (
          <option key={a}>{a}</option>
        ))}
      </select>
      <select data-testid="folder-filter-model" aria-label="Model" value={filter.model} onChange={(e) => set({ model: e.target.value })}>
        <option value="">Every model</option>
        {models.map((m) => (
          <option key={m}>{m}</option>
        ))}
      </select>
      <input
        type="search"
        data-testid="folder-filter-text"
        placeholder="Filter: file, session key, label…"
        aria-label="Filter text"
        value={filter.text}
        onChange={(e) => set({ text: e.target.value })}
      />
    </div>
  );
}

function Row({
  row,
  dir,
  folders,
  onOpen,
}: {
  row: FolderSession;
  dir: string;
  folders: FolderStore;
  onOpen: (row: FolderSession) => void;
}) {
  const selected = useStore(folders, (s) => s.selected.has(row.file));
  const rel = relativeTo(dir, row.file);
  return (
    <div role="row" className="folder-row" data-testid="folder-row" data-status={row.status} data-file={rel} aria-selected={selected}>
      <span role="cell">
        <input
          type="checkbox"
          data-testid="folder-row-select"
          aria-label={`Select ${rel}`}
          checked={selected}
          onChange={(e) => folders.getState().toggle(row.file, e.target.checked)}
        />
      </span>
      <span role="cell" className="folder-file">
        <button type="button" className="link" data-testid="folder-row-open" title={row.file} onClick={() => onOpen(row)}>
          {rel}
        </button>
      </span>
      <span role="cell">{row.agent}</span>
      <span role="cell" title={[row.sessionKey, row.label, row.channel].filter(Boolean).join(' · ')}>
        {row.sessionKey ?? ''}
        {row.label ? <span className="muted"> {row.label}</span> : null}
        {row.channel ? <span className="muted"> · {row.channel}</span> : null}
      </span>
      <span role="cell" className="num">
        {formatBytes(row.size)}
      </span>
      <span role="cell" className="num">
        {row.turns}
      </span>
      <span role="cell">{row.lastModel ?? '—'}</span>
      <span role="cell">{row.mtimeMs > 0 ? new Date(row.mtimeMs).toLocaleString() : ''}</span>
      <span role="cell" title={row.reason ?? detail(row)}>
        <span className={`folder-status status-${row.status}`} data-testid="folder-status">
          {statusText(row)}
        </span>
        <span className="muted small"> {detail(row)}</span>
      </span>
    </div>
  );
}

function detail(row: FolderSession): string {
  const parts: string[] = [];
  if (row.repairLines > 0)
    parts.push(
      `${row.lines.dropped} dropped, ${row.lines.rewritten} rewritten${row.lines.inserted ? `, ${row.lines.inserted} inserted` : ''}`,
    );
  if (row.findings > 0) parts.push(`${row.findings} preflight finding(s)`);
  if (row.recordedErrors > 0 && row.status !== 'clean') parts.push(`${row.recordedErrors} recorded error(s)`);
  return parts.join(' · ');
}

/** The table and its tools; hidden (not unmounted) while the inspector shows a session. */
export function FolderView({ folders }: { folders: FolderStore }) {
  const host = useHost();
  const app = useAppStore();
  const visible = useStore(folders, (s) => s.visible);
  const dir = useStore(folders, (s) => s.dir);
  const rows = useStore(folders, (s) => s.rows);
  const filter = useStore(folders, (s) => s.filter);
  const sort = useStore(folders, (s) => s.sort);
  const skipped = useStore(folders, (s) => s.skipped);
  const selectedCount = useStore(folders, (s) => s.selected.size);
  const shown = useMemo(() => visibleRows(rows, filter, sort), [rows, filter, sort]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  if (!dir) return null;

  const open = (row: FolderSession) => {
    folders.getState().show(false);
    void app
      .getState()
      .openSession(
        row.store ? { kind: 'store', path: row.store.path, storeSessionId: row.store.sessionId } : { kind: 'path', path: row.file },
      );
  };
  const exportAs = async (kind: 'csv' | 'md') => {
    const name = `sessions.${kind}`;
    const text = kind === 'csv' ? folderCsv(dir, shown) : folderMarkdown(dir, shown, skipped);
    try {
      const saved = await host.api.saveText(name, text);
      if (saved.saved) app.getState().pushToast({ kind: 'success', text: `Saved ${saved.path ?? name}` });
      else if (host.mode === 'web') downloadText(name, text);
    } catch (error) {
      app.getState().pushToast({ kind: 'error', text: `Export failed: ${errorMessage(error)}` });
    }
  };
  const repairable = rows.filter(needsRepair).length;

  return (
    <>
      {!visible && (
        <button type="button" className="folder-back" data-testid="folder-back" onClick={() => folders.getState().show(true)} title={dir}>
          ← Back to folder ({rows.length} sessions)
        </button>
      )}
      <section className="folder-view" hidden={!visible} aria-label="Folder of sessions" data-testid="folder-view">
        <header className="folder-header">
          <strong title={dir}>{dir}</strong>
          <Progress folders={folders} />
        </header>
        <div className="folder-tools">
          <Filters folders={folders} />
          <span className="muted small" data-testid="folder-shown">
            {shown.length} of {rows.length} shown
          </span>
          <button
            type="button"
            data-testid="folder-select-repair"
            disabled={repairable === 0}
            onClick={() => folders.getState().selectNeedingRepair()}
          >
            Select all needing repair ({repairable})
          </button>
          <button
            type="button"
            className="primary"
            data-testid="folder-repair"
            disabled={selectedCount === 0}
            onClick={() => folders.getState().planRepair()}
          >
            Repair {selectedCount} selected…
          </button>
          <button type="button" data-testid="folder-export-csv" onClick={() => void exportAs('csv')}>
            Export CSV
          </button>
          <button type="button" data-testid="folder-export-md" onClick={() => void exportAs('md')}>
            Export Markdown
          </button>
        </div>
        {skipped.length > 0 && (
          <details className="folder-skipped small" data-testid="folder-skipped">
            <summary>{skipped.length} file(s) skipped</summary>
            <ul>
              {skipped.map((s) => (
                <li key={s.file}>
                  {relativeTo(dir, s.file)} — {s.reason}
                </li>
              ))}
            </ul>
          </details>
        )}
        <div className="folder-table" role="table" data-testid="folder-table" aria-rowcount={shown.length}>
          <div role="row" className="folder-row folder-head">
            <span role="columnheader" />
            {COLUMNS.map((c) => (
              <span
                role="columnheader"
                key={c.key}
                aria-sort={sort.key === c.key ? (sort.direction === 1 ? 'ascending' : 'descending') : 'none'}
              >
                <button
                  type="button"
                  className="link"
                  data-testid={`folder-sort-${c.key}`}
                  onClick={() => folders.getState().setSort(c.key)}
                >
                  {c.label}
                  {sort.key === c.key ? (sort.direction === 1 ? ' ▲' : ' ▼') : ''}
                </button>
              </span>
            ))}
          </div>
          <div className="folder-body" ref={scroller}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => (
                <div
                  key={shown[item.index].file}
                  style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
                >
                  <Row row={shown[item.index]} dir={dir} folders={folders} onOpen={open} />
                </div>
              ))}
            </div>
            {shown.length === 0 && (
              <div className="muted folder-empty">{rows.length === 0 ? 'No sessions yet.' : 'No session matches the filters.'}</div>
            )}
          </div>
        </div>
      </section>
      <FolderRepairDialog folders={folders} />
    </>
  );
}
