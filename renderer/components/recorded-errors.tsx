/** The errors the session recorded itself (failed turns), grouped by answer; clicking one reveals its turn. */
import { useMemo, useState } from 'react';
import { groupRecordedErrors } from '../../shared/errors/recorded-groups.js';
import { CATEGORY_LABELS } from '../../shared/errors/labels.js';
import { useApp, useAppStore } from '../store/context.js';
import { EvidenceList } from './error-box.js';

/** Errors listed per group before "Show more" (a retry loop can record hundreds). */
const PAGE = 50;

function excerpt(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(no error message)';
  return flat.length > 160 ? `${flat.slice(0, 157)}…` : flat;
}

export function RecordedErrors() {
  const errors = useApp((s) => s.inspection.summary?.recordedErrors);
  const focus = useApp((s) => s.ui.focus);
  const store = useAppStore();
  const groups = useMemo(() => groupRecordedErrors(errors ?? []), [errors]);
  const [limits, setLimits] = useState<Map<string, number>>(new Map());
  if (!errors || errors.length === 0) return null;
  const selectedTurn = focus?.kind === 'turn' && focus.side === 'original' ? focus.index : null;
  return (
    <div className="recorded-errors" data-testid="recorded-errors" data-count={errors.length}>
      {groups.map(({ group, answer, errors: list }) => {
        const limit = limits.get(group) ?? PAGE;
        return (
          <section key={group} className="recorded-group" data-group={group} data-category={answer?.category ?? 'unknown'}>
            <div className="recorded-title">
              <span className={`category category-${answer?.category ?? 'unknown'}`}>{CATEGORY_LABELS[answer?.category ?? 'unknown']}</span>{' '}
              {answer?.check && <code>{answer.check}</code>} <span className="count">{list.length}</span>
            </div>
            <ul>
              {list.slice(0, limit).map((e) => (
                <li key={e.turn}>
                  <button
                    type="button"
                    className={`recorded-error-item${selectedTurn === e.turn ? ' selected' : ''}`}
                    data-testid="recorded-error-item"
                    data-turn={e.turn}
                    data-line={e.line ?? ''}
                    title={e.message.slice(0, 2000)}
                    onClick={() => {
                      // A failed turn is left out of the wire payload: only the transcript view has lines for it.
                      store.getState().setView('transcript');
                      store.getState().selectTurn('original', e.turn);
                    }}
                  >
                    <span className="turn-ref">
                      turn #{e.turn}
                      {e.line !== null ? ` · line ${e.line}` : ''}
                    </span>{' '}
                    <span className="detail">{excerpt(e.message)}</span>
                  </button>
                </li>
              ))}
            </ul>
            {list.length > limit && (
              <button type="button" className="link more" onClick={() => setLimits(new Map(limits).set(group, limit + PAGE))}>
                Show {Math.min(PAGE, list.length - limit)} more of {list.length - limit}
              </button>
            )}
            {answer && (
              <div className="small error-action">
                <strong>What to do:</strong> {answer.action}
              </div>
            )}
            {answer && <EvidenceList evidence={answer.evidence.slice(0, 4)} />}
          </section>
        );
      })}
    </div>
  );
}
