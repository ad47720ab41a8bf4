/** How many arguments each InspectorApi method takes: extra arguments are refused by IPC and HTTP alike. */
import type { InspectorMethod } from '../../shared/api.js';

/** Most arguments each method takes. */
export const MAX_ARGS: Readonly<Record<InspectorMethod, number>> = {
  listTargets: 0,
  open: 1,
  reload: 1,
  close: 1,
  inspect: 3,
  getTurns: 4,
  getDocument: 3,
  thumbnail: 2,
  explainError: 2,
  exportText: 2,
  planRepair: 1,
  repair: 2,
  recentFiles: 0,
  pickFile: 0,
  saveText: 2,
};

/** Throw a readable error when a call has more arguments than its method takes. */
export function checkArity(method: InspectorMethod, args: readonly unknown[]): void {
  if (args.length > MAX_ARGS[method]) throw new TypeError(`${method} takes at most ${MAX_ARGS[method]} argument(s), got ${args.length}`);
}
