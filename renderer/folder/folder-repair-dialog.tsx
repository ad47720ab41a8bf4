/**
 * The batch repair dialog: one combined plan (per file, the lines dropped, rewritten or inserted),
 * files in use held back unless confirmed, one confirmation, then what was repaired, skipped or refused,
 * with Undo per repaired file while it is unchanged since.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { relativeTo, type FolderSession } from '../../shared/folder.js';
import type { BatchRepair, FolderStore } from './folder-store.js';

/** What a batch repair did, file by file, with Undo for each file it wrote (and for all of them). */
function RepairSummary({ folders, repair, dir }: { folders: FolderStore; repair: BatchRepair; dir: string }) {
  const state = folders.getState();
  if (repair.error || !repair.summary)
    return (
      <div data-testid="folder-repair-summary">
        <p className="error">The batch repair failed: {repair.error}</p>
        <CloseButton folders={folders} disabled={false} />
      </div>
    );
  const { results } = repair.summary;
  const counts = (['repaired', 'skipped', 'refused', 'not-needed'] as const).map((s) => [s, results.filter((r) => r.status === s).length]);
  const undoable = results.filter((r) => r.undoable && repair.undone[r.file]?.status !== 'restored').map((r) => r.file);
  const restored = results.filter((r) => repair.undone[r.file]?.status === 'restored').length;
  const busy = repair.undoing.length > 0;
  return (
    <div data-testid="folder-repair-summary">
      <p>
        {counts.map(([s, n]) => `${n} ${s}`).join(' · ')}
        {restored > 0 ? ` · ${restored} undone` : ''}
      </p>
      {results.some((r) => r.undoable) && (
        <p className="small muted">
          The original bytes of each repaired file are kept next to it (<code>….before-repair-&lt;time&gt;</code>). Undo puts them back,
          while the file still holds exactly what the repair wrote.
        </p>
      )}
      <ul className="small folder-repair-results">
        {results.map((r) => {
          const undone = repair.undone[r.file];
          return (
            <li key={r.file} data-testid="folder-repair-result" data-status={r.status} data-undo={undone?.status}>
              <strong>{undone?.status === 'restored' ? 'undone' : r.status}</strong> {relativeTo(dir, r.file)}
              {r.reason && r.status !== 'repaired' ? ` — ${r.reason}` : ''}
              {/* The backup sits next to the file: its name is enough, the full path is on hover. */}
              {r.backupPath && !undone ? <span title={r.backupPath}> (backup kept: {r.backupPath.split(/[\\/]/).pop()})</span> : ''}
              {undone && <span className={undone.status === 'refused' ? 'error' : undefined}> — {undone.message}</span>}
              {r.undoable && undone?.status !== 'restored' && (
                <button
                  type="button"
                  data-testid="folder-undo"
                  aria-label={`Undo the repair of ${relativeTo(dir, r.file)}`}
                  disabled={busy}
                  onClick={() => void state.undoRepair([r.file])}
                >
                  {repair.undoing.includes(r.file) ? 'Undoing…' : 'Undo'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <div className="folder-actions">
        {undoable.length > 0 && (
          <button type="button" data-testid="folder-undo-all" disabled={busy} onClick={() => void state.undoRepair(undoable)}>
            Undo all ({undoable.length})
          </button>
        )}
        <CloseButton folders={folders} disabled={busy} />
      </div>
    </div>
  );
}

function CloseButton({ folders, disabled }: { folders: FolderStore; disabled: boolean }) {
  return (
    <button
      type="button"
      className="primary"
      data-testid="folder-repair-close"
      disabled={disabled}
      onClick={() => folders.getState().closeRepair()}
    >
      Close
    </button>
  );
}

function PlanTable({ rows, dir }: { rows: FolderSession[]; dir: string }) {
  return (
    <table className="folder-plan small" data-testid="folder-repair-plan">
      <thead>
        <tr>
          <th>File</th>
          <th>Dropped</th>
          <th>Rewritten</th>
          <th>Inserted</th>
          <th>Note</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.file} data-testid="folder-plan-row">
            <td>{relativeTo(dir, r.file)}</td>
            <td className="num">{r.lines.dropped}</td>
            <td className="num">{r.lines.rewritten}</td>
            <td className="num">{r.lines.inserted}</td>
            <td>
              {r.store
                ? 'OpenClaw store: never written (export repaired JSONL instead)'
                : r.status === 'in-use'
                  ? `in use: ${r.reason ?? ''}`
                  : r.repairLines === 0
                    ? 'nothing to repair'
                    : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The dialog (nothing when no batch repair is under way). */
export function FolderRepairDialog({ folders }: { folders: FolderStore }) {
  const repair = useStore(folders, (s) => s.repair);
  const rows = useStore(folders, (s) => s.rows);
  const dir = useStore(folders, (s) => s.dir) ?? '';
  const chosen = useMemo(() => {
    const files = new Set(repair?.files ?? []);
    return rows.filter((r) => files.has(r.file));
  }, [repair, rows]);
  if (!repair) return null;
  const inUse = chosen.filter((r) => r.status === 'in-use' && r.repairLines > 0 && !r.store);
  const writable = chosen.filter((r) => r.repairLines > 0 && !r.store && (r.status !== 'in-use' || repair.includeInUse));
  const total = (pick: (r: FolderSession) => number) => writable.reduce((n, r) => n + pick(r), 0);
  const state = folders.getState();

  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && repair.phase !== 'running' && state.closeRepair()}>
      <div
        className="modal folder-repair"
        role="dialog"
        aria-modal="true"
        aria-label="Repair files on disk"
        data-testid="folder-repair-dialog"
        tabIndex={-1}
      >
        <h2>Repair {chosen.length} file(s) on disk</h2>
        {repair.phase !== 'done' && (
          <>
            <p className="small">
              {writable.length} file(s) will be rewritten: {total((r) => r.lines.dropped)} line(s) dropped,{' '}
              {total((r) => r.lines.rewritten)} rewritten, {total((r) => r.lines.inserted)} inserted. Each file is refused if it changed
              since it was scanned; each is replaced atomically, the lines not repaired kept byte for byte.
            </p>
            <PlanTable rows={chosen} dir={dir} />
            {inUse.length > 0 && (
              <label className="small">
                <input
                  type="checkbox"
                  data-testid="folder-repair-include-in-use"
                  checked={repair.includeInUse}
                  onChange={(e) => state.setIncludeInUse(e.target.checked)}
                />{' '}
                Also repair the {inUse.length} file(s) in use (an agent may be writing them: its next write could be lost)
              </label>
            )}
            <div className="folder-actions">
              <button type="button" onClick={() => state.closeRepair()} disabled={repair.phase === 'running'}>
                Cancel
              </button>
              <button
                type="button"
                className="primary"
                data-testid="folder-repair-confirm"
                disabled={repair.phase === 'running' || writable.length === 0}
                onClick={() => void state.runRepair()}
              >
                {repair.phase === 'running' ? 'Repairing…' : `Repair ${writable.length} file(s)`}
              </button>
            </div>
          </>
        )}
        {repair.phase === 'done' && <RepairSummary folders={folders} repair={repair} dir={dir} />}
      </div>
    </div>
  );
}
