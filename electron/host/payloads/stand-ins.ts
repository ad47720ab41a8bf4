/**
 * Long texts handed to pi-ai's Anthropic builder as short stand-ins, put back in its output.
 *
 * pi-ai (0.73) runs every text through `sanitizeSurrogates`, a regex over each character that only
 * removes lone surrogates: on a session of large tool results it costs more than parsing the file.
 * For the Anthropic builder a text is otherwise only tested for blankness (`trim()`), joined with
 * "\n" (a tool result's text blocks) and placed in the payload. So a long text that is well formed
 * (nothing to remove) and not blank can go in as a short, well-formed, non-blank token, and the
 * token be replaced by the text in the output: the payload is the one pi-ai builds from the texts.
 */
import { randomBytes } from 'node:crypto';
import { isRecord } from '../../../shared/messages.js';
import { isBlank } from '../../../shared/text/blank.js';
import { isWellFormed } from '../../../shared/text/well-formed.js';
import type { Message } from '../../../shared/types.js';

/** Texts shorter than this go to pi-ai as they are: a stand-in costs more than sanitising them. */
const MIN_LENGTH = 512;

const OPEN = '\uE000';
const CLOSE = '\uE001';

type Obj = Record<string, unknown>;

/** A text pi-ai would leave as it is and not skip. */
function replaceable(text: unknown): text is string {
  return typeof text === 'string' && text.length >= MIN_LENGTH && isWellFormed(text) && !isBlank(text);
}

/** Messages with their long texts as tokens, and the texts to put back. */
export interface StandIns {
  messages: Message[];
  texts: string[];
  /** The token prefix of this build (random, so no text of a session holds it). */
  prefix: string;
}

/** Replace the long texts of messages (user and tool-result text, assistant text and thinking) by tokens. */
export function withStandIns(messages: readonly Message[]): StandIns {
  const prefix = `${OPEN}${randomBytes(9).toString('base64url')}:`;
  const texts: string[] = [];
  const token = (text: string): string => {
    texts.push(text);
    return `${prefix}${texts.length - 1}${CLOSE}`;
  };
  const block = (b: unknown): unknown => {
    if (!isRecord(b)) return b;
    if (b.type === 'text' && replaceable(b.text)) return { ...b, text: token(b.text) };
    if (b.type === 'thinking' && !b.redacted && replaceable(b.thinking)) return { ...b, thinking: token(b.thinking) };
    return b;
  };
  const out = messages.map((message) => {
    if (!isRecord(message)) return message;
    const content: unknown = message.content;
    if (message.role === 'user' && replaceable(content)) return { ...message, content: token(content) };
    if (!Array.isArray(content) || !(message.role === 'user' || message.role === 'assistant' || message.role === 'toolResult'))
      return message;
    let changed: unknown[] | null = null;
    for (let i = 0; i < content.length; i += 1) {
      const next = block(content[i]);
      if (next !== content[i]) (changed ??= content.slice())[i] = next;
    }
    return changed ? { ...message, content: changed } : message;
  });
  return { messages: out, texts, prefix };
}

/**
 * Put the texts back into the messages of pi-ai's Anthropic params, in place: tokens only occur in
 * the strings it made from them (a user turn's content, text and thinking blocks, a tool result's
 * content), in objects it created. False when a token was changed and could not be put back.
 */
export function restoreAnthropicTexts(params: unknown, standIns: StandIns): boolean {
  if (standIns.texts.length === 0 || !isRecord(params) || !Array.isArray(params.messages)) return true;
  const { prefix, texts } = standIns;
  let intact = true;
  const restore = (text: string): string => {
    if (!text.includes(prefix)) return text;
    // A token alone stands for the whole text; tokens joined with "\n" (and short texts) one by one.
    let out = '';
    let from = 0;
    for (let at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, from)) {
      const end = text.indexOf(CLOSE, at);
      const original = end < 0 ? undefined : texts[Number(text.slice(at + prefix.length, end))];
      // A token pi-ai changed cannot be put back: the caller builds again without stand-ins.
      if (original === undefined) {
        intact = false;
        return text;
      }
      out += text.slice(from, at) + original;
      from = end + 1;
    }
    return from === 0 ? text : out + text.slice(from);
  };
  const member = (o: Obj, key: string): void => {
    const text = o[key];
    if (typeof text !== 'string') return;
    const restored = restore(text);
    if (restored !== text) o[key] = restored;
  };
  const inBlocks = (blocks: unknown[]): void => {
    for (const b of blocks) {
      if (!isRecord(b)) continue;
      member(b, 'text');
      member(b, 'thinking');
      if (b.type === 'tool_result') {
        if (Array.isArray(b.content)) inBlocks(b.content);
        else member(b, 'content');
      }
    }
  };
  for (const entry of params.messages as unknown[]) {
    if (!isRecord(entry)) continue;
    if (Array.isArray(entry.content)) inBlocks(entry.content);
    else member(entry, 'content');
  }
  return intact;
}
