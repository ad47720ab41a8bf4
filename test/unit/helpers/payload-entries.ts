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
