/** The pasted-error box: what kind of error it is, what to do, what the session confirms, the turns it points at. */
import { useRef, useState } from 'react';
import { CATEGORY_LABELS } from '../../shared/errors/labels.js';
import type { ErrorEvidence, ErrorExplanation } from '../../shared/inspection.js';
import { turnLabel } from '../../shared/text/numbering.js';
import { useApp, useAppStore } from '../store/context.js';

function mark(confirmed: boolean | null): string {
  if (confirmed === true) return '✓';
  if (confirmed === false) return '✗';
  return '·';
}

function evidenceTitle(confirmed: boolean | null): string {
  if (confirmed === true) return 'The session confirms this';
  if (confirmed === false) return 'The session contradicts this';
  return 'Read from the error';
}

/** What an answer rests on, each fact marked confirmed, contradicted or only read. */
export function EvidenceList({ evidence }: { evidence: ErrorEvidence[] }) {
  if (evidence.length === 0) return null;
  return (
    <ul className="evidence" data-testid="error-evidence">
      {evidence.map((e, i) => (
        <li key={i} data-confirmed={e.confirmed === null ? 'unknown' : String(e.confirmed)} title={evidenceTitle(e.confirmed)}>
          <span className="evidence-mark" aria-hidden="true">
            {mark(e.confirmed)}
          </span>{' '}
          {e.fact}
        </li>
      ))}
    </ul>
  );
}

/** One answer: category, check and rule, explanation, action, evidence, turns, and a switch of target when it belongs to another one. */
export function ExplanationItem({ answer }: { answer: ErrorExplanation }) {
  const store = useAppStore();
  const target = answer.switchTarget;
  return (
    <li data-testid="error-explanation" data-category={answer.category} data-check={answer.check ?? ''} data-rule={answer.rule ?? ''}>
      <div>
        <span className={`category category-${answer.category}`} data-testid="error-category">
          {CATEGORY_LABELS[answer.category]}
        </span>{' '}
        {answer.check && <code>{answer.check}</code>}{' '}
        <span className="muted small">
          {Math.round(answer.confidence * 100)}%{answer.rule ? ` · fixed by ${answer.rule}` : ''}
        </span>
      </div>
      <div className="small">{answer.explanation}</div>
      <div className="small error-action" data-testid="error-action">
        <strong>What to do:</strong> {answer.action}
      </div>
      <EvidenceList evidence={answer.evidence} />
      {answer.turns.length > 0 && (
        <div className="small" data-testid="error-turns">
          turns:{' '}
          {answer.turns.map((turn) => (
            <button
              key={turn}
              type="button"
              className="link"
              data-turn={turn}
              onClick={() => store.getState().selectTurn('original', turn)}
            >
              {turnLabel(turn)}
            </button>
          ))}
        </div>
      )}
      {target && (
        <button
          type="button"
          className="link small"
          data-testid="error-switch-target"
          title="Inspect this session for the target the error was raised for"
          onClick={() => void store.getState().setTarget(target)}
        >
          Switch target to {target.provider}/{target.modelId}
        </button>
      )}
    </li>
  );
}

/** Paste a provider error; the answers are listed and the checks and rules they name are highlighted. */
export function ErrorBox() {
  const store = useAppStore();
  const explanations = useApp((s) => s.ui.explanations);
  const explaining = useApp((s) => s.ui.explaining);
  const errorText = useApp((s) => s.ui.errorText);
  const [text, setText] = useState(errorText);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onChange = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    // Matching runs in the host: wait for the paste/typing to settle.
    timer.current = setTimeout(() => void store.getState().explainError(value), 250);
  };
  return (
    <div className="error-box">
      <textarea
        data-testid="error-input"
        placeholder="Paste a provider error (e.g. “tool_use ids were found without tool_result blocks…”, a 429, an HTML error page)"
        value={text}
        onChange={(e) => onChange(e.target.value)}
        rows={3}
        spellCheck={false}
      />
      {explaining && (
        <div className="muted small" role="status">
          Matching…
        </div>
      )}
      {text.trim() && !explaining && explanations.length === 0 && <div className="muted small">No answer for this text.</div>}
      {explanations.length > 0 && (
        <ul className="explanations" data-testid="error-explanations">
          {explanations.map((e, i) => (
            <ExplanationItem key={`${e.category}-${e.check ?? ''}-${i}`} answer={e} />
          ))}
        </ul>
      )}
    </div>
  );
}
