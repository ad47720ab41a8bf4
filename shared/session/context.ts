/**
 * The active branch of a session and the messages it sends to the model (pi's buildSessionContext).
 *
 * Walk from the leaf (the last entry of the file) to the root along `parentId`; v1 files have no
 * ids and are linear. A compaction on the path emits its summary first, then the kept entries from
 * `firstKeptEntryId`, then everything after it.
 */
import { isRecord } from '../messages.js';
import type { Diagnostic, JsonValue, Message } from '../types.js';
import type { LocatedEntry, ParsedSession, SessionEntry } from './types.js';

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
      if (message.excludeFromContext === true) return null;
      // v2 → v3 renamed the hook message role.
      return message.role === 'hookMessage' ? { ...message, role: 'custom', customType: message.customType || 'hook' } : message;
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
      return entry.summary
        ? { role: 'branchSummary', summary: entry.summary, fromId: entry.fromId, timestamp: toMillis(entry.timestamp) }
        : null;
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

const isStr = (v: unknown): v is string => typeof v === 'string';
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
/** String content, or an array of blocks that each have a string `type`. */
const readableContent = (c: unknown) => isStr(c) || (Array.isArray(c) && c.every((b) => isRecord(b) && isStr(b.type)));

/**
 * Why OpenClaw's loader would not recognise an entry (its session-entry schema), or null when it does.
 * Unrecognised entries take no part in the conversation tree and are never replayed.
 */
export function unrecognizedReason(entry: SessionEntry): string | null {
  if (!nonEmpty(entry.id)) return 'it has no "id"';
  if (entry.parentId !== undefined && entry.parentId !== null && !isStr(entry.parentId)) return '"parentId" is not a string';
  if (entry.timestamp !== undefined && !isStr(entry.timestamp)) return 'its "timestamp" is not an ISO string';
  switch (entry.type) {
    case 'message': {
      const m = entry.message;
      if (!isRecord(m) || !isStr(m.role)) return 'the message has no role';
      // Loading wraps string (and, for tool results, object) content in a block list first.
      const content =
        (m.role === 'assistant' || m.role === 'toolResult') && isStr(m.content)
          ? [{ type: 'text' }]
          : m.role === 'toolResult' && isRecord(m.content)
            ? [m.content]
            : m.content;
      switch (m.role) {
        case 'user':
        case 'assistant':
          return readableContent(content)
            ? null
            : `the ${m.role} content is ${content === null || content === undefined ? 'missing' : 'not text or a list of typed blocks'}`;
        case 'toolResult':
          if (!isStr(m.toolCallId)) return 'the tool result has no "toolCallId"';
          if (!isStr(m.toolName)) return 'the tool result has no "toolName"';
          if (typeof m.isError !== 'boolean') return 'the tool result has no boolean "isError"';
          return Array.isArray(content) ? null : 'the tool result content is not a list';
        case 'custom':
        case 'hookMessage':
          return (m.role === 'hookMessage' || isStr(m.customType)) && readableContent(content)
            ? null
            : 'the custom message has no customType or readable content';
        case 'bashExecution':
          return isStr(m.command) && isStr(m.output) ? null : 'the shell execution has no command/output';
        default:
          return `role ${JSON.stringify(m.role)} is not a message role OpenClaw loads`;
      }
    }
    case 'thinking_level_change':
      return nonEmpty(entry.thinkingLevel) ? null : 'it has no "thinkingLevel"';
    case 'model_change':
      return nonEmpty(entry.provider) && nonEmpty(entry.modelId) ? null : 'it has no "provider"/"modelId"';
    case 'compaction':
      if (!isStr(entry.summary)) return 'the compaction has no "summary"';
      if (!nonEmpty(entry.firstKeptEntryId)) return 'the compaction has no "firstKeptEntryId"';
      return typeof entry.tokensBefore === 'number' ? null : 'the compaction has no numeric "tokensBefore"';
    case 'branch_summary':
      return isStr(entry.fromId) && isStr(entry.summary) ? null : 'the branch summary has no "fromId"/"summary"';
    case 'custom':
      return nonEmpty(entry.customType) ? null : 'it has no "customType"';
    case 'custom_message':
      if (!nonEmpty(entry.customType)) return 'it has no "customType"';
      if (!readableContent(entry.content)) return 'its content is not text or a list of typed blocks';
      return typeof entry.display === 'boolean' ? null : 'it has no boolean "display"';
    case 'label':
      return nonEmpty(entry.targetId) && (entry.label === undefined || isStr(entry.label)) ? null : 'it has no "targetId"';
    case 'session_info':
      return entry.name === undefined || isStr(entry.name) ? null : '"name" is not a string';
    default:
      return `entry type ${JSON.stringify(entry.type)} is unknown`;
  }
}

/**
 * The active branch, root first.
 *
 * Entries are read in file order the way OpenClaw's loader does: v1 entries (no ids) chain to the
 * entry before them; an entry OpenClaw does not recognise is transparent (its children hang off its
 * own parent, or off the entry before it when that parent is unknown); an entry whose parentId names
 * no entry starts the branch; the leaf is the last recognised entry of the file.
 */
