/** The shape of a slice creator and a helper to update one slice's data immutably. */
import type { StoreApi } from 'zustand/vanilla';
import type { AppState, StoreDeps } from './types.js';

/** Creates one slice's data and actions; actions may read the whole store. */
export type SliceCreator<T> = (set: StoreApi<AppState>['setState'], get: () => AppState, deps: StoreDeps) => T;

/** Keys of the slices' data objects. */
export type DataKey = 'session' | 'target' | 'inspection' | 'diff' | 'ui' | 'repair' | 'trajectory';

/** Merge `patch` into one slice's data. */
export function patch<K extends DataKey>(set: StoreApi<AppState>['setState'], key: K, value: Partial<AppState[K]>): void {
  set((state) => ({ [key]: { ...state[key], ...value } }) as Partial<AppState>);
}
