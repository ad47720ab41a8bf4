/** Anthropic Messages constraints on a payload's `messages`: what the API refuses, checked before sending. */
import { readImageDimensions } from '../images/probe.js';
import type { PreflightFinding } from '../inspection.js';
import { isRecord } from '../messages.js';
import type { JsonValue } from '../types.js';
import { finding } from './finding.js';
import { isBlank } from '../text/blank.js';

const TOOL_ID = /^[a-zA-Z0-9_-]+$/;
const MAX_IMAGE_BASE64 = 5 * 1024 * 1024;
const MAX_IMAGE_SIDE = 8000;

type Obj = Record<string, unknown>;

function blocksOf(message: Obj): unknown[] {
  return Array.isArray(message.content) ? message.content : [];
}

const NO_IDS: ReadonlySet<string> = new Set();

function imageChecks(block: Obj, i: number, j: number, path: string, out: PreflightFinding[]): void {
  const source = block.source;
  if (!isRecord(source) || source.type !== 'base64' || typeof source.data !== 'string') return;
  const data = source.data;
  if (data.length > MAX_IMAGE_BASE64) {
    out.push(
      finding(
        'anthropic-image-size',
        { index: i, path, block: j, ids: String(data.length) },
        `The image is ${data.length} characters of base64, over Anthropic's 5 MB limit (OpenClaw measures decoded bytes, so an image between 3.75 and 5 MB decoded still passes hygiene).`,
      ),
    );
  }
  const dims = readImageDimensions(data);
  if (dims && (dims.width > MAX_IMAGE_SIDE || dims.height > MAX_IMAGE_SIDE)) {
    out.push(
      finding(
        'anthropic-image-dimensions',
        { index: i, path, block: j },
        `The image is ${dims.width}×${dims.height}: a side exceeds Anthropic's 8000 px limit.`,
      ),
    );
  }
}

/** A message's path, and a block's: spelled only for a finding, so a clean payload allocates none. */
const at = (i: number) => `messages[${i}]`;
const blockAt = (i: number, j: number) => `messages[${i}].content[${j}]`;

/** The tool_result blocks of a user message that answer no tool_use of the message before. */
function strayResults(message: Obj, i: number, before: ReadonlySet<string>, out: PreflightFinding[]): void {
  const blocks = blocksOf(message);
  for (let j = 0; j < blocks.length; j += 1) {
    const b = blocks[j];
    if (!isRecord(b) || b.type !== 'tool_result') continue;
    const id = typeof b.tool_use_id === 'string' ? b.tool_use_id : '';
    if (!before.has(id))
      out.push(
        finding(
          'anthropic-tool-result-without-use',
          { index: i, path: `${at(i)}.content[${j}]`, block: j, ids: id },
          `${at(i)}.content[${j}] answers ${id || '(no id)'}, which the message before it does not call.`,
        ),
      );
  }
}

/** The tool_use ids of an assistant message (what the message after it may answer). */
function toolUseIds(message: JsonValue): ReadonlySet<string> {
  if (!isRecord(message) || message.role !== 'assistant') return NO_IDS;
  let uses: Set<string> | null = null;
  for (const block of blocksOf(message))
    if (isRecord(block) && block.type === 'tool_use' && typeof block.id === 'string') (uses ??= new Set()).add(block.id);
  return uses ?? NO_IDS;
}

/**
 * Another payload's messages, already checked, and where the messages checked now may be among
 * them: a replay's payload reuses the original's entries for the turns hygiene left alone.
 */
export interface CheckedMessages {
  list: readonly JsonValue[];
  /** For each message checked now, the index of the same message in `list` (-1: none); a hint, verified. */
  at: Int32Array;
  /** 1 at the index of each message of `list` with a finding. */
  flagged: Uint8Array;
}

/**
 * Whether message i is known to have no finding: it is a message of the checked payload that had
 * none, between the same neighbours (the same objects, or none on both sides). A message's findings
 * read only it, the message before (its role, its tool_use ids) and the message after (its role,
 * its tool results, whether there is one), so they are the same there as here.
 */
function knownClean(list: readonly JsonValue[], i: number, checked: CheckedMessages): boolean {
  const k = i < checked.at.length ? checked.at[i] : -1;
  if (k < 0 || k >= checked.list.length || checked.list[k] !== list[i] || checked.flagged[k] === 1) return false;
  const before = i === 0 ? k === 0 : k > 0 && checked.list[k - 1] === list[i - 1];
  if (!before) return false;
  const lastHere = i === list.length - 1;
  const lastThere = k === checked.list.length - 1;
  return lastHere ? lastThere : !lastThere && checked.list[k + 1] === list[i + 1];
}

/**
 * Run the Anthropic checks (the trailing-prefill check runs for every Claude route, in run-preflight).
 * Each message's blocks are read in one loop, which also gathers its tool_use ids and sees whether a
 * tool result answers nothing: the payload's objects are read once, not once per check (on a long
 * payload the reads, not the checks, are the cost). Messages `checked` shows clean are skipped.
 */
