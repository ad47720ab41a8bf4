/**
 * The batch repair dialog: one combined plan (per file, the lines dropped, rewritten or inserted),
 * files in use held back unless confirmed, one confirmation, then what was repaired, skipped or refused.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { relativeTo, type FolderSession } from '../../shared/folder.js';
import type { FolderStore } from './folder-store.js';

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
  const counts = repair.summary
    ? (['repaired', 'skipped', 'refused', 'not-needed'] as const).map(
        (s) => [s, repair.summary!.results.filter((r) => r.status === s).length] as const,
      )
    : [];

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
        {repair.phase === 'done' && (
          <div data-testid="folder-repair-summary">
            {repair.error ? (
              <p className="error">The batch repair failed: {repair.error}</p>
            ) : (
              <>
                <p>{counts.map(([s, n]) => `${n} ${s}`).join(' · ')}</p>
                <ul className="small">
                  {repair.summary!.results.map((r) => (
                    <li key={r.file} data-testid="folder-repair-result" data-status={r.status}>
                      <strong>{r.status}</strong> {relativeTo(dir, r.file)}
                      {r.reason && r.status !== 'repaired' ? ` — ${r.reason}` : ''}
                      {r.backupPath ? ` (backup kept: ${r.backupPath})` : ''}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <div className="folder-actions">
              <button type="button" className="primary" data-testid="folder-repair-close" onClick={() => state.closeRepair()}>
                Close
              </button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
