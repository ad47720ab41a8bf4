/** The entry tree of a session (recognised entries by id, each with the parent it hangs off) and the path from its leaf to its root. */
import type { Diagnostic } from '../types.js';
import type { LocatedEntry } from './types.js';

/**
 * The entry tree: each recognised entry's id, the entry and the parent it hangs off. Two arrays by
 * node and one map from id to node, not an object per entry (a session of short turns has one per
 * line, all alive while the file is read).
 */
export class EntryTree {
  private readonly nodes = new Map<string, number>();
  private readonly located: LocatedEntry[] = [];
  private readonly parents: (string | null)[] = [];

  get size(): number {
    return this.nodes.size;
  }

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  /** Add an entry, or replace the one with its id (the later one wins): false when it replaced one. */
  set(id: string, located: LocatedEntry, parentId: string | null): boolean {
    const node = this.nodes.get(id);
    if (node === undefined) {
      this.nodes.set(id, this.located.length);
      this.located.push(located);
      this.parents.push(parentId);
      return true;
    }
    this.located[node] = located;
    this.parents[node] = parentId;
    return false;
  }

  /** The node of an id (undefined when no entry has it). */
  node(id: string): number | undefined {
    return this.nodes.get(id);
  }

  entryAt(node: number): LocatedEntry {
    return this.located[node];
  }

  parentAt(node: number): string | null {
    return this.parents[node];
  }

  parentOf(id: string): string | null | undefined {
    const node = this.nodes.get(id);
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
