/** The three panes (turns, diff, side panel) with splitters that resize and collapse them; sizes are remembered. */
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useApp } from '../store/context.js';
import { usePersistentState } from '../storage.js';
import { RecordedView } from './recorded-view.js';
import { DiffPane } from './diff-pane.js';
import { ErrorBoundary } from './notices.js';
import { SidePanel } from './side-panel.js';
import { TurnList } from './turn-list.js';

type Pane = 'turns' | 'side';

/** The outer panes' widths in px, and whether each is collapsed. */
export interface PaneSizes {
  turns: number;
  side: number;
  turnsCollapsed: boolean;
  sideCollapsed: boolean;
}

/** Widths a pane may take: narrower hides its content, wider starves the diff. */
export const PANE_LIMITS: Record<Pane, { min: number; max: number; initial: number }> = {
  turns: { min: 160, max: 520, initial: 260 },
  side: { min: 260, max: 720, initial: 380 },
};

const DEFAULT_SIZES: PaneSizes = {
  turns: PANE_LIMITS.turns.initial,
  side: PANE_LIMITS.side.initial,
  turnsCollapsed: false,
  sideCollapsed: false,
};

/** A width within the pane's limits. */
export function clampWidth(pane: Pane, width: number): number {
  const { min, max } = PANE_LIMITS[pane];
  return Math.round(Math.min(max, Math.max(min, width)));
}

function isPaneSizes(value: unknown): value is PaneSizes {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.turns === 'number' &&
    typeof v.side === 'number' &&
    typeof v.turnsCollapsed === 'boolean' &&
    typeof v.sideCollapsed === 'boolean'
  );
}

/** The window's share an outer pane may take at most, so the diff keeps its room at 1280 px. */
const MAX_SHARE: Record<Pane, string> = { turns: '24vw', side: '32vw' };

/** The grid's columns. */
function columns(sizes: PaneSizes): string {
  const outer = (pane: Pane) => (sizes[`${pane}Collapsed`] ? '0px' : `min(${sizes[pane]}px, ${MAX_SHARE[pane]})`);
  return `${outer('turns')} 7px minmax(0, 1fr) 7px ${outer('side')}`;
}

/** The handle between two panes: drag or arrow keys resize, the button (or Enter, or a double click) collapses. */
function Splitter(props: { pane: Pane; sizes: PaneSizes; onChange(next: PaneSizes): void }) {
  const { pane, sizes, onChange } = props;
  const drag = useRef<{ x: number; width: number } | null>(null);
  const collapsed = sizes[`${pane}Collapsed`];
  const name = pane === 'turns' ? 'turn list' : 'side panel';
  // Dragging right widens the turn list and narrows the side panel.
  const sign = pane === 'turns' ? 1 : -1;
  const setWidth = (width: number) => onChange({ ...sizes, [pane]: clampWidth(pane, width), [`${pane}Collapsed`]: false });
  const toggle = () => onChange({ ...sizes, [`${pane}Collapsed`]: !collapsed });
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const shown = e.currentTarget.parentElement?.querySelector<HTMLElement>(`[data-pane=${pane}]`)?.getBoundingClientRect().width;
    drag.current = { x: e.clientX, width: collapsed ? 0 : (shown ?? sizes[pane]) };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setWidth(drag.current.width + sign * (e.clientX - drag.current.x));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 64 : 16;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      setWidth(sizes[pane] + sign * (e.key === 'ArrowRight' ? step : -step));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      toggle();
    }
  };
  const arrow = (pane === 'turns') === collapsed ? '›' : '‹';
  return (
    <div
      className={`splitter${collapsed ? ' collapsed' : ''}`}
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize the ${name} (arrow keys; Enter collapses)`}
      aria-valuenow={collapsed ? 0 : sizes[pane]}
      aria-valuemin={PANE_LIMITS[pane].min}
      aria-valuemax={PANE_LIMITS[pane].max}
      tabIndex={0}
      data-testid={`splitter-${pane}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      onDoubleClick={toggle}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className="splitter-button"
        data-testid={`collapse-${pane}`}
        aria-pressed={collapsed}
        title={collapsed ? `Show the ${name}` : `Hide the ${name}`}
        onClick={toggle}
      >
        {arrow}
      </button>
    </div>
  );
}

function PaneSlot({ pane, collapsed, children }: { pane: Pane; collapsed: boolean; children: ReactNode }) {
  return (
    <div className="pane-slot" data-pane={pane} data-collapsed={collapsed ? 'true' : 'false'} hidden={collapsed}>
      <ErrorBoundary>{children}</ErrorBoundary>
    </div>
  );
}

/** The workspace row of the window. */
export function Workspace() {
  const [sizes, setSizes] = usePersistentState<PaneSizes>('pane-sizes', DEFAULT_SIZES, isPaneSizes);
  const recorded = useApp((s) => s.trajectory.shown);
  return (
    <main className="workspace" data-testid="workspace" style={{ gridTemplateColumns: columns(sizes) }}>
      <PaneSlot pane="turns" collapsed={sizes.turnsCollapsed}>
        <TurnList />
      </PaneSlot>
      <Splitter pane="turns" sizes={sizes} onChange={setSizes} />
      {/* The diff stays mounted under the Recorded view, so coming back keeps its place. */}
      <div className="center-slot" hidden={recorded}>
        <ErrorBoundary>
          <DiffPane />
        </ErrorBoundary>
      </div>
      {recorded && (
        <ErrorBoundary>
          <RecordedView />
        </ErrorBoundary>
      )}
      <Splitter pane="side" sizes={sizes} onChange={setSizes} />
      <PaneSlot pane="side" collapsed={sizes.sideCollapsed}>
        <SidePanel />
      </PaneSlot>
    </main>
  );
}
