/**
 * A session's text redacted for a bug report: every line keeps its place, terminator and JSON
 * structure; the user's texts, tool inputs and outputs, thinking, signatures and images are
 * replaced by placeholders of the same shape (see docs/redaction.md for what is kept and why).
 */
import { looksLikeJsonArray } from '../session/json-array.js';
import { BOM, hasBom, splitLines } from '../session/lines.js';
import { headerOnlyImages, type ImageRedactor } from './image-data.js';
import { emptyCounts, redactJsonText, type RedactCounts } from './redact-json.js';

export { emptyCounts, type RedactCounts } from './redact-json.js';

/** Redact one line of a JSONL session (blank lines stay as they are). */
export async function redactLine(text: string, images: ImageRedactor, counts: RedactCounts): Promise<string> {
  return text.trim() === '' ? text : redactJsonText(text, images, counts);
}

/**
 * Redact a session given as text: JSONL line by line, or a JSON message array as one value.
 * Without an image redactor, images get header-only placeholders of the same format, size and length.
 */
export async function redactSessionText(
  text: string,
  images: ImageRedactor = headerOnlyImages,
): Promise<{ text: string; counts: RedactCounts }> {
  const counts = emptyCounts();
  const bom = hasBom(text) ? BOM : '';
  if (looksLikeJsonArray(text)) return { text: bom + (await redactJsonText(text.slice(bom.length), images, counts)), counts };
  const out: string[] = [bom];
  for (const span of splitLines(text)) {
    out.push(await redactLine(text.slice(span.start, span.end), images, counts), span.eol);
  }
  return { text: out.join(''), counts };
}
