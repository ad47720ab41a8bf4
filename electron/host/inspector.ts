/**
 * The Inspector service: the one host object Electron main, the web mode and the CLI share. It opens
 * sessions (path, bytes, text or the bundled sample), keeps them by id, inspects them for targets,
 * and hands out windows of turns and one document at a time, never whole sessions.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type {
  DocumentText,
  DocumentView,
  DocumentWindow,
  ExportKind,
  FileChangedEvent,
  InspectionSummary,
  InspectorApi,
  OpenRequest,
  ProgressEvent,
  RuleCount,
  SessionInfo,
  Side,
  TargetCatalog,
  TurnWindow,
} from '../../shared/api.js';
import {
  assertExportKind,
  assertId,
  assertIndex,
  assertInspectOptions,
  assertOpenRequest,
  assertSide,
  assertString,
  assertTarget,
  assertView,
  assertWindow,
  MAX_DOCUMENT_WINDOW,
  MAX_ERROR_TEXT,
  MAX_TURN_WINDOW,
} from '../../shared/api-guards.js';
import { explainProviderError } from '../../shared/errors/match-error.js';
import type { ErrorExplanation, RepairPlan, RepairResult } from '../../shared/inspection.js';
import { messagesKey } from '../../shared/preflight/family.js';
import { RULES } from '../../shared/rules/index.js';
import { buildContext, type SessionContext } from '../../shared/session/context.js';
import type { ParseLinesOptions, ParsedSession } from '../../shared/session/parse.js';
import { digestBytes, parseSessionBytes } from './load-session.js';
import { readSessionFile } from './stream-session.js';
import { readSessionPreview } from './preview/read-preview.js';
import { previewWindow } from '../../shared/document-windows.js';
import type { InspectOptions, RuleId, Target } from '../../shared/types.js';
import { listTargets, lookupCatalogModel } from './catalog.js';
import { inspectAndEnrich, type EnrichedInspection } from './enrich.js';
import { defaultImageCodec } from './image-codec.js';
import { imagePrewarmer } from './images/prewarm.js';
import { normalizeTarget } from './inspect.js';
import { prettyDocument, type PrettyDocument } from './inspector/document-text.js';
import { createJsonByteCounter } from './inspector/json-length.js';
import { curlCommand, reportJson, reportMarkdown } from './inspector/exports.js';
import { FileWatcher } from './inspector/file-watcher.js';
import { Listeners } from './inspector/listeners.js';
import { throttleProgress } from './inspector/read-progress.js';
import { defaultRecentFile, RecentFiles } from './inspector/recent-files.js';
import { sampleSessionPath } from './inspector/sample-path.js';
import { rulesByIndex, turnRows } from './inspector/turn-rows.js';
import { InputError, statSession } from './read-input.js';
import { CLI_EXPORT_HINT, tooLargeAsText } from './inspector/too-large.js';
import { forgetRepairPlan, planRepairFile, repairFile } from './repair/index.js';
import { completeTarget } from './targets.js';

/** Options of the Inspector service. */
export interface InspectorOptions {
  /** Where the recent-files list is kept (default `~/.config/transcript-inspector/recent.json`). */
  recentFile?: string;
  /** Watch opened files and report changes through `onFileChanged`. */
  watch?: boolean;
  /** Longest image side for replay (OpenClaw `agents.defaults.imageMaxDimensionPx`, default 1200). */
  imageMaxDimensionPx?: number;
  /** How often watched files are polled (default 500 ms). */
  watchIntervalMs?: number;
  /** Inspections kept per session, least recently used dropped first (default 4). */
  inspectionsPerSession?: number;
  /** Least milliseconds between two `onProgress` events while a file is read (default 100; the final event always goes out). */
  progressIntervalMs?: number;
  /** Bytes read from a session file at a time (default 4 MiB; tests use small chunks to get several). */
  chunkBytes?: number;
  /** Files smaller than this get no preview (default PREVIEW_MIN_BYTES: they open fast enough). */
  previewMinBytes?: number;
  /** Turns a preview reads at least (default PREVIEW_TURNS; tests use a few). */
  previewTurns?: number;
}

