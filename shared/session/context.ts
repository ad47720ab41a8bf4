/**
 * The active branch of a session and the messages it sends to the model (pi's buildSessionContext).
 *
 * Walk from the leaf (the last entry of the file) to the root along `parentId`; v1 files have no
 * ids and are linear. A compaction on the path emits its summary first, then the kept entries from
 * `firstKeptEntryId`, then everything after it.
 */
import { isRecord } from '../messages.js';
import type { Diagnostic, Message } from '../types.js';
import { nonEmpty, isStr, unrecognizedReason } from './recognize.js';
import { takeUnrecognized } from './parser-notes.js';
import { isModelSnapshot, lastAssistantModel, lastModelEntryOf, recordedModel, str } from './recorded-model.js';
import { restoreReleased } from './released.js';
import { contextWindow } from './window.js';
import { EntryTree, MISPLACED, pathToRoot, pathWithCycle } from './entry-tree.js';
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
  /** Only the first messages of a longer branch (a preview): how the whole branch ends. */
  truncated?: { endsWithAssistantPrefill: boolean };
}

function toMillis(value: unknown): number {
  return typeof value === 'number' ? value : typeof value === 'string' ? new Date(value).getTime() : Number.NaN;
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

const CHECKPOINTS = new Set(['anthropic-compaction', 'openai-responses-compaction', 'openai-responses-retained-compaction']);

/** A retained assistant turn without a provider compaction checkpoint. */
function withoutReplayCheckpoint(m: Message): Message {
  if (m.role !== 'assistant' || !isRecord(m.providerReplay) || !CHECKPOINTS.has(m.providerReplay.type as string)) return m;
  const { providerReplay: _checkpoint, ...rest } = m;
  return rest as Message;
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

/**
 * The active branch, root first.
 *
 * Entries are read in file order the way OpenClaw's loader does: v1 entries (no ids) chain to the
 * entry before them; an entry OpenClaw does not recognise is transparent (its children hang off its
 * own parent, or off the entry before it when that parent is unknown); an entry whose parentId names
 * no entry starts the branch; the leaf is the last recognised entry of the file.
 */
function activeBranch(parsed: ParsedSession, diagnostics: Diagnostic[]): ActiveBranch {
  // The parser judged each entry it kept of a v2+ file; a v1 file's entries are judged in the walk, as migrated (with ids).
  const reasons = parsed.version >= 2 ? takeUnrecognized(parsed.entries) : null;
  // Without the parser's judgements the walk reads every message itself: those let go come back first.
  if (reasons === null) restoreReleased(parsed.entries, parsed.entries);
  // The parser's id map serves the tree when it describes these entries (nearly always); when an
  // entry is not where it says (a repeated id), the tree is walked again with a map of its own.
  if (parsed.version >= 2) {
    const tree = new EntryTree(parsed.entries);
    const found: Diagnostic[] = [];
    const walked = tree.sharesIds ? walkTree(parsed, tree, found, reasons) : null;
    if (walked) {
      for (const diagnostic of found) diagnostics.push(diagnostic);
      return walked;
    }
  }
  return walkTree(parsed, new EntryTree(), diagnostics, reasons)!;
}

/** The active branch of a session and what its context is read with. */
interface ActiveBranch {
  branch: LocatedEntry[];
  leafId: string | null;
  keptEntryId: (firstKept: string, compactionId: string) => string | null;
  /** Some entry of the file, on the branch or not, is the Google plugin's bootstrap marker. */
  hasGoogleBootstrapMarker: boolean;
}

/** The custom entry the Google plugin records when it adds its bootstrap turn. */
const GOOGLE_BOOTSTRAP_MARKER = 'google-turn-ordering-bootstrap';

/** The active branch over an empty tree (see `activeBranch`); null when the tree reads the parser's map and an entry is not where it says. */
function walkTree(
  parsed: ParsedSession,
  byId: EntryTree,
  diagnostics: Diagnostic[],
  /** The parser's `unrecognizedReason` of each entry, by position (see `shared/session/parser-notes.ts`); null: each is judged here. */
  reasons: ReadonlyMap<number, string> | null,
): ActiveBranch | null {
  const legacy = parsed.version < 2;
  const opaqueParent = new Map<string, string | null>();
  let leaf: string | null = null;
  /** The leaf's node: most entries hang off the entry before them, found without a lookup. */
  let leafNode = -1;
  /** The latest reset and the entries that descend from it, once the file has one. */
  let afterReset: Set<string> | null = null;
  const resolveParent = (id: string | null): string | null => {
    // Nearly every parent is a recognised entry: no walk (nor its Set) for it.
    if (id === null || !opaqueParent.has(id)) return id;
    const seen = new Set<string>();
    let current: string | null = id;
    while (current !== null && opaqueParent.has(current) && !seen.has(current)) {
      seen.add(current);
      current = opaqueParent.get(current) ?? null;
    }
    return current;
  };
  // v1 files have no tree: each entry gets an id (as OpenClaw's migration does) and hangs off the one before it.
  const legacyIds = legacy ? parsed.entries.map((_, i) => `v1-${i + 1}`) : [];
  const known = (id: unknown) => typeof id === 'string' && (byId.has(id) || opaqueParent.has(id));
  let hasGoogleBootstrapMarker = false;
  for (let index = 0; index < parsed.entries.length; index += 1) {
    const original = parsed.entries[index];
    // Looked for here, while the walk has each entry at hand: a pass of its own over every entry
    // of a large session reads them all from memory again.
    if (original.entry.type === 'custom' && original.entry.customType === GOOGLE_BOOTSTRAP_MARKER) hasGoogleBootstrapMarker = true;
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
    const reason = reasons ? (reasons.get(index) ?? null) : unrecognizedReason(entry);
    if (reason) {
      diagnostics.push({
        line: located.line,
        column: 0,
        severity: 'warning',
        code: 'entry-ignored',
        message: `line ${located.line}: ${reason} — OpenClaw ignores this ${entry.type} entry when it loads the session, so it is not replayed`,
      });
      if (nonEmpty(entry.id) && (entry.parentId === null || isStr(entry.parentId))) {
        opaqueParent.set(entry.id, entry.parentId !== null && known(entry.parentId) ? (entry.parentId as string) : leaf);
        if (afterReset?.has(entry.parentId as string)) afterReset.add(entry.id);
      }
      continue;
    }
    const id = entry.id as string;
    let parentId: string | null = entry.parentId === undefined ? leaf : (entry.parentId as string | null);
    // After a reset, an entry that does not descend from it continues from the entry before it.
    const reattached = afterReset !== null && entry.parentId !== undefined && (parentId === null || !afterReset.has(parentId));
    if (reattached) {
      if (parentId !== leaf)
        diagnostics.push({
          line: located.line,
          column: 0,
          severity: 'info',
          code: 'reset-reattached',
          message: `line ${located.line}: the entry hangs off ${JSON.stringify(parentId)}, from before the session's reset — OpenClaw continues it from the entry before it`,
        });
      parentId = leaf;
    } else if (parentId !== null && parentId !== leaf && !known(parentId) && !legacy) {
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
    const hangsOff = parentId === id ? null : parentId;
    const size = byId.size;
    const node = byId.set(located, hangsOff, index, hangsOff !== null && hangsOff === leaf ? leafNode : undefined);
    if (node === MISPLACED) return null;
    // The tree did not grow: the entry replaced one with its id.
    if (byId.size === size)
      diagnostics.push({
        line: located.line,
        column: 0,
        severity: 'warning',
        code: 'duplicate-id-used',
        message: `line ${located.line}: id ${JSON.stringify(id)} repeats an earlier entry — the later one replaces it in the tree`,
      });
    if (entry.type === 'reset') afterReset = new Set([id]);
    else if (afterReset !== null && afterReset.has((reattached ? parentId : entry.parentId) as string)) afterReset.add(id);
    leaf = id;
    leafNode = node;
  }
  const path = pathToRoot(byId, leaf) ?? pathWithCycle(byId, leaf, diagnostics);
  // A compaction keeping from an entry OpenClaw ignored keeps from its nearest recognised ancestor (at
  // the root: the branch's first entry, when it hangs off it; else the compaction's parent), as OpenClaw does.
  const keptEntryId = (firstKept: string, compactionId: string): string | null => {
    if (byId.has(firstKept) || !opaqueParent.has(firstKept)) return firstKept;
    const ancestor = resolveParent(firstKept);
    if (ancestor !== null) return ancestor;
    const root = path[0]?.entry;
    const seen = new Set<string>();
    for (let p = root?.parentId; typeof p === 'string' && opaqueParent.has(p) && !seen.has(p); p = opaqueParent.get(p)) {
      if (p === firstKept) return root!.id as string;
      seen.add(p);
    }
    return byId.parentOf(compactionId) ?? null;
  };
  return { branch: path, leafId: legacy ? null : leaf, keptEntryId, hasGoogleBootstrapMarker };
}

/** Build the model context of a parsed session (or wrap a JSON message list). */
export function buildContext(parsed: ParsedSession): SessionContext {
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
      diagnostics: [],
    };
  }
  return outlineContext(parsed).context;
}

/** A context, and a way to build it again with some entries of its branch read anew (see `outlineContext`). */
export interface OutlineContext {
  context: SessionContext;
  /**
   * The context again, the branch's entries of the lines in `replacements` replaced, the tree not
   * walked again: null when a replacement is not a recognised entry of the same type, id and parent.
   */
  rebuilt(replacements: ReadonlyMap<number, LocatedEntry>): SessionContext | null;
}

/** The context of a JSONL session, with its branch kept to build it again (a preview's outline, read whole in part). */
export function outlineContext(parsed: ParsedSession): OutlineContext {
  const diagnostics: Diagnostic[] = [];
  const active = activeBranch(parsed, diagnostics);
  // Messages let go while the file was read come back for the branch, before anything reads them.
  restoreReleased(parsed.entries, active.branch);
  return {
    context: branchContext(active, diagnostics),
    rebuilt(replacements) {
      const branch: LocatedEntry[] = [];
      for (const located of active.branch) {
        const replacement = replacements.get(located.line) ?? located;
        const [was, is] = [located.entry, replacement.entry];
        if (is !== was && (is.type !== was.type || is.id !== was.id || is.parentId !== was.parentId || unrecognizedReason(is) !== null))
          return null;
        branch.push(replacement);
      }
      return branchContext({ ...active, branch }, []);
    },
  };
}

/** The context of an active branch: its messages from the last compaction or reset on, and the session's state along it. */
function branchContext(active: ActiveBranch, diagnostics: Diagnostic[]): SessionContext {
  const { branch, leafId, keptEntryId, hasGoogleBootstrapMarker } = active;
  let thinkingLevel = 'off';
  let modelSnapshot: SessionContext['modelSnapshot'] = null;
  let latestModelSwitchTimestamp: number | null = null;
  // The last compaction or reset, found in this pass: the window need not read every entry again.
  let boundaryAt = -1;
  for (let i = 0; i < branch.length; i += 1) {
    const { entry } = branch[i];
    if (entry.type === 'compaction' || entry.type === 'reset') boundaryAt = i;
    else if (entry.type === 'thinking_level_change') thinkingLevel = str(entry.thinkingLevel) || thinkingLevel;
    else if (isModelSnapshot(entry)) {
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
    }
  }
  const lastModelEntry = lastModelEntryOf(branch);
  const lastModel = lastModelEntry && recordedModel(lastModelEntry);

  const messages: Message[] = [];
  const messageLines: (number | null)[] = [];
  const append = (located: LocatedEntry, retainedBy?: 'compaction' | 'reset') => {
    // A reset keeps its turns as they were recorded (even ones excluded from context); a retained
    // assistant turn loses a provider compaction checkpoint, which binds it to the history before.
    const m = retainedBy === 'reset' && located.entry.type === 'message' ? (located.entry.message as Message) : projectEntry(located.entry);
    if (m) {
      messages.push(clean(retainedBy ? withoutReplayCheckpoint(m) : m));
      messageLines.push(located.line);
    }
  };
  const span = contextWindow(branch, keptEntryId, boundaryAt);
  const { boundary } = span;
  if (boundary?.entry.type === 'compaction') {
    messages.push(compactionMessage(boundary.entry));
    messageLines.push(boundary.line);
  }
  if (boundary && span.retained === null) {
    diagnostics.push({
      line: boundary.line,
      column: 0,
      severity: 'warning',
      code: 'compaction-first-kept-missing',
      message: `line ${boundary.line}: the ${boundary.entry.type} keeps entries from ${JSON.stringify(boundary.entry.firstKeptEntryId)}, which is not on the active branch — only ${boundary.entry.type === 'compaction' ? 'the summary and ' : ''}later turns are replayed`,
    });
  }
  // Index loops: this runs once per inspection, before the JIT optimises it, and a for…of there
  // allocates an iterator result for every entry.
  const retained = span.retained ?? [];
  const retainedBy = boundary?.entry.type === 'reset' ? 'reset' : 'compaction';
  for (let i = 0; i < retained.length; i += 1) append(retained[i], retainedBy);
  for (let i = 0; i < span.current.length; i += 1) append(span.current[i]);
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
