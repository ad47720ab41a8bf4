/** React access to the store and the host bridge. */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { HostBridge } from '../api.js';
import type { AppStore } from './store.js';
import type { AppState } from './types.js';

const StoreContext = createContext<{ store: AppStore; host: HostBridge } | null>(null);

/** Provides the store and host bridge to the component tree. */
export function StoreProvider(props: { store: AppStore; host: HostBridge; children: ReactNode }) {
  return <StoreContext.Provider value={{ store: props.store, host: props.host }}>{props.children}</StoreContext.Provider>;
}

function useContextValue() {
  const value = useContext(StoreContext);
  if (!value) throw new Error('StoreProvider is missing');
  return value;
}

/** Select from the store; select primitives or stable references (zustand compares with Object.is). */
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useContextValue().store, selector);
}

/** The store itself, for actions and reads in event handlers. */
export function useAppStore(): AppStore {
  return useContextValue().store;
}

/** The host bridge (API and shell). */
export function useHost(): HostBridge {
  return useContextValue().host;
}
