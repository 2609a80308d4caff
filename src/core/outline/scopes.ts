// Which node of a few types lies around another (Python: the module, class or def a statement is
// in; the assignment a chained one is part of), found by ranges. The nodes of those types come
// from one descendantsOfType walk (the outline's own, when they are pattern roots), so asking
// about every assignment of a file costs a lookup each, not a walk down to each (ancestry.ts).
// A node whose range holds another's in one tree is its ancestor, so ranges give the same answer.
import type { Node } from "web-tree-sitter";

export class ScopeIndex {
  private readonly nodes: Node[] = [];
  private readonly types: string[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** Index of the nearest node of the index around each one, or -1. */
  private readonly up: number[] = [];
  private readonly at = new Map<number, number>();

  /** `byType`: the nodes of each type; `root`: the tree's root. */
  constructor(byType: ReadonlyMap<string, readonly Node[]>, private readonly root: Node) {
    const all: { node: Node; type: string; start: number; end: number }[] = [];
    for (const [type, list] of byType) for (const node of list) all.push({ node, type, start: node.startIndex, end: node.endIndex });
    // Outer before inner: by start, then the longer first.
    all.sort((a, b) => a.start - b.start || b.end - a.end);
    const open: number[] = [];
    for (const o of all) {
      while (open.length && this.ends[open[open.length - 1]] <= o.start) open.pop();
      const k = this.nodes.length;
      this.nodes.push(o.node);
      this.types.push(o.type);
      this.starts.push(o.start);
      this.ends.push(o.end);
      this.up.push(open.length ? open[open.length - 1] : -1);
      this.at.set(o.node.id, k);
      open.push(k);
    }
  }

  /** The nearest node around `node` (not `node` itself) whose type is in `types`; the root when none is and its type is. */
  nearest(node: Node, types: ReadonlySet<string>): Node | undefined {
    let k = this.around(node);
    while (k >= 0 && !types.has(this.types[k])) k = this.up[k];
    if (k >= 0) return this.nodes[k];
    return types.has(this.root.type) && this.root.id !== node.id ? this.root : undefined;
  }

  /** The outermost of the unbroken run of `type` nodes around `node` (nothing else of the index between), if any. */
  outermost(node: Node, type: string): Node | undefined {
    let out: Node | undefined;
    for (let k = this.around(node); k >= 0 && this.types[k] === type; k = this.up[k]) out = this.nodes[k];
    return out;
  }

  /** Index of the nearest node of the index around `node`, not `node` itself (-1: none); one of the same range counts. */
  private around(node: Node): number {
    const own = this.at.get(node.id);
    if (own !== undefined) return this.up[own];
    const start = node.startIndex;
    const end = node.endIndex;
    // The last node of the index starting at or before `node`, then out to one that holds it.
    let lo = 0;
    let hi = this.starts.length - 1;
    let k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid] <= start) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    while (k >= 0 && this.ends[k] < end) k = this.up[k];
    return k;
  }
}
