/** The repair-on-disk dialog: the plan with reasons, a confirmation, the result, and Undo. */
import { useEffect, useRef } from 'react';
import { repairedSentence } from '../../shared/repair/plan-view.js';
import type { RepairAction, RepairResult } from '../../shared/inspection.js';
import { isForceableRefusal, type ForceableRefusal } from '../../shared/repair/refusal.js';
import { useApp, useAppStore } from '../store/context.js';
import type { Commands } from './commands.js';
import { chosenActions, FilePlanView } from './repair-plan-view.js';

/** What "Repair anyway" does, for each refusal it overrides. */
const FORCE_TITLES: Record<ForceableRefusal, string> = {
  'open for writing': 'Replace the file now; what the other process writes afterwards stays in the old file, kept as the backup',
  'has other links': 'Replace this name only; the other names (hard links) keep the old bytes',
};

function clip(text: string | undefined): string {
  if (text === undefined) return '';
  return text.length > 240 ? `${text.slice(0, 237)}…` : text;
}

function ActionRow({ action }: { action: RepairAction }) {
  return (
    <li className={`repair-action repair-${action.kind}`} data-code={action.code}>
      <div>
        <span className={`action action-${action.kind}`}>{action.kind}</span> <span className="turn-ref">line {action.line}</span>{' '}
        <code className="muted small">{action.code}</code>
      </div>
      <div className="small">{action.reason}</div>
      {action.before !== undefined && <pre className="before">{clip(action.before)}</pre>}
      {action.after !== undefined && <pre className="after">{clip(action.after)}</pre>}
    </li>
  );
}

/** What a repair did, in one sentence, and where the original bytes are. */
function ResultView({ result, name }: { result: RepairResult; name: string | undefined }) {
  // What the host noted after its summary (a writer still holding the old file, bytes carried over, other hard links).
  const notes =
    result.status === 'repaired' && result.plan
      ? result.message
          .split(/\.\s+(?=[A-Z])/)
          .slice(1)
          .join('. ')
      : '';
  return (
    <div className={`repair-result result-${result.status}`} role="status" data-testid="repair-result">
      <p>
        {result.status === 'repaired' && result.plan ? (
          <strong>{repairedSentence(name ?? 'The file', result.plan.counts)}</strong>
        ) : (
          <>
            <strong>{result.status === 'refused' ? 'Refused.' : 'Nothing to do.'}</strong> {result.message}
          </>
        )}
      </p>
      {notes && (
        <p className="small" data-testid="repair-notes">
          {notes}
        </p>
      )}
      {result.status === 'refused' && result.reason && <p className="error">{result.reason}</p>}
      {result.backupPath && (
        <p className="small" data-testid="repair-backup">
          The original bytes are kept at <code>{result.backupPath}</code>.
        </p>
      )}
      {result.cleanedStaleTempFiles && result.cleanedStaleTempFiles.length > 0 && (
        <p className="small muted">Removed stale temporary files: {result.cleanedStaleTempFiles.join(', ')}</p>
      )}
    </div>
  );
}

/** The dialog; shown while the repair slice is not idle. */
export function RepairDialog({ commands }: { commands: Commands }) {
  const store = useAppStore();
  const phase = useApp((s) => s.repair.phase);
  const plan = useApp((s) => s.repair.plan);
  const result = useApp((s) => s.repair.result);
  const error = useApp((s) => s.repair.error);
  const info = useApp((s) => s.session.info);
  const skipped = useApp((s) => s.repair.skipped);
  const undo = useApp((s) => s.repair.undo);
  const undone = useApp((s) => s.repair.undone);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (phase === 'idle') return;
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && store.getState().repair.phase !== 'writing') store.getState().closeRepair();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [phase, store]);

  if (phase === 'idle') return null;
  const close = () => store.getState().closeRepair();
  const changes = plan ? chosenActions(plan, skipped) : 0;
  const canConfirm = phase === 'review' && plan?.needed === true && !plan.refusal && changes > 0;
  // Undo is offered while the session shows the very bytes the repair wrote.
  const canUndo = undo !== null && phase !== 'writing' && undo.sessionId === info?.sessionId && undo.digestAfter === info.digest;
  return (
    <div className="modal-backdrop" role="presentation">
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="repair-title"
        tabIndex={-1}
        ref={dialog}
        data-testid="repair-plan"
        data-phase={phase}
        data-status={result?.status ?? ''}
      >
        <h2 id="repair-title">Repair on disk{info ? `: ${info.name}` : ''}</h2>
        {info?.path && <p className="muted small path-hint">{info.path}</p>}
        {info?.store?.path && <p className="muted small path-hint">{info.store.path}</p>}
        {phase === 'planning' && <p role="status">Reading the file and planning the repair…</p>}
        {phase === 'writing' && <p role="status">Writing atomically (backup, temporary file, rename)…</p>}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        {plan && phase === 'review' && info?.store && (
          <div data-testid="repair-store">
            <p className="error" role="alert" data-testid="repair-store-refusal">
              Not written: {plan.refusal}
            </p>
            {plan.needed ? (
              <>
                <p>The repaired JSONL export changes these lines (line N is event N − 1 of the store):</p>
                <ol className="repair-actions">
                  {plan.actions.map((action, i) => (
                    <ActionRow key={`${action.line}-${i}`} action={action} />
                  ))}
                </ol>
              </>
            ) : (
              <p>The session needs no repair: its JSONL export is already what a repair would write.</p>
            )}
          </div>
        )}
        {plan && phase === 'review' && !info?.store && (
          <>
            {plan.refusal ? (
              <p className="error" role="alert">
                Nothing can be repaired: {plan.refusal}
              </p>
            ) : !plan.needed ? (
              <p>The file needs no repair; it will be left byte-identical.</p>
            ) : (
              <FilePlanView plan={plan} />
            )}
          </>
        )}
        {result && phase === 'done' && <ResultView result={result} name={info?.name} />}
        {undone && phase === 'done' && (
          <div
            className={`repair-result result-${undone.status === 'restored' ? 'repaired' : 'refused'}`}
            role="status"
            data-testid="repair-undone"
          >
            <p>{undone.message}</p>
          </div>
        )}
        <div className="buttons">
          <button type="button" onClick={close} disabled={phase === 'writing'} data-testid="repair-cancel">
            {phase === 'done' ? 'Close' : 'Cancel'}
          </button>
          {phase === 'done' && result?.status === 'refused' && isForceableRefusal(result.reason) && (
            <button
              type="button"
              className="danger"
              data-testid="repair-force"
              title={FORCE_TITLES[result.reason]}
              onClick={() => void store.getState().confirmRepair(true)}
            >
              Repair anyway
            </button>
          )}
          {phase === 'review' && info?.store && (
            <button
              type="button"
              className="primary"
              data-testid="repair-export"
              onClick={() => {
                close();
                void commands.exportAs('repaired-jsonl', 'save');
              }}
            >
              Export repaired JSONL…
            </button>
          )}
          {canUndo && (
            <button
              type="button"
              data-testid="repair-undo"
              onClick={() => void store.getState().undoRepair()}
              title={`Put back ${undo.backupPath}`}
            >
              Undo repair
            </button>
          )}
          {phase !== 'done' && !info?.store && (
            <button
              type="button"
              className="danger"
              data-testid="repair-confirm"
              disabled={!canConfirm}
              onClick={() => void store.getState().confirmRepair()}
            >
              {plan?.needed && !plan.refusal ? `Repair (${changes} ${changes === 1 ? 'change' : 'changes'})` : 'Repair'}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
