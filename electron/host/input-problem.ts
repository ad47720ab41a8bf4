/**
 * What is wrong with an input that gave nothing to inspect, said about the file itself: an empty
 * file, a file of blank lines, UTF-16 text, binary data — not "no target", which sends the user
 * looking for the wrong thing.
 */
import type { ParsedSession } from '../../shared/session/types.js';
import { openSessionFile } from './read-input.js';

/** The encoding a file's first bytes show, when it is UTF-16 (with or without a byte order mark). */
async function utf16Of(file: string): Promise<'UTF-16LE' | 'UTF-16BE' | null> {
  const handle = await openSessionFile(file).catch(() => null);
  if (!handle) return null;
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead < 2) return null;
    if (head[0] === 0xff && head[1] === 0xfe) return 'UTF-16LE';
    if (head[0] === 0xfe && head[1] === 0xff) return 'UTF-16BE';
    // No mark: JSON starts with an ASCII character, so one of its two bytes is zero.
    const ascii = (b: number) => b >= 0x09 && b < 0x7f;
    if (ascii(head[0]) && head[1] === 0 && bytesRead >= 4 && ascii(head[2]) && head[3] === 0) return 'UTF-16LE';
    if (head[0] === 0 && ascii(head[1]) && bytesRead >= 4 && head[2] === 0 && ascii(head[3])) return 'UTF-16BE';
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * Why a session with no entries cannot be inspected, as `FILE: …` or `FILE:LINE:COL: …`; null when
 * it has entries (then the problem, if any, lies elsewhere).
 */
export async function emptyInputProblem(parsed: ParsedSession, source: { file: string } | { text: string }): Promise<string | null> {
  if (parsed.entries.length > 0) return null;
  const name = 'file' in source ? source.file : '(text)';
  if ('file' in source) {
    const utf16 = await utf16Of(source.file);
    if (utf16)
      return `${name}: the file is ${utf16} text; session files are UTF-8 — convert it first (for example: iconv -f ${utf16} -t UTF-8)`;
  }
  const first = parsed.diagnostics.find((d) => d.severity === 'error');
  if (!first) return `${name}: the session has no entries yet, so it records no model — pass --provider, --api and --model`;
  if (first.code === 'empty')
    return parsed.lineCount > 1
      ? `${name}: the file holds only blank lines — there is no session in it`
      : `${name}: the file is empty (0 bytes)`;
  const where = `${name}:${first.line}${first.column ? `:${first.column}` : ''}`;
  return `${where}: not a session file — ${first.message.replace(/^line \d+(, column \d+)?: /, '')}`;
}
