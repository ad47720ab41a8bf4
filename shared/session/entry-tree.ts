/** The entry tree of a session (recognised entries by id, each with the parent it hangs off) and the path from its leaf to its root. */
import type { Diagnostic } from '../types.js';
import type { LocatedEntry } from './types.js';

/**
 * The parser's map of every entry id to its entry's position, by the entries it was made for: the
 * first tree of those same entries takes it instead of building a map of its own (see EntryTree).
 * Taken, not kept: a session held open does not hold the map as well.
 */
const entryIds = new WeakMap<readonly LocatedEntry[], ReadonlyMap<string, number>>();

/**
 * Remember the parser's id map of `entries`: each id to the position of its latest entry there, or
 * a negative number when that entry was not kept. Keyed by the array itself: a session whose
 * entries were filtered or rebuilt (a new array) has none, and its tree makes its own map.
 */
export function rememberEntryIds(entries: readonly LocatedEntry[], ids: ReadonlyMap<string, number>): void {
  entryIds.set(entries, ids);
}

/**
 * The entry tree: each recognised entry's id, the entry and the parent it hangs off. Two arrays by
 * node and one map from id to node, not an object per entry (a session of short turns has one per
 * line, all alive while the file is read).
 *
 * Over the parsed entries of a session whose ids are all distinct, the map is the parser's (see
 * `rememberEntryIds`) and a node is the entry's position: a session of short turns maps each of
 * its tens of thousands of ids once, not twice. `set` reports an entry that is not where the
 * parser's map says (a repeated id, an entry given another id): the caller then builds the tree
 * again with a map of its own.
 */
export class EntryTree {
  private readonly nodes: Map<string, number> | null;
  private readonly shared: ReadonlyMap<string, number> | null;
  private readonly located: LocatedEntry[];
  /** The parent of each node; undefined for an entry not in the tree (yet), over shared ids. */
  private readonly parents: (string | null | undefined)[];
  private count = 0;

  /** A tree with a map of its own, or over the parsed entries the parser's map describes (see `rememberEntryIds`). */
  constructor(entries?: readonly LocatedEntry[]) {
    this.shared = entries ? (entryIds.get(entries) ?? null) : null;
    if (entries) entryIds.delete(entries);
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
   * Add an entry, or replace the one with its id (the later one wins): 'replaced' when it replaced
   * one; 'misplaced' when the tree reads the parser's map and the entry is not where it says.
   */
  set(id: string, located: LocatedEntry, parentId: string | null): 'added' | 'replaced' | 'misplaced' {
    if (this.shared) {
      const node = this.shared.get(id);
      if (node === undefined || node < 0 || this.located[node] !== located || this.parents[node] !== undefined) return 'misplaced';
      this.parents[node] = parentId;
      this.count += 1;
      return 'added';
    }
    const nodes = this.nodes!;
    const node = nodes.get(id);
    if (node === undefined) {
      nodes.set(id, this.located.length);
      this.located.push(located);
      this.parents.push(parentId);
      this.count += 1;
      return 'added';
    }
    this.located[node] = located;
    this.parents[node] = parentId;
    return 'replaced';
  }

  /** The node of an id (undefined when no entry has it). */
  node(id: string): number | undefined {
    if (this.shared) {
      const node = this.shared.get(id);
      return node !== undefined && node >= 0 && this.parents[node] !== undefined ? node : undefined;
    }
    return this.nodes!.get(id);
  }

  entryAt(node: number): LocatedEntry {
    return this.located[node];
  }

  parentAt(node: number): string | null {
    return this.parents[node] as string | null;
  }

  parentOf(id: string): string | null | undefined {
    const node = this.node(id);
    return node === undefined ? undefined : this.parents[node];
  }
}

/**
 * The entries from the leaf up to the root, root first; null when the parentId chain loops (it then
 * visits more nodes than the tree has), without a Set of every id on the way.
 */
export function pathToRoot(byId: EntryTree, leaf: string | null): LocatedEntry[] | null {
  const path: LocatedEntry[] = [];
  for (let current = leaf; current !== null;) {
    if (path.length === byId.size) return null;
    const node = byId.node(current);
    if (node === undefined) break;
    path.push(byId.entryAt(node));
    current = byId.parentAt(node);
  }
  return path.reverse();
}

/** The path to the root of a chain that loops: cut where it comes back, reported. */
export function pathWithCycle(byId: EntryTree, leaf: string | null, diagnostics: Diagnostic[]): LocatedEntry[] {
  const path: LocatedEntry[] = [];
  const seen = new Set<string>();
  let current = leaf;
  while (current !== null) {
    if (seen.has(current)) {
      const located = byId.entryAt(byId.node(current)!);
      diagnostics.push({
        line: located.line,
        column: 0,
        severity: 'error',
        code: 'parent-cycle',
        message: `line ${located.line}: the parentId chain loops back to ${JSON.stringify(current)} — the branch is cut here`,
      });
      break;
    }
    seen.add(current);
    const node = byId.node(current);
    if (node === undefined) break;
    path.push(byId.entryAt(node));
    current = byId.parentAt(node);
  }
  return path.reverse();
}
