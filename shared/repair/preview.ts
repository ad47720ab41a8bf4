/** Short, printable before/after texts for repair actions (a plan must stay small even for 10 MB lines). */

const MAX_STRING = 80;
const MAX_TOTAL = 400;

function shortenStrings(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && value.length > MAX_STRING) return `${value.slice(0, MAX_STRING)}… (${value.length} chars)`;
  return value;
}

/** JSON of a value with long strings (base64, long texts) elided and the whole capped in length. */
export function previewJson(value: unknown): string {
  const text = JSON.stringify(value, shortenStrings) ?? String(value);
  return text.length > MAX_TOTAL ? `${text.slice(0, MAX_TOTAL)}…` : text;
}

/** The start of a raw line, with control characters made visible and its size when it is cut. */
export function previewLine(text: string, byteLength: number): string {
  const head = text.length > 160 ? text.slice(0, 160) : text;
  let visible = '';
  for (const ch of head) {
    const code = ch.charCodeAt(0);
    visible += code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : ch;
  }
  return text.length > 160 ? `${visible}… (${byteLength} bytes)` : visible;
}
