/**
 * The pages of a SQLite database image, read in JavaScript: b-tree nodes, cells, records and
 * overflow chains, as SQLite's documented file format lays them out (big-endian integers, varints,
 * records of serial types). Only what reading one table's rows by an index needs; every read checks
 * its bounds, and damage is reported with the page it was found on (session-pages.ts uses it).
 */

/** The image is damaged where the reader looked: what it found, and on which page. */
export class DamagedPageError extends Error {}

export const TABLE_INTERIOR = 0x05;
export const TABLE_LEAF = 0x0d;
export const INDEX_INTERIOR = 0x02;
export const INDEX_LEAF = 0x0a;
/** SQLite's largest string or blob (SQLITE_MAX_LENGTH, as it is built by default). */
const MAX_VALUE_BYTES = 1_000_000_000;
/** Deeper than any b-tree of 2³¹ pages can be: a loop in a damaged tree ends here. */
export const MAX_DEPTH = 40;

/** A database's pages, one at a time: from an image in memory, or read from the store's files (file-pages.ts). */
export interface PageSource {
  /** Bytes of a page. */
  readonly size: number;
  /** Pages the database has. */
  readonly count: number;
  /** Page `page` (1-based, within `count`): `size` bytes, which the caller must not change. */
  page(page: number): Uint8Array;
}

/** The pages of a whole image in memory. */
export class ImagePages implements PageSource {
  readonly count: number;

  constructor(
    private readonly image: Uint8Array,
    readonly size: number,
  ) {
    this.count = Math.floor(image.length / size);
  }

  page(page: number): Uint8Array {
    return this.image.subarray((page - 1) * this.size, page * this.size);
  }
}

/** A b-tree page: its bytes, kind, cell count, where its cell pointers start and its right-most child. */
export interface TreeNode {
  page: number;
  bytes: Uint8Array;
  kind: number;
  cells: number;
  pointers: number;
  right: number;
}

/** The b-tree pages of a database, read through a page source. Offsets are within one page's bytes. */
export class Pages {
  readonly count: number;
  readonly size: number;
  /** Bytes of a page that hold b-tree content (the page size less the bytes reserved at its end). */
  readonly usable: number;
  /** Varint reads leave the value's end here. */
  at = 0;

  constructor(
    readonly source: PageSource,
    reserved: number,
  ) {
    this.count = source.count;
    this.size = source.size;
    this.usable = source.size - reserved;
  }

  /** A page's bytes; a page outside the database is damage. */
  load(page: number): Uint8Array {
    if (!Number.isInteger(page) || page < 1 || page > this.count)
      throw new DamagedPageError(`a b-tree points to page ${page}, outside the file's ${this.count} pages`);
    return this.source.page(page);
  }

  /**
   * A varint at `at` of `bytes`, its end left in `this.at`. Nine bytes hold a 64-bit two's-complement
   * integer (a negative rowid is always nine bytes long), read as such; exact below 2⁵³ either way.
   */
  varint(at: number, bytes: Uint8Array): number {
    let value = 0;
    for (let i = 0; i < 8; i += 1) {
      const byte = bytes[at + i];
      value = value * 128 + (byte & 0x7f);
      if (byte < 0x80) {
        this.at = at + i + 1;
        return value;
      }
    }
    this.at = at + 9;
    let wide = 0n;
    for (let i = 0; i < 8; i += 1) wide = (wide << 7n) | BigInt(bytes[at + i] & 0x7f);
    return Number(BigInt.asIntN(64, (wide << 8n) | BigInt(bytes[at + 8] ?? 0)));
  }

  /** A b-tree page's header: its kind, cell count, first cell pointer and right-most child. */
  node(page: number): TreeNode {
    const bytes = this.load(page);
    const header = page === 1 ? 100 : 0;
    const kind = bytes[header];
    const interior = kind === TABLE_INTERIOR || kind === INDEX_INTERIOR;
    if (!interior && kind !== TABLE_LEAF && kind !== INDEX_LEAF)
      throw new DamagedPageError(`page ${page} is not a b-tree page (its first byte is ${kind})`);
    const cells = u16(bytes, header + 3);
    const pointers = header + (interior ? 12 : 8);
    if (pointers + 2 * cells > this.usable) throw new DamagedPageError(`page ${page} claims ${cells} cells, more than it can hold`);
    return { page, bytes, kind, cells, pointers, right: interior ? u32(bytes, header + 8) : 0 };
  }

  /** Where cell `i` of a page starts in its bytes. */
  cell(node: TreeNode, i: number): number {
    const offset = u16(node.bytes, node.pointers + 2 * i);
    if (offset >= this.usable) throw new DamagedPageError(`page ${node.page}: cell ${i} starts past the page's end`);
    return offset;
  }

