/** Whether a text is blank (`text.trim() === ''`) without copying it: a long text with a trailing newline is not duplicated to find out. */

/** The characters `String.prototype.trim` removes: white space and line terminators. */
function isTrimmedChar(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The index of the first character `trim` keeps (`text.trim()[0]` is there), or -1 for a blank text. */
export function firstVisibleIndex(text: string): number {
  for (let i = 0; i < text.length; i += 1) if (!isTrimmedChar(text.charCodeAt(i))) return i;
  return -1;
}

/** True when `text.trim() === ''`; stops at the first other character (at once for nearly every text). */
export function isBlank(text: string): boolean {
  return firstVisibleIndex(text) < 0;
}

/** True when `text.trim() === expected` (expected itself trimmed), without copying the text. */
export function trimsTo(text: string, expected: string): boolean {
  let start = 0;
  while (start < text.length && isTrimmedChar(text.charCodeAt(start))) start += 1;
  if (!text.startsWith(expected, start)) return false;
  for (let i = start + expected.length; i < text.length; i += 1) if (!isTrimmedChar(text.charCodeAt(i))) return false;
  return true;
}
