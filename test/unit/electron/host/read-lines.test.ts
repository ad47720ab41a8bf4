// Lines that span chunks are measured as the chunks go by, then read again whole at their offset:
// the bytes must be the line's, and a file cut meanwhile, or whose bytes at the line's end differ
// from those just read, must fail the read.
import type { FileHandle } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { giveUp, readLines } from '../../../../electron/host/read-lines.js';

/** A file handle over bytes that `change` may rewrite after the first full pass of reads. */
function fakeHandle(bytes: Buffer, change?: (reads: number) => Buffer | undefined): FileHandle {
  let reads = 0;
  let current = bytes;
  return {
    async read(buffer: Buffer, offset: number, length: number, position: number) {
      reads += 1;
      current = change?.(reads) ?? current;
      const n = Math.max(0, Math.min(length, current.length - position));
      current.copy(buffer, offset, position, position + n);
      return { bytesRead: n, buffer };
    },
  } as unknown as FileHandle;
}

const options = { chunkBytes: 8, skip: 0, maxLine: 1000, readError: (error: Error) => new Error(`read failed: ${error.message}`) };

async function linesOf(handle: FileHandle, maxLine = 1000): Promise<[string | null, number, number][]> {
  const seen: [string | null, number, number][] = [];
  await readLines(handle, { ...options, maxLine }, (bytes, offset, length) =>
    seen.push([bytes ? bytes.toString('utf8') : null, offset, length]),
  );
  return seen;
}

describe('readLines', () => {
  it('gives lines that span several chunks whole, with their offsets, CR removed', async () => {
    const text = 'short\nthis line spans three chunks\r\nx\nlast one without newline';
    expect(await linesOf(fakeHandle(Buffer.from(text)))).toEqual([
      ['short', 0, 5],
      ['this line spans three chunks', 6, 28],
      ['x', 36, 1],
      ['last one without newline', 38, 24],
    ]);
  });

  it('measures a line over the limit without reading it again', async () => {
    const text = `a\n${'y'.repeat(30)}\nb\n`;
    let reads = 0;
    const handle = fakeHandle(Buffer.from(text), () => {
      reads += 1;
      return undefined;
    });
    expect(await linesOf(handle, 20)).toEqual([
      ['a', 0, 1],
      [null, 2, 30],
      ['b', 33, 1],
    ]);
    // Only the sequential chunk reads (36 bytes in chunks of 8, and the empty read at the end).
    expect(reads).toBe(6);
  });

  it("fails the read when the file is cut, or its bytes at the line's end rewritten, before a long line is read again", async () => {
    const text = Buffer.from('first line that is long\nnext\n');
    const rewritten = Buffer.from('first line that is LONG\nnext\n');
    // The line's end is found in the third chunk; the read of the whole line comes after it.
    await expect(linesOf(fakeHandle(text, (n) => (n === 4 ? rewritten : undefined)))).rejects.toThrow(
      'read failed: the file changed while it was read',
    );
    await expect(linesOf(fakeHandle(text, (n) => (n === 4 ? text.subarray(0, 10) : undefined)))).rejects.toThrow(
      'read failed: the file became shorter while it was read',
    );
  });
});

describe('giveUp', () => {
  it('empties a buffer that owns its memory, and leaves a view into the shared pool of small buffers alone', () => {
    const own = Buffer.alloc(1024 * 1024, 7);
    giveUp(own);
    expect(own.length).toBe(0);
    // Small unsafe buffers are views into one pool: emptying it would empty its neighbours too.
    const pooled = Buffer.allocUnsafe(16).fill(1);
    const neighbour = Buffer.allocUnsafe(16).fill(2);
    expect(pooled.buffer).toBe(neighbour.buffer);
    giveUp(pooled);
    expect([...pooled]).toEqual(new Array(16).fill(1));
    expect([...neighbour]).toEqual(new Array(16).fill(2));
    // A view into part of a buffer is not the buffer's owner either.
    const whole = Buffer.alloc(64, 3);
    giveUp(whole.subarray(8, 16));
    expect(whole.length).toBe(64);
  });

  it('gives up the buffer of a line longer than the kept size once the line is handled', async () => {
    const long = `{"text":"${'x'.repeat(17 * 1024 * 1024)}"}`;
    const bytes = Buffer.from(`{"a":1}\n${long}\n{"b":2}\n`);
    const kept: Buffer[] = [];
    const lengths: number[] = [];
    await readLines(fakeHandle(bytes), { ...options, chunkBytes: 1024 * 1024, maxLine: 64 * 1024 * 1024 }, (line, _offset, length) => {
      lengths.push(length);
      if (line) {
        // What the handler sees during the call is the whole line.
        expect(line.length).toBe(length);
        kept.push(line);
      }
    });
    expect(lengths).toEqual([7, long.length, 7]);
    // After it, the long line's own buffer is empty (the short lines' chunk buffers too, once the read ended).
    expect(kept.map((b) => b.length)).toEqual([0, 0, 0]);
  });
});