/** Files from this size get a `preview()`: below it, the whole file opens about as fast. */
export const PREVIEW_MIN_BYTES = 8 * 1024 * 1024;
/** Turns a preview reads: the widest first window of the diff (renderer/diff/windows.ts), and a few. */
export const PREVIEW_TURNS = 64;

/** The service: every InspectorApi method but the UI-side `pickFile` and `saveText`, plus `dispose`. */
export type HostInspector = Omit<InspectorApi, 'pickFile' | 'saveText'> & {
  /**
   * The full text an elision of a document stands for (an image's base64, a data URL's payload),
   * or null for an unknown ref: the "show anyway" of an elided string.
   */
  reveal(inspectionId: string, ref: string): Promise<string | null>;
  /** Stop watching files and drop every session. */
  dispose(): Promise<void>;
};

interface SessionRecord {
  info: SessionInfo;
  parsed: ParsedSession;
  /** The active branch and its messages, built once at open. */
  context: SessionContext;
  request: OpenRequest;
  watcher: FileWatcher | null;
  /** Inspection ids, least recently used first. */
  inspections: string[];
}

interface InspectionRecord {
  id: string;
  sessionId: string;
  detail: EnrichedInspection;
  summary: InspectionSummary;
  rules: { original?: Map<number, RuleId[]>; replay?: Map<number, RuleId[]> };
  documents: Map<string, PrettyDocument>;
  /** Which original turn owns each replay message and each payload entry (ownersOf), made on the first window. */
  owners: { replayMessages?: (number | null)[]; originalEntries?: (number | null)[]; replayEntries?: (number | null)[] };
}

/** A request naming a session or inspection the service does not have (closed, evicted or never opened). */
export class UnknownIdError extends Error {
  override name = 'UnknownIdError';
}

function baseName(name: string): string {
  const base = path.basename(name);
  return base.replace(/\.(jsonl|json)$/i, '') || 'session';
}

function ruleCounts(summaryAnnotations: InspectionSummary['annotations']): RuleCount[] {
  const counts = new Map<RuleId, number>();
  for (const a of summaryAnnotations) counts.set(a.rule, (counts.get(a.rule) ?? 0) + 1);
  const out: RuleCount[] = RULES.map((rule) => ({
    rule: rule.id,
    title: rule.title,
    explanation: rule.explanation,
    count: counts.get(rule.id) ?? 0,
  }));
  for (const [rule, count] of counts) if (!out.some((r) => r.rule === rule)) out.push({ rule, title: rule, explanation: '', count });
  return out;
}

/**
 * Who each item of a list belongs to, for windows: its own source, or for an item without one (a
 * turn or payload entry hygiene or the adapter created) the source of the nearest item before it,
 * or after it when none comes before.
 */
export function ownersOf(sources: readonly (number | null | undefined)[]): (number | null)[] {
  const owners: (number | null)[] = [];
  let last: number | null = null;
  for (const source of sources) {
    if (source !== null && source !== undefined) last = source;
    owners.push(last);
  }
  const first = owners.find((o) => o !== null) ?? null;
  for (let k = 0; k < owners.length && owners[k] === null; k += 1) owners[k] = first;
  return owners;
}

/** Only a file the user opened is repaired: never bytes, text, or the bundled sample (it has a path, but is ours). */
function assertUserFile(record: SessionRecord): void {
  if (record.request.kind === 'path' && record.info.path) return;
  const what = record.request.kind === 'sample' ? 'the bundled sample' : `${record.info.name} was not opened from a file`;
  throw new InputError(`${what}: only files opened from disk can be repaired`);
}

