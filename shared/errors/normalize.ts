/** Reading a pasted error: one spelling for every client's escaping and wrapping, and the indices and ids it quotes. */

const HTML_ENTITIES: Record<string, string> = { quot: '"', apos: "'", amp: '&', lt: '<', gt: '>', nbsp: ' ', '#39': "'", '#34': '"' };

// The escape character itself is built, not written: a literal one in a regex reads as a typo.
const ANSI_COLOURS = new RegExp(`(?:${String.fromCharCode(27)}|\\\\+(?:x1b|u001b|033|e))\\[[0-9;?]*[A-Za-z]`, 'gi');

/**
 * The text with escapes (JSON strings inside JSON strings), curly quotes, backticks, HTML entities,
 * line breaks and terminal box borders normalised, so one pattern fits every client's wrapping.
 */
export function normalizeErrorText(text: string): string {
  return (
    text
      // Terminal colours, raw or escaped (`\x1b[31m`, `\u001b[0m`, `\033[1m`).
      .replace(ANSI_COLOURS, '')
      // A line a terminal broke after a hyphen ("non-\n   empty") is one word.
      .replace(/(\w)-[ \t]*\r?\n[\s\u2500-\u257f\u23bf]*(?=\w)/g, '$1-')
      .replace(/[\u2500-\u257f\u23bf]/g, ' ')
      .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
      .replace(/[\u2018\u2019\u201a\u201b]/g, "'")
      .replace(/&(#?\w+);/g, (all, name: string) => HTML_ENTITIES[name.toLowerCase()] ?? all)
      .replace(/\\+u([0-9a-fA-F]{4})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      // A quote escaped once per level of nesting: JSON in a JSON string in a log line.
      // Markdown escapes too (`call\_id` in an issue body).
      .replace(/\\+(["'`/_*#|~<>[\]])/g, '$1')
      .replace(/\\+[nrt](?![a-z])/g, ' ')
      .replace(/`/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * A second reading for text a terminal wrapped at its width, inside words ("enab\nle_thinking"): the
 * line breaks (with the indentation and borders around them) removed instead of read as spaces.
 * Words that really were on two lines run together, so this reading only adds matches.
 */
export function unwrappedErrorText(text: string): string {
  return normalizeErrorText(text.replace(/[ \t\u2500-\u257f\u23bf]*\r?\n[ \t\u2500-\u257f\u23bf]*/g, ''));
}

/**
 * Message indices an error names, in the order it names them: `messages.43.content.2`,
 * `messages.[4]`, `messages[2].tool_calls[0]`, `message[15]`, `input[3]`, `contents[1]`, `at index 52`.
 */
export function errorMessageIndices(text: string): number[] {
  const found: { at: number; index: number }[] = [];
  const patterns = [
    /\bmessages\.\s?\[?(\d+)\]?/g,
    /\bmessages?\[(\d+)\]/g,
    /\binput\[(\d+)\]/g,
    /\bcontents\[(\d+)\]/g,
    /\b(?:at|message at) (?:index|position) (\d+)/g,
  ];
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.push({ at: m.index, index: Number(m[1]) });
  const out: number[] = [];
  for (const { index } of found.sort((a, b) => a.at - b.at)) if (!out.includes(index)) out.push(index);
  return out;
}

/**
 * Tool-call and item ids an error quotes: `toolu_…`, `tooluse_…`, `call_…`, `fc_…`, `rs_…`,
 * `msg_…`, Mistral's "Tool call id was X", MiniMax's "tool id(X)", "call_id X", "Item with id 'X'".
 */
export function errorIds(text: string): string[] {
  const ids = new Set<string>();
  for (const m of text.matchAll(/\b((?:toolu_vrtx|toolu|tooluse|call_function|call|fc|rs|msg|item)_[A-Za-z0-9_-]{3,})/g)) ids.add(m[1]);
  for (const m of text.matchAll(/tool call id was (\S+?) but/gi)) ids.add(m[1]);
  for (const m of text.matchAll(/tool id\(([^)\s]+)\)/gi)) ids.add(m[1]);
  for (const m of text.matchAll(/\bcall_id[=: ]+'?([A-Za-z0-9_|-]{6,})/gi)) ids.add(m[1]);
  for (const m of text.matchAll(/\bitem with id '([^']+)'/gi)) ids.add(m[1]);
  return [...ids].filter((id) => !/^(?:call|item)_id$/i.test(id));
}

/** Numbers as errors print them (`1,000,000`, `200000`). */
export function parseCount(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number(text.replace(/[,_\s]/g, ''));
  return Number.isFinite(n) ? n : null;
}
