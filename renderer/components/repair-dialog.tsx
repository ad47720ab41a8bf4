/** The repair-on-disk dialog: the plan with reasons, a confirmation, and the result. */
import { useEffect, useRef } from 'react';
import type { RepairAction, RepairResult } from '../../shared/inspection.js';
import { isForceableRefusal, type ForceableRefusal } from '../../shared/repair/refusal.js';
import { useApp, useAppStore } from '../store/context.js';
import type { Commands } from './commands.js';

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

/** What the repair did, or why it refused. */
function ResultPanel({ result }: { result: RepairResult }) {
  return (
    <div className={`repair-result result-${result.status}`} role="status" data-testid="repair-result">
      <p>
        <strong>{result.status === 'repaired' ? 'Repaired.' : result.status === 'refused' ? 'Refused.' : 'Nothing to do.'}</strong>{' '}
        {result.message}
      </p>
      {result.reason && <p className="error">{result.reason}</p>}
      {result.backupPath && (
        <p className="small">
          The backup was kept at <code>{result.backupPath}</code>.
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
  const canConfirm = phase === 'review' && plan?.needed === true && !plan.refusal;
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
              <>
                <p>
                  This rewrites the session file. Lines that are not listed are written back byte for byte. A backup is made first and
                  removed after the atomic replace.
                </p>
                <ul className="repair-counts">
                  <li>{plan.counts.droppedLines} lines dropped</li>
                  <li>{plan.counts.rewrittenAssistantMessages} assistant turns rewritten</li>
                  <li>{plan.counts.rewrittenUserMessages} user turns rewritten</li>
                  <li>{plan.counts.removedCorruptedImageBlocks} corrupted images replaced</li>
                  <li>{plan.counts.insertedToolResults} tool results inserted</li>
                  {plan.counts.recoveredLines > 0 && <li>{plan.counts.recoveredLines} damaged lines recovered</li>}
                </ul>
                <ol className="repair-actions">
                  {plan.actions.map((action, i) => (
                    <ActionRow key={`${action.line}-${i}`} action={action} />
                  ))}
                </ol>
              </>
            )}
          </>
        )}
        {result && phase === 'done' && <ResultPanel result={result} />}
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
          {phase !== 'done' && !info?.store && (
            <button
              type="button"
              className="danger"
              data-testid="repair-confirm"
              disabled={!canConfirm}
              onClick={() => void store.getState().confirmRepair()}
            >
              Repair {plan?.actions.length ? `${plan.actions.length} lines` : ''}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
