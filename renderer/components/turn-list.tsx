/** The virtualized turn list: role, size, tokens and rules per turn, fetched from the host in windows. */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Side, TurnRow } from '../../shared/api.js';
import { windowHas } from '../diff/windows.js';
import { errorMessage, formatBytes, formatCount, formatTokens } from '../format.js';
import { positionLabel, replayTurnLabel, turnLabel } from '../../shared/text/numbering.js';
import { useApp, useAppStore, useHost } from '../store/context.js';
import { useFixedRows } from './use-fixed-rows.js';

/** Rows fetched per request. */
const WINDOW = 200;
const ROW_HEIGHT = 46;

/** The turn list. */
export function TurnList() {
  const { api } = useHost();
  const store = useAppStore();
  const summary = useApp((s) => s.inspection.summary);
  const side = useApp((s) => s.ui.turnSide);
  const focus = useApp((s) => s.ui.focus);
  const diffWindow = useApp((s) => s.diff.window);
  const windowed = useApp((s) => s.diff.size > 0);
  const focusTurn = useApp((s) => s.diff.focusTurn);
  // The host answers one request at a time: the diff's first documents go first (first screen).
  const diffFirst = useApp((s) => s.diff.loading && s.diff.key === '');
  const scroller = useRef<HTMLDivElement>(null);
  // Rows live in a ref (they can be many); `version` re-renders when a window arrives.
  const rows = useRef(new Map<number, TurnRow>());
  const requested = useRef(new Set<number>());
  const currentKey = useRef('');
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const inspectionId = summary?.inspectionId ?? null;
  const total = summary ? summary[side].turnCount : 0;

  useEffect(() => {
    rows.current = new Map();
    requested.current = new Set();
    currentKey.current = `${inspectionId}:${side}`;
    setError(null);
    setVersion((v) => v + 1);
  }, [inspectionId, side]);

  const ensure = useCallback(
    (index: number) => {
      if (!inspectionId) return;
      const start = Math.floor(index / WINDOW) * WINDOW;
      if (requested.current.has(start)) return;
      requested.current.add(start);
      const key = `${inspectionId}:${side}`;
      api.getTurns(inspectionId, side, start, WINDOW).then(
        (window) => {
          // A window for an older inspection or the other side arrived late: drop it.
          if (currentKey.current !== key) return;
          for (const row of window.rows) rows.current.set(row.index, row);
          setVersion((v) => v + 1);
        },
        (err: unknown) => {
          requested.current.delete(start);
          setError(`Could not load turns: ${errorMessage(err)}`);
        },
      );
    },
    [api, inspectionId, side],
  );

  // Rows of one height, so a list of millions of turns still scrolls to its last (past the browser's height limit).
  const list = useFixedRows({ count: total, rowHeight: ROW_HEIGHT, overscan: 12, scroller });
  const items = list.rows;
  const { scrollToIndex } = list;

  useEffect(() => {
    if (diffFirst) return;
    for (const item of items) if (!rows.current.has(item.index)) ensure(item.index);
  }, [items, ensure, version, diffFirst]);

  // Keep the selected turn in view when it is chosen elsewhere (annotation, error box).
  const selectedIndex = focus?.kind === 'turn' && focus.side === side ? focus.index : null;
  useEffect(() => {
    if (selectedIndex !== null && selectedIndex < total) scrollToIndex(selectedIndex);
  }, [selectedIndex, total, scrollToIndex]);

  // An annotation or finding selected elsewhere: show its turn (and the diff's window around it) here too.
  const followTurn = side === 'original' && focus?.kind !== 'turn' ? focusTurn : null;
  useEffect(() => {
    if (followTurn !== null && followTurn < total) scrollToIndex(followTurn);
  }, [followTurn, total, scrollToIndex]);

  return (
    <nav className="turn-list" aria-label="Turns">
      <header className="pane-header">
        <strong>Turns</strong> <span className="count">{formatCount(total)}</span>
        <span
          className="muted small legend"
          title="Token counts with ≈ are estimates (characters / 4); the others are usage recorded in the transcript"
        >
          ≈ est.
        </span>
        <div className="segmented small" role="group" aria-label="Which side">
          {(['original', 'replay'] as Side[]).map((s) => (
            <button key={s} type="button" aria-pressed={side === s} onClick={() => store.getState().setTurnSide(s)}>
              {s}
            </button>
          ))}
        </div>
      </header>
      {error && (
        <div className="error small" role="alert">
          {error}
        </div>
      )}
      <div
        className="turn-scroll"
        ref={scroller}
        data-testid="turn-list"
        data-total={total}
        tabIndex={-1}
        onKeyDown={(e) => {
          // Up/Down move the selection through the list; the diff follows (fetching its window).
          if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.altKey || e.ctrlKey || e.metaKey || total === 0) return;
          e.preventDefault();
          const from = selectedIndex ?? (e.key === 'ArrowDown' ? -1 : total);
          const next = Math.min(total - 1, Math.max(0, from + (e.key === 'ArrowDown' ? 1 : -1)));
          store.getState().selectTurn(side, next);
          // Rows come and go as the list scrolls: keep the keyboard on the list itself.
          scroller.current?.focus({ preventScroll: true });
        }}
      >
        {/* Clipped below: scaled, the rows past the view must not make the content taller than its height. */}
        <div style={{ height: list.height, position: 'relative', overflowY: 'clip' }}>
          {items.map((item) => {
            const row = rows.current.get(item.index);
            const selected = selectedIndex === item.index;
            // Which turns the diff's window covers (original indices; replay rows by their origin).
            const original = side === 'original' ? item.index : (row?.turn ?? null);
            const inWindow = windowed && original !== null && windowHas(diffWindow, original);
            return (
              <button
                type="button"
                key={item.index}
                className={`turn-item${selected ? ' selected' : ''}${row && row.rules.length ? ' touched' : ''}${inWindow ? ' in-window' : ''}`}
                data-testid="turn-item"
                data-index={item.index}
                data-in-window={inWindow ? 'true' : undefined}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${item.top}px)` }}
                onClick={() => store.getState().selectTurn(side, item.index)}
                aria-pressed={selected}
              >
                {row ? (
                  <TurnRowView row={row} side={side} payloadKey={summary?.[side].payloadKey} />
                ) : (
                  <span className="muted">{side === 'original' ? turnLabel(item.index) : replayTurnLabel(item.index)} …</span>
                )}
              </button>
            );
          })}
        </div>
      </div>
    </nav>
  );
}

/** The payload entries a turn became, in the provider's words: `input[40–42]`. */
export function entriesText(payload: TurnRow['payload'], key: string): string {
  if (!payload) return `not in ${key}`;
  return positionLabel(key, payload.first, payload.last);
}

/**
 * A row's number in the one numbering of the app: the session's turn (`turn #12`, what "go to" finds) on
 * both sides; a turn hygiene added to the replay has none, so it is named by its place in the replay.
 */
export function turnIndexText(row: Pick<TurnRow, 'index' | 'turn'>, side: Side): { label: string; title?: string } {
  if (side === 'original') return { label: turnLabel(row.index) };
  if (row.turn === null)
    return { label: replayTurnLabel(row.index), title: 'A turn hygiene added to the replay: the session has no such turn' };
  return {
    label: turnLabel(row.turn),
    title:
      row.turn === row.index ? undefined : `${replayTurnLabel(row.index)}: the replay's place of ${turnLabel(row.turn)} of the session`,
  };
}

function TurnRowView({ row, side, payloadKey }: { row: TurnRow; side: Side; payloadKey?: string }) {
  const number = turnIndexText(row, side);
  return (
    <>
      <span className="turn-line1">
        <span className="turn-index" data-testid="turn-number" title={number.title}>
          {number.label}
        </span>
        <span className={`role role-${row.role}`}>{row.role}</span>
        {row.rules.length > 0 && (
          <span className="turn-flag" title={row.rules.join(', ')}>
            ⚑{row.rules.length}
          </span>
        )}
        <span className="turn-size">{formatBytes(row.bytes)}</span>
        <span
          className={`turn-tokens${row.tokens.estimated ? ' estimated' : ''}`}
          title={
            row.tokens.estimated
              ? 'estimated tokens (characters / 4): the transcript records no usage for this turn'
              : 'token usage recorded in the transcript'
          }
        >
          {formatTokens(row.tokens.value, row.tokens.estimated)} tok
        </span>
      </span>
      <span className="turn-preview" title={row.line !== null ? `line ${row.line} of the file` : undefined}>
        {row.turn === null && <span className="badge">new</span>}
        {payloadKey && (
          <span
            className={`turn-entries${row.payload ? '' : ' absent'}`}
            data-testid="turn-entries"
            title={
              row.payload
                ? `The payload entries built from this turn: ${entriesText(row.payload, payloadKey)} on the wire`
                : 'The payload builder leaves this turn out'
            }
          >
            → {entriesText(row.payload, payloadKey)}
          </span>
        )}
        {row.rules.length > 0 && <span className="turn-rules">{[...new Set(row.rules)].join(', ')}</span>} {row.preview}
      </span>
    </>
  );
}
