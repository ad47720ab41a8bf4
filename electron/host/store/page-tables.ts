/**
 * Where a table's columns are in its records, from its CREATE TABLE statement, for the tables a
 * listing reads from a store's pages (`scanTable` in pages.ts) when the store is too large to be read
 * whole for SQLite (page-listing.ts).
 */
import { topLevelParts, unquote } from './session-pages.js';

/** A column's declared type in a STRICT table. */
export type ColumnType = 'text' | 'integer';

/**
 * Each wanted column's place in the records of a table, from its CREATE TABLE statement; null unless
 * it is a STRICT rowid table without a generated column or a comment, whose wanted columns are
 * declared with their type, no collation and no default (a record written before a column was added
 * holds none of it: its value is then the default, NULL only without one) and none is an INTEGER PRIMARY KEY
 * (the rowid itself, which a record holds as NULL).
 */
export function tablePlaces<C extends string>(sql: string, wanted: Record<C, ColumnType>): Record<C, number> | null {
  if (topLevelParts(sql) === null) return null;
  const open = sql.indexOf('(');
  const close = sql.lastIndexOf(')');
  if (open < 0 || close < open || !/^\s*strict\s*$/i.test(sql.slice(close + 1))) return null;
  const places: Partial<Record<C, number>> = {};
  let position = 0;
  for (const part of topLevelParts(sql.slice(open + 1, close))!) {
    const lower = part.trim().replace(/\s+/g, ' ').toLowerCase();
    const first = lower.split(/[\s(]/, 1)[0];
    if (['constraint', 'primary', 'foreign', 'check', 'unique'].includes(first)) {
      // A key of one INTEGER column is the rowid too, whether declared with it or apart (whatever its order or conflict clause).
      const terms = /\bprimary key\s*\(([^)]*)\)/.exec(lower)?.[1].split(',') ?? [];
      const only = terms.length === 1 ? unquote(terms[0].trim().split(/\s+/, 1)[0]) : '';
      if (Object.hasOwn(wanted, only) && wanted[only as C] === 'integer') return null;
      continue;
    }
    const definition = lower.slice(first.length).trim();
    if (/\bgenerated\b|\bas\s*\(/.test(definition)) return null;
    const name = unquote(first);
    if (Object.hasOwn(wanted, name)) {
      const column = name as C;
      const type = definition.split(' ', 1)[0];
      // A collation changes how the column compares (the listing joins on keys): not this reader's.
      if (type !== wanted[column] || /\b(default|collate)\b/.test(definition) || (type === 'integer' && /\bprimary\b/.test(definition)))
        return null;
      places[column] = position;
    }
    position += 1;
  }
  return Object.keys(wanted).every((column) => places[column as C] !== undefined) ? (places as Record<C, number>) : null;
}
