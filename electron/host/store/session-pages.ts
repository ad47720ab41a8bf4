/**
 * One session's events read straight from a store's pages (pages.ts), without SQLite: the read of
 * every `inspect STORE#ID`. SQLite (sql.js, in WebAssembly) spent most of a small stored session's
 * start compiling its own code and parsing the store's schema of some 170 tables, indexes and
 * triggers, and copied a large session's bytes out of its memory one at a time; reading one table
 * through its primary key's index needs neither (docs/performance.md).
 *
 * It reads only what it was checked against: a UTF-8 store whose `transcript_events` is a STRICT
 * rowid table with the columns and primary key `(session_id, seq)` of OpenClaw 2026.9.6, found
 * through the index SQLite keeps for that key. For anything else (another layout, UTF-16 text, a
 * schema or an index it cannot walk) it answers null before any event is read, and the store is
 * read with SQLite as before, which then says what is wrong.
 */
import { isSqliteHeader } from '../../../shared/store.js';
import { databasePageSize, databaseTextIsUtf8 } from './wal.js';
import {
  bytesOf,
  compareFirst,
  DamagedPageError,
  INDEX_INTERIOR,
  INDEX_LEAF,
  integerOf,
  MAX_DEPTH,
  ImagePages,
  Pages,
  recordColumns,
  scanTable,
  TABLE_INTERIOR,
  TABLE_LEAF,
  u32,
  type PageSource,
  type TreeNode,
} from './pages.js';

export { DamagedPageError } from './pages.js';

/** One event row as the store holds it. */
export interface EventRow {
  seq: number;
  /** `event_json`'s UTF-8 bytes, when the event is stored as text. */
  json: Uint8Array | null;
  /** `event_zstd` and `event_utf8_bytes`, when it is stored compressed. */
  zstd: Uint8Array | null;
  utf8Bytes: number | null;
}

/** Where a session's events are: their `seq` and rowid, in `seq` order. */
export interface SessionRows {
  seqs: number[];
  rowids: number[];
}

/** The rows of the events whose `seq` is in `only`, in order. */
export function rowsAt(rows: SessionRows, only: ReadonlySet<number>): SessionRows {
  const kept: SessionRows = { seqs: [], rowids: [] };
  for (let i = 0; i < rows.seqs.length; i += 1)
    if (only.has(rows.seqs[i])) {
      kept.seqs.push(rows.seqs[i]);
      kept.rowids.push(rows.rowids[i]);
    }
  return kept;
}

const TABLE = 'transcript_events';
const KEY_INDEX = 'sqlite_autoindex_transcript_events_1';
/** The columns read, with the type each is declared with (a STRICT table holds nothing else). */
const COLUMNS = { session_id: 'text', seq: 'integer', event_json: 'text', event_zstd: 'blob', event_utf8_bytes: 'integer' } as const;
type Column = keyof typeof COLUMNS;
const PRIMARY_KEY = 'primary key(session_id,seq)';

const utf8 = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/** Reads the events of a store's sessions from its pages. */
export class SessionPages {
  private readonly types: number[] = [];
  private readonly offsets: number[] = [];
  /** The table leaf the last row was found in, and its first and last keys. */
  private lastLeaf: { node: TreeNode; first: number; last: number } | null = null;

  private constructor(
    private readonly pages: Pages,
    private readonly tableRoot: number,
    private readonly indexRoot: number,
    /** Each column's place in a table record. */
    private readonly at: Record<Column, number>,
  ) {}

  /**
   * The reader of a store's pages (its whole image, or a source of its pages), or null when it is not
   * a layout this reader knows.
   */
  static of(store: Uint8Array | PageSource): SessionPages | null {
    const pages = checkedPages(store);
    if (pages === null) return null;
    try {
      const schema = readSchema(pages);
      const table = schema.find((row) => row.type === 'table' && row.name === TABLE);
      const index = schema.find((row) => row.type === 'index' && row.name === KEY_INDEX && row.table === TABLE && row.sql === null);
      if (!table?.sql || !index || !schema.some((row) => row.type === 'table' && row.name === 'session_windows')) return null;
      const at = columnPlaces(utf8.decode(table.sql));
      return at ? new SessionPages(pages, table.root, index.root, at) : null;
    } catch (error) {
      if (error instanceof DamagedPageError) return null;
      throw error;
    }
  }