export function anthropicChecks(list: readonly JsonValue[], checked?: CheckedMessages): PreflightFinding[] {
  const out: PreflightFinding[] = [];
  // The tool_use ids of the message before: gathered with each message's blocks, read by the next
  // one (null: that message was skipped, its ids are read when needed).
  let previousUses: ReadonlySet<string> | null = NO_IDS;
  for (let i = 0; i < list.length; i += 1) {
    const message = list[i];
    const usesBefore = previousUses;
    previousUses = NO_IDS;
    if (!isRecord(message)) continue;
    if (checked && knownClean(list, i, checked)) {
      previousUses = null;
      continue;
    }
    const before = usesBefore ?? toolUseIds(list[i - 1]);
    const assistant = message.role === 'assistant';
    const user = message.role === 'user';
    // Gathered in the block loop (only an assistant message has uses), and whether a tool result answers nothing.
    let uses: Set<string> | null = null;
    let stray = false;
    const last = i === list.length - 1;
    const previous = i > 0 ? list[i - 1] : undefined;
    if (message.role === 'assistant' && isRecord(previous) && previous.role === 'assistant') {
      out.push(
        finding(
          'anthropic-alternation',
          { index: i, path: at(i) },
          `messages[${i - 1}] and messages[${i}] are both assistant turns; the API folds them into one, which puts blocks out of the order tools and thinking need.`,
        ),
      );
    }
    const finalAssistant = last && message.role === 'assistant';
    if (typeof message.content === 'string') {
      if (isBlank(message.content) && !finalAssistant)
        out.push(
          finding(
            'anthropic-empty-content',
            { index: i, path: `${at(i)}.content` },
            `messages[${i}] (${String(message.role)}) has empty content.`,
          ),
        );
    } else if (Array.isArray(message.content) && message.content.length === 0 && !finalAssistant) {
      out.push(
        finding(
          'anthropic-empty-content',
          { index: i, path: `${at(i)}.content` },
          `messages[${i}] (${String(message.role)}) has no content blocks.`,
        ),
      );
    }
    const blocks = blocksOf(message);
    for (let j = 0; j < blocks.length; j += 1) {
      const block = blocks[j];
      if (!isRecord(block)) continue;
      switch (block.type) {
        case 'text':
          if (typeof block.text !== 'string' || isBlank(block.text))
            out.push(
              finding('anthropic-blank-text', { index: i, path: blockAt(i, j), block: j }, `${blockAt(i, j)} is a blank text block.`),
            );
          break;
        case 'thinking':
          if (typeof block.signature !== 'string' || isBlank(block.signature))
            out.push(
              finding(
                'anthropic-thinking-signature',
                { index: i, path: blockAt(i, j), block: j },
                `${blockAt(i, j)} is a thinking block without a signature; Anthropic verifies every replayed thinking block.`,
              ),
            );
          break;
        case 'redacted_thinking':
          if (typeof block.data !== 'string' || isBlank(block.data))
            out.push(
              finding(
                'anthropic-thinking-signature',
                { index: i, path: blockAt(i, j), block: j },
                `${blockAt(i, j)} is a redacted_thinking block without its encrypted data.`,
              ),
            );
          break;
        case 'tool_use':
          if (typeof block.id !== 'string' || !TOOL_ID.test(block.id))
            out.push(
              finding(
                'anthropic-tool-id-format',
                { index: i, path: `${blockAt(i, j)}.id`, block: j, ids: String(block.id) },
                `Tool-use id ${JSON.stringify(block.id)} has characters Anthropic does not accept.`,
              ),
            );
          if (assistant && typeof block.id === 'string') (uses ??= new Set()).add(block.id);
          break;
        case 'tool_result':
          if (typeof block.tool_use_id !== 'string' || !TOOL_ID.test(block.tool_use_id))
            out.push(
              finding(
                'anthropic-tool-id-format',
                { index: i, path: `${blockAt(i, j)}.tool_use_id`, block: j, ids: String(block.tool_use_id) },
                `Tool-result id ${JSON.stringify(block.tool_use_id)} has characters Anthropic does not accept.`,
              ),
            );
          if (user && !before.has(typeof block.tool_use_id === 'string' ? block.tool_use_id : '')) stray = true;
          if (Array.isArray(block.content))
            for (let k = 0; k < block.content.length; k += 1) {
              const inner = block.content[k];
              if (isRecord(inner) && inner.type === 'image') imageChecks(inner, i, j, `${blockAt(i, j)}.content[${k}]`, out);
            }
          break;
        case 'image':
          imageChecks(block, i, j, blockAt(i, j), out);
          break;
        default:
          break;
      }
    }
    if (uses) previousUses = uses;
    // Pairing: the tool_use blocks of an assistant turn are answered in the next message.
    if (uses) {
      const next = list[i + 1];
      const answered = new Set<string>();
      if (isRecord(next) && next.role === 'user')
        for (const b of blocksOf(next))
          if (isRecord(b) && b.type === 'tool_result' && typeof b.tool_use_id === 'string') answered.add(b.tool_use_id);
      const missing: string[] = [];
      for (const id of uses) if (!answered.has(id)) missing.push(id);
      if (missing.length > 0 && next !== undefined) {
        const j = blocksOf(message).findIndex((b) => isRecord(b) && b.type === 'tool_use' && b.id === missing[0]);
        out.push(
          finding(
            'anthropic-tool-use-without-result',
            { index: i, path: `${at(i)}.content[${j}]`, ids: missing.join(', ') },
            `messages[${i}] calls ${missing.join(', ')} but messages[${i + 1}] does not answer ${missing.length === 1 ? 'it' : 'them'}.`,
          ),
        );
      }
    }
    // After the message's other findings, as their order is kept.
    if (stray) strayResults(message, i, before, out);
  }
  return out;
}