/** Create the Inspector service. */
export function createInspector(options: InspectorOptions = {}): HostInspector {
  const sessions = new Map<string, SessionRecord>();
  const inspections = new Map<string, InspectionRecord>();
  const fileChanges = new Listeners<FileChangedEvent>();
  const progress = new Listeners<ProgressEvent>();
  const recent = new RecentFiles(options.recentFile ?? defaultRecentFile());
  const keep = Math.max(1, options.inspectionsPerSession ?? 4);
  // The one preview kept (a newer one makes it useless), and what it was asked for: the same
  // question about the same unchanged file gets the same answer.
  let previewAnswer: { key: string; summary: InspectionSummary } | null = null;

  const sessionOf = (sessionId: string): SessionRecord => {
    const record = sessions.get(sessionId);
    if (!record) throw new UnknownIdError(`unknown session ${sessionId}: it was closed or never opened`);
    return record;
  };
  const inspectionOf = (inspectionId: string): InspectionRecord => {
    const record = inspections.get(inspectionId);
    if (!record) throw new UnknownIdError(`unknown inspection ${inspectionId}: it was evicted (re-run inspect) or never made`);
    const session = sessions.get(record.sessionId);
    if (session) session.inspections = [...session.inspections.filter((id) => id !== inspectionId), inspectionId];
    return record;
  };

  /**
   * Read and parse what `open` was given: files in chunks (never whole), bytes and text at once. Only
   * an unreadable source fails; problems inside are diagnostics. A file read for an `operation`
   * reports its progress to `onProgress` listeners (throttled, then a final event).
   */
  async function load(
    request: OpenRequest,
    parseOptions: ParseLinesOptions,
    operation?: ProgressEvent['operation'],
  ): Promise<{ parsed: ParsedSession; digest: string; size: number; name: string; filePath: string | null }> {
    if (request.kind === 'path' || request.kind === 'sample') {
      const filePath = request.kind === 'path' ? path.resolve(request.path) : sampleSessionPath();
      const name = path.basename(filePath);
      const reporter = operation
        ? throttleProgress((done, total) => progress.emit({ operation, name, path: filePath, done, total }), options.progressIntervalMs)
        : null;
      const read = await readSessionFile(filePath, { ...parseOptions, chunkBytes: options.chunkBytes, onProgress: reporter?.update });
      reporter?.finish();
      return { ...read, name, filePath };
    }
    const bytes = request.kind === 'bytes' ? request.bytes : Buffer.from(request.text, 'utf8');
    // Hash off the main thread while the lines are indexed and parsed.
    const digest = digestBytes(bytes);
    const parsed = parseSessionBytes(bytes, parseOptions);
    return { parsed, digest: await digest, size: bytes.byteLength, name: path.basename(request.name), filePath: null };
  }

  /** The target of the model a session's branch last recorded, completed from the catalog (null: none, or unknown). */
  async function recordedTarget(context: SessionContext): Promise<Target | null> {
    const recorded = context.lastModel;
    if (!recorded) return null;
    try {
      const target = await completeTarget({ provider: recorded.provider, modelId: recorded.modelId, api: recorded.api }, { text: '' });
      const known = lookupCatalogModel(target.provider, target.modelId);
      if (known) target.reasoning = known.reasoning;
      return target;
    } catch {
      return null;
    }
  }

  async function defaultTargetOf(
    parsed: ParsedSession,
  ): Promise<{ target: Target | null; turnCount: number; diagnostics: SessionInfo['diagnostics']; context: SessionContext }> {
    const context = buildContext(parsed);
    const diagnostics = [...parsed.diagnostics, ...context.diagnostics].sort((a, b) => a.line - b.line || a.column - b.column);
    return { target: await recordedTarget(context), turnCount: context.messages.length, diagnostics, context };
  }

  async function build(
    sessionId: string,
    request: OpenRequest,
    watcher: FileWatcher | null,
    operation?: ProgressEvent['operation'],
  ): Promise<{ info: SessionInfo; parsed: ParsedSession; context: SessionContext }> {
    // Oversized images start shrinking on libuv's threads while the lines are parsed.
    const codec = await defaultImageCodec();
    const { parsed, digest, size, name, filePath } = await load(
      request,
      codec ? { onEntry: imagePrewarmer(codec, options.imageMaxDimensionPx) } : {},
      operation,
    );
    const { target, turnCount, diagnostics, context } = await defaultTargetOf(parsed);
    const info: SessionInfo = {
      sessionId,
      name,
      path: filePath,
      sizeBytes: size,
      digest,
      format: parsed.format,
      lineCount: parsed.lineCount,
      turnCount,
      diagnostics,
      defaultTarget: target,
      watched: watcher !== null,
    };
    return { info, parsed, context };
  }

  function watch(sessionId: string, filePath: string | null): FileWatcher | null {
    if (!options.watch || !filePath) return null;
    return new FileWatcher(filePath, (kind) => fileChanges.emit({ sessionId, path: filePath, kind }), {
      intervalMs: options.watchIntervalMs,
    });
  }

  /** Re-read a session's source; `operation` when the renderer waits on it (a reload), none after a repair. */
  async function refresh(record: SessionRecord, operation?: ProgressEvent['operation']): Promise<SessionInfo> {
    const { info, parsed, context } = await build(record.info.sessionId, record.request, record.watcher, operation);
    record.info = info;
    record.parsed = parsed;
    record.context = context;
    return info;
  }

  /**
   * The message indices a window covers on one side, inclusive: the original turns [from, to), or on
   * the replay side the turns that come from them plus the turns hygiene created after them (created
   * turns before the first replayed turn go with it). Empty ([0, -1]) when none of them is replayed.
   */
  function windowOnSide(record: InspectionRecord, side: Side, window: DocumentWindow): [number, number] {
    const inspection = record.detail.inspection;
    if (side === 'original') return [window.from, Math.min(window.to, inspection.original.messages.length) - 1];
    const owners = (record.owners.replayMessages ??= ownersOf(inspection.replay.origins ?? []));
    let lo = -1;
    let hi = -2;
    owners.forEach((owner, j) => {
      if (owner === null || owner < window.from || owner >= window.to) return;
      if (lo < 0) lo = j;
      hi = j;
    });
    return lo < 0 ? [0, -1] : [lo, hi];
  }

  function documentOf(record: InspectionRecord, side: Side, view: DocumentView, window?: DocumentWindow): PrettyDocument {
    const key = window ? `${side}:${view}:${window.from}-${window.to}` : `${side}:${view}`;
    const cached = record.documents.get(key);
    if (cached) {
      record.documents.delete(key);
      record.documents.set(key, cached);
      return cached;
    }
    const inspection = record.detail.inspection;
    const sideData = inspection[side];
    const turnOfIndex = (index: number): number | null => (side === 'original' ? index : (inspection.replay.origins?.[index] ?? null));
    const [lo, hi] = window ? windowOnSide(record, side, window) : [0, Number.MAX_SAFE_INTEGER];
    const inWindow = (index: number | null | undefined) => index !== null && index !== undefined && index >= lo && index <= hi;
    let doc: PrettyDocument;
    if (view === 'transcript') {
      doc = prettyDocument(sideData.messages, {
        listKey: null,
        entryTurn: (i) => ({ index: i, turn: turnOfIndex(i) }),
        refPrefix: key,
        include: window ? inWindow : undefined,
      });
    } else {
      const payload = record.detail[side];
      if (payload.payload === undefined || payload.family === null) {
        doc = prettyDocument(
          { error: payload.build.error ?? 'no payload was built' },
          { listKey: null, entryTurn: () => null, refPrefix: key },
        );
      } else {
        // Payload entries without a source (merged or synthetic) go with the entry before them, so
        // every entry is in exactly one window.
        const owners =
          side === 'original'
            ? (record.owners.originalEntries ??= ownersOf(payload.entrySources))
            : (record.owners.replayEntries ??= ownersOf(payload.entrySources));
        doc = prettyDocument(payload.payload, {
          listKey: messagesKey(payload.family),
          entryTurn: (i) => {
            const index = payload.entrySources[i];
            return index === null || index === undefined ? null : { index, turn: turnOfIndex(index) };
          },
          refPrefix: key,
          include: window ? (i) => inWindow(owners[i]) : undefined,
        });
      }
    }
    record.documents.set(key, doc);
    // Keep a few documents per inspection: windows are cheap to rebuild, whole documents of big sessions are not kept forever.
    while (record.documents.size > 8) record.documents.delete(record.documents.keys().next().value as string);
    return doc;
  }

  /** The document an elision ref names (`side:view[:from-to]:n`). */
  function documentOfRef(record: InspectionRecord, ref: string): PrettyDocument | null {
    const parts = ref.split(':');
    const [side, view] = parts;
    if ((side !== 'original' && side !== 'replay') || (view !== 'payload' && view !== 'transcript')) return null;
    if (parts.length === 4) {
      const m = /^(\d{1,9})-(\d{1,9})$/.exec(parts[2]);
      if (!m) return null;
      const window = { from: Number(m[1]), to: Number(m[2]) };
      // Only windows getDocument would have served: a forged ref must not build a whole document.
      if (window.to < window.from || window.to - window.from > MAX_DOCUMENT_WINDOW) return null;
      return documentOf(record, side, view, window);
    }
    return parts.length === 3 ? documentOf(record, side, view) : null;
  }

  const service: HostInspector = {
    async listTargets(): Promise<TargetCatalog> {
      return listTargets();
    },

    async open(request: OpenRequest): Promise<SessionInfo> {
      assertOpenRequest(request);
      const sessionId = randomUUID();
      const pending = await build(sessionId, request, null, 'open');
      const watcher = watch(sessionId, pending.info.path);
      pending.info.watched = watcher !== null;
      sessions.set(sessionId, {
        info: pending.info,
        parsed: pending.parsed,
        context: pending.context,
        request: pending.info.path && request.kind === 'path' ? { kind: 'path', path: pending.info.path } : request,
        watcher,
        inspections: [],
      });
      if (request.kind === 'path' && pending.info.path) await recent.add(pending.info.path);
      return pending.info;
    },

    async reload(sessionId: string): Promise<SessionInfo> {
      assertId('reload(sessionId)', sessionId);
      const record = sessionOf(sessionId);
      if (!record.info.path) throw new InputError(`${record.info.name} was not opened from a file: there is nothing to reload`);
      return refresh(record, 'reload');
    },

    async close(sessionId: string): Promise<void> {
      assertId('close(sessionId)', sessionId);
      const record = sessions.get(sessionId);
      if (!record) return;
      record.watcher?.close();
      for (const id of record.inspections) inspections.delete(id);
      sessions.delete(sessionId);
      // A repair plan kept for this file (its bytes, up to 1 GiB) is not needed any more.
      if (record.info.path) forgetRepairPlan(record.info.path);
    },

    async inspect(sessionId: string, target: Target, inspectOptions?: InspectOptions): Promise<InspectionSummary> {
      assertId('inspect(sessionId)', sessionId);
      assertTarget(target, 'inspect(target)');
      assertInspectOptions(inspectOptions, 'inspect(options)');
      const record = sessionOf(sessionId);
      const started = performance.now();
      const normalized = normalizeTarget(target);
      const engineOptions = { ...inspectOptions, imageMaxDimensionPx: inspectOptions?.imageMaxDimensionPx ?? options.imageMaxDimensionPx };
      const codec = await defaultImageCodec();
      const countBytes = createJsonByteCounter();
      // The original side's payload is measured while the engine waits for image reductions.
      const measured: { payload?: unknown; bytes: number } = { bytes: 0 };
      const detail = await inspectAndEnrich(record.parsed, normalized, { ...engineOptions, codec, context: record.context }, (build) => {
        if (build.payload === undefined) return;
        measured.payload = build.payload;
        measured.bytes = countBytes(build.payload);
      });
      const enriched = detail.inspection;
      const id = randomUUID();
      const sideSummary = (side: Side): InspectionSummary['original'] => {
        const payload = detail[side];
        const out: InspectionSummary['original'] = {
          turnCount: enriched[side].messages.length,
          payloadBytes:
            payload.payload === undefined ? null : measured.payload === payload.payload ? measured.bytes : countBytes(payload.payload),
        };
        if (payload.build.error) out.payloadError = payload.build.error;
        return out;
      };
      const summary: InspectionSummary = {
        inspectionId: id,
        sessionId,
        target: normalized,
        policy: enriched.policy,
        annotations: enriched.annotations,
        rules: ruleCounts(enriched.annotations),
        diagnostics: enriched.diagnostics,
        original: sideSummary('original'),
        replay: sideSummary('replay'),
        preflight: enriched.preflight ?? { original: [], replay: [] },
        notes: enriched.notes ?? [],
        elapsedMs: Math.round(performance.now() - started),
      };
      // Closed (or reopened) meanwhile: keeping the result would hold both payloads with no way to evict them.
      if (sessions.get(sessionId) !== record) throw new UnknownIdError(`session ${sessionId} was closed while it was being inspected`);
      inspections.set(id, { id, sessionId, detail, summary, rules: {}, documents: new Map(), owners: {} });
      record.inspections.push(id);
      while (record.inspections.length > keep) inspections.delete(record.inspections.shift()!);
      return summary;
    },

    async preview(request: OpenRequest, target: Target | null): Promise<InspectionSummary | null> {
      assertOpenRequest(request);
      if (target !== null) assertTarget(target, 'preview(target)');
      if (request.kind !== 'path') return null;
      const filePath = path.resolve(request.path);
      const { size, mtimeMs } = await statSession(filePath);
      if (size < (options.previewMinBytes ?? PREVIEW_MIN_BYTES)) return null;
      // `serve FILE` previews the file to check it, then the page asks again: the answer is kept.
      const key = JSON.stringify([filePath, size, mtimeMs, target]);
      if (previewAnswer?.key === key && inspections.has(previewAnswer.summary.inspectionId)) return previewAnswer.summary;
      const read = await readSessionPreview(filePath, {
        turns: options.previewTurns ?? PREVIEW_TURNS,
        chunkBytes: options.chunkBytes,
      }).catch(() => null);
      if (!read) return null;
      // The preview's context is the whole branch's but for its messages: the same recorded model.
      const recorded = await recordedTarget(read.context);
      const chosen = target ?? recorded;
      if (!chosen) return null;
      const sessionId = randomUUID();
      const info: SessionInfo = {
        sessionId,
        name: path.basename(filePath),
        path: filePath,
        sizeBytes: read.size,
        // Not the file's: a preview is never repaired (repair checks the digest of a full read).
        digest: '',
        format: read.parsed.format,
        lineCount: read.parsed.lineCount,
        turnCount: read.turns,
        diagnostics: [],
        defaultTarget: recorded,
        watched: false,
      };
      if (previewAnswer) await service.close(previewAnswer.summary.sessionId);
      previewAnswer = null;
      sessions.set(sessionId, {
        info,
        parsed: read.parsed,
        context: read.context,
        request: { kind: 'path', path: filePath },
        watcher: null,
        inspections: [],
      });
      try {
        const summary = await service.inspect(sessionId, chosen);
        const window = previewWindow(read.turns, read.totalTurns, read.branchBytes);
        const [original, replay] = await Promise.all(
          (['original', 'replay'] as const).map((side) => service.getDocument(summary.inspectionId, side, 'payload', window)),
        );
        summary.preview = {
          turns: read.turns,
          totalTurns: read.totalTurns,
          estimatedBytes: read.branchBytes,
          first: { view: 'payload', original, replay },
        };
        previewAnswer = { key, summary };
        return summary;
      } catch (error) {
        // A preview that failed holds nothing.
        await service.close(sessionId);
        throw error;
      }
    },

    async getTurns(inspectionId: string, side: Side, start: number, count: number): Promise<TurnWindow> {
      assertId('getTurns(inspectionId)', inspectionId);
      assertSide(side, 'getTurns(side)');
      assertIndex('getTurns(start)', start);
      assertIndex('getTurns(count)', count, MAX_TURN_WINDOW);
      const record = inspectionOf(inspectionId);
      const inspection = record.detail.inspection;
      const rules = (record.rules[side] ??= rulesByIndex(inspection, side));
      return { total: inspection[side].messages.length, start, rows: turnRows(inspection, side, start, count, rules) };
    },

    async getDocument(inspectionId: string, side: Side, view: DocumentView, window?: DocumentWindow): Promise<DocumentText> {
      assertId('getDocument(inspectionId)', inspectionId);
      assertSide(side, 'getDocument(side)');
      assertView(view, 'getDocument(view)');
      if (window !== undefined && window !== null) assertWindow(window, 'getDocument(window)');
      const record = inspectionOf(inspectionId);
      const { text, ranges, elisions } = tooLargeAsText(
        `the whole ${side} ${view} of ${sessionOf(record.sessionId).info.name}`,
        'ask for a window of turns (getDocument with {from, to}) — the app does',
        () => documentOf(record, side, view, window ?? undefined),
      );
      if (!window) return { text, ranges, elisions };
      return {
        text,
        ranges,
        elisions,
        window: { from: window.from, to: window.to, totalTurns: record.detail.inspection.original.messages.length },
      };
    },

    async thumbnail(inspectionId: string, imageRef: string) {
      assertId('thumbnail(inspectionId)', inspectionId);
      assertString('thumbnail(imageRef)', imageRef, { max: 200 });
      const record = inspectionOf(inspectionId);
      const item = documentOfRef(record, imageRef)?.elided.find((e) => e.ref === imageRef);
      if (!item || !item.mimeType?.startsWith('image/') || item.mimeType === 'image/svg+xml') return null;
      const codec = await defaultImageCodec();
      const thumb = codec ? await codec.thumbnail(item.base64) : null;
      return thumb ? { mimeType: 'image/png' as const, base64: thumb.png.toString('base64') } : null;
    },

    async reveal(inspectionId: string, ref: string): Promise<string | null> {
      assertId('reveal(inspectionId)', inspectionId);
      assertString('reveal(ref)', ref, { max: 200 });
      return documentOfRef(inspectionOf(inspectionId), ref)?.elided.find((e) => e.ref === ref)?.base64 ?? null;
    },

    async explainError(inspectionId: string | null, errorText: string): Promise<ErrorExplanation[]> {
      if (inspectionId !== null) assertId('explainError(inspectionId)', inspectionId);
      assertString('explainError(errorText)', errorText, { allowEmpty: true, max: MAX_ERROR_TEXT });
      const inspection = inspectionId === null ? undefined : inspectionOf(inspectionId).detail.inspection;
      return explainProviderError(errorText, inspection);
    },

    async exportText(inspectionId: string, kind: ExportKind): Promise<{ fileName: string; text: string }> {
      assertId('exportText(inspectionId)', inspectionId);
      assertExportKind(kind, 'exportText(kind)');
      const record = inspectionOf(inspectionId);
      const session = sessionOf(record.sessionId).info;
      const inspection = record.detail.inspection;
      const base = `${baseName(session.name)}.${inspection.target.provider}.${inspection.target.modelId.replace(/[^\w.-]+/g, '_')}`;
      const replay = record.detail.replay;
      switch (kind) {
        case 'payload-json':
          if (replay.payload === undefined) throw new Error(`no replay payload to export: ${replay.build.error ?? 'it was not built'}`);
          return {
            fileName: `${base}.payload.json`,
            text: tooLargeAsText('the replay payload', CLI_EXPORT_HINT, () => `${JSON.stringify(replay.payload, null, 2)}\n`),
          };
        case 'curl': {
          const payload = replay.payload;
          if (payload === undefined) throw new Error(`no replay payload to export: ${replay.build.error ?? 'it was not built'}`);
          return {
            fileName: `${base}.curl.sh`,
            text: tooLargeAsText('the curl command', CLI_EXPORT_HINT, () =>
              curlCommand(replay.build, payload, [
                `Replay of ${session.name} for ${inspection.target.provider}/${inspection.target.modelId}, built by Transcript Inspector. Set the key variable first.`,
                ...replay.build.notes,
              ]),
            ),
          };
        }
        case 'report-markdown':
          return { fileName: `${base}.report.md`, text: reportMarkdown(session, inspection, record.summary.rules) };
        case 'report-json':
          return {
            fileName: `${base}.report.json`,
            text: tooLargeAsText('the JSON report', CLI_EXPORT_HINT, () => reportJson(session, inspection, record.summary.rules)),
          };
      }
    },

    async planRepair(sessionId: string): Promise<RepairPlan> {
      assertId('planRepair(sessionId)', sessionId);
      const record = sessionOf(sessionId);
      assertUserFile(record);
      return planRepairFile(record.info.path!);
    },

    async repair(sessionId: string, expectedDigest: string): Promise<RepairResult> {
      assertId('repair(sessionId)', sessionId);
      assertString('repair(expectedDigest)', expectedDigest, { max: 128 });
      const record = sessionOf(sessionId);
      assertUserFile(record);
      const result = await repairFile(record.info.path!, expectedDigest);
      if (result.status === 'repaired') await refresh(record);
      return result;
    },

    async recentFiles(): Promise<string[]> {
      return recent.list();
    },

    onFileChanged(listener: (event: FileChangedEvent) => void): () => void {
      return fileChanges.add(listener, 'onFileChanged');
    },

    onProgress(listener: (event: ProgressEvent) => void): () => void {
      return progress.add(listener, 'onProgress');
    },

    async dispose(): Promise<void> {
      for (const record of sessions.values()) record.watcher?.close();
      sessions.clear();
      inspections.clear();
      fileChanges.clear();
      progress.clear();
    },
  };
  return service;
}
