/**
 * Redacting one JSON value of a session (a JSONL line, or a whole JSON message array): which
 * strings are structure and stay, which are the user's and are masked, which are signatures or
 * images and get look-alikes. Keys, numbers, booleans and layout are never changed.
 */
import { isRecord, TOOL_CALL_TYPES } from '../messages.js';
import type { ImageRedactor } from './image-data.js';
import { rewriteJsonStrings, type JsonPath } from './json-text.js';
import { maskText } from './mask-text.js';
import { redactErrorMessage, redactSignature } from './opaque.js';

/**
 * Values that are structure, not content: ids (entries, tool calls, results, responses), roles,
 * kinds and types, models and providers, stop reasons, mime types, timestamps, and tool names
 * (hygiene checks their characters and the allowlist; they name the agent's tools, not the user's data).
 */
const KEPT_FIELDS = new Set([
  'type',
  'role',
  'id',
  'parentId',
  'timestamp',
  'version',
  'stopReason',
  'provider',
  'api',
  'model',
  'modelId',
  'modelApi',
  'thinkingLevel',
  'customType',
  'mimeType',
  'mediaType',
  'media_type',
  'toolCallId',
  'toolUseId',
  'tool_call_id',
  'tool_use_id',
  'callId',
  'call_id',
  'toolName',
  'responseId',
  'firstKeptEntryId',
  'fromId',
  'targetId',
  'kind',
  'phase',
]);

/** Signatures and encrypted reasoning: opaque, replaced by look-alikes of the same class. */
const SIGNATURE_FIELDS = new Set([
  'signature',
  'thinkingSignature',
  'thought_signature',
  'thoughtSignature',
  'textSignature',
  'encrypted_content',
]);

/** Subtrees that are the user's data whatever their keys say (a tool's arguments may well have an "id"). */
const CONTENT_SUBTREES = new Set(['arguments', 'input', 'args', 'details', 'partialJson']);

/** What a redaction replaced, for the report. */
export interface RedactCounts {
  texts: number;
  images: number;
  signatures: number;
  errorMessages: number;
}

/** Counts at zero. */
export function emptyCounts(): RedactCounts {
  return { texts: 0, images: 0, signatures: 0, errorMessages: 0 };
}

function valueAt(root: unknown, path: JsonPath): unknown {
  let at: unknown = root;
  for (const step of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[step];
  }
  return at;
}

/** A tool call block (or an OpenAI `function` object): its `name` is the tool's name. */
function isToolCallLike(parent: unknown, path: JsonPath): boolean {
  if (!isRecord(parent)) return false;
  if (typeof parent.type === 'string' && TOOL_CALL_TYPES.has(parent.type)) return true;
  return path.at(-2) === 'function' || (typeof parent.id === 'string' && ('arguments' in parent || 'input' in parent));
}

const isDataUrl = (value: string) => value.startsWith('data:') && value.slice(0, 200).includes(';base64,');

/**
 * Whether a string under `key` may be an image `imagePaths` finds: every one is an image block's
 * `data` or a data URL. The walk without images stops at such a string (see `redactJsonText`), so
 * this must hold wherever `imagePaths` finds one (a test checks it on random values).
 */
export function mayBeImage(key: string | number | undefined, value: string): boolean {
  return key === 'data' || value.startsWith('data:');
}

/** A value the image walk has still to visit: at `depth`, under `key`; `data` marks an image block's data. */
interface Visit {
  value: unknown;
  depth: number;
  key: string | number | undefined;
  data: boolean;
}

/**
 * Image payloads of a value, by path: `data` of image blocks and `data:…;base64,` URLs, in the
 * order of the text. Walked with a stack of its own, not by recursion: a line nested thousands of
 * levels deep is walked to its end (an image there is still found) instead of exhausting the call stack.
 */
