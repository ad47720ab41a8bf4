// The parse floor every speed figure is a ratio to: read the file, then JSON.parse each line (a
// damaged line costs its parse attempt, as in the real parser). Plain JavaScript, so the probe (under
// tsx) and the release bench's child (under the oracle's Node, without tsx) time the same loop.
import { readFileSync } from 'node:fs';

/** Parse every line of `file`; `keep` gets each parsed value when given. Returns the lines parsed. */
export function parseFloor(file, keep) {
  const bytes = readFileSync(file);
  let count = 0;
  for (let start = 0; start < bytes.length;) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    if (end > start) {
      try {
        const value = JSON.parse(bytes.toString('utf8', start, end));
        keep?.push(value);
        count += 1;
      } catch {
        // a damaged line costs its parse attempt, like in the real parser
      }
    }
    start = end + 1;
  }
  return count;
}
