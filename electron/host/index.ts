/**
 * The programmatic API of `transcript-inspector` (stable: tools and tests import it, the README lists it):
 * `import { inspect, planRepair, repair } from 'transcript-inspector'`.
 */
export { inspect, normalizeTarget, type HostInspectOptions } from './inspect.js';
export { InputError } from './read-input.js';
export { resolvePolicy, policyValues } from '../../shared/policy/resolve.js';
export { parseSession } from '../../shared/session/parse.js';
export { buildContext } from '../../shared/session/context.js';
export type * from '../../shared/types.js';
export type * from '../../shared/inspection.js';
export { planRepair, repair, planRepairFile, repairFile, type RepairOutcome, type RepairFileOptions } from './repair/index.js';
export { explainError } from './explain.js';
export { redactSession, writeRedactedSession, type RedactedSession, type RedactCounts } from './redact/redact-session.js';
export { listTargets, lookupCatalogModel } from './catalog.js';
export { createInspector, type HostInspector, type InspectorOptions } from './inspector.js';
export {
  exportStoredSession,
  findStores,
  listStoreSessions,
  scanStores,
  type JsonlExport,
  type JsonlExportKind,
  type StoreInput,
  type StoreScan,
  type StoreSource,
} from './store/index.js';
export type { StoreListing, StoreSessionSummary } from '../../shared/store.js';
export { scanFolder, type ScanFolderOptions } from './folder/scan-folder.js';
export type { FolderScan, FolderScanProgress, FolderSession, FolderSkip, FolderStatus } from '../../shared/folder.js';
export { findTrajectory, readTrajectory, type TrajectoryReading, type TrajectorySource } from './trajectory/read-trajectory.js';
export { compareTrajectory, type CompareTrajectoryOptions, type TrajectoryReport } from './trajectory/compare-trajectory.js';
export type * from '../../shared/trajectory/types.js';
