/**
 * The folder view's own store (apart from the inspector's slices): the scan's rows as they arrive,
 * sort, filters, selection, the batch repair and its undo per file. It polls the host while a scan runs.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { FolderRepairSummary, FolderUndoResult, InspectorApi } from '../../shared/api.js';
import type { FolderSession, FolderSkip, FolderStatus } from '../../shared/folder.js';
import { errorMessage } from '../format.js';

/** Columns the table sorts by. */
export type SortKey = 'file' | 'agent' | 'sessionKey' | 'size' | 'turns' | 'lastModel' | 'mtimeMs' | 'status';

/** A status filter: a status, `recorded-errors` (sessions that recorded failed requests), or all. */
export type StatusFilter = '' | FolderStatus | 'recorded-errors';

export interface FolderFilter {
  status: StatusFilter;
  agent: string;
  model: string;
  text: string;
}

/** The batch repair dialog: the plan, the write, then the summary (where each repaired file can be undone). */
export interface BatchRepair {
  phase: 'plan' | 'running' | 'done';
  files: string[];
  includeInUse: boolean;
  summary?: FolderRepairSummary;
  error?: string;
  /** Files whose undo is under way. */
  undoing: string[];
  /** What the last undo of each file did. */
  undone: Record<string, FolderUndoResult>;
}

export interface FolderState {
  /** The table is showing (else the inspector is, and "Back to folder" returns here). */
  visible: boolean;
  scanId: string | null;
  dir: string | null;
  rows: FolderSession[];
  total: number;
  finished: boolean;
  cancelled: boolean;
  error: string | null;
  skipped: FolderSkip[];
  sort: { key: SortKey; direction: 1 | -1 };
  filter: FolderFilter;
  selected: ReadonlySet<string>;
  repair: BatchRepair | null;
  openFolder(dir: string): Promise<void>;
  cancel(): Promise<void>;
  show(visible: boolean): void;
  setSort(key: SortKey): void;
  setFilter(patch: Partial<FolderFilter>): void;
  toggle(file: string, on?: boolean): void;
  selectNeedingRepair(): void;
  clearSelection(): void;
  planRepair(): void;
  setIncludeInUse(on: boolean): void;
  runRepair(): Promise<void>;
  /** Put back the original bytes of files the batch repair wrote (refused per file when changed since). */
  undoRepair(files: string[]): Promise<void>;
  closeRepair(): void;
}

/** The folder store type. */
export type FolderStore = StoreApi<FolderState>;

/** How often a running scan's new rows are fetched. */
const POLL_MS = 150;

/** Build the folder store on a host API; `onError` shows a message (a toast). */
export function createFolderStore(api: InspectorApi, onError: (text: string) => void): FolderStore {
  return createStore<FolderState>()((set, get) => {
    const poll = async (scanId: string): Promise<void> => {
      while (get().scanId === scanId) {
        let state;
        try {
          state = await api.folderScan(scanId, get().rows.length);
        } catch (error) {
          if (get().scanId === scanId) set({ error: errorMessage(error), finished: true });
          return;
        }
        if (get().scanId !== scanId) return;
        set((s) => ({
          rows: state.rows.length > 0 ? [...s.rows, ...state.rows] : s.rows,
          total: state.total,
          finished: state.finished,
          cancelled: state.cancelled,
          skipped: state.skipped,
          error: state.error ?? null,
        }));
        if (state.finished) return;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };

    return {
      visible: false,
      scanId: null,
      dir: null,
      rows: [],
      total: 0,
      finished: true,
      cancelled: false,
      error: null,
      skipped: [],
      sort: { key: 'status', direction: 1 },
      filter: { status: '', agent: '', model: '', text: '' },
      selected: new Set(),
      repair: null,
      async openFolder(dir) {
        const previous = get().scanId;
        if (previous && !get().finished) void api.cancelFolderScan(previous).catch(() => undefined);
        try {
          const started = await api.scanFolder(dir);
          set({
            visible: true,
            scanId: started.scanId,
            dir: started.dir,
            rows: [],
            total: 0,
            finished: false,
            cancelled: false,
            error: null,
            skipped: [],
            selected: new Set(),
            repair: null,
          });
          void poll(started.scanId);
        } catch (error) {
          onError(`Could not open the folder: ${errorMessage(error)}`);
        }
      },
      async cancel() {
        const { scanId } = get();
        if (scanId) await api.cancelFolderScan(scanId).catch((error: unknown) => onError(errorMessage(error)));
      },
      show: (visible) => set({ visible: visible && get().dir !== null }),
      setSort: (key) =>
        set((s) => ({
          sort: { key, direction: s.sort.key === key ? (-s.sort.direction as 1 | -1) : key === 'mtimeMs' || key === 'size' ? -1 : 1 },
        })),
      setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch } })),
      toggle: (file, on) =>
        set((s) => {
          const next = new Set(s.selected);
          if (on ?? !next.has(file)) next.add(file);
          else next.delete(file);
          return { selected: next };
        }),
      selectNeedingRepair: () => set((s) => ({ selected: new Set(s.rows.filter((r) => needsRepair(r)).map((r) => r.file)) })),
      clearSelection: () => set({ selected: new Set() }),
      planRepair: () => set((s) => ({ repair: { phase: 'plan', files: [...s.selected], includeInUse: false, undoing: [], undone: {} } })),
      setIncludeInUse: (on) => set((s) => (s.repair ? { repair: { ...s.repair, includeInUse: on } } : {})),
      async runRepair() {
        const { repair, scanId } = get();
        if (!repair || !scanId || repair.phase !== 'plan') return;
        set({ repair: { ...repair, phase: 'running' } });
        try {
          const summary = await api.repairFolder(scanId, repair.files, { includeInUse: repair.includeInUse });
          const fresh = new Map(summary.rows.map((r) => [r.file, r]));
          set((s) => ({
            rows: s.rows.map((r) => fresh.get(r.file) ?? r),
            repair: { ...repair, phase: 'done', summary },
            selected: new Set(),
          }));
        } catch (error) {
          set({ repair: { ...repair, phase: 'done', error: errorMessage(error) } });
        }
      },
      async undoRepair(files) {
        const { repair, scanId } = get();
        if (!repair?.summary || !scanId || files.length === 0 || repair.undoing.length > 0) return;
        set({ repair: { ...repair, undoing: files } });
        let results: FolderUndoResult[];
        try {
          const summary = await api.undoFolderRepair(scanId, files);
          const fresh = new Map(summary.rows.map((r) => [r.file, r]));
          set((s) => ({ rows: s.rows.map((r) => fresh.get(r.file) ?? r) }));
          results = summary.results;
        } catch (error) {
          // Not a silent failure: each file asked for says the undo did not happen, and why.
          const message = `Not undone: ${errorMessage(error)}`;
          results = files.map((file) => ({ file, status: 'refused', reason: 'undo failed', message }));
        }
        set((s) =>
          s.repair
            ? {
                repair: {
                  ...s.repair,
                  undoing: [],
                  undone: { ...s.repair.undone, ...Object.fromEntries(results.map((r) => [r.file, r])) },
                },
              }
            : {},
        );
      },
      closeRepair: () => set((s) => (s.repair?.undoing.length ? {} : { repair: null })),
    };
  });
}

/** Whether a row has something a file repair would change (in use or not), and can be repaired on disk. */
export function needsRepair(row: FolderSession): boolean {
  return row.repairLines > 0 && !row.store && (row.status === 'needs-repair' || row.status === 'in-use');
}
