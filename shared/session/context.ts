/**
 * The active branch of a session and the messages it sends to the model (pi's buildSessionContext).
 *
 * Walk from the leaf (the last entry of the file) to the root along `parentId`; v1 files have no
 * ids and are linear. A compaction on the path emits its summary first, then the kept entries from
 * `firstKeptEntryId`, then everything after it.
 */
import type { Diagnostic, JsonValue, Message } from '../types.js';
import type { LocatedEntry, ParsedSession, SessionEntry } from './parse.js';

/** The provider/model a session last used, as recorded in the file. */
export interface RecordedModel {
  provider: string;
  modelId: string;
  /** The API, when an assistant turn or model snapshot records one. */
  api?: string;
  /** Where it was found. */
  source: 'assistant' | 'model_change' | 'model-snapshot';
}

/** The messages of the active branch and the session state around them. */
export interface SessionContext {
  messages: Message[];
  /** The file line each message came from (null for messages with no line, e.g. JSON input). */
  messageLines: (number | null)[];
  /** Entries on the active branch, root first. */
  branch: LocatedEntry[];
  leafId: string | null;
  thinkingLevel: string;
  /** The last model the branch records (assistant turn, model_change or model-snapshot). */
  lastModel: RecordedModel | null;
  /** The last `model-snapshot` custom entry's data on the branch. */
  modelSnapshot: { provider: string; modelApi: string; modelId: string } | null;
  /** The timestamp of the latest snapshot that switched model (differs from the one before it). */
  latestModelSwitchTimestamp: number | null;
  /** A `google-turn-ordering-bootstrap` custom entry exists. */
  hasGoogleBootstrapMarker: boolean;
  diagnostics: Diagnostic[];
}

function toMillis(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return new Date(value).getTime();
  return Number.NaN;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The message an entry contributes to the model context, if any. */
export function projectEntry(entry: SessionEntry): Message | null {
  switch (entry.type) {
    case 'message': {
      const m = entry.message;
      if (!m || typeof m !== 'object' || Array.isArray(m)) return null;
      const message = m as Message;
      // v2 → v3 renamed the hook message role.
      return message.role === 'hookMessage' ? { ...message, role: 'custom' } : message;
    }
    case 'custom_message':
      return {
        role: 'custom',
        customType: entry.customType,
        content: entry.content,
        display: entry.display,
        details: entry.details,
        timestamp: toMillis(entry.timestamp),
      };
    case 'branch_summary':
      return entry.summary ? { role: 'branchSummary', summary: entry.summary, fromId: entry.fromId, timestamp: toMillis(entry.timestamp) } : null;
    default:
      return null;
  }
}

function compactionMessage(entry: SessionEntry): Message {
  return { role: 'compactionSummary', summary: entry.summary, tokensBefore: entry.tokensBefore, timestamp: toMillis(entry.timestamp) };
}

/** Drop keys whose value is undefined, so projected messages serialise like the file. */
function clean(message: Message): Message {
  let dirty = false;
  for (const key in message) if (message[key] === undefined) dirty = true;
  if (!dirty) return message;
  const out: Message = { role: message.role };
  for (const key in message) if (message[key] !== undefined) out[key] = message[key];
  return out;
}

/** The active branch, root first: the leaf's ancestors by `parentId` (v1: the whole file). */
function activeBranch(parsed: ParsedSession, diagnostics: Diagnostic[]): { branch: LocatedEntry[]; leafId: string | null } {
  const entries = parsed.entries;
  if (entries.length === 0) return { branch: [], leafId: null };
  const linear = parsed.version < 2 || entries.every((e) => e.entry.id === undefined && e.entry.parentId === undefined);
  if (linear) return { branch: entries.slice(), leafId: null };
  const byId = new Map<string, LocatedEntry>();
  for (const located of entries) if (typeof located.entry.id === 'string') byId.set(located.entry.id, located);
  // pi's leaf is the last entry appended (in file order) that has an id.
  let leaf: LocatedEntry | undefined;
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    if (typeof entries[i].entry.id === 'string') {
      leaf = entries[i];
      break;
    }
  }
  if (!leaf) return { branch: entries.slice(), leafId: null };
  const path: LocatedEntry[] = [];
  const seen = new Set<string>();
  let current: LocatedEntry | undefined = leaf;
  while (current) {
    const id = current.entry.id as string;
    if (seen.has(id)) {
      diagnostics.push({ line: current.line, column: 0, severity: 'error', code: 'parent-cycle', message: `line ${current.line}: the parentId chain loops back to ${JSON.stringify(id)} — the branch is cut here` });
      break;
    }
    seen.add(id);
    path.push(current);
    const parentId: unknown = current.entry.parentId;
    current = typeof parentId === 'string' && parentId !== '' ? byId.get(parentId) : undefined;
  }
  path.reverse();
  return { branch: path, leafId: leaf.entry.id ?? null };
}

