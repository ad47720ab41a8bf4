/**
 * ASCII character classes tested on UTF-16 code units: the loops that use them run over ids, names
 * and megabyte blobs, where a regular expression per character (or per string) costs more.
 */

/** Whether a code unit is an ASCII letter or digit: [A-Za-z0-9]. */
export function isAsciiAlnumCode(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}
