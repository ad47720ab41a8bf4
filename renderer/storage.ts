/** What the page keeps in its storage between runs of the app: pane sizes, toggles, recent targets. */
import { useCallback, useState } from 'react';

const PREFIX = 'transcript-inspector:';

/** The stored value of `key`, or undefined when absent or unreadable (storage can be off or full). */
export function readStored(key: string): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(PREFIX + key);
    return raw === null || raw === undefined ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** Store `value` under `key`; a storage that refuses it only means the value is not remembered. */
export function writeStored(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Nothing to do: the setting lasts as long as the page.
  }
}

/** A state remembered under `key`; a stored value `accept` refuses (an older shape) gives `initial`. */
export function usePersistentState<T>(key: string, initial: T, accept: (value: unknown) => value is T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = readStored(key);
    return accept(stored) ? stored : initial;
  });
  const set = useCallback(
    (next: T) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );
  return [value, set];
}

/** `accept` for booleans. */
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** `accept` for the diff's split: the original side's share of the width, within the editor's limits. */
export const isRatio = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0.1 && value <= 0.9;
