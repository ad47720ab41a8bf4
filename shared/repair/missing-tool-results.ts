/**
 * Inserting the `aborted` tool results OpenAI Responses needs (docs/rules.md#file-repair): two
 * narrow cases where OpenClaw itself persisted a tool call and never its result.
 *
 * Inserted entries are deterministic (ids and timestamps derive from the file's digest and the
 * assistant entry), so planning the same bytes twice gives the same plan and the same file. They are
 * chained after the assistant entry, and the entries that hung off the assistant are re-parented to
 * the last of them: pi's SessionManager replays the branch from the file's last entry up through
 * `parentId`, so a result beside the branch would never be replayed.
 */
import { sha256Hex } from '../hash/sha256.js';
import { isRecord, TEXT } from '../messages.js';
import { isResponsesFamilyApi } from '../policy/decisions.js';

const CALL_TYPES = new Set(['toolCall', 'toolUse', 'functionCall']);

/** A tool call found in an assistant message. */
export interface FoundCall {
  id: string;
  name: string;
}

/** An assistant entry that may need inserted results, with what the insertion needs. */
export interface AssistantCandidate {
  line: number;
  /** `code-mode`: openai-chatgpt-responses via provider openai; `responses`: any Responses api. */
  codeMode: boolean;
  entryId: string | undefined;
  entryTimestamp: unknown;
  messageTimestamp: unknown;
  calls: FoundCall[];
  /** Set once the next message entry is seen: is it a transcript-only delivery mirror? */
  nextIsMirror: boolean;
}

/** One planned insertion: the entry and why. */
export interface PlannedInsertion {
  afterLine: number;
  entry: Record<string, unknown>;
  call: FoundCall;
  reason: string;
}

