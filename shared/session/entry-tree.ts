/** The entry tree of a session (recognised entries by id, each with the parent it hangs off) and the path from its leaf to its root. */
import type { Diagnostic } from '../types.js';
import { takeParsedIds, type ParsedIds } from './parser-notes.js';
import type { LocatedEntry } from './types.js';

/** A node's parent: none (the entry starts the branch). */
const ROOT = -1;
/** A node's parent: named by an id no node had when the entry was added, looked up when asked. */
const BY_ID = -2;
/** What `set` gives for an entry that is not where the parser's ids say. */
export const MISPLACED = -1;

/**
 * The entry tree: each recognised entry, the node of the parent it hangs off, and one map from id
 * to node, not an object per entry (a session of short turns has one per line, all alive while the
 * file is read). Parents are nodes, not ids: the walk from the leaf to the root looks no id up (a
 * lookup in a map of a hundred thousand ids misses the processor's caches).
 *
 * Over the parsed entries of a session whose ids are all distinct, the map is the parser's (see
 * parser-notes.ts) and a node is the entry's position: a session of short turns maps each of
 * its tens of thousands of ids once, not twice. `set` reports an entry that is not where the
 * parser's ids say (an entry given another id, one the parser did not map): the caller then builds
 * the tree again with a map of its own.
 */
export class EntryTree {
  private readonly nodes: Map<string, number> | null;
  private readonly shared: ParsedIds | null;
  private readonly located: LocatedEntry[];
  /** The parent of each node (a node, ROOT or BY_ID); undefined for an entry not in the tree (yet), over shared ids. */
  private readonly parents: (number | undefined)[];
  /** The parent id of each BY_ID node. */
  private readonly parentIds = new Map<number, string>();
  private count = 0;

  /** A tree with a map of its own, or over the parsed entries the parser's ids describe (see `shared/session/parser-notes.ts`). */
  constructor(entries?: readonly LocatedEntry[]) {
    this.shared = entries ? takeParsedIds(entries) : null;
    this.nodes = this.shared ? null : new Map();
    this.located = this.shared && entries ? (entries as LocatedEntry[]) : [];
    this.parents = this.shared ? new Array<undefined>(this.located.length) : [];
  }

  /** Whether the tree reads the parser's map (false: the entries have none, it makes its own). */
  get sharesIds(): boolean {
    return this.shared !== null;
  }

  get size(): number {
    return this.count;
  }

  has(id: string): boolean {
    return this.node(id) !== undefined;
  }

  /**
   * Add an entry under its id (`located.entry.id`), or replace the one with that id (the later one
   * wins), hanging off `parentId`: its node, or MISPLACED when the tree reads the parser's ids and
   * the entry is not where they say. `position`: the entry's position among the parsed entries;
   * `parentNode`: the node of `parentId` when the caller knows it (no lookup).
   */
  set(located: LocatedEntry, parentId: string | null, position: number, parentNode?: number): number {
    const id = located.entry.id as string;
    let node: number;
    if (this.shared) {
      if (this.located[position] !== located || this.shared.idAt[position] !== id || this.parents[position] !== undefined) return MISPLACED;
      node = position;
      this.count += 1;
    } else {
      const known = this.nodes!.get(id);
      if (known === undefined) {
        node = this.located.length;
        this.nodes!.set(id, node);
        this.located.push(located);
        this.parents.push(ROOT);
        this.count += 1;
      } else {
        node = known;
        this.located[node] = located;
      }
    }
    this.parents[node] = this.parentRef(node, parentId, parentNode);
    return node;
  }

  /** How a node records its parent: ROOT, the parent's node, or BY_ID with the id kept aside. */
  private parentRef(node: number, parentId: string | null, parentNode: number | undefined): number {
    this.parentIds.delete(node);
    if (parentId === null) return ROOT;
    const parent = parentNode ?? this.node(parentId);
    if (parent !== undefined) return parent;
    this.parentIds.set(node, parentId);
    return BY_ID;
  }

  /** The node of an id (undefined when no entry has it). */
  node(id: string): number | undefined {
    if (this.shared) {
      const node = this.shared.positions.get(id);
      return node !== undefined && node >= 0 && this.parents[node] !== undefined ? node : undefined;
    }
    return this.nodes!.get(id);
  }

  entryAt(node: number): LocatedEntry {
    return this.located[node];
  }

  /** The id of a node's entry. */
  idAt(node: number): string {
    return this.located[node].entry.id as string;
  }

  /** The node a node hangs off: null for none, undefined when its parent id names no entry in the tree. */
  parentNode(node: number): number | null | undefined {
    const parent = this.parents[node]!;
    if (parent === ROOT) return null;
    return parent === BY_ID ? this.node(this.parentIds.get(node)!) : parent;
  }

  /** The id a node hangs off (null for none). */
  parentAt(node: number): string | null {
    const parent = this.parents[node]!;
    if (parent === ROOT) return null;
    return parent === BY_ID ? this.parentIds.get(node)! : this.idAt(parent);
  }

  parentOf(id: string): string | null | undefined {
    const node = this.node(id);
    return node === undefined ? undefined : this.parentAt(node);
  }
}

/**
 * The entries from the leaf up to the root, root first; null when the parentId chain loops (it then
 * visits more nodes than the tree has), without a Set of every id on the way.
 */
export function pathToRoot(byId: EntryTree, leaf: string | null): LocatedEntry[] | null {
  const path: LocatedEntry[] = [];
  if (leaf === null) return path;
  for (let node: number | null | undefined = byId.node(leaf); node !== null; node = byId.parentNode(node)) {
    if (path.length === byId.size) return null;
    if (node === undefined) break;
    path.push(byId.entryAt(node));
  }
  return path.reverse();
}

/** The path to the root of a chain that loops: cut where it comes back, reported. */
export function pathWithCycle(byId: EntryTree, leaf: string | null, diagnostics: Diagnostic[]): LocatedEntry[] {
  const path: LocatedEntry[] = [];
  const seen = new Set<number>();
  if (leaf === null) return path;
  for (let node: number | null | undefined = byId.node(leaf); node !== null && node !== undefined; node = byId.parentNode(node)) {
    if (seen.has(node)) {
      const located = byId.entryAt(node);
      diagnostics.push({
        line: located.line,
        column: 0,
        severity: 'error',
        code: 'parent-cycle',
        message: `line ${located.line}: the parentId chain loops back to ${JSON.stringify(byId.idAt(node))} — the branch is cut here`,
      });
      break;
    }
    seen.add(node);
    path.push(byId.entryAt(node));
  }
  return path.reverse();
}