  /** Where a session's events are, from the primary key's index; null when this reader cannot say. */
  find(sessionId: string): SessionRows | null {
    const found: SessionRows = { seqs: [], rowids: [] };
    try {
      this.collect(this.indexRoot, encoder.encode(sessionId), found, 0, new Set());
    } catch (error) {
      if (error instanceof DamagedPageError) return null;
      throw error;
    }
    return found.rowids.every(Number.isSafeInteger) && found.seqs.every(Number.isSafeInteger) ? found : null;
  }

  /**
   * Each row found (those from `from` up to `to`, or up to the first that brings their values to
   * `maxBytes`), in order; the index after the last row read. Throws a DamagedPageError where the
   * table's pages are damaged.
   */
  read(
    sessionId: string,
    rows: SessionRows,
    onRow: (row: EventRow) => void,
    from = 0,
    to = rows.rowids.length,
    maxBytes = Infinity,
  ): number {
    let bytes = 0;
    const id = encoder.encode(sessionId);
    const { types, offsets, at } = this;
    const idColumn = at.session_id;
    const seqColumn = at.seq;
    const jsonColumn = at.event_json;
    const zstdColumn = at.event_zstd;
    const bytesColumn = at.event_utf8_bytes;
    for (let i = from; i < to; i += 1) {
      const record = this.row(rows.rowids[i]);
      const n = recordColumns(this.pages, record, types, offsets);
      // A column past the record's end is NULL (type 0).
      const typeOf = (column: number) => (column < n ? types[column] : 0);
      const offsetOf = (column: number) => (column < n ? offsets[column] : 0);
      const session = bytesOf(record, typeOf(idColumn), offsetOf(idColumn), true);
      const seq = integerOf(record, typeOf(seqColumn), offsetOf(seqColumn));
      if (session === null || Buffer.compare(session, id) !== 0 || seq !== rows.seqs[i])
        throw new DamagedPageError(`row ${rows.rowids[i]} of ${TABLE} is not the event its index names`);
      const json = bytesOf(record, typeOf(jsonColumn), offsetOf(jsonColumn), true);
      const zstd = bytesOf(record, typeOf(zstdColumn), offsetOf(zstdColumn), false);
      onRow({ seq, json, zstd, utf8Bytes: integerOf(record, typeOf(bytesColumn), offsetOf(bytesColumn)) });
      bytes += record.length;
      if (bytes >= maxBytes) return i + 1;
    }
    return to;
  }

  /** Gather, in index order, the entries whose first column is `key`; true once past them. */
  private collect(page: number, key: Uint8Array, found: SessionRows, depth: number, seen: Set<number>): boolean {
    const { pages } = this;
    // A page reached twice (a damaged or hostile tree) would be walked again, as often as it is named.
    if (depth > MAX_DEPTH || seen.has(page)) throw new DamagedPageError(`the index ${KEY_INDEX} names page ${page} twice`);
    seen.add(page);
    const node = pages.node(page);
    const interior = node.kind === INDEX_INTERIOR;
    if (!interior && node.kind !== INDEX_LEAF) throw new DamagedPageError(`page ${page} of the index ${KEY_INDEX} is a table's page`);
    for (let i = 0; i < node.cells; i += 1) {
      const cell = pages.cell(node, i);
      const length = pages.varint(interior ? cell + 4 : cell, node.bytes);
      const record = pages.payload(node, pages.at, length, false);
      const order = compareFirst(pages, record, key);
      // A child left of an entry holds only smaller entries.
      if (order < 0) continue;
      if (interior && this.collect(u32(node.bytes, cell), key, found, depth + 1, seen)) return true;
      if (order > 0) return true;
      this.entry(record, found);
    }
    return interior ? this.collect(node.right, key, found, depth + 1, seen) : false;
  }