function activeBranch(parsed: ParsedSession, diagnostics: Diagnostic[]): { branch: LocatedEntry[]; leafId: string | null } {
  const legacy = parsed.version < 2;
  const byId = new Map<string, { located: LocatedEntry; parentId: string | null }>();
  const opaqueParent = new Map<string, string | null>();
  let leaf: string | null = null;
  const resolveParent = (id: string | null): string | null => {
    const seen = new Set<string>();
    let current = id;
    while (current !== null && opaqueParent.has(current) && !seen.has(current)) {
      seen.add(current);
      current = opaqueParent.get(current) ?? null;
    }
    return current;
  };
  // v1 files have no tree: each entry gets an id (as OpenClaw's migration does) and hangs off the one before it.
  const legacyIds = legacy ? parsed.entries.map((_, i) => `v1-${i + 1}`) : [];
  for (const [index, original] of parsed.entries.entries()) {
    let located = original;
    if (legacy) {
      const e: SessionEntry = { ...original.entry, id: legacyIds[index], parentId: index > 0 ? legacyIds[index - 1] : null };
      if (typeof e.timestamp !== 'string') delete e.timestamp;
      // A v1 compaction points at the entry index it keeps from (the header is index 0).
      if (e.type === 'compaction' && typeof e.firstKeptEntryIndex === 'number' && legacyIds[e.firstKeptEntryIndex - 1]) {
        e.firstKeptEntryId = legacyIds[e.firstKeptEntryIndex - 1];
        delete e.firstKeptEntryIndex;
      }
      located = { line: original.line, entry: e };
    }
    const entry = located.entry;
    const reason = unrecognizedReason(entry);
    const known = (id: unknown) => typeof id === 'string' && (byId.has(id) || opaqueParent.has(id));
    if (reason) {
      diagnostics.push({
        line: located.line,
        column: 0,
        severity: 'warning',
        code: 'entry-ignored',
        message: `line ${located.line}: ${reason} — OpenClaw ignores this ${entry.type} entry when it loads the session, so it is not replayed`,
      });
      if (nonEmpty(entry.id) && (entry.parentId === null || isStr(entry.parentId)))
        opaqueParent.set(entry.id, entry.parentId !== null && known(entry.parentId) ? (entry.parentId as string) : leaf);
      continue;
    }
    const id = entry.id as string;
    let parentId: string | null = entry.parentId === undefined ? leaf : (entry.parentId as string | null);
    if (parentId !== null && !known(parentId) && !legacy) {
      diagnostics.push({
        line: located.line,
        column: 0,
        severity: 'warning',
        code: 'dangling-parent',
        message: `line ${located.line}: parentId ${JSON.stringify(parentId)} names no entry in the file — the branch starts here; earlier turns are not replayed`,
      });
      parentId = null;
    }
    parentId = resolveParent(parentId);
    if (byId.has(id))
      diagnostics.push({
        line: located.line,
        column: 0,
        severity: 'warning',
        code: 'duplicate-id-used',
        message: `line ${located.line}: id ${JSON.stringify(id)} repeats an earlier entry — the later one replaces it in the tree`,
      });
    byId.set(id, { located, parentId: parentId === id ? null : parentId });
    leaf = id;
  }
  const path: LocatedEntry[] = [];
  const seen = new Set<string>();
  let current = leaf;
  while (current !== null) {
    if (seen.has(current)) {
      const node = byId.get(current)!;
      diagnostics.push({
        line: node.located.line,
        column: 0,
        severity: 'error',
        code: 'parent-cycle',
        message: `line ${node.located.line}: the parentId chain loops back to ${JSON.stringify(current)} — the branch is cut here`,
      });
      break;
    }
    seen.add(current);
    const node = byId.get(current);
    if (!node) break;
    path.push(node.located);
    current = node.parentId;
  }
  path.reverse();
  return { branch: path, leafId: legacy ? null : leaf };
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
    else if (entry.type === 'model_change')
      lastModel = { provider: str(entry.provider), modelId: str(entry.modelId), source: 'model_change' };
    else if (entry.type === 'message' && isAssistant(entry.message)) {
      const m = entry.message as Message;
      lastModel = { provider: str(m.provider), modelId: str(m.model), api: str(m.api) || undefined, source: 'assistant' };
    } else if (entry.type === 'compaction') compactionIndex = index;
    else if (entry.type === 'custom' && entry.customType === 'model-snapshot' && entry.data && typeof entry.data === 'object') {
      const d = entry.data as Record<string, unknown>;
      const snapshot = { provider: str(d.provider), modelApi: str(d.modelApi), modelId: str(d.modelId) };
      const previous = modelSnapshot as SessionContext['modelSnapshot'];
      if (
        previous &&
        (previous.provider !== snapshot.provider || previous.modelApi !== snapshot.modelApi || previous.modelId !== snapshot.modelId) &&
        typeof d.timestamp === 'number' &&
        Number.isFinite(d.timestamp)
      ) {
        latestModelSwitchTimestamp = d.timestamp;
      }
      modelSnapshot = snapshot;
      lastModel = { provider: str(d.provider), modelId: str(d.modelId), api: str(d.modelApi) || undefined, source: 'model-snapshot' };
    }
  });
  const hasGoogleBootstrapMarker = parsed.entries.some(
    ({ entry }) => entry.type === 'custom' && entry.customType === 'google-turn-ordering-bootstrap',
  );

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
    let found = false;
    for (let i = 0; i < compactionIndex; i += 1) {
      const located = branch[i];
      if (typeof firstKept === 'string' && located.entry.id === firstKept) found = true;
      if (found) append(located);
    }
    if (!found && typeof firstKept === 'string') {
      diagnostics.push({
        line: compaction.line,
        column: 0,
        severity: 'warning',
        code: 'compaction-first-kept-missing',
        message: `line ${compaction.line}: the compaction keeps entries from ${JSON.stringify(firstKept)}, which is not on the active branch — only the summary and later turns are replayed`,
      });
    }
    for (let i = compactionIndex + 1; i < branch.length; i += 1) append(branch[i]);
  } else {
    for (const located of branch) append(located);
  }
  return {
    messages,
    messageLines,
    branch,
    leafId,
    thinkingLevel,
    lastModel,
    modelSnapshot,
    latestModelSwitchTimestamp,
    hasGoogleBootstrapMarker,
    diagnostics,
  };
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
