/**
 * Runtime checks of InspectorApi arguments. They arrive over IPC or HTTP from a renderer we do not
 * trust with the file system, so every method validates its arguments before doing anything.
 */
import type { DocumentView, ExportKind, InspectorMethod, OpenRequest, Side, DocumentWindow, StoreRequest } from './api.js';
import type { RepairOptions } from './inspection.js';
import { isRecord } from './messages.js';
import { BEHAVIOURS } from './policy/spec-decisions.js';
import type { InspectOptions, Target } from './types.js';

/** An argument that does not have the shape the API promises. */
export class ArgumentError extends TypeError {
  override name = 'ArgumentError';
}

/** The longest id, path, name or target field accepted (ids are UUIDs; paths are bounded by the OS anyway). */
const MAX_SHORT_STRING = 4096;
/** The largest window of turns one call may ask for. */
const MAX_TURN_WINDOW = 10_000;
/** The longest pasted error text explained. */
const MAX_ERROR_TEXT = 1_000_000;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return 'bytes';
  if (typeof value === 'string') return value.length > 40 ? `a ${value.length}-character string` : JSON.stringify(value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** A JSON-like object: bytes are objects too, but never an options or target record. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && !(value instanceof Uint8Array);
}

/** A non-empty string of bounded length. */
function assertString(where: string, value: unknown, options: { allowEmpty?: boolean; max?: number } = {}): asserts value is string {
  if (typeof value !== 'string') throw new ArgumentError(`${where}: expected a string, got ${describe(value)}`);
  if (!options.allowEmpty && value.length === 0) throw new ArgumentError(`${where}: must not be empty`);
  const max = options.max ?? MAX_SHORT_STRING;
  if (value.length > max) throw new ArgumentError(`${where}: longer than ${max} characters`);
  if (value.includes('\u0000')) throw new ArgumentError(`${where}: contains a NUL character`);
}

/** A session or inspection id. */
function assertId(where: string, value: unknown): asserts value is string {
  assertString(where, value, { max: 200 });
}

/** A non-negative safe integer, at most `max`. */
function assertIndex(where: string, value: unknown, max = Number.MAX_SAFE_INTEGER): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw new ArgumentError(`${where}: expected an integer from 0 to ${max}, got ${describe(value)}`);
  }
}

/**
 * An OpenRequest: `{kind:'path', path}`, `{kind:'bytes', name, bytes}`, `{kind:'text', name, text}`,
 * `{kind:'sample'}`, or a stored session `{kind:'store', path, storeSessionId}` /
 * `{kind:'store-bytes', name, bytes, storeSessionId}`.
 */
export function assertOpenRequest(value: unknown, where = 'open(request)'): asserts value is OpenRequest {
  if (!isPlainObject(value))
    throw new ArgumentError(
      `${where}: expected {kind: 'path' | 'bytes' | 'text' | 'sample' | 'store' | 'store-bytes', …}, got ${describe(value)}`,
    );
  switch (value.kind) {
    case 'path':
      assertString(`${where}.path`, value.path);
      return;
    case 'bytes':
      assertString(`${where}.name`, value.name);
      if (!(value.bytes instanceof Uint8Array))
        throw new ArgumentError(`${where}.bytes: expected a Uint8Array, got ${describe(value.bytes)}`);
      return;
    case 'text':
      assertString(`${where}.name`, value.name);
      if (typeof value.text !== 'string') throw new ArgumentError(`${where}.text: expected a string, got ${describe(value.text)}`);
      return;
    case 'sample':
      return;
    case 'store':
      assertString(`${where}.path`, value.path);
      assertId(`${where}.storeSessionId`, value.storeSessionId);
      return;
    case 'store-bytes':
      assertString(`${where}.name`, value.name);
      if (!(value.bytes instanceof Uint8Array))
        throw new ArgumentError(`${where}.bytes: expected a Uint8Array, got ${describe(value.bytes)}`);
      assertId(`${where}.storeSessionId`, value.storeSessionId);
      return;
    default:
      throw new ArgumentError(
        `${where}.kind: expected 'path', 'bytes', 'text', 'sample', 'store' or 'store-bytes', got ${describe(value.kind)}`,
      );
  }
}

/** What `listStore` accepts: a path or bytes (`{kind:'path', path}` or `{kind:'bytes', name, bytes}`). */
export function assertStoreRequest(value: unknown, where = 'listStore(request)'): asserts value is StoreRequest {
  assertOpenRequest(value, where);
  if (value.kind !== 'path' && value.kind !== 'bytes')
    throw new ArgumentError(`${where}.kind: expected 'path' or 'bytes', got ${describe(value.kind)}`);
}

