/** The renderer's zustand store, composed from its slices around an InspectorApi. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createDiffSlice } from './diff-slice.js';
import { createInspectionSlice } from './inspection-slice.js';
import { createRepairSlice } from './repair-slice.js';
import { createSessionSlice } from './session-slice.js';
import { createTargetSlice } from './target-slice.js';
import type { AppState, StoreDeps } from './types.js';
import { createTrajectorySlice } from './trajectory-slice.js';
import { createUiSlice } from './ui-slice.js';

/** The store type the components and tests use. */
export type AppStore = StoreApi<AppState>;

/** Build a store bound to a host API (the real one, or a stub in tests). */
export function createAppStore(deps: StoreDeps): AppStore {
  return createStore<AppState>()((set, get) => ({
    ...createSessionSlice(set, get, deps),
    ...createTargetSlice(set, get, deps),
    ...createInspectionSlice(set, get, deps),
    ...createDiffSlice(set, get, deps),
    ...createUiSlice(set, get, deps),
    ...createRepairSlice(set, get, deps),
    ...createTrajectorySlice(set, get, deps),
  }));
}
