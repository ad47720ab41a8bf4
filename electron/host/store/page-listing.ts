/**
 * A store's listing read from its pages (page-tables.ts), for a store too large to be read whole for
 * SQLite: the rows the listing's SQL gives (queries.ts), computed the way SQLite's JSON functions
 * compute them. An event's fields are read as `json_extract` reads them: from valid JSON only
 * (`json_valid`), the first of two members with the same name, an object or array as its JSON text
 * (minified), a compressed event's from its `navigation_json.model`.
 */
import { InputError } from '../read-input.js';
import { bytesOf, integerOf, recordColumns, scanTable, type Pages } from './pages.js';
import { tablePlaces, type ColumnType } from './page-tables.js';
import { readSchema, type SchemaRow } from './session-pages.js';

/** A row as the listing's queries give it. */
export type ListingRow = Record<string, string | number | null>;

/** What listing a store reads: each session's counts, every window with its conversation, the sessions in cold storage, who wrote it. */
export interface PageListing {
  counts: ListingRow[];
  windows: ListingRow[];
  cold: Set<string>;
  meta: ListingRow | undefined;
}

const EVENTS = { session_id: 'text', seq: 'integer', event_json: 'text', created_at: 'integer', navigation_json: 'text' } as const;
const WINDOWS = { session_id: 'text', session_key: 'text', previous_session_id: 'text', reason: 'text', updated_at: 'integer' } as const;
const NODES = {
  session_key: 'text',
  current_session_id: 'text',
  label: 'text',
  display_name: 'text',
  fork_source_session_key: 'text',
  fork_source_session_id: 'text',
  fork_source_entry_id: 'text',
} as const;
const META = { meta_key: 'text', role: 'text', schema_version: 'integer', agent_id: 'text', app_version: 'text' } as const;
const COLD = { session_id: 'text' } as const;

const utf8 = new TextDecoder('utf-8');
/** For JSON columns: SQLite's JSON functions read a byte-order mark as the invalid character it is there. */
const utf8WithBom = new TextDecoder('utf-8', { ignoreBOM: true });
/** The columns SQLite's JSON functions read. */
const JSON_COLUMNS: ReadonlySet<string> = new Set(['event_json', 'navigation_json']);

/**
 * A table's rows (the wanted columns), each given to `each`; false when the table's layout is not one
 * this reader knows (its caller says so), undefined when the store has no such table.
 */
function eachRow<C extends string>(
  pages: Pages,
  schema: SchemaRow[],
  table: string,
  wanted: Record<C, ColumnType>,
  each: (row: Record<C, string | number | null>) => void,
): boolean | undefined {
  // SQLite's names are matched without regard to case.
  const found = schema.find((row) => row.type === 'table' && row.name.toLowerCase() === table);
  if (!found) return undefined;
  const places = found.sql ? tablePlaces(utf8.decode(found.sql), wanted) : null;
  if (!places) return false;
  const types: number[] = [];
  const offsets: number[] = [];
  const columns = Object.entries(wanted) as [C, ColumnType][];
  scanTable(pages, found.root, (record) => {
    const n = recordColumns(pages, record, types, offsets);
    const row = {} as Record<C, string | number | null>;
    for (const [column, type] of columns) {
      const at = places[column];
      // A record written before its column was added holds none of it: NULL (no default, see tablePlaces).
      if (at >= n) row[column] = null;
      else if (type === 'integer') row[column] = integerOf(record, types[at], offsets[at]);
      else {
        const bytes = bytesOf(record, types[at], offsets[at], true);
        row[column] = bytes === null ? null : (JSON_COLUMNS.has(column) ? utf8WithBom : utf8).decode(bytes);
      }
    }
    each(row);
  });
  return true;
}