  /** An index entry: (session_id, seq, rowid). */
  private entry(record: Uint8Array, found: SessionRows): void {
    const { types, offsets } = this;
    const n = recordColumns(this.pages, record, types, offsets);
    const seq = n === 3 ? integerOf(record, types[1], offsets[1]) : null;
    const rowid = n === 3 ? integerOf(record, types[2], offsets[2]) : null;
    if (seq === null || rowid === null) throw new DamagedPageError(`an entry of the index ${KEY_INDEX} is not (session_id, seq, rowid)`);
    found.seqs.push(seq);
    found.rowids.push(rowid);
  }

  /**
   * The record of the table row `rowid`, found down the table's b-tree, or in the leaf the last row
   * was found in when `rowid` is within the keys that descent routed there and that leaf holds: a
   * session's rows are mostly neighbours, and the same descent would end in the same leaf. (The
   * leaf's own first and last keys alone are not enough in a damaged or hostile file, whose leaf may
   * hold a key the interior pages route elsewhere.)
   */
  private row(rowid: number): Uint8Array {
    const { pages } = this;
    const last = this.lastLeaf;
    if (last !== null && rowid >= last.first && rowid <= last.last) return this.rowIn(last.node, rowid);
    let page = this.tableRoot;
    // The keys this descent's pages route to the page it reaches: above `lower`, up to `upper`.
    let lower = -Infinity;
    let upper = Infinity;
    for (let depth = 0; depth <= MAX_DEPTH; depth += 1) {
      const node = pages.node(page);
      if (node.kind === TABLE_LEAF) {
        this.lastLeaf = null;
        if (node.cells > 0) {
          const first = Math.max(rowKey(pages, node, pages.cell(node, 0)), lower + 1);
          const lastKey = Math.min(rowKey(pages, node, pages.cell(node, node.cells - 1)), upper);
          if (first <= lastKey) this.lastLeaf = { node, first, last: lastKey };
        }
        return this.rowIn(node, rowid);
      }
      if (node.kind !== TABLE_INTERIOR) throw new DamagedPageError(`page ${page} of ${TABLE} is an index's page`);
      // The first cell whose key is not below the rowid: its child holds keys up to its key.
      const low = firstNotBelow(pages, node, rowid);
      if (low > 0) lower = Math.max(lower, rowKey(pages, node, pages.cell(node, low - 1)));
      if (low < node.cells) upper = Math.min(upper, rowKey(pages, node, pages.cell(node, low)));
      page = low < node.cells ? u32(node.bytes, pages.cell(node, low)) : node.right;
    }
    throw new DamagedPageError(`${TABLE} is deeper than a b-tree can be: it loops`);
  }

  /** The record of the row `rowid` in a leaf of the table. */
  private rowIn(node: TreeNode, rowid: number): Uint8Array {
    const { pages } = this;
    const low = firstNotBelow(pages, node, rowid);
    if (low < node.cells) {
      const cell = pages.cell(node, low);
      const length = pages.varint(cell, node.bytes);
      if (pages.varint(pages.at, node.bytes) === rowid) return pages.payload(node, pages.at, length, true);
    }
    throw new DamagedPageError(`${TABLE} has no row ${rowid}, which its index ${KEY_INDEX} names`);
  }
}

