/** Repair slice: shows the plan, lets the user leave rewrites out, writes through the host, reloads, and undoes. */
import type { RepairOptions } from '../../shared/inspection.js';
import { repairedSentence } from '../../shared/repair/plan-view.js';
import { errorMessage } from '../format.js';
import { patch, type SliceCreator } from './slice.js';
import type { RepairSlice } from './types.js';

/** How long after a repair the file watcher's echo of our own write is ignored. */
const REPAIR_QUIET_MS = 3000;

/** Creates the repair slice. */
export const createRepairSlice: SliceCreator<RepairSlice> = (set, get, { api }) => ({
  repair: { phase: 'idle', plan: null, result: null, error: null, quietUntil: 0, skipped: [], undo: null, undone: null },

  async startRepair() {
    const info = get().session.info;
    if (!info) return;
    const refusal =
      info.repairRefusal ??
      (!info.path && !info.store
        ? 'This session was not opened from a file on disk, so there is no file to repair: open the file itself (Open…) to repair it.'
        : null);
    if (refusal) {
      patch(set, 'repair', { phase: 'done', plan: null, result: null, error: refusal, skipped: [], undone: null });
      return;
    }
    // A stored session is planned too: the plan shows what its repaired JSONL export changes, and why
    // the store itself is not written.
    patch(set, 'repair', { phase: 'planning', plan: null, result: null, error: null, skipped: [], undone: null });
    try {
      const plan = await api.planRepair(info.sessionId);
      if (get().repair.phase !== 'planning') return;
      patch(set, 'repair', { phase: 'review', plan });
    } catch (error) {
      patch(set, 'repair', { phase: 'done', error: `Could not plan the repair: ${errorMessage(error)}` });
    }
  },

  chooseRewrites(lines, keep) {
    const skipped = new Set(get().repair.skipped);
    for (const line of lines) {
      if (keep) skipped.delete(line);
      else skipped.add(line);
    }
    patch(set, 'repair', { skipped: [...skipped].sort((a, b) => a - b) });
  },

  async confirmRepair(force = false) {
    const info = get().session.info;
    const { plan, skipped } = get().repair;
    // Forcing answers a refusal (open for writing elsewhere, other hard links), shown once the first try is done.
    if (!info || !plan || get().repair.phase !== (force ? 'done' : 'review')) return;
    patch(set, 'repair', { phase: 'writing', error: null });
    try {
      // The digest the plan was made on: the host refuses if the file changed since.
      // Options only when there are some: a plain repair sends two arguments, as it always has.
      const options: RepairOptions = {};
      if (skipped.length > 0) options.skipLines = skipped;
      if (force) options.force = true;
      const result =
        Object.keys(options).length > 0
          ? await api.repair(info.sessionId, plan.digest, options)
          : await api.repair(info.sessionId, plan.digest);
      patch(set, 'repair', { phase: 'done', result, quietUntil: Date.now() + REPAIR_QUIET_MS });
      if (result.status === 'repaired') {
        if (result.backupPath && result.digestAfter)
          patch(set, 'repair', { undo: { sessionId: info.sessionId, digestAfter: result.digestAfter, backupPath: result.backupPath } });
        get().pushToast({ kind: 'success', text: result.plan ? repairedSentence(info.name, result.plan.counts) : result.message });
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

  async undoRepair() {
    const info = get().session.info;
    const undo = get().repair.undo;
    if (!info || !undo || undo.sessionId !== info.sessionId || get().repair.phase === 'writing') return;
    patch(set, 'repair', { phase: 'writing', error: null });
    try {
      const undone = await api.undoRepair(info.sessionId);
      patch(set, 'repair', { phase: 'done', plan: null, result: null, undone, quietUntil: Date.now() + REPAIR_QUIET_MS });
      if (undone.status === 'restored') {
        patch(set, 'repair', { undo: null });
        get().pushToast({ kind: 'success', text: undone.message });
        await get().reloadSession();
      } else {
        get().pushToast({ kind: 'error', text: undone.message });
      }
    } catch (error) {
      patch(set, 'repair', { phase: 'done', error: `Undo failed: ${errorMessage(error)}`, quietUntil: Date.now() + REPAIR_QUIET_MS });
    }
  },

  async undoLastRepair() {
    const info = get().session.info;
    if (!info?.lastRepair) return;
    // The file holds what that repair wrote (the host checked on open): the same Undo as right after a repair here.
    patch(set, 'repair', { undo: { sessionId: info.sessionId, digestAfter: info.digest, backupPath: info.lastRepair.backupPath } });
    await get().undoRepair();
  },

  closeRepair() {
    patch(set, 'repair', { phase: 'idle', plan: null, result: null, error: null, skipped: [], undone: null });
  },
});