  /**
   * A cell's payload of `length` bytes starting at `at` of its page, the part on the page and the rest
   * from its overflow chain (a copy then). `table`: a table leaf's cell, else an index cell (their
   * local parts differ).
   */
  payload(node: TreeNode, at: number, length: number, table: boolean): Uint8Array {
    const u = this.usable;
    const most = table ? u - 35 : Math.floor(((u - 12) * 64) / 255) - 23;
    const { page, bytes } = node;
    if (length <= most) {
      if (at + length > u) throw new DamagedPageError(`page ${page}: a cell runs past the page's end`);
      return bytes.subarray(at, at + length);
    }
    // More than the whole file holds, or than SQLite stores in a value (a length read past the file's
    // end): damage, not an allocation to make.
    if (!(length <= this.count * u && length <= MAX_VALUE_BYTES))
      throw new DamagedPageError(`page ${page}: a cell claims ${length} bytes, more than the file holds`);
    const least = Math.floor(((u - 12) * 32) / 255) - 23;
    const spilled = least + ((length - least) % (u - 4));
    const local = spilled <= most ? spilled : least;
    if (at + local + 4 > u) throw new DamagedPageError(`page ${page}: a cell runs past the page's end`);
    const whole = new Uint8Array(length);
    whole.set(bytes.subarray(at, at + local));
    let filled = local;
    let next = u32(bytes, at + local);
    for (let hops = 0; filled < length; hops += 1) {
      if (next === 0 || hops >= this.count)
        throw new DamagedPageError(`page ${page}: a value's overflow chain ends ${length - filled} bytes short`);
      const overflow = this.load(next);
      const take = Math.min(u - 4, length - filled);
      whole.set(overflow.subarray(4, 4 + take), filled);
      filled += take;
      next = u32(overflow, 0);
    }
    return whole;
  }
}

/** A big-endian 16-bit number at `at`. */
export function u16(bytes: Uint8Array, at: number): number {
  return (bytes[at] << 8) | bytes[at + 1];
}

/** A big-endian 32-bit number at `at`. */
export function u32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
}

/** Each row's record of the rowid table whose b-tree starts at `root`, in rowid order. */
export function scanTable(pages: Pages, root: number, each: (record: Uint8Array) => void, what = 'a table'): void {
  const seen = new Set<number>();
  const visit = (page: number, depth: number): void => {
    if (depth > MAX_DEPTH || seen.has(page)) throw new DamagedPageError(`${what} names page ${page} twice`);
    seen.add(page);
    const node = pages.node(page);
    if (node.kind === TABLE_INTERIOR) {
      // The children's pages are read before any of them is visited: a visit reads other pages.
      const children: number[] = [];
      for (let i = 0; i < node.cells; i += 1) children.push(u32(node.bytes, pages.cell(node, i)));
      children.push(node.right);
      for (const child of children) visit(child, depth + 1);
      return;
    }
    if (node.kind !== TABLE_LEAF) throw new DamagedPageError(`page ${page} of ${what} is an index's page`);
    for (let i = 0; i < node.cells; i += 1) {
      const cell = pages.cell(node, i);
      const length = pages.varint(cell, node.bytes);
      pages.varint(pages.at, node.bytes);
      each(pages.payload(node, pages.at, length, true));
    }
  };
  visit(root, 0);
}

/** A record's columns: each one's serial type and where its value starts in the payload. */
export function recordColumns(pages: Pages, record: Uint8Array, types: number[], offsets: number[]): number {
  const headerEnd = pages.varint(0, record);
  // A header longer than its record would be read past the record's end, one varint at a time.
  if (!(headerEnd >= 1 && headerEnd <= record.length)) throw new DamagedPageError('a record header is longer than its record');
  let at = pages.at;
  let body = headerEnd;
  let n = 0;
  while (at < headerEnd && body <= record.length) {
    const type = pages.varint(at, record);
    at = pages.at;
    types[n] = type;
    offsets[n] = body;
    body += valueBytes(type);
    n += 1;
  }
  if (!(body <= record.length) || at !== headerEnd) throw new DamagedPageError('a record is longer than its cell');
  return n;
}

/** Bytes of a value of a serial type (NaN for the reserved 10 and 11, and past SQLite's largest type). */
function valueBytes(type: number): number {
  if (type >= 12) return type <= 0xffffffff ? Math.floor((type - 12) / 2) : Number.NaN;
  return SIZES[type] ?? Number.NaN;
}

/** Bytes of each fixed-size serial type (10 and 11 are reserved: a damaged record). */
const SIZES = [0, 1, 2, 3, 4, 6, 8, 8, 0, 0];

/** An integer column's value, or null when the column is NULL (any other type: damage). */
export function integerOf(record: Uint8Array, type: number, at: number): number | null {
  if (type === 0) return null;
  if (type === 8) return 0;
  if (type === 9) return 1;
  if (type < 1 || type > 6) throw new DamagedPageError(`an integer column holds serial type ${type}`);
  // Two's complement, big-endian: starting from -1 for a negative number carries its sign.
  let value = record[at] >= 0x80 ? -1 : 0;
  for (let i = 0, size = SIZES[type]; i < size; i += 1) value = value * 256 + record[at + i];
  return value;
}

/** A text or blob column's bytes, or null when it is NULL (any other type: damage). */
export function bytesOf(record: Uint8Array, type: number, at: number, text: boolean): Uint8Array | null {
  if (type === 0) return null;
  if (type < 12 || type % 2 !== (text ? 1 : 0)) throw new DamagedPageError(`a ${text ? 'text' : 'blob'} column holds serial type ${type}`);
  return record.subarray(at, at + valueBytes(type));
}

/** Compare the first column of an index record with a text, in SQLite's order (BINARY collation). */
export function compareFirst(pages: Pages, record: Uint8Array, text: Uint8Array): number {
  const body = pages.varint(0, record);
  const type = pages.varint(pages.at, record);
  const length = valueBytes(type);
  if (!(body <= record.length && body + length <= record.length)) throw new DamagedPageError('an index record is longer than its cell');
  // NULL and numbers sort before any text, blobs after it.
  if (type < 12) return -1;
  if (type % 2 === 0) return 1;
  for (let i = 0, n = Math.min(length, text.length); i < n; i += 1) {
    const d = record[body + i] - text[i];
    if (d !== 0) return d;
  }
  return length - text.length;
}