function trimmed(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The tool calls of an assistant message that results can be paired with (non-empty string id). */
function toolCallsOf(message: Record<string, unknown>): FoundCall[] {
  if (!Array.isArray(message.content)) return [];
  const calls: FoundCall[] = [];
  for (const b of message.content) {
    if (!isRecord(b)) continue;
    if (typeof b.type !== 'string' || !CALL_TYPES.has(b.type)) continue;
    if (typeof b.id !== 'string' || b.id === '') continue;
    calls.push({ id: b.id, name: typeof b.name === 'string' ? b.name : '' });
  }
  return calls;
}

/** A transcript-only assistant row (delivery mirror or gateway-injected), never sent to a model. */
export function isDeliveryMirror(message: Record<string, unknown>): boolean {
  const model = trimmed(message.model);
  return (
    message.role === 'assistant' &&
    trimmed(message.provider) === 'openclaw' &&
    (model === 'delivery-mirror' || model === 'gateway-injected')
  );
}

/** The candidate an assistant message makes, or null when neither insertion case can apply. */
export function assistantCandidate(
  line: number,
  entry: Record<string, unknown>,
  message: Record<string, unknown>,
): AssistantCandidate | null {
  if (message.role !== 'assistant' || message.stopReason === 'error' || message.stopReason === 'aborted') return null;
  const api = trimmed(message.api);
  // The Responses family's replay rejects a function call without its output.
  if (!isResponsesFamilyApi(api)) return null;
  const calls = toolCallsOf(message);
  if (calls.length === 0) return null;
  return {
    line,
    codeMode: api === 'openai-chatgpt-responses' && trimmed(message.provider) === 'openai',
    entryId: typeof entry.id === 'string' ? entry.id : undefined,
    entryTimestamp: entry.timestamp,
    messageTimestamp: message.timestamp,
    calls,
    nextIsMirror: false,
  };
}

function uuidFrom(seed: string): string {
  const h = sha256Hex(seed);
  // Shaped like a v4 UUID so tools that validate ids accept it; the bits come from the hash.
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

function isoFrom(entryTimestamp: unknown, messageTimestamp: unknown): string {
  if (typeof entryTimestamp === 'string' && !Number.isNaN(Date.parse(entryTimestamp)))
    return new Date(Date.parse(entryTimestamp)).toISOString();
  if (typeof messageTimestamp === 'number' && Number.isFinite(messageTimestamp)) return new Date(messageTimestamp).toISOString();
  return new Date(0).toISOString();
}

function msFrom(entryTimestamp: unknown, messageTimestamp: unknown): number {
  if (typeof messageTimestamp === 'number' && Number.isFinite(messageTimestamp)) return messageTimestamp;
  return Date.parse(isoFrom(entryTimestamp, messageTimestamp));
}

/**
 * The synthetic result entry for one call: deterministic in (digest, line, call id). Its parent is the
 * assistant entry, or the result inserted just before it for the same assistant.
 */
function syntheticResultEntry(
  candidate: AssistantCandidate,
  call: FoundCall,
  digest: string,
  parentId: string | undefined = candidate.entryId,
): Record<string, unknown> {
  const toolName = call.name.trim() === '' ? 'unknown' : call.name.trim();
  const entry: Record<string, unknown> = {
    type: 'message',
    id: `repair-${uuidFrom(`${digest}\n${candidate.line}\n${call.id}`)}`,
  };
  if (parentId !== undefined) entry.parentId = parentId;
  entry.timestamp = isoFrom(candidate.entryTimestamp, candidate.messageTimestamp);
  entry.message = {
    role: 'toolResult',
    toolCallId: call.id,
    toolName,
    content: [{ type: 'text', text: TEXT.abortedToolResult }],
    isError: true,
    details: { openclawSyntheticMissingToolResult: true },
    timestamp: msFrom(candidate.entryTimestamp, candidate.messageTimestamp),
  };
  return entry;
}

/**
 * Plan the insertions, in file order.
 *
 * Case 1 (code mode): an `openai-chatgpt-responses` assistant of provider `openai` whose call ids
 * have no result anywhere in the file. Case 2: a Responses assistant whose next message entry is a
 * delivery mirror, for its `message` tool calls without a result. An id gets at most one result.
 */
export function planMissingToolResults(
  candidates: readonly AssistantCandidate[],
  resultIds: ReadonlySet<string>,
  digest: string,
): PlannedInsertion[] {
  const answered = new Set(resultIds);
  const out: PlannedInsertion[] = [];
  // The results inserted after one assistant form a chain: each hangs off the one before it.
  const last = new Map<number, string | undefined>();
  const chained = (candidate: AssistantCandidate, call: FoundCall) => {
    const entry = syntheticResultEntry(candidate, call, digest, last.has(candidate.line) ? last.get(candidate.line) : candidate.entryId);
    if (candidate.entryId !== undefined) last.set(candidate.line, entry.id as string);
    return entry;
  };
  for (const candidate of candidates) {
    if (!candidate.codeMode) continue;
    for (const call of candidate.calls) {
      // Trimmed, as replay pairs a result with its call: a padded id still answers its call.
      if (answered.has(call.id.trim())) continue;
      answered.add(call.id.trim());
      out.push({
        afterLine: candidate.line,
        call,
        entry: chained(candidate, call),
        reason: `the OpenAI tool call ${call.id} (${call.name || 'unnamed'}) has no result anywhere in the file; the Responses API rejects a call without its output, so an "aborted" error result is inserted after it`,
      });
    }
  }
  // The delivery-mirror case looks at assistants the first case left untouched: one that just got a
  // result no longer has the mirror as its next message entry.
  const touched = new Set(out.map((p) => p.afterLine));
  for (const candidate of candidates) {
    if (!candidate.nextIsMirror || touched.has(candidate.line)) continue;
    for (const call of candidate.calls) {
      if (call.name.trim().toLowerCase() !== 'message' || answered.has(call.id.trim())) continue;
      answered.add(call.id.trim());
      out.push({
        afterLine: candidate.line,
        call,
        entry: chained(candidate, call),
        reason: `the "message" tool call ${call.id} was answered only by a transcript-only delivery mirror, which is never replayed; the Responses API rejects the call without its output, so an "aborted" error result is inserted after it`,
      });
    }
  }
  return out.sort((a, b) => a.afterLine - b.afterLine);
}

/**
 * Where the entries that hung off an assistant now hang: the last result inserted after it, by the
 * assistant entry's id (assistants without an id, in v1 files, are linear and need nothing).
 */
export function reparentTargets(insertions: readonly PlannedInsertion[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const insertion of insertions) {
    const id = insertion.entry.id as string;
    let root = insertion.entry.parentId;
    // Follow the chain back to the assistant: its first link hangs off the assistant entry itself.
    for (const [assistant, tail] of out) if (tail === root) root = assistant;
    if (typeof root === 'string') out.set(root, id);
  }
  return out;
}