/** The listing's rows from a store's pages; throws an InputError naming a table whose layout this reader does not know. */
export function listingFromPages(pages: Pages, where: string): PageListing {
  const schema = readSchema(pages);
  const unknown = (table: string): InputError =>
    new InputError(
      `${where}: the layout of its ${table} table is not one this reader knows, and the store is too large for SQLite to read whole`,
    );
  const sessions = new Map<string | null, SessionCounts>();
  const events = eachRow(pages, schema, 'transcript_events', EVENTS, (row) => countEvent(sessions, row));
  if (events !== true) throw unknown('transcript_events');
  const windows: ListingRow[] = [];
  const nodes = new Map<string, ListingRow>();
  if (
    eachRow(
      pages,
      schema,
      'session_nodes',
      NODES,
      // A node without a key joins no window (NULL equals nothing).
      (row) => typeof row.session_key !== 'string' || nodes.has(row.session_key) || nodes.set(row.session_key, row),
    ) !== true
  )
    throw unknown('session_nodes');
  if (eachRow(pages, schema, 'session_windows', WINDOWS, (row) => windows.push(row)) !== true) throw unknown('session_windows');
  const cold = new Set<string>();
  if (
    eachRow(
      pages,
      schema,
      'session_transcript_cold_archives',
      COLD,
      (row) => typeof row.session_id === 'string' && cold.add(row.session_id),
    ) === false
  )
    throw unknown('session_transcript_cold_archives');
  const metas: ListingRow[] = [];
  if (eachRow(pages, schema, 'schema_meta', META, (row) => metas.push(row)) === false) throw unknown('schema_meta');
  return {
    counts: [...sessions].map(([id, c]) => ({
      session_id: id,
      events: c.events,
      compressed: c.compressed,
      messages: c.messages,
      last_created_at: c.lastCreatedAt,
      provider: c.provider,
      model: c.model,
    })),
    windows: windows.map((window) => {
      const node = typeof window.session_key === 'string' ? nodes.get(window.session_key) : undefined;
      const { session_key: _key, ...of } = node ?? {};
      return { ...Object.fromEntries(Object.keys(NODES).map((column) => [column, null])), ...of, ...window };
    }),
    cold,
    meta: metas.find((row) => row.meta_key === 'primary') ?? metas[0],
  };
}

interface SessionCounts {
  events: number;
  compressed: number;
  messages: number;
  lastCreatedAt: number | null;
  /** The last model: of the event of the highest `seq` that names one. */
  modelSeq: number;
  provider: string | null;
  model: string | null;
}

function countEvent(sessions: Map<string | null, SessionCounts>, row: Record<keyof typeof EVENTS, string | number | null>): void {
  // Events without a session id are one session of their own, as SQLite groups NULLs.
  const id = typeof row.session_id === 'string' ? row.session_id : null;
  let counts = sessions.get(id);
  if (!counts) {
    counts = { events: 0, compressed: 0, messages: 0, lastCreatedAt: null, modelSeq: -Infinity, provider: null, model: null };
    sessions.set(id, counts);
  }
  counts.events += 1;
  if (row.event_json === null) counts.compressed += 1;
  const created = row.created_at;
  if (typeof created === 'number' && (counts.lastCreatedAt === null || created > counts.lastCreatedAt)) counts.lastCreatedAt = created;
  const fields = eventFields(jsonText(row.event_json as string | null), jsonText(row.navigation_json as string | null));
  if (fields === null) return;
  if (fields.type === 'message') counts.messages += 1;
  const seq = Number(row.seq);
  const [provider, model] = modelOf(fields);
  if (typeof provider === 'string' && typeof model === 'string' && provider !== '' && model !== '' && seq > counts.modelSeq) {
    counts.modelSeq = seq;
    counts.provider = provider;
    counts.model = model;
  }
}

/** The provider and model an event names, as the listing's query picks them by the event's type. */
function modelOf(fields: EventFields): [unknown, unknown] {
  if (fields.type === 'message') return fields.role === 'assistant' ? [fields.messageProvider, fields.messageModel] : [null, null];
  if (fields.type === 'model_change') return [fields.provider, fields.modelId];
  if (fields.type === 'custom') return fields.customType === 'model-snapshot' ? [fields.dataProvider, fields.dataModelId] : [null, null];
  return [null, null];
}

/** The values the listing's query extracts from an event (`->>`: text, numbers, an object or array as JSON text, NULL). */
interface EventFields {
  type: unknown;
  role: unknown;
  messageProvider: unknown;
  messageModel: unknown;
  provider: unknown;
  modelId: unknown;
  customType: unknown;
  dataProvider: unknown;
  dataModelId: unknown;
}

