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

/**
 * Below about this many nodes the query cursor's own walk is the cheaper one: descendantsOfType
 * costs 10-50 us a call before it walks (it maps the type names over all of the language's
 * symbols every time). Measured over fixtures/ and node_modules JS/TS/C. Tests move it to run
 * both ways over the same files.
 */
export const matchTuning = { smallTree: 1000 };

export function outlineMatches(tree: Tree, query: Query, collect: Record<string, string[]>, treeHasError: boolean): OutlineMatches {
  const roots = queryRootTypes(query);
  if (!roots || tree.rootNode.descendantCount < matchTuning.smallTree) return { matches: query.matches(tree.rootNode) };
  return matchesAtRoots(tree, query, roots, collect, treeHasError);
}

/** The query's matches from running it at each node of a `roots` type alone; `collect` gathered on the way. */
export function matchesAtRoots(tree: Tree, query: Query, roots: string[], collect: Record<string, string[]>, treeHasError: boolean): Required<OutlineMatches> {
  const rootSet = new Set(roots);
  const kindOf = new Map<string, string>();
  for (const [kind, types] of Object.entries(collect)) for (const type of types) kindOf.set(type, kind);
  const collected = new Map<string, Node[]>(Object.keys(collect).map((kind) => [kind, []]));
  // descendantsOfType wants its type ids in ascending order (it stops at the first larger one)
  // but puts ERROR's (65535) first, which would hide every other type: ERROR nodes get a walk
  // of their own, and only a tree with an error has any.
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
