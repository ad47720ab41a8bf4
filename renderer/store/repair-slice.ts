/** Repair slice: shows the plan, asks for confirmation, writes through the host and reloads. */
import { errorMessage } from '../format.js';
import { patch, type SliceCreator } from './slice.js';
import type { RepairSlice } from './types.js';

/** How long after a repair the file watcher's echo of our own write is ignored. */
const REPAIR_QUIET_MS = 3000;

/** Creates the repair slice. */
export const createRepairSlice: SliceCreator<RepairSlice> = (set, get, { api }) => ({
  repair: { phase: 'idle', plan: null, result: null, error: null, quietUntil: 0 },

  async startRepair() {
    const info = get().session.info;
    if (!info) return;
    // A stored session is planned too: the plan shows what its repaired JSONL export changes, and why
    // the store itself is not written.
    if (!info.path && !info.store) {
      patch(set, 'repair', {
        phase: 'done',
        plan: null,
        result: null,
        error:
          'This session was not opened from a file on disk (it was dropped, pasted or is the sample), so there is no file to repair. Open it with Open… or from the command line.',
      });
      return;
    }
    patch(set, 'repair', { phase: 'planning', plan: null, result: null, error: null });
    try {
      const plan = await api.planRepair(info.sessionId);
      if (get().repair.phase !== 'planning') return;
      patch(set, 'repair', { phase: 'review', plan });
    } catch (error) {
      patch(set, 'repair', { phase: 'done', error: `Could not plan the repair: ${errorMessage(error)}` });
    }
  },

  async confirmRepair(force = false) {
    const info = get().session.info;
    const plan = get().repair.plan;
    // Forcing answers a refusal (open for writing elsewhere, other hard links), shown once the first try is done.
    if (!info || !plan || get().repair.phase !== (force ? 'done' : 'review')) return;
    patch(set, 'repair', { phase: 'writing', error: null });
    try {
      // The digest the plan was made on: the host refuses if the file changed since.
      const result = force ? await api.repair(info.sessionId, plan.digest, { force: true }) : await api.repair(info.sessionId, plan.digest);
      patch(set, 'repair', { phase: 'done', result, quietUntil: Date.now() + REPAIR_QUIET_MS });
      if (result.status === 'repaired') {
        get().pushToast({
          kind: 'success',
          text: result.message,
          detail: result.backupPath ? `Backup kept at ${result.backupPath}` : undefined,
        });
        await get().reloadSession();
      } else if (result.status === 'refused') {
        get().pushToast({ kind: 'error', text: `Repair refused: ${result.reason ?? result.message}` });
      } else {
        get().pushToast({ kind: 'info', text: result.message });
      }
    } catch (error) {
      patch(set, 'repair', { phase: 'done', error: `Repair failed: ${errorMessage(error)}`, quietUntil: Date.now() + REPAIR_QUIET_MS });
    }
  },

  closeRepair() {
    patch(set, 'repair', { phase: 'idle', plan: null, result: null, error: null });
  },
});
