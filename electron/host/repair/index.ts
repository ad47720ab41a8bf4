/** File repair on disk (owned by the repair issue): plan a repair of a file, and write it atomically. */
import type { RepairPlan, RepairResult } from '../../../shared/inspection.js';

/** Plan the repair of a session file (reads it, hashes its bytes). */
export async function planRepairFile(_file: string): Promise<RepairPlan> {
  throw new Error('planRepairFile is not implemented yet');
}

/** Repair a session file atomically, refusing when its bytes no longer match `expectedDigest`. */
export async function repairFile(_file: string, _expectedDigest: string): Promise<RepairResult> {
  throw new Error('repairFile is not implemented yet');
}
