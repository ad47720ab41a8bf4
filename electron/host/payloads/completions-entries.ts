/**
 * Where each unit's entries are in pi-ai's Chat Completions payload, for the replay's reuse of the
 * original's (per-message-reuse.ts). A unit here starts at an assistant message with a call
 * (per-message-parts.ts): everything the builder does across messages stays inside one.
 *
 * What the builder makes, message by message:
 * - a user message: one entry, unless its block list is empty;
 * - an assistant message that did not fail: one entry when it has a call or a text that is not
 *   blank (another model's thinking counts as text; the model's own thinking adds no content);
 * - a failed assistant message: none, and the tool results on both sides of it stay one group;
 * - a tool result: one entry, and after its group, when any result of it holds an image and the
 *   model takes images, one user entry of those images;
 * - a call without a result: a tool entry before the next user or assistant message (a failed one
 *   too) or at the end, joining the group before it.
 *
 * What this reading does not follow, it refuses (the replay is then built whole): servers that want
 * an assistant message between tool results and a user message, or thinking sent as text (pi-ai's
 * compat settings; none of the catalogue's models has either), Anthropic's cache marks (OpenRouter's
 * Claude models), which a whole build puts on the conversation's last text wherever it is; and the
 * messages whose entry it cannot tell: a text with lone surrogates (pi-ai takes them out, and a text of
 * nothing else says nothing), the model's own thinking whose signature names `content`, `tool_calls`
 * or `role` (pi-ai writes the thinking under that member), the model's own redacted thinking.
 *
 * pi-ai finds a call's missing result by the ids it sends, which it rewrites for another model's calls
 * (`sentCallId`), and their results with them: missing results are read on those ids. Every entry's
 * role, every assistant entry's count of calls, every image entry's opening text, every unit's end and
 * the total are checked against the payload.
 */
import type { Model, Api } from '@mariozechner/pi-ai';
import { isFailedStop, isRecord } from '../../../shared/messages.js';
import type { JsonValue, Message } from '../../../shared/types.js';
import { isWellFormed } from '../../../shared/text/well-formed.js';
import { isOwnTurn, type Units } from './replay-units.js';
import { holdsCallOrResult, readUnits, userMakesEntry, type EntryReading, type UnitItems } from './unit-reader.js';

/** The text pi-ai opens the user entry of a tool-result group's images with. */
const IMAGES_TEXT = 'Attached image(s) from tool result:';

/** The members of an assistant entry that decide whether pi-ai writes it, and as what. */
const ENTRY_MEMBERS = new Set(['content', 'tool_calls', 'role']);

/**
 * Whether a text (or thinking) block makes the entry say something: not blank once pi-ai has taken out
 * its lone surrogates. Null when unsure: not a string, or a text with lone surrogates.
 */
function sayingText(value: unknown): boolean | null {
  if (typeof value !== 'string') return null;
  if (value.trim() === '') return false;
  return isWellFormed(value) ? true : null;
}

/** The longest call id pi-ai sends for another model's call with a `|`, or to OpenAI's own servers. */
const MAX_SENT_ID = 40;

/** The compat settings this reading depends on (pi-ai: each is false unless the model's compat sets it). */
interface CompletionsCompat {
  requiresAssistantAfterToolResult?: boolean;
  requiresThinkingAsText?: boolean;
  cacheControlFormat?: string;
}

/**
 * Whether pi-ai builds the model's requests in a way this reading follows: no bridging assistant
 * message, no thinking as text, no cache marks (OpenRouter's `anthropic/…` models get Anthropic's).
 */
export function completionsReadable(model: Model<Api>): boolean {
  const compat = (model.compat ?? {}) as CompletionsCompat;
  if (compat.requiresAssistantAfterToolResult === true || compat.requiresThinkingAsText === true) return false;
  const cacheFormat =
    compat.cacheControlFormat ?? (model.provider === 'openrouter' && model.id.startsWith('anthropic/') ? 'anthropic' : undefined);
  return cacheFormat !== 'anthropic';
}

/**
 * The id pi-ai sends for another model's call: an OpenAI Responses id (`call…|item…`) becomes its
 * part before the `|`, each character outside letters, digits, `_` and `-` made a `_`, cut to 40; for
 * OpenAI's own servers, any id is cut to 40. The model's own calls keep theirs.
 */
function sentCallId(id: string, model: Model<Api>): string {
  if (id.includes('|'))
    return id
      .slice(0, id.indexOf('|'))
      .replace(/[^a-zA-Z0-9_-]/g, '_')
      .slice(0, MAX_SENT_ID);
  return model.provider === 'openai' && id.length > MAX_SENT_ID ? id.slice(0, MAX_SENT_ID) : id;
}

/** Whether a request of these messages has a tool history (pi-ai then sends an empty `tools` list). */
export function hasToolHistory(messages: readonly Message[]): boolean {
  return messages.some(holdsCallOrResult);
}

/** The entries of a side read message by message (see above). */
class EntryReader implements EntryReading {
  at = 0;
  /** The builder counts nothing across messages… */
  readonly count = 0;
  /** …nor generates ids. */
  readonly generated = new Uint8Array(0);
  /** The calls of the last assistant message with calls, until their missing results are added. */
  private pending: string[] = [];
  /** The results met since (by the ids pi-ai sends). */
  private answered = new Set<string>();
  /** Each call id pi-ai rewrote, and what it sends instead (its results follow it, when it is not empty). */
  private readonly rewritten = new Map<string, string>();
  /** Whether the last entry was a tool entry (a group is open), and whether the group holds an image. */
  private inGroup = false;
  private groupImages = false;
  private readonly images: boolean;

