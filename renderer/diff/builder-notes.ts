/**
 * What the payload builder adds that the session never had: prompt-cache breakpoints, streaming,
 * output limits, thinking settings. The diff explains each on the line where it appears, so a
 * `cache_control` that moves between the original and the replay does not read as hygiene's doing.
 */

/** A note on a line of a payload document. */
export interface BuilderNote {
  line: number;
  key: string;
  /** A few words shown at the end of the line. */
  label: string;
  /** The full explanation (hover). */
  text: string;
}

const CACHE =
  'Added by the payload builder (pi-ai), not taken from the session: a prompt-cache breakpoint on the last user turn. It moves when hygiene changes which turn is last, so the diff shows it on different lines.';
const THINKING =
  'Set by the payload builder for this target: the thinking (reasoning) settings. The reasoning switch in the toolbar changes them.';
const LIMIT = 'Set by the payload builder: the most output tokens this model may answer with (from the catalogue).';

/** Keys the builder writes inside conversation entries, at any depth. */
const ENTRY_KEYS: Record<string, { label: string; text: string }> = {
  cache_control: { label: 'prompt-cache breakpoint (payload builder)', text: CACHE },
  cachePoint: { label: 'prompt-cache breakpoint (payload builder)', text: CACHE },
};

/** Keys the builder writes at the top of the request. */
const TOP_KEYS: Record<string, { label: string; text: string }> = {
  stream: { label: 'payload builder: streamed response', text: 'Set by the payload builder: the answer is streamed.' },
  stream_options: { label: 'payload builder: usage in the stream', text: 'Set by the payload builder: the stream reports token usage.' },
  store: {
    label: 'payload builder: response storage',
    text: 'Set by the payload builder: whether the provider keeps the response (reasoning is then replayed from the request, not from the server).',
  },
  max_tokens: { label: 'payload builder: output limit', text: LIMIT },
  max_output_tokens: { label: 'payload builder: output limit', text: LIMIT },
  max_completion_tokens: { label: 'payload builder: output limit', text: LIMIT },
  maxTokens: { label: 'payload builder: output limit', text: LIMIT },
  inferenceConfig: { label: 'payload builder: output limit', text: LIMIT },
  thinking: { label: 'payload builder: thinking settings', text: THINKING },
  reasoning: { label: 'payload builder: reasoning settings', text: THINKING },
  config: { label: 'payload builder: generation and thinking settings', text: THINKING },
  additionalModelRequestFields: { label: 'payload builder: thinking settings', text: THINKING },
  include: {
    label: 'payload builder: encrypted reasoning requested',
    text: 'Set by the payload builder: asks for the reasoning in encrypted form, so the next request can replay it.',
  },
  prompt_cache_key: {
    label: 'payload builder: prompt-cache key',
    text: 'Set by the payload builder: groups requests that share a prompt cache.',
  },
};

const KEY_LINE = /^( *)"([A-Za-z_]+)":/;

/** The notes of a pretty-printed payload (2-space indentation), in line order. */
export function builderNotes(text: string): BuilderNote[] {
  const notes: BuilderNote[] = [];
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    // Only lines that start a key are looked at: a quick look at the first non-blank character spares the regex.
    let first = start;
    while (first < stop && text.charCodeAt(first) === 32) first += 1;
    if (text.charCodeAt(first) === 34) {
      const match = KEY_LINE.exec(text.slice(start, Math.min(stop, first + 64)));
      if (match) {
        const known = match[1].length === 2 ? (TOP_KEYS[match[2]] ?? ENTRY_KEYS[match[2]]) : ENTRY_KEYS[match[2]];
        if (known) notes.push({ line, key: match[2], ...known });
      }
    }
    if (end < 0) break;
    start = end + 1;
    line += 1;
  }
  return notes;
}
