/**
 * Long texts handed to pi-ai's builders as short stand-ins, put back in their output.
 *
 * pi-ai (0.73) runs every text through `sanitizeSurrogates`, a regex over each character that only
 * removes lone surrogates: on a session of large tool results it costs more than parsing the file.
 * It also copies each thinking text with `trim()` when the turn came from another model. The
 * builders of `STAND_IN_APIS` otherwise only test a text for emptiness or blankness (`!text`,
 * `length > 0`, `trim()`), sanitise it, join it with others ("\n", "\n\n" or "") and place it in
 * the payload (Chat Completions also places a thinking text unsanitised under the key its
 * signature names; sanitising a well-formed text changes nothing). So a long text that is well
 * formed (nothing to remove) and not blank can go in as a short, well-formed, non-blank token, and
 * the token be replaced by the text in the output: the payload is the one pi-ai builds from the texts.
 * Bedrock's builder reads texts the same way (its images get stand-ins of their own:
 * image-stand-ins.ts). Mistral's is not given stand-ins: tried, it cost more than it saved on mostly
 * ASCII sessions (docs/performance.md), and it trims a tool result's joined texts.
 */
import { randomBytes } from 'node:crypto';
import { isRecord } from '../../../shared/messages.js';
import { isBlank } from '../../../shared/text/blank.js';
import { isWellFormed } from '../../../shared/text/well-formed.js';
import type { Message } from '../../../shared/types.js';
import { conversionApiOf } from './model.js';

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
    // Joined, not a template: a template makes a rope that pi-ai's first regex flattens into a copy,
    // and both stay with the message until a full collection (about 6 MiB of peak on many-calls at 100 MiB).
    return [prefix, texts.length - 1, CLOSE].join('');
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
  return restoreTextMembers(params, standIns, (b, member, inBlocks) => {
    member(b, 'text');
    member(b, 'thinking');
    if (b.type === 'tool_result') {
      if (Array.isArray(b.content)) inBlocks(b.content);
      else member(b, 'content');
    }
  });
}

/**
 * Put the texts back into the messages of pi-ai's Bedrock params, in place: tokens only occur in the
 * strings it made from them (a block's `text`, a reasoning block's text, a tool result's texts), in
 * objects it created. False as `restoreAnthropicTexts`.
 */
function restoreBedrockTexts(params: unknown, standIns: StandIns): boolean {
  return restoreTextMembers(params, standIns, (b, member, inBlocks) => {
    member(b, 'text');
    const reasoning = isRecord(b.reasoningContent) ? b.reasoningContent.reasoningText : undefined;
    if (isRecord(reasoning)) member(reasoning, 'text');
    if (isRecord(b.toolResult) && Array.isArray(b.toolResult.content)) inBlocks(b.toolResult.content);
  });
}

/**
 * Put the texts back into `params.messages`: each entry's `content` when it is a string, else each
 * of its blocks as `block` reads it (`member` restores one string member, `inBlocks` a nested list).
 */
function restoreTextMembers(
  params: unknown,
  standIns: StandIns,
  block: (b: Obj, member: (o: Obj, key: string) => void, inBlocks: (blocks: unknown[]) => void) => void,
): boolean {
  if (standIns.texts.length === 0 || !isRecord(params) || !Array.isArray(params.messages)) return true;
  let intact = true;
  const restoreOrNull = restorer(standIns);
  const member = (o: Obj, key: string): void => {
    const text = o[key];
    if (typeof text !== 'string') return;
    const restored = restoreOrNull(text);
    // A token pi-ai changed cannot be put back: the caller builds again without stand-ins.
    if (restored === null) intact = false;
    else if (restored !== text) o[key] = restored;
  };
  const inBlocks = (blocks: unknown[]): void => {
    for (const b of blocks) if (isRecord(b)) block(b, member, inBlocks);
  };
  for (const entry of params.messages as unknown[]) {
    if (!isRecord(entry)) continue;
    if (Array.isArray(entry.content)) inBlocks(entry.content);
    else member(entry, 'content');
  }
  return intact;
}

/**
 * The apis whose builders take stand-ins (see above), and the member of their params holding the
 * conversation; a builder that runs one of their conversions takes them too (`conversionApiOf`).
 */
export const STAND_IN_APIS: ReadonlyMap<string, string> = new Map([
  ['anthropic-messages', 'messages'],
  ['openai-completions', 'messages'],
  ['openai-responses', 'input'],
  ['google-generative-ai', 'contents'],
  ['bedrock-converse-stream', 'messages'],
]);

/**
 * Put the texts back into the conversation of the params pi-ai built for `api`, in place. Every
 * string of the conversation is looked at (the Anthropic one: only those its builder makes from
 * texts), so a token can be nowhere left: objects holding one were made by pi-ai or by
 * `withStandIns`, never shared with the session. False when a token was changed and could not be
 * put back, or the api takes no stand-ins.
 */
export function restoreTexts(params: unknown, standIns: StandIns, api: string): boolean {
  if (api === 'anthropic-messages') return restoreAnthropicTexts(params, standIns);
  if (api === 'bedrock-converse-stream') return restoreBedrockTexts(params, standIns);
  const key = STAND_IN_APIS.get(conversionApiOf(api));
  if (key === undefined || !isRecord(params)) return false;
  if (standIns.texts.length === 0) return true;
  const restore = restorer(standIns);
  // An explicit stack: tool-call arguments may nest deeper than the call stack allows.
  const stack: unknown[] = [params[key]];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i += 1) {
        const item: unknown = node[i];
        if (typeof item === 'string') {
          const restored = restore(item);
          if (restored === null) return false;
          if (restored !== item) node[i] = restored;
        } else if (item !== null && typeof item === 'object') stack.push(item);
      }
    } else if (isRecord(node)) {
      for (const member of Object.keys(node)) {
        // An image's data URL holds no token, and looking into it would copy it (see IMAGE_URL_MEMBER).
        if (member === IMAGE_URL_MEMBER) continue;
        const item = node[member];
        if (typeof item === 'string') {
          const restored = restore(item);
          if (restored === null) return false;
          if (restored !== item) node[member] = restored;
        } else if (item !== null && typeof item === 'object') stack.push(item);
      }
    }
  }
  return true;
}

/**
 * The member under which OpenAI's Chat Completions and Responses builders put an image, as a data URL
 * pi-ai joins from the image's type and base64 (`data:…;base64,…`). V8 keeps such a join as a pair
 * of the two strings until something reads its characters, when it copies them into one: the search
 * for tokens did, and held a second copy of every image for as long as the payload (on a session of
 * 407 images, 106 MB against 2.5 MB without it). Tokens are only ever in texts, never in an image.
 */
const IMAGE_URL_MEMBER = 'image_url';

/** Put the texts back into one string: null when a token in it was changed. */
function restorer(standIns: StandIns): (text: string) => string | null {
  const { prefix, texts } = standIns;
  return (text) => {
    if (!text.includes(prefix)) return text;
    // A token alone stands for the whole text; tokens joined with others (and short texts) one by one.
    let out = '';
    let from = 0;
    for (let at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, from)) {
      const end = text.indexOf(CLOSE, at);
      const original = end < 0 ? undefined : texts[Number(text.slice(at + prefix.length, end))];
      // A token pi-ai changed cannot be put back: the caller builds again without stand-ins.
      if (original === undefined) return null;
      out += text.slice(from, at) + original;
      from = end + 1;
    }
    return from === 0 ? text : out + text.slice(from);
  };
}