  constructor(
    private readonly entries: readonly JsonValue[],
    private readonly model: Model<Api>,
  ) {
    this.images = model.input.includes('image');
  }

  private take(role: string): Record<string, JsonValue> | null {
    const entry = this.entries[this.at];
    if (!isRecord(entry) || entry.role !== role) return null;
    this.at += 1;
    return entry;
  }

  /** The tool entries of the calls still without a result: they join the open group, or open one. */
  private addMissing(): boolean {
    for (const id of this.pending) {
      if (this.answered.has(id)) continue;
      if (this.take('tool') === null) return false;
      this.inGroup = true;
    }
    this.pending = [];
    this.answered = new Set();
    return true;
  }

  /** The end of a group of tool results: its images' user entry, when it has images. */
  private closeGroup(): boolean {
    const images = this.inGroup && this.groupImages && this.images;
    this.inGroup = false;
    this.groupImages = false;
    if (!images) return true;
    const entry = this.take('user');
    return entry !== null && Array.isArray(entry.content) && isRecord(entry.content[0]) && entry.content[0].text === IMAGES_TEXT;
  }

  message(message: Message): boolean {
    switch (message.role) {
      case 'user': {
        const makes = userMakesEntry(message);
        if (makes === null || !this.addMissing() || !this.closeGroup()) return false;
        return !makes || this.take('user') !== null;
      }
      case 'assistant':
        // A failed turn's calls are rewritten too (their results with them), and the turn left out:
        // the group around it stays open.
        if (!this.addMissing() || !this.noteRewrites(message)) return false;
        return isFailedStop(message) || (this.closeGroup() && this.assistant(message));
      case 'toolResult':
        return this.result(message);
      default:
        // The builder writes no entry for another role, but remembers it as the last one written.
        return false;
    }
  }

  private result(message: Message): boolean {
    const content: unknown = message.content;
    const id = message.toolCallId;
    if (!Array.isArray(content) || typeof id !== 'string') return false;
    for (const block of content) {
      if (!isRecord(block)) return false;
      if (block.type === 'image') this.groupImages = true;
    }
    this.answered.add(this.rewritten.get(id) || id);
    this.inGroup = true;
    return this.take('tool') !== null;
  }

  /** Record the ids pi-ai rewrites among another model's calls (false for a call without a string id). */
  private noteRewrites(message: Message): boolean {
    if (!Array.isArray(message.content)) return false;
    const own = isOwnTurn(message, this.model);
    for (const block of message.content as unknown[]) {
      if (!isRecord(block) || block.type !== 'toolCall') continue;
      if (typeof block.id !== 'string') return false;
      const sent = own ? block.id : sentCallId(block.id, this.model);
      if (sent !== block.id) this.rewritten.set(block.id, sent);
    }
    return true;
  }

  private assistant(message: Message): boolean {
    const own = isOwnTurn(message, this.model);
    const calls: string[] = [];
    let text = false;
    let ownThinking = false;
    for (const block of message.content as unknown[]) {
      if (!isRecord(block)) return false;
      if (block.type === 'toolCall') {
        const id = block.id as string;
        calls.push(own ? id : sentCallId(id, this.model));
      } else if (block.type === 'text') {
        const says = sayingText(block.text);
        if (says === null) return false;
        text ||= says;
      } else if (block.type === 'thinking') {
        // pi-ai drops another model's redacted thinking; the model's own is read as thinking, whose text it trims.
        if (block.redacted) {
          if (own) return false;
          continue;
        }
        // Another model's thinking becomes a text.
        const says = sayingText(block.thinking);
        if (says === null) return false;
        if (!own) text ||= says;
        else if (says && !ownThinking) {
          // The model's own adds no content, unless the first one's signature names a member of the
          // entry that decides it (pi-ai writes the thinking under the member its signature names).
          ownThinking = true;
          if (ENTRY_MEMBERS.has(block.thinkingSignature as string)) return false;
        }
      }
    }
    if (calls.length > 0) {
      this.pending = calls;
      this.answered = new Set();
    }
    if (calls.length === 0 && !text) return true;
    const entry = this.take('assistant');
    if (entry === null) return false;
    const listed = entry.tool_calls === undefined ? 0 : Array.isArray(entry.tool_calls) ? entry.tool_calls.length : -1;
    return listed === calls.length;
  }

  /** A unit's end: the next starts with an assistant message, before which the missing results go and the group ends. */
  synthetic(): boolean {
    return this.addMissing() && this.closeGroup();
  }

  done(): boolean {
    return this.at === this.entries.length;
  }
}

/**
 * Where each unit's entries are in `entries` (a Chat Completions payload's `messages` built of
 * `messages` for `model`), or null when the model's requests are not read here or the entries are not
 * what the builder makes of the messages.
 */
export function completionsUnitEntries(
  messages: readonly Message[],
  units: Units,
  entries: readonly JsonValue[],
  model: Model<Api>,
): UnitItems | null {
  if (!completionsReadable(model)) return null;
  return readUnits(messages, units, new EntryReader(entries, model));
}
