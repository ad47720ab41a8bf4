/**
 * Text the command line prints: what comes from a session file (model ids, tool names, reasons, file
 * names) reaches the terminal with its control characters escaped, so it cannot move the cursor,
 * recolour or clear the screen, set the window title, or pass for a line of our own.
 */
import { visibleControls } from '../../shared/text/visible-controls.js';

/** One line of output: control characters in it (line breaks too) shown as escapes. */
export function terminalLine(text: string): string {
  return visibleControls(text);
}

/** Lines of output, each meant as one line, escaped and joined, with the final newline. */
export function terminalLines(lines: readonly string[]): string {
  return `${lines.map(visibleControls).join('\n')}\n`;
}

/**
 * JSON text with the characters JSON leaves raw but a terminal acts on or reorders (DEL, C1 controls,
 * bidi controls, U+2028/9) written as `\uXXXX`: the same value to any JSON parser. They can only
 * occur inside strings, where the escape is valid.
 */
export function terminalJson(json: string): string {
  return json.replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
