// The outline query's matches, without running the query cursor over every node. The cursor
// works out each node's field and sibling status as it goes, which makes it the costliest walk
// there is; descendantsOfType walks the same nodes at about half the cost and returns the few
// where a pattern can start (pattern-roots.ts). The query then runs at each of those alone
// (maxStartDepth 0: only the patterns rooted there), which gives the same matches: a rooted
// pattern's match lies inside its root.
import type { Node, Query, QueryMatch, Tree } from "web-tree-sitter";
import { queryRootTypes } from "../parse/parser.ts";

export interface OutlineMatches {
  matches: QueryMatch[];
  /**
   * Every node of the types asked for in `collect`, by name, in document order (gathered on
   * the same walk); undefined when the query ran over the whole tree and nothing was gathered.
   */
  collected?: Map<string, Node[]>;
}

const ROOT_ONLY = { maxStartDepth: 0 };

export function outlineMatches(tree: Tree, query: Query, collect: Record<string, string[]>, treeHasError: boolean): OutlineMatches {
  const roots = queryRootTypes(query);
  if (!roots) return { matches: query.matches(tree.rootNode) };
  const rootSet = new Set(roots);
  const kindOf = new Map<string, string>();
  for (const [kind, types] of Object.entries(collect)) for (const type of types) kindOf.set(type, kind);
  const collected = new Map<string, Node[]>(Object.keys(collect).map((kind) => [kind, []]));
  // descendantsOfType stops looking at a node once a type id exceeds the node's, so ERROR
  // (65535, put first) would hide every other type: ERROR nodes are a walk of their own, and
  // only a tree with an error has any.
  const types = [...new Set([...roots, ...kindOf.keys()])].filter((t) => t !== "ERROR");
  const nodes = tree.rootNode.descendantsOfType(types);
  if (treeHasError && rootSet.has("ERROR")) nodes.push(...tree.rootNode.descendantsOfType("ERROR"));
  const matches: QueryMatch[] = [];
  for (const node of nodes) {
    if (!node) continue;
    // Reading the type crosses into WASM: only done when the walk gathered more than roots.
    if (kindOf.size) {
      const type = node.type;
      const kind = kindOf.get(type);
      if (kind) collected.get(kind)!.push(node);
      if (!rootSet.has(type)) continue;
    }
    for (const match of query.matches(node, ROOT_ONLY)) matches.push(match);
  }
  return { matches, collected };
}