/** Build the model context of a parsed session (or wrap a JSON message list). */
export function buildContext(parsed: ParsedSession): SessionContext {
  const diagnostics: Diagnostic[] = [];
  if (parsed.format === 'messages-json') {
    const list = parsed.messages ?? [];
    return {
      messages: list.map((m) => m.message),
      messageLines: list.map((m) => m.line),
      branch: [],
      leafId: null,
      thinkingLevel: 'off',
      lastModel: lastAssistantModel(list.map((m) => m.message)),
      modelSnapshot: null,
      latestModelSwitchTimestamp: null,
      hasGoogleBootstrapMarker: false,
      diagnostics,
    };
  }
  const { branch, leafId } = activeBranch(parsed, diagnostics);
  let thinkingLevel = 'off';
  let lastModel: RecordedModel | null = null;
  let modelSnapshot: SessionContext['modelSnapshot'] = null;
  let latestModelSwitchTimestamp: number | null = null;
  let compactionIndex = -1;
  branch.forEach(({ entry }, index) => {
    if (entry.type === 'thinking_level_change') thinkingLevel = str(entry.thinkingLevel) || thinkingLevel;
    else if (entry.type === 'model_change') lastModel = { provider: str(entry.provider), modelId: str(entry.modelId), source: 'model_change' };
    else if (entry.type === 'message' && isAssistant(entry.message)) {
      const m = entry.message as Message;
      lastModel = { provider: str(m.provider), modelId: str(m.model), api: str(m.api) || undefined, source: 'assistant' };
    } else if (entry.type === 'compaction') compactionIndex = index;
    else if (entry.type === 'custom' && entry.customType === 'model-snapshot' && entry.data && typeof entry.data === 'object') {
      const d = entry.data as Record<string, unknown>;
      const snapshot = { provider: str(d.provider), modelApi: str(d.modelApi), modelId: str(d.modelId) };
      const previous = modelSnapshot as SessionContext['modelSnapshot'];
      if (previous && (previous.provider !== snapshot.provider || previous.modelApi !== snapshot.modelApi || previous.modelId !== snapshot.modelId) && typeof d.timestamp === 'number' && Number.isFinite(d.timestamp)) {
        latestModelSwitchTimestamp = d.timestamp;
      }
      modelSnapshot = snapshot;
      lastModel = { provider: str(d.provider), modelId: str(d.modelId), api: str(d.modelApi) || undefined, source: 'model-snapshot' };
    }
  });
  const hasGoogleBootstrapMarker = parsed.entries.some(({ entry }) => entry.type === 'custom' && entry.customType === 'google-turn-ordering-bootstrap');

  const messages: Message[] = [];
  const messageLines: (number | null)[] = [];
  const append = (located: LocatedEntry) => {
    const m = projectEntry(located.entry);
    if (m) {
      messages.push(clean(m));
      messageLines.push(located.line);
    }
  };
  if (compactionIndex >= 0) {
    const compaction = branch[compactionIndex];
    messages.push(compactionMessage(compaction.entry));
    messageLines.push(compaction.line);
    const firstKept = compaction.entry.firstKeptEntryId;
    // v1 compactions point at an entry index instead of an id.
    const firstKeptIndex = typeof compaction.entry.firstKeptEntryIndex === 'number' ? compaction.entry.firstKeptEntryIndex : -1;
    // The v1 index counts the header as entry 0.
    const firstKeptByIndex = firstKeptIndex >= 1 ? parsed.entries[firstKeptIndex - 1] : undefined;
    let found = false;
    for (let i = 0; i < compactionIndex; i += 1) {
      const located = branch[i];
      if ((typeof firstKept === 'string' && located.entry.id === firstKept) || (firstKeptByIndex !== undefined && located === firstKeptByIndex)) found = true;
      if (found) append(located);
    }
    if (!found && (typeof firstKept === 'string' || firstKeptIndex >= 0)) {
      diagnostics.push({ line: compaction.line, column: 0, severity: 'warning', code: 'compaction-first-kept-missing', message: `line ${compaction.line}: the compaction keeps entries from ${JSON.stringify(firstKept ?? firstKeptIndex)}, which is not on the active branch — only the summary and later turns are replayed` });
    }
    for (let i = compactionIndex + 1; i < branch.length; i += 1) append(branch[i]);
  } else {
    for (const located of branch) append(located);
  }
  return { messages, messageLines, branch, leafId, thinkingLevel, lastModel, modelSnapshot, latestModelSwitchTimestamp, hasGoogleBootstrapMarker, diagnostics };
}

function isAssistant(m: unknown): boolean {
  return !!m && typeof m === 'object' && (m as Message).role === 'assistant';
}

function lastAssistantModel(messages: Message[]): RecordedModel | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (m.role === 'assistant' && typeof m.provider === 'string' && typeof m.model === 'string') {
      return { provider: m.provider, modelId: m.model, api: typeof m.api === 'string' ? m.api : undefined, source: 'assistant' };
    }
  }
  return null;
}

/** JSON-safe clone of a value (drops undefined). */
export function jsonClone<T extends JsonValue | Message>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
