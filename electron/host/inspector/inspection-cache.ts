/**
 * Inspections kept for the windows and documents the renderer asks for: a few per session, the least
 * recently used dropped first, and a few pretty-printed documents per inspection.
 */
import { LRUCache } from 'lru-cache';
import type { InspectionSummary } from '../../../shared/api.js';
import type { InspectOptions, RuleId } from '../../../shared/types.js';
import type { EnrichedInspection } from '../enrich.js';
import type { PrettyDocument } from './document-text.js';
import { UnknownIdError } from './session-registry.js';

/** Documents kept per inspection: windows are cheap to rebuild, whole documents of big sessions are not kept forever. */
const DOCUMENTS_PER_INSPECTION = 8;

/** One inspection and what was derived from it on demand. */
export interface InspectionRecord {
  id: string;
  sessionId: string;
  detail: EnrichedInspection;
  summary: InspectionSummary;
  /** The options it was made with (an export that inspects again uses the same). */
  options: InspectOptions;
  /** The rules that touched each message index, per side, made on the first turn window. */
  rules: { original?: Map<number, RuleId[]>; replay?: Map<number, RuleId[]> };
  /** Pretty documents by `side:view[:from-to]`, the key their elision refs start with. */
  documents: LRUCache<string, PrettyDocument>;
  /** Which original turn owns each replay message and each payload entry (ownersOf), made on the first window. */
  owners: { replayMessages?: (number | null)[]; originalEntries?: (number | null)[]; replayEntries?: (number | null)[] };
}

/** Inspections by id, at most `perSession` per session. */
export class InspectionCache {
  private readonly bySession = new Map<string, LRUCache<string, InspectionRecord>>();
  /** Which session each kept inspection belongs to. */
  private readonly sessionOf = new Map<string, string>();

  constructor(private readonly perSession: number) {}

  /** Keep a new inspection of a session, dropping that session's least recently used one when full. */
  add(
    id: string,
    sessionId: string,
    detail: EnrichedInspection,
    summary: InspectionSummary,
    options: InspectOptions = {},
  ): InspectionRecord {
    let kept = this.bySession.get(sessionId);
    if (!kept) {
      kept = new LRUCache<string, InspectionRecord>({
        max: Math.max(1, this.perSession),
        dispose: (_record, evicted) => this.sessionOf.delete(evicted),
      });
      this.bySession.set(sessionId, kept);
    }
    const record: InspectionRecord = {
      id,
      sessionId,
      detail,
      summary,
      options,
      rules: {},
      documents: new LRUCache({ max: DOCUMENTS_PER_INSPECTION }),
      owners: {},
    };
    kept.set(id, record);
    this.sessionOf.set(id, sessionId);
    return record;
  }

  /** The inspection (now the most recently used of its session), or an UnknownIdError. */
  get(inspectionId: string): InspectionRecord {
    const sessionId = this.sessionOf.get(inspectionId);
    const record = sessionId === undefined ? undefined : this.bySession.get(sessionId)?.get(inspectionId);
    if (!record) throw new UnknownIdError(`unknown inspection ${inspectionId}: it was evicted (re-run inspect) or never made`);
    return record;
  }

  has(inspectionId: string): boolean {
    return this.sessionOf.has(inspectionId);
  }

  /** Drop every inspection of a session (it was closed). */
  dropSession(sessionId: string): void {
    this.bySession.get(sessionId)?.clear();
    this.bySession.delete(sessionId);
  }

  clear(): void {
    for (const kept of this.bySession.values()) kept.clear();
    this.bySession.clear();
  }
}