/** A Target: provider, api and modelId strings, optional reasoning flag, canonical id and compat facts. */
export function assertTarget(value: unknown, where = 'target'): asserts value is Target {
  if (!isPlainObject(value)) throw new ArgumentError(`${where}: expected {provider, api, modelId}, got ${describe(value)}`);
  assertString(`${where}.provider`, value.provider, { max: 200 });
  assertString(`${where}.api`, value.api, { max: 200 });
  assertString(`${where}.modelId`, value.modelId, { max: 500 });
  if (value.reasoning !== undefined && typeof value.reasoning !== 'boolean')
    throw new ArgumentError(`${where}.reasoning: expected a boolean, got ${describe(value.reasoning)}`);
  if (value.canonicalModelId !== undefined) assertString(`${where}.canonicalModelId`, value.canonicalModelId, { max: 500 });
  if (value.compat !== undefined) {
    if (!isPlainObject(value.compat)) throw new ArgumentError(`${where}.compat: expected an object, got ${describe(value.compat)}`);
    const s = value.compat.supportsReasoningEffort;
    if (s !== undefined && typeof s !== 'boolean')
      throw new ArgumentError(`${where}.compat.supportsReasoningEffort: expected a boolean, got ${describe(s)}`);
  }
}

/** InspectOptions (or undefined): clock, tool allowlist, image side limit and behaviour. */
function assertInspectOptions(value: unknown, where = 'options'): asserts value is InspectOptions | undefined {
  if (value === undefined) return;
  if (!isPlainObject(value)) throw new ArgumentError(`${where}: expected an object or nothing, got ${describe(value)}`);
  if (value.now !== undefined && (typeof value.now !== 'number' || !Number.isFinite(value.now)))
    throw new ArgumentError(`${where}.now: expected milliseconds since the epoch, got ${describe(value.now)}`);
  if (value.allowedToolNames !== undefined) {
    if (!Array.isArray(value.allowedToolNames) || value.allowedToolNames.length > 10_000)
      throw new ArgumentError(`${where}.allowedToolNames: expected an array of names, got ${describe(value.allowedToolNames)}`);
    value.allowedToolNames.forEach((name, i) => assertString(`${where}.allowedToolNames[${i}]`, name, { max: 200 }));
  }
  if (value.behaviour !== undefined && !(BEHAVIOURS as readonly unknown[]).includes(value.behaviour))
    throw new ArgumentError(
      `${where}.behaviour: expected ${BEHAVIOURS.map((b) => `'${b}'`).join(' or ')}, got ${describe(value.behaviour)}`,
    );
  if (value.imageMaxDimensionPx !== undefined) {
    const px = value.imageMaxDimensionPx;
    if (typeof px !== 'number' || !Number.isFinite(px) || px < 1 || px > 100_000)
      throw new ArgumentError(`${where}.imageMaxDimensionPx: expected a number of pixels from 1 to 100000, got ${describe(px)}`);
  }
}

/** 'original' or 'replay'. */
function assertSide(value: unknown, where = 'side'): asserts value is Side {
  if (value !== 'original' && value !== 'replay')
    throw new ArgumentError(`${where}: expected 'original' or 'replay', got ${describe(value)}`);
}

/** 'payload' or 'transcript'. */
function assertView(value: unknown, where = 'view'): asserts value is DocumentView {
  if (value !== 'payload' && value !== 'transcript')
    throw new ArgumentError(`${where}: expected 'payload' or 'transcript', got ${describe(value)}`);
}

const MAX_SKIPPED_LINES = 100_000;

/** `repair`'s options: `{ skipLines?: positive line numbers }`, nothing else. */
function assertRepairOptions(value: unknown): asserts value is RepairOptions {
  const where = 'repair(options)';
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ArgumentError(`${where}: expected an object, got ${describe(value)}`);
  for (const key of Object.keys(value))
    if (key !== 'skipLines' && key !== 'force') throw new ArgumentError(`${where}: unknown option ${key}`);
  const { force, skipLines: lines } = value as RepairOptions;
  if (force !== undefined && typeof force !== 'boolean')
    throw new ArgumentError(`${where}.force: expected a boolean, got ${describe(force)}`);
  if (lines === undefined) return;
  if (!Array.isArray(lines)) throw new ArgumentError(`${where}.skipLines: expected an array, got ${describe(lines)}`);
  if (lines.length > MAX_SKIPPED_LINES) throw new ArgumentError(`${where}.skipLines: more than ${MAX_SKIPPED_LINES} lines`);
  for (const line of lines)
    if (!Number.isSafeInteger(line) || (line as number) < 1)
      throw new ArgumentError(`${where}.skipLines: expected line numbers (integers from 1), got ${describe(line)}`);
}

