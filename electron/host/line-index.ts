/**
 * A line-offset index over the bytes of a session file: built first (one pass of `indexOf('\n')`),
 * then lines are decoded one at a time. No string ever holds the whole file, so files larger than a
 * JavaScript string (about 512 MB) open too.
 */
import { isUtf8 } from 'node:buffer';
import { hasUtf8Bom } from '../../shared/repair/byte-lines.js';
import type { LineSource } from '../../shared/session/types.js';

/** Start offsets of every line (Float64Array: files may exceed 4 GB), the end of the data, BOM flag. */
export interface LineIndex {
  starts: Float64Array;
  end: number;
  bom: boolean;
}

const LF = 0x0a;
const CR = 0x0d;

/** Index the lines of a buffer. A final empty line after the last newline is not a line. */
export function indexLines(bytes: Uint8Array): LineIndex {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bom = hasUtf8Bom(buf);
  let starts = new Float64Array(1024);
  let count = 0;
  let pos = bom ? 3 : 0;
  while (pos < buf.length) {
    if (count === starts.length) {
      const grown = new Float64Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count] = pos;
    count += 1;
    const nl = buf.indexOf(LF, pos);
    if (nl < 0) break;
    pos = nl + 1;
  }
  return { starts: starts.subarray(0, count), end: buf.length, bom };
}

/** A LineSource for the parser, decoding each line's bytes (CRLF tolerated) when asked. */
export function bufferLineSource(bytes: Uint8Array, index: LineIndex = indexLines(bytes)): LineSource {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bounds = (i: number): [number, number] => {
    const start = index.starts[i];
    let end = i + 1 < index.starts.length ? index.starts[i + 1] - 1 : index.end;
    if (end > start && buf[end - 1] === LF) end -= 1;
    if (end > start && buf[end - 1] === CR) end -= 1;
    return [start, end];
  };
  return {
    count: index.starts.length,
    bom: index.bom,
    byteLength: (i) => {
      const [start, end] = bounds(i);
      return end - start;
    },
    text: (i) => {
      const [start, end] = bounds(i);
      return buf.toString('utf8', start, end);
    },
    validUtf8: (i) => {
      const [start, end] = bounds(i);
      return isUtf8(buf.subarray(start, end));
    },
  };
}
