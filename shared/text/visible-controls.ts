/**
 * Control characters made visible: text from a session file shown in a terminal, a comment or a
 * table must not move the cursor, recolour the screen, set the window title or reorder what is read.
 */

/**
 * True for C0 controls, DEL, C1 controls (U+0080–U+009F: 8-bit CSI and OSC among them), the line and
 * paragraph separators, and the bidirectional marks, embeddings, overrides and isolates (Trojan Source).
 */
function isControl(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

function escapeOf(code: number): string {
  if (code === 0x0a) return '\\n';
  if (code === 0x0d) return '\\r';
  if (code === 0x09) return '\\t';
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every control character written as an escape (`\x1b`, `\n`, `\u202e`), so that it
 * prints as one inert line.
 */
export function visibleControls(text: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (!isControl(code)) continue;
    out += text.slice(from, i) + escapeOf(code);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