const EXPORT_KINDS: readonly ExportKind[] = [
  'payload-json',
  'curl',
  'report-markdown',
  'report-json',
  'session-jsonl',
  'branch-jsonl',
  'repaired-jsonl',
  'session-redacted',
];

/** One of the export kinds. */
function assertExportKind(value: unknown, where = 'kind'): asserts value is ExportKind {
  if (!EXPORT_KINDS.includes(value as ExportKind))
    throw new ArgumentError(`${where}: expected one of ${EXPORT_KINDS.join(', ')}, got ${describe(value)}`);
}

/** A document window: two integers, 0 ≤ from ≤ to, at most MAX_DOCUMENT_WINDOW turns. */
function assertWindow(value: unknown, label: string): asserts value is DocumentWindow {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ArgumentError(`${label}: expected {from, to}`);
  const w = value as Record<string, unknown>;
  for (const key of Object.keys(w)) if (key !== 'from' && key !== 'to') throw new ArgumentError(`${label}: unexpected field "${key}"`);
  assertIndex(`${label}.from`, w.from);
  assertIndex(`${label}.to`, w.to);
  if ((w.to as number) < (w.from as number)) throw new ArgumentError(`${label}: "to" must not be before "from"`);
  if ((w.to as number) - (w.from as number) > MAX_DOCUMENT_WINDOW)
    throw new ArgumentError(`${label}: at most ${MAX_DOCUMENT_WINDOW} turns per window`);
}

/** The largest document window a caller may ask for. */
export const MAX_DOCUMENT_WINDOW = 5000;

/** The largest batch repair one call may ask for. */
export const MAX_REPAIR_FILES = 100_000;

/** A folder method's list of files: strings, at least `min`, at most MAX_REPAIR_FILES. */
function assertFiles(where: string, files: unknown, min: number): void {
  if (!Array.isArray(files) || files.length < min || files.length > MAX_REPAIR_FILES)
    throw new ArgumentError(
      `${where}: expected an array of ${min === 0 ? 'at most' : `${min} to`} ${MAX_REPAIR_FILES} paths, got ${describe(files)}`,
    );
  files.forEach((file, i) => assertString(`${where.slice(0, -1)}[${i}])`, file));
}

/** `repairFolder(scanId, files, { includeInUse })`. */
function assertRepairFolder(args: readonly unknown[]): void {
  assertId('repairFolder(scanId)', args[0]);
  assertFiles('repairFolder(files)', args[1], 0);
  const options = args[2];
  if (!isPlainObject(options) || typeof options.includeInUse !== 'boolean')
    throw new ArgumentError(`repairFolder(options): expected {includeInUse: boolean}, got ${describe(options)}`);
}

function arity(method: string, args: readonly unknown[], min: number, max = min): void {
  if (args.length < min || args.length > max) {
    throw new ArgumentError(`${method}: expected ${min === max ? min : `${min} to ${max}`} argument(s), got ${args.length}`);
  }
}

/**
 * Check the arguments of one InspectorApi method call; throws an ArgumentError that says what is
 * wrong. Electron main and the web server call it before dispatching to the Inspector service.
 */