/** The first cell of a table page whose key is not below `rowid` (`cells` when there is none). */
function firstNotBelow(pages: Pages, node: TreeNode, rowid: number): number {
  let low = 0;
  let high = node.cells;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (rowKey(pages, node, pages.cell(node, middle)) < rowid) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The pages of a store (its whole image, or a source of its pages) for this reader, from its header;
 * null unless it is SQLite of UTF-8 text (a header's 0 means no table was ever made: no schema to
 * find then), with the payload fractions every SQLite writes (64, 32, 32) and pages large enough.
 */
export function checkedPages(store: Uint8Array | PageSource): Pages | null {
  const image = store instanceof Uint8Array;
  if (!image && store.count < 1) return null;
  const header = image ? store : store.page(1);
  const pageSize = isSqliteHeader(header) ? databasePageSize(header) : 0;
  if (pageSize === 0 || !databaseTextIsUtf8(header) || (!image && store.size !== pageSize)) return null;
  if (header[21] !== 64 || header[22] !== 32 || header[23] !== 32) return null;
  const pages = new Pages(image ? new ImagePages(store, pageSize) : store, header[20]);
  return pages.usable < 480 ? null : pages;
}

/** A table cell's key: a leaf's rowid follows its payload's length, an interior cell's its child. */
function rowKey(pages: Pages, node: TreeNode, cell: number): number {
  if (node.kind !== TABLE_LEAF) return pages.varint(cell + 4, node.bytes);
  pages.varint(cell, node.bytes);
  return pages.varint(pages.at, node.bytes);
}

/** A row of `sqlite_schema`. */
export interface SchemaRow {
  type: string;
  name: string;
  table: string;
  root: number;
  /** The statement's bytes, decoded for the one table read (a store's schema holds some 170). */
  sql: Uint8Array | null;
}

/** Every row of the schema table (page 1's b-tree). */
export function readSchema(pages: Pages): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const types: number[] = [];
  const offsets: number[] = [];
  const text = (record: Uint8Array, i: number): string | null => {
    const bytes = bytesOf(record, types[i], offsets[i], true);
    return bytes === null ? null : utf8.decode(bytes);
  };
  scanTable(
    pages,
    1,
    (record) => {
      if (recordColumns(pages, record, types, offsets) < 5) throw new DamagedPageError('a schema row has fewer than five columns');
      rows.push({
        type: text(record, 0) ?? '',
        name: text(record, 1) ?? '',
        table: text(record, 2) ?? '',
        root: integerOf(record, types[3], offsets[3]) ?? 0,
        sql: bytesOf(record, types[4], offsets[4], true),
      });
    },
    'the schema',
  );
  return rows;
}

/**
 * Each needed column's place in the table's records, from its CREATE TABLE statement; null unless
 * it is a STRICT rowid table whose needed columns are plain ones of their declared types (no
 * default or collation) and whose one index of its own is its primary key `(session_id, seq)`:
 * SQLite numbers the indexes of UNIQUE and PRIMARY KEY constraints in the order they are declared
 * and merges a key into an earlier UNIQUE on the same columns, so with another one the index this
 * reader walks may be another's, or ordered otherwise. A generated column anywhere would move the
 * places, and a comment could hide one: neither is allowed.
 */
export function columnPlaces(sql: string): Record<Column, number> | null {
  // A comment anywhere (the scan of the parts finds one outside quotes) could hide a parenthesis too.
  if (topLevelParts(sql) === null) return null;
  const open = sql.indexOf('(');
  const close = sql.lastIndexOf(')');
  if (open < 0 || close < open || !/^\s*strict\s*$/i.test(sql.slice(close + 1))) return null;
  const parts = topLevelParts(sql.slice(open + 1, close))!;
  const places: Partial<Record<Column, number>> = {};
  let keys = 0;
  let position = 0;
  for (const part of parts) {
    const words = part.trim().replace(/\s+/g, ' ');
    const lower = words.toLowerCase();
    const first = lower.split(/[\s(]/, 1)[0];
    if (['constraint', 'primary', 'foreign', 'check', 'unique'].includes(first)) {
      if (lower.replace(/\s*([(),])\s*/g, '$1') === PRIMARY_KEY) keys += 1;
      else if (/\b(unique|primary)\b/.test(lower)) return null;
      continue;
    }
    const name = unquote(first);
    const definition = lower.slice(first.length).trim();
    if (/\b(generated|unique|primary)\b|\bas\s*\(/.test(definition)) return null;
    if (Object.hasOwn(COLUMNS, name)) {
      const column = name as Column;
      if (definition.split(' ', 1)[0] !== COLUMNS[column] || /\b(default|collate)\b/.test(definition)) return null;
      places[column] = position;
    }
    position += 1;
  }
  const all = Object.keys(COLUMNS).every((column) => places[column as Column] !== undefined);
  return keys === 1 && all ? (places as Record<Column, number>) : null;
}

/**
 * The comma-separated parts of a definition list, commas inside parentheses or quotes left alone;
 * null when it holds a comment (which could hide anything from this reading).
 */
export function topLevelParts(list: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const c = list[i];
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '[') quote = ']';
    else if ((c === '-' && list[i + 1] === '-') || (c === '/' && list[i + 1] === '*')) return null;
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

export function unquote(name: string): string {
  return /^(["`[]).*["`\]]$/.test(name) ? name.slice(1, -1) : name;
}
