/** The toolbar: open, sample, recent files, target, view toggle, behaviour toggle, export and repair. */
import { useState } from 'react';
import type { ExportKind } from '../../shared/api.js';
import type { Behaviour } from '../../shared/types.js';
import { baseName } from '../format.js';
import { useApp, useAppStore } from '../store/context.js';
import type { Commands } from './commands.js';
import { TargetPicker } from './target-picker.js';
import { useDismiss } from './use-dismiss.js';

const EXPORTS: { kind: ExportKind; label: string }[] = [
  { kind: 'payload-json', label: 'Replay payload (JSON)' },
  { kind: 'curl', label: 'Provider request (curl)' },
  { kind: 'report-markdown', label: 'Inspection report (Markdown)' },
  { kind: 'report-json', label: 'Inspection report (JSON)' },
  { kind: 'session-jsonl', label: 'Session as JSONL' },
  { kind: 'branch-jsonl', label: 'Active branch as JSONL' },
  { kind: 'repaired-jsonl', label: 'Repaired session (JSONL)' },
  { kind: 'session-redacted', label: 'Redacted session (for bug reports)' },
];

function RecentMenu() {
  const store = useAppStore();
  const info = useApp((s) => s.session.info);
  const recent = useApp((s) => s.session.recent);
  // While a large file is previewed it is not open yet, but it is what the screen shows.
  const opening = useApp((s) => s.session.opening);
  const label = info ? info.name : opening ? baseName(opening) : 'No session';
  const [open, setOpen] = useState(false);
  const ref = useDismiss(open, () => setOpen(false));
  return (
    <div className="menu" ref={ref}>
      <button
        type="button"
        className="file-button"
        data-testid="recent-button"
        aria-haspopup="menu"
        aria-expanded={open}
        title={info?.path ?? info?.name ?? (opening ? `Opening ${opening}` : 'Recent files')}
        onClick={() => {
          if (!open) void store.getState().loadRecent();
          setOpen(!open);
        }}
      >
        <span className="file-name">{label}</span> ▾
      </button>
      {open && (
        <div className="popover menu-list" role="menu" data-testid="recent-menu">
          <div className="menu-caption">Recent files</div>
          {recent.length === 0 && <div className="muted small menu-empty">Nothing opened from disk yet.</div>}
          {recent.map((path) => (
            <button
              key={path}
              type="button"
              role="menuitem"
              title={path}
              onClick={() => {
                setOpen(false);
                void store.getState().openSession({ kind: 'path', path });
              }}
            >
              <span>{baseName(path)}</span>
              <span className="muted small path-hint">{path}</span>
            </button>
          ))}
          {info?.path && (
            <>
              <div className="menu-sep" />
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  void store.getState().reloadSession();
                }}
              >
                Reload from disk
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

function ExportMenu({ commands }: { commands: Commands }) {
  const summary = useApp((s) => s.inspection.summary);
  const [open, setOpen] = useState(false);
  const ref = useDismiss(open, () => setOpen(false));
  return (
    <div className="menu" ref={ref}>
      <button
        type="button"
        data-testid="export-button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={!summary}
        onClick={() => setOpen(!open)}
      >
        Export ▾
      </button>
      {open && (
        <div className="popover menu-list export-menu" role="menu" data-testid="export-menu">
          {EXPORTS.map((e) => (
            <div key={e.kind} className="export-row">
              <span>{e.label}</span>
              <button
                type="button"
                role="menuitem"
                data-testid={`export-copy-${e.kind}`}
                onClick={() => {
                  setOpen(false);
                  void commands.exportAs(e.kind, 'copy');
                }}
              >
                Copy
              </button>
              <button
                type="button"
                role="menuitem"
                data-testid={`export-save-${e.kind}`}
                onClick={() => {
                  setOpen(false);
                  void commands.exportAs(e.kind, 'save');
                }}
              >
                Save…
              </button>
            </div>
          ))}
          <div className="muted small menu-empty">The curl command carries the API key as a placeholder.</div>
        </div>
      )}
    </div>
  );
}

const BEHAVIOUR_TITLES: Record<Behaviour, string> = {
  spec: 'Hygiene as specified: OpenClaw 2026.9.6 plus the named decisions that keep a replay acceptable (Alt+B)',
  'openclaw-2026.9.6': 'Hygiene exactly as OpenClaw 2026.9.6 runs it: what a gateway on that release sends (Alt+B)',
};

/** Spec or release: which hygiene the replay reproduces. */
function BehaviourToggle() {
  const store = useAppStore();
  const behaviour = useApp((s) => s.target.behaviour);
  const choices: { value: Behaviour; label: string }[] = [
    { value: 'spec', label: 'Spec' },
    { value: 'openclaw-2026.9.6', label: 'Release' },
  ];
  return (
    <div
      className="segmented small behaviour-toggle"
      role="group"
      aria-label="Hygiene: as specified, or as OpenClaw 2026.9.6 released it"
      data-testid="behaviour-toggle"
      data-behaviour={behaviour}
      title={BEHAVIOUR_TITLES[behaviour]}
    >
      {choices.map((c) => (
        <button
          key={c.value}
          type="button"
          aria-pressed={behaviour === c.value}
          data-testid={`behaviour-${c.value}`}
          title={BEHAVIOUR_TITLES[c.value]}
          onClick={() => void store.getState().setBehaviour(c.value)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}

/** The toolbar. */
export function Toolbar({ commands, onOpenFolder }: { commands: Commands; onOpenFolder?: () => void }) {
  const store = useAppStore();
  const view = useApp((s) => s.ui.view);
  const recorded = useApp((s) => s.trajectory.shown);
  const hasRun = useApp((s) => s.trajectory.runId !== null);
  const info = useApp((s) => s.session.info);
  const repairing = useApp((s) => s.repair.phase !== 'idle');
  return (
    <header className="toolbar">
      <div className="brand" title="Transcript Inspector">
        <span className="logo" aria-hidden="true">
          ⌁
        </span>
      </div>
      <button type="button" data-testid="open-button" onClick={() => void commands.open()} title="Open a session (Ctrl/Cmd+O)">
        Open…
      </button>
      {onOpenFolder && (
        <button type="button" data-testid="open-folder-button" onClick={onOpenFolder} title="Open a folder of sessions (Ctrl/Cmd+Shift+O)">
          Folder…
        </button>
      )}
      <button
        type="button"
        data-testid="open-sample"
        onClick={() => void store.getState().openSample()}
        title="Open the bundled sample session"
      >
        Sample
      </button>
      <RecentMenu />
      <div className="toolbar-sep" />
      <TargetPicker />
      <div className="toolbar-sep" />
      <div className="segmented" role="group" aria-label="View" data-testid="view-toggle" data-view={view} title="Switch view (Alt+V)">
        <button
          type="button"
          aria-pressed={view === 'payload' && !recorded}
          data-testid="view-payload"
          onClick={() => store.getState().setView('payload')}
        >
          Payload
        </button>
        <button
          type="button"
          aria-pressed={view === 'transcript' && !recorded}
          data-testid="view-transcript"
          onClick={() => store.getState().setView('transcript')}
        >
          Transcript
        </button>
        <button
          type="button"
          aria-pressed={recorded}
          data-testid="view-recorded"
          disabled={!hasRun}
          title={
            hasRun
              ? 'What OpenClaw recorded for the chosen run, beside the replay (Alt+R)'
              : 'Choose a recorded run in the side panel first (then Alt+R)'
          }
          onClick={() => store.getState().showRecorded(true)}
        >
          Recorded
        </button>
      </div>
      <BehaviourToggle />
      <div className="toolbar-grow" />
      <ExportMenu commands={commands} />
      <button
        type="button"
        className="danger-outline"
        data-testid="repair-button"
        disabled={!info || repairing || info.repairRefusal !== undefined}
        onClick={() => void store.getState().startRepair()}
        title={
          info?.repairRefusal ??
          (info?.path || info?.store
            ? 'Repair the session file on disk (shows the plan first)'
            : 'Only files opened from disk can be repaired')
        }
        data-refusal={info?.repairRefusal ?? ''}
      >
        Repair on disk
      </button>
    </header>
  );
}