/** An event's fields, from its JSON, or for a compressed one from its navigation's model; null where SQLite's are NULL. */
export function eventFields(eventJson: string | null, navigationJson: string | null): EventFields | null {
  let text: string;
  if (eventJson !== null) {
    if (!valid(eventJson)) return null;
    text = eventJson;
  } else {
    if (navigationJson === null || !valid(navigationJson)) return null;
    const model = membersOf(navigationJson, MODEL).get('model');
    if (model === undefined) return null;
    // `json_extract(navigation_json, '$.model')` is SQL text for a string (its value, which the outer
    // json_extract then reads as JSON) and JSON text for an object or array.
    const inner =
      navigationJson[model[0]] === '"' ? (JSON.parse(navigationJson.slice(model[0], model[1])) as string) : navigationJson.slice(...model);
    if (!valid(inner)) throw new InputError('malformed JSON in a compressed event’s navigation_json.model');
    text = inner;
  }
  const top = membersOf(text, TOP);
  const value = (source: string, at: [number, number] | undefined): unknown => (at === undefined ? null : sqlValue(source.slice(...at)));
  const inner = (at: [number, number] | undefined, names: ReadonlySet<string>): Map<string, [number, number]> =>
    at === undefined ? new Map() : membersOf(text.slice(...at), names);
  const message = inner(top.get('message'), MESSAGE);
  const data = inner(top.get('data'), DATA);
  const messageText = top.has('message') ? text.slice(...top.get('message')!) : '';
  const dataText = top.has('data') ? text.slice(...top.get('data')!) : '';
  return {
    type: value(text, top.get('type')),
    role: value(messageText, message.get('role')),
    messageProvider: value(messageText, message.get('provider')),
    messageModel: value(messageText, message.get('model')),
    provider: value(text, top.get('provider')),
    modelId: value(text, top.get('modelId')),
    customType: value(text, top.get('customType')),
    dataProvider: value(dataText, data.get('provider')),
    dataModelId: value(dataText, data.get('modelId')),
  };
}

/** The members read: of the event, of its `message`, of its `data`. */
const TOP = new Set(['type', 'message', 'provider', 'modelId', 'customType', 'data']);
const MESSAGE = new Set(['role', 'provider', 'model']);
const DATA = new Set(['provider', 'modelId']);
const MODEL = new Set(['model']);

/** SQLite's deepest nesting of arrays and objects in valid JSON. */
const MAX_DEPTH = 1000;

/** Whether a text is JSON (`json_valid`): what JSON.parse accepts, nested no deeper than SQLite allows. */
function valid(text: string): boolean {
  try {
    JSON.parse(text);
  } catch {
    return false;
  }
  // Deeper than that takes more than two characters a level.
  return text.length <= 2 * MAX_DEPTH || depthOf(text) <= MAX_DEPTH;
}

/** The deepest nesting of arrays and objects in a valid JSON text. */
function depthOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = stringEnd(text, i) - 1;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, (depth += 1));
    else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}

/** A JSON column's text as SQLite's JSON functions read it: up to its first NUL character. */
function jsonText(text: string | null): string | null {
  const nul = text === null ? -1 : text.indexOf('\0');
  return nul < 0 ? text : text!.slice(0, nul);
}

/** A JSON value's text as `->>` gives it: a string's value, a number, true and false as 1 and 0, NULL, an object or array as its JSON text. */
function sqlValue(json: string): unknown {
  const value: unknown = JSON.parse(json);
  if (value === true) return 1;
  if (value === false) return 0;
  // An object or array is its own text, without the spaces between its tokens (duplicate members,
  // escapes and numbers as written).
  if (value !== null && typeof value === 'object')
    return json.replace(/"(?:[^"\\]|\\.)*"|\s+/g, (token) => (token[0] === '"' ? token : ''));
  return value;
}

/**
 * Where the values of the first members of these names of the object that a valid JSON text is lie
 * ([start, end) in the text), in one pass; none when the text is not an object.
 */
function membersOf(text: string, names: ReadonlySet<string>): Map<string, [number, number]> {
  const found = new Map<string, [number, number]>();
  let i = skipSpace(text, 0);
  if (text[i] !== '{') return found;
  i = skipSpace(text, i + 1);
  while (text[i] === '"') {
    const keyEnd = stringEnd(text, i);
    const key = text.slice(i, keyEnd);
    const label = key.includes('\\') ? (JSON.parse(key) as string) : key.slice(1, -1);
    const start = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = valueEnd(text, start);
    if (names.has(label) && !found.has(label)) found.set(label, [start, end]);
    i = skipSpace(text, end);
    if (text[i] !== ',') break;
    i = skipSpace(text, i + 1);
  }
  return found;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i += 1;
  return i;
}

/** The end of a JSON string starting at `i` (its opening quote), past its closing quote. */
function stringEnd(text: string, i: number): number {
  for (let quote = text.indexOf('"', i + 1); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    // Escaped when an odd number of backslashes stand before it.
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return text.length;
}

/** The end of the JSON value starting at `i`. */
function valueEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return stringEnd(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j += 1) {
      const d = text[j];
      if (d === '"') j = stringEnd(text, j) - 1;
      else if (d === '{' || d === '[') depth += 1;
      else if (d === '}' || d === ']') {
        depth -= 1;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  while (j < text.length && !',}] \n\r\t'.includes(text[j])) j += 1;
  return j;
}
