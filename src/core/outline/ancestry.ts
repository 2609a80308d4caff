// The ancestors of many nodes of one tree, read in one walk. A node does not know its parent in
// tree-sitter: `node.parent` walks down from the root to find it, so reading the ancestors of
// every definition of a file nested n deep costs n² (figures: bench/README.md).
// One cursor walk in document order reaches every node asked about, keeping the path it came
// down on; what lies wholly before the next node asked about is stepped over, not entered. The
// walk costs about what the matches' own walk does: linear in the tree, whatever its depth.
import type { Node, Tree, TreeCursor } from "web-tree-sitter";

/** One ancestor on the way down: its type, the field it sits in within its own parent, the node. */
export interface AncestorStep {
  type: string;
  /** The field this node has in its parent (null: none, or the root). */
  field: string | null;
  node: Node;
  /** Index (in the path) of the nearest node at or above this one whose type is in `nearestOf`, or -1. */
  nearest: number;
}

/** What the walk saw of one node: its ancestors, nearest first, and its field in its parent. */
export interface Ancestors {
  /** Nearest first, at most `keep` of them (`complete` says whether the root is among them). */
  steps: AncestorStep[];
  complete: boolean;
  field: string | null;
  /** The nearest ancestor whose type is in `nearestOf`, however far up (undefined: none). */
  nearestOf?: Node;
}

export interface AncestryOptions {
  /** How many ancestors to keep for each node asked about (each further one is found by the steps kept). */
  keep: number;
  /** Types whose nearest ancestor is kept whatever its distance (C++ `#eq-ancestor-name?`). */
  nearestOf?: ReadonlySet<string>;
}

/**
 * The ancestors of each of `targets` (nodes of `tree`), by node id. A node the walk did not
 * reach (none is expected) is not in the map: callers read its parent themselves.
 */
export function readAncestry(tree: Tree, targets: readonly Node[], opts: AncestryOptions): Map<number, Ancestors> {
  const out = new Map<number, Ancestors>();
  if (!targets.length) return out;
  const pending = new Map<number, Node>();
  for (const t of targets) pending.set(t.id, t);
  // Zero-width nodes asked about, by position: a node ending where one starts may hold it.
  const zeroAt = new Map<number, number>();
  for (const t of pending.values()) if (t.startIndex === t.endIndex) zeroAt.set(t.startIndex, (zeroAt.get(t.startIndex) ?? 0) + 1);
  const order = [...pending.values()].sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  let next = 0;
  const cursor = tree.walk();
  try {
    const path: AncestorStep[] = [];
    const nearestOf = opts.nearestOf;
    const visit = (c: TreeCursor, field: string | null): void => {
      // The node under the cursor: recorded when asked about, then entered when it may hold one.
      const id = c.nodeId;
      const target = pending.get(id);
      if (target) {
        pending.delete(id);
        const at = target.startIndex;
        if (target.endIndex === at) zeroAt.set(at, zeroAt.get(at)! - 1);
        record(out, id, path, field, opts);
      }
      while (next < order.length && !pending.has(order[next].id)) next++;
    };
    // Iterative pre-order walk; `path` holds the nodes entered, the cursor's node is below them.
    let field: string | null = null;
    for (;;) {
      visit(cursor, field);
      if (next >= order.length) break;
      const start = order[next].startIndex;
      const end = cursor.endIndex;
      // A node ending before the next node asked about starts holds none of them (one ending
      // where it starts may hold a zero-width one there, which comes first in document order).
      const holds = end > start || (end === start && (zeroAt.get(start) ?? 0) > 0);
      if (holds && enter(cursor, path, field, nearestOf)) {
        field = cursor.currentFieldName;
        continue;
      }
      // Along to the next sibling, else up until there is one.
      let moved = false;
      while (!moved) {
        if (cursor.gotoNextSibling()) {
          field = cursor.currentFieldName;
          moved = true;
        } else if (path.length && cursor.gotoParent()) {
          path.pop();
        } else break;
      }
      if (!moved) break;
    }
  } finally {
    cursor.delete();
  }
  return out;
}

/** Into the cursor's first child, the cursor's node joining the path; false at a leaf. */
function enter(cursor: TreeCursor, path: AncestorStep[], field: string | null, nearestOf?: ReadonlySet<string>): boolean {
  const node = cursor.currentNode;
  if (!cursor.gotoFirstChild()) return false;
  const type = node.type;
  const above = path.length ? path[path.length - 1].nearest : -1;
  path.push({ type, field, node, nearest: nearestOf?.has(type) ? path.length : above });
  return true;
}

function record(out: Map<number, Ancestors>, id: number, path: AncestorStep[], field: string | null, opts: AncestryOptions): void {
  const from = Math.max(0, path.length - opts.keep);
  const steps = path.slice(from).reverse();
  const nearest = path.length ? path[path.length - 1].nearest : -1;
  out.set(id, { steps, complete: from === 0, field, nearestOf: nearest >= 0 ? path[nearest].node : undefined });
}

/** The ancestors of a node read with `node.parent` (for one the walk did not reach): up to `keep`. */
export function ancestorsByParent(node: Node, keep: number): Ancestors {
  const steps: AncestorStep[] = [];
  let child = node;
  let field: string | null = null;
  for (let a = node.parent; a && steps.length < keep; child = a, a = a.parent) {
    const f = fieldOfChild(a, child);
    if (steps.length === 0) field = f;
    else steps[steps.length - 1].field = f;
    steps.push({ type: a.type, field: null, node: a, nearest: -1 });
  }
  return { steps, complete: steps.length < keep, field };
}

/** The field `child` sits in within `parent` (null: none). */
export function fieldOfChild(parent: Node, child: Node): string | null {
  for (let i = 0, n = parent.childCount; i < n; i++) {
    const c = parent.child(i);
    if (c?.id === child.id) return parent.fieldNameForChild(i);
  }
  return null;
}
