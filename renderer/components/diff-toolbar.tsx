/**
 * The diff's own toolbar: search both sides (Ctrl/Cmd+F), go to a turn or a payload position, word
 * wrap, inline (one column), hide unchanged regions, and copy the JSON path or the message at the cursor.
 */
import { useEffect, useRef, useState } from 'react';
import type { SearchState } from '../monaco/diff-editor.js';
import { useApp, useAppStore } from '../store/context.js';
import { useDismiss } from './use-dismiss.js';

/** The diff's display switches (remembered between runs). */
export interface DiffSwitches {
  wordWrap: boolean;
  inline: boolean;
  hideUnchanged: boolean;
}

export interface DiffToolbarProps {
  switches: DiffSwitches;
  onSwitch(next: DiffSwitches): void;
  search: SearchState | null;
  onSearch(query: string): void;
  onStep(direction: 1 | -1): void;
  /** Copy at the cursor; false when there is no cursor yet. */
  canCopy: boolean;
  onCopy(what: 'message' | 'path'): void;
  disabled: boolean;
}

function Toggle(props: { id: string; label: string; title: string; on: boolean; onChange(on: boolean): void; disabled: boolean }) {
  return (
    <button
      type="button"
      className="toggle small-toggle"
      data-testid={props.id}
      aria-pressed={props.on}
      title={props.title}
      disabled={props.disabled}
      onClick={() => props.onChange(!props.on)}
    >
      <span className="toggle-dot" aria-hidden="true" /> {props.label}
    </button>
  );
}

function SearchBox({ search, onSearch, onStep, disabled }: Pick<DiffToolbarProps, 'search' | 'onSearch' | 'onStep' | 'disabled'>) {
  const focusSeq = useApp((s) => s.ui.searchFocusSeq);
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (focusSeq === 0) return;
    input.current?.focus();
    input.current?.select();
  }, [focusSeq]);
  const count =
    search && search.query ? (search.total === 0 ? 'none' : `${search.current || '–'}/${search.total}${search.capped ? '+' : ''}`) : '';
  return (
    <div className="diff-search" role="search">
      <input
        ref={input}
        type="search"
        data-testid="search-input"
        placeholder="Search both sides (Ctrl+F)"
        aria-label="Search both sides of the diff (Ctrl/Cmd+F)"
        title="Search both sides (Ctrl/Cmd+F) · Enter: next · Shift+Enter: previous"
        value={text}
        disabled={disabled}
        spellCheck={false}
        onChange={(e) => {
          const value = e.target.value;
          setText(value);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => onSearch(value), 150);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (timer.current) {
              clearTimeout(timer.current);
              timer.current = null;
              onSearch(text);
            }
            onStep(e.shiftKey ? -1 : 1);
          } else if (e.key === 'Escape' && text) {
            e.stopPropagation();
            setText('');
            onSearch('');
          }
        }}
      />
      <span
        className="search-count muted small"
        data-testid="search-count"
        data-total={search?.total ?? 0}
        title={search && search.query ? `original ${search.original} · replay ${search.replay}` : undefined}
      >
        {count}
      </span>
    </div>
  );
}

function GotoBox({ disabled }: { disabled: boolean }) {
  const store = useAppStore();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const go = async () => setProblem(await store.getState().goTo(text, 'replay'));
  return (
    <input
      className={`diff-goto${problem ? ' invalid' : ''}`}
      data-testid="goto"
      data-problem={problem ?? ''}
      placeholder="Go to turn #N / messages[N]"
      aria-label="Go to a turn or a payload position"
      aria-invalid={problem !== null}
      title={
        problem ??
        'Go to: turn #12 (a transcript turn), or messages[12] / input[7].content[1] (a payload position, in the replay unless it starts with “original”). Enter to go.'
      }
      value={text}
      disabled={disabled}
      spellCheck={false}
      onChange={(e) => {
        setText(e.target.value);
        setProblem(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          void go();
        }
      }}
    />
  );
}

function CopyMenu({ canCopy, onCopy, disabled }: Pick<DiffToolbarProps, 'canCopy' | 'onCopy' | 'disabled'>) {
  const [open, setOpen] = useState(false);
  const ref = useDismiss(open, () => setOpen(false));
  const item = (what: 'message' | 'path', id: string, label: string) => (
    <button
      type="button"
      role="menuitem"
      data-testid={id}
      disabled={!canCopy}
      onClick={() => {
        setOpen(false);
        onCopy(what);
      }}
    >
      {label}
    </button>
  );
  return (
    <div className="menu" ref={ref}>
      <button
        type="button"
        data-testid="copy-button"
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen(!open)}
      >
        Copy ▾
      </button>
      {open && (
        <div className="popover menu-list copy-menu" role="menu" data-testid="copy-menu">
          {item('path', 'copy-path', 'JSON path of the line at the cursor')}
          {item('message', 'copy-message', 'JSON of the message at the cursor')}
          {!canCopy && <div className="muted small menu-empty">Click a line of the diff first (or right-click it).</div>}
        </div>
      )}
    </div>
  );
}

/** The diff toolbar. */
export function DiffToolbar(props: DiffToolbarProps) {
  const { switches, onSwitch, disabled } = props;
  return (
    <div className="diff-toolbar" data-testid="diff-toolbar">
      <SearchBox search={props.search} onSearch={props.onSearch} onStep={props.onStep} disabled={disabled} />
      <GotoBox disabled={disabled} />
      <span className="diff-toolbar-sep" />
      <Toggle
        id="wrap-toggle"
        label="Wrap"
        title="Wrap long lines instead of scrolling sideways"
        on={switches.wordWrap}
        onChange={(on) => onSwitch({ ...switches, wordWrap: on })}
        disabled={disabled}
      />
      <Toggle
        id="inline-toggle"
        label="Inline"
        title="One column with the changes inline, instead of original and replay side by side"
        on={switches.inline}
        onChange={(on) => onSwitch({ ...switches, inline: on })}
        disabled={disabled}
      />
      <Toggle
        id="hide-unchanged-toggle"
        label="Hide unchanged"
        title="Fold the regions hygiene did not change"
        on={switches.hideUnchanged}
        onChange={(on) => onSwitch({ ...switches, hideUnchanged: on })}
        disabled={disabled}
      />
      <CopyMenu canCopy={props.canCopy} onCopy={props.onCopy} disabled={disabled} />
    </div>
  );
}
