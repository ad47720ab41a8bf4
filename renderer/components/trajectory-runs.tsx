/**
 * The runs OpenClaw recorded for the session (its trajectory, found beside the file or in its store,
 * or opened by hand): time, model, outcome, fallbacks and usage; choosing one shows it in the Recorded view.
 */
import { useRef } from 'react';
import type { TrajectoryRunSummary } from '../../shared/api.js';
import type { JsonValue } from '../../shared/types.js';
import { errorMessage, formatCount } from '../format.js';
import { useApp, useAppStore, useHost } from '../store/context.js';
import { HiddenFileInput } from './hidden-file-input.js';

const time = (ts: string | null) => (ts ? ts.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : 'unknown time');

function tokens(usage: JsonValue | null): string {
  if (!usage || typeof usage !== 'object' || Array.isArray(usage)) return '';
  const n = (k: string) => (typeof usage[k] === 'number' ? formatCount(usage[k] as number) : '?');
  return ` · ${n('input')} in / ${n('output')} out`;
}

function RunRow({ run, number }: { run: TrajectoryRunSummary; number: number }) {
  const store = useAppStore();
  const chosen = useApp((s) => s.trajectory.runId === run.runId);
  const verdict = useApp((s) => (s.trajectory.runId === run.runId ? (s.trajectory.comparison?.verdict ?? null) : null));
  return (
    <li>
      <button
        type="button"
        className={`trajectory-run${chosen ? ' chosen' : ''}`}
        data-testid="trajectory-run"
        data-run={run.runId}
        data-outcome={run.outcome}
        aria-pressed={chosen}
        title="Set the target to this run's model and show what it recorded beside the replay"
        onClick={() => void store.getState().chooseRun(run.runId)}
      >
        <span>
          <strong>#{number}</strong> {time(run.startedAt)}
        </span>
        <span className="muted small">
          {run.provider}/{run.modelId} · <span className={`outcome-${run.outcome}`}>{run.outcome}</span>
          {tokens(run.usage)}
          {run.fallbackSteps.length > 0 &&
            ` · ${run.fallbackSteps.length} fallback (${run.fallbackSteps.map((f) => `${f.from} → ${f.to ?? 'none'}`).join(', ')})`}
        </span>
        {verdict && (
          <span className={`badge verdict-${verdict}`} data-testid="trajectory-run-verdict">
            {verdict}
          </span>
        )}
      </button>
    </li>
  );
}

/** The side panel's list of recorded runs, with the button that opens a trajectory by hand. */
export function TrajectoryRuns() {
  const store = useAppStore();
  const host = useHost();
  const input = useRef<HTMLInputElement>(null);
  const { listing, loading, error } = useApp((s) => s.trajectory);
  const pick = async () => {
    if (host.mode === 'web') return input.current?.click();
    try {
      const request = await host.api.pickFile();
      if (request && (request.kind === 'path' || request.kind === 'bytes')) await store.getState().loadTrajectory(request);
    } catch (e) {
      store.getState().pushToast({ kind: 'error', text: `Could not open the trajectory: ${errorMessage(e)}` });
    }
  };
  return (
    <div className="trajectory-runs" data-testid="trajectory-runs">
      {loading && <p role="status">Reading the trajectory…</p>}
      {error && <p className="error-text">{error}</p>}
      {!loading && !listing && !error && (
        <p className="muted small">No trajectory beside this session (OpenClaw writes one next to it, or in its store).</p>
      )}
      {listing && (
        <>
          <p className="muted small" data-testid="trajectory-source">
            {listing.source}
          </p>
          <ol className="trajectory-list">
            {listing.runs.map((run, i) => (
              <RunRow key={run.runId} run={run} number={i + 1} />
            ))}
          </ol>
          {listing.problems.length > 0 && (
            <ul className="trajectory-problems" data-testid="trajectory-problems">
              {listing.problems.map((p) => (
                <li key={p} className="error-text small">
                  {p}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <button
        type="button"
        data-testid="open-trajectory"
        onClick={() => void pick()}
        title="Open a .trajectory.jsonl OpenClaw recorded for this session"
      >
        Trajectory…
      </button>
      <HiddenFileInput
        ref={input}
        accept=".jsonl,application/json"
        testId="trajectory-input"
        onFile={(file) =>
          void file
            .arrayBuffer()
            .then((buffer) => store.getState().loadTrajectory({ kind: 'bytes', name: file.name, bytes: new Uint8Array(buffer) }))
        }
      />
    </div>
  );
}
