// A payload's entries, and the replay's entries derived from the original's (the payload tests' counts).

/** A payload's entries (Anthropic's and Bedrock's `messages`, Gemini's `contents`, OpenAI's `input`). */
export function entriesOf(payload: unknown): unknown[] {
  const value = payload as { messages?: unknown[]; contents?: unknown[]; input?: unknown[] } | undefined;
  return value?.messages ?? value?.contents ?? value?.input ?? [];
}

/**
 * How many of the replay's entries are not the original's entries but are made of the original's
 * blocks only: assistant entries derived from the original's without the blocks of dropped thinking
 * (electron/host/payloads/derived-entry.ts).
 */
export function derivedEntryCount(replay: unknown, original: unknown): number {
  const entries = new Set(entriesOf(original));
  const contents = new Set(entriesOf(original).map((entry) => (entry as { content?: unknown }).content));
  const blocks = new Set(entriesOf(original).flatMap((entry) => (entry as { content?: unknown }).content ?? []));
  return entriesOf(replay).filter((entry) => {
    const { role, content } = entry as { role?: unknown; content?: unknown };
    // An assistant entry of its own, with a list of its own (not a copy of an entry that shares the original's list).
    if (role !== 'assistant' || entries.has(entry) || !Array.isArray(content) || contents.has(content)) return false;
    return content.length > 0 && content.every((b) => blocks.has(b));
  }).length;
}

/** A tool result's block of an Anthropic or Bedrock entry, and the content it holds. */
function resultContent(block: unknown): unknown {
  const b = block as { type?: unknown; content?: unknown; toolResult?: { content?: unknown } } | null;
  if (b?.type === 'tool_result') return b.content;
  return b?.toolResult?.content;
}

/**
 * How many tool results of the replay's entries are sent under an id of their own from the
 * original's entry (electron/host/payloads/derived-entry.ts): blocks not the original's, holding
 * the very content list of one of the original's (a build of pi-ai's makes a new one; Anthropic's
 * results of text alone hold a string, which this cannot tell apart).
 */
export function renamedResultCount(replay: unknown, original: unknown): number {
  const blocks = new Set<unknown>(entriesOf(original).flatMap((entry) => (entry as { content?: unknown }).content ?? []));
  const contents = new Set<unknown>();
  for (const block of blocks)
    if (typeof resultContent(block) === 'object' && resultContent(block) !== null) contents.add(resultContent(block));
  let count = 0;
  for (const entry of entriesOf(replay))
    for (const block of ((entry as { content?: unknown }).content ?? []) as unknown[])
      if (!blocks.has(block) && contents.has(resultContent(block))) count += 1;
  return count;
}

/**
 * How many of the replay's Mistral or OpenAI Responses entries are not the original's but copies of
 * an original entry under other tool-call ids (electron/host/payloads/renamed-items.ts): they hold
 * the very list or object the original's does (a result's `content` list, Mistral; a result's
 * `output` list, Responses, for a result with images; a call's `function`, Mistral), where a build of
 * pi-ai's makes new ones.
 */
export function renamedItemCount(replay: unknown, original: unknown): number {
  const entries = new Set(entriesOf(original));
  const held = (entry: unknown): unknown[] => {
    const e = entry as { content?: unknown; output?: unknown; toolCalls?: { function?: unknown }[] };
    const calls = Array.isArray(e.toolCalls) ? e.toolCalls.map((call) => call.function) : [];
    return [e.content, e.output, ...calls].filter((value) => typeof value === 'object' && value !== null);
  };
  const shared = new Set(entriesOf(original).flatMap(held));
  return entriesOf(replay).filter((entry) => !entries.has(entry) && held(entry).some((value) => shared.has(value))).length;
}