export function imagePaths(root: unknown): JsonPath[] {
  const found: JsonPath[] = [];
  // One path, cut back and extended as the walk goes; copied only for what is found.
  const path: (string | number)[] = [];
  const stack: Visit[] = [{ value: root, depth: 0, key: undefined, data: false }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { value, depth, key } = visit;
    path.length = depth === 0 ? 0 : depth - 1;
    if (key !== undefined) path.push(key);
    if (visit.data || (typeof value === 'string' && isDataUrl(value))) {
      found.push(path.slice());
      continue;
    }
    // Children go on the stack last first, so that they are visited in order.
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], depth: depth + 1, key: i, data: false });
    } else if (isRecord(value)) {
      const image = value.type === 'image' || value.type === 'base64';
      const keys = Object.keys(value);
      for (let k = keys.length - 1; k >= 0; k -= 1) {
        const item = value[keys[k]];
        const data = image && keys[k] === 'data' && typeof item === 'string';
        stack.push({ value: item, depth: depth + 1, key: keys[k], data });
      }
    }
  }
  return found;
}

/** Redact a text value; a text holding a JSON object or array keeps its keys and structure. */
export function redactText(value: string, depth = 0): string {
  const t = value.trimStart();
  if (depth < 8 && (t.startsWith('{') || t.startsWith('['))) {
    try {
      JSON.parse(value);
      return rewriteJsonStrings(value, (inner) => redactText(inner, depth + 1), true);
    } catch {
      // Not JSON after all: masked as prose below.
    }
  }
  return maskText(value);
}

/** Thrown by a rule without images on meeting a string that may be one: the value is walked again with them. */
const MAY_BE_IMAGE = Symbol('may be an image');

/**
 * The rule for every string of one value; `root` gives the value parsed (undefined when it is not
 * JSON). `images`: the replacements of its images by path, or null when they were not looked for
 * (see `redactJsonText`).
 */
function stringRule(root: () => unknown, images: Map<string, string> | null, counts: RedactCounts) {
  return (value: string, path: JsonPath): string | { raw: string } => {
    const key = path.at(-1);
    if (images === null && mayBeImage(key, value)) throw MAY_BE_IMAGE;
    const image = images !== null && images.size > 0 ? images.get(JSON.stringify(path)) : undefined;
    if (image !== undefined) {
      counts.images += 1;
      return { raw: JSON.stringify(image) };
    }
    const inContent = path.some((step) => typeof step === 'string' && CONTENT_SUBTREES.has(step));
    if (typeof key === 'string' && !inContent) {
      if (KEPT_FIELDS.has(key)) return value;
      // Only a name and a data field are judged by the object that holds them.
      const parent = key === 'name' || key === 'data' ? valueAt(root(), path.slice(0, -1)) : undefined;
      if (key === 'name' && isToolCallLike(parent, path)) return value;
      if (SIGNATURE_FIELDS.has(key) || (key === 'data' && isRecord(parent) && parent.type === 'redacted_thinking')) {
        counts.signatures += 1;
        return redactSignature(value);
      }
      if (key === 'errorMessage') {
        counts.errorMessages += 1;
        return redactErrorMessage(value);
      }
    }
    const out = redactText(value);
    if (out !== value) counts.texts += 1;
    return out;
  };
}

/**
 * Redact one JSON text (possibly broken: a cut-off line is masked as far as it can be read).
 * Images are replaced by `images` (the host's draws same-size pixels).
 */
export async function redactJsonText(text: string, images: ImageRedactor, counts: RedactCounts = emptyCounts()): Promise<string> {
  // Parsed only when something needs the value: a name or a data field asks what holds it, and an
  // image is looked for only once a string that may be one comes up (the walk then starts again).
  let triedParse = false;
  let root: unknown;
  const rootValue = (): unknown => {
    if (!triedParse) {
      triedParse = true;
      try {
        root = JSON.parse(text);
      } catch {
        root = undefined;
      }
    }
    return root;
  };
  const before = { ...counts };
  try {
    return rewriteJsonStrings(text, stringRule(rootValue, null, counts), false);
  } catch (error) {
    if (error !== MAY_BE_IMAGE) throw error;
    Object.assign(counts, before);
  }
  const value = rootValue();
  const replacements = new Map<string, string>();
  for (const path of value === undefined ? [] : imagePaths(value)) {
    const found = valueAt(value, path) as string;
    if (isDataUrl(found)) {
      const comma = found.indexOf(',');
      replacements.set(JSON.stringify(path), `${found.slice(0, comma + 1)}${await images.redact(found.slice(comma + 1))}`);
    } else {
      replacements.set(JSON.stringify(path), await images.redact(found));
    }
  }
  return rewriteJsonStrings(text, stringRule(rootValue, replacements, counts), value !== undefined);
}