export function validateArguments(method: InspectorMethod, args: readonly unknown[]): void {
  switch (method) {
    case 'listTargets':
    case 'recentFiles':
    case 'pickFile':
    case 'pickFolder':
      arity(method, args, 0);
      return;
    case 'open':
      arity(method, args, 1);
      assertOpenRequest(args[0]);
      return;
    case 'listStore':
      arity(method, args, 1);
      assertStoreRequest(args[0]);
      return;
    case 'reload':
    case 'close':
    case 'planRepair':
      arity(method, args, 1);
      assertId(`${method}(sessionId)`, args[0]);
      return;
    case 'inspect':
      arity(method, args, 2, 3);
      assertId('inspect(sessionId)', args[0]);
      assertTarget(args[1], 'inspect(target)');
      assertInspectOptions(args[2], 'inspect(options)');
      return;
    case 'preview':
      arity(method, args, 2, 3);
      assertOpenRequest(args[0]);
      if (args[1] !== null) assertTarget(args[1], 'preview(target)');
      assertInspectOptions(args[2], 'preview(options)');
      return;
    case 'getTurns':
      arity(method, args, 4);
      assertId('getTurns(inspectionId)', args[0]);
      assertSide(args[1], 'getTurns(side)');
      assertIndex('getTurns(start)', args[2]);
      assertIndex('getTurns(count)', args[3], MAX_TURN_WINDOW);
      return;
    case 'payloadEntry':
      arity(method, args, 3);
      assertId('payloadEntry(inspectionId)', args[0]);
      assertSide(args[1], 'payloadEntry(side)');
      assertIndex('payloadEntry(index)', args[2]);
      return;
    case 'getDocument':
      // A trailing undefined window is the same call as no window (JSON and IPC may keep or drop it).
      arity(method, args, 3, 4);
      assertId('getDocument(inspectionId)', args[0]);
      assertSide(args[1], 'getDocument(side)');
      assertView(args[2], 'getDocument(view)');
      if (args[3] !== undefined && args[3] !== null) assertWindow(args[3], 'getDocument(window)');
      return;
    case 'reveal':
      arity(method, args, 2);
      assertId('reveal(inspectionId)', args[0]);
      assertString('reveal(ref)', args[1], { max: 200 });
      return;
    case 'thumbnail':
      arity(method, args, 2);
      assertId('thumbnail(inspectionId)', args[0]);
      assertString('thumbnail(imageRef)', args[1], { max: 200 });
      return;
    case 'explainError':
      arity(method, args, 2);
      if (args[0] !== null) assertId('explainError(inspectionId)', args[0]);
      assertString('explainError(errorText)', args[1], { allowEmpty: true, max: MAX_ERROR_TEXT });
      return;
    case 'exportText':
      arity(method, args, 2);
      assertId('exportText(inspectionId)', args[0]);
      assertExportKind(args[1], 'exportText(kind)');
      return;
    case 'repair':
      arity(method, args, 2, 3);
      assertId('repair(sessionId)', args[0]);
      assertString('repair(expectedDigest)', args[1], { max: 128 });
      if (!/^[0-9a-f]{64}$/i.test(args[1] as string)) throw new ArgumentError('repair(expectedDigest): expected a sha-256 hex digest');
      if (args[2] !== undefined && args[2] !== null) assertRepairOptions(args[2]);
      return;
    case 'undoRepair':
      arity(method, args, 1);
      assertId('undoRepair(sessionId)', args[0]);
      return;
    case 'saveText':
      arity(method, args, 2);
      assertString('saveText(suggestedName)', args[0], { max: 500 });
      if (typeof args[1] !== 'string') throw new ArgumentError(`saveText(text): expected a string, got ${describe(args[1])}`);
      return;
    case 'scanFolder':
      arity(method, args, 1);
      assertString('scanFolder(dir)', args[0]);
      return;
    case 'folderScan':
      arity(method, args, 2);
      assertId('folderScan(scanId)', args[0]);
      assertIndex('folderScan(from)', args[1]);
      return;
    case 'cancelFolderScan':
      arity(method, args, 1);
      assertId('cancelFolderScan(scanId)', args[0]);
      return;
    case 'repairFolder':
      arity(method, args, 3);
      assertRepairFolder(args);
      return;
    case 'undoFolderRepair':
      arity(method, args, 2);
      assertId('undoFolderRepair(scanId)', args[0]);
      assertFiles('undoFolderRepair(files)', args[1], 1);
      return;
    case 'openTrajectory':
      arity(method, args, 2);
      assertId('openTrajectory(sessionId)', args[0]);
      if (args[1] !== null) assertStoreRequest(args[1], 'openTrajectory(request)');
      return;
    case 'compareTrajectoryRun':
      arity(method, args, 3);
      assertId('compareTrajectoryRun(trajectoryId)', args[0]);
      assertString('compareTrajectoryRun(runId)', args[1], { max: 500 });
      if (!(BEHAVIOURS as readonly unknown[]).includes(args[2]))
        throw new ArgumentError(
          `compareTrajectoryRun(behaviour): expected ${BEHAVIOURS.map((b) => `'${b}'`).join(' or ')}, got ${describe(args[2])}`,
        );
      return;
    default: {
      const unknownMethod: never = method;
      throw new ArgumentError(`unknown method ${String(unknownMethod)}`);
    }
  }
}
