// Where the comments are: tree-sitter comment nodes of a language (its registry `commentTypes`),
// as [start, end) offsets into the text. Used by `changed` to tell cosmetic edits apart; it
// only asks about the rows a diff touched, so the cost follows the diff, not the file.
// Found by a walk of the tree (Node.descendantsOfType), not a `(comment) @comment` query: a
// cold `changed` would pay to compile even that one-pattern query (tree-sitter analyses the
// grammar for every query). The two agree on every file of the multi-language corpus.
import type { Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";

/**
 * Comment spans in `tree`, in document order; with `rows` (0-based, inclusive [first, last]
 * pairs) only the comments that touch those rows.
 */
export function commentSpans(spec: LanguageSpec, tree: Tree, rows?: [number, number][]): [number, number][] {
  const types = spec.commentTypes ?? [];
  if (!types.length || (rows && !rows.length)) return [];
  const ranges = rows ?? [[0, Number.MAX_SAFE_INTEGER >> 1]];
  const seen = new Set<number>();
  const out: [number, number][] = [];
  for (const [first, last] of ranges) {
    for (const node of tree.rootNode.descendantsOfType(types, { row: first, column: 0 }, { row: last + 1, column: 0 })) {
      if (!node || seen.has(node.startIndex)) continue;
      seen.add(node.startIndex);
      out.push([node.startIndex, node.endIndex]);
    }
  }
  return out;
}

/** 1-based line numbers -> 0-based [first, last] row runs. */
export function rowRuns(lines: Iterable<number>): [number, number][] {
  const out: [number, number][] = [];
  for (const l of [...lines].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last[1] === l - 2) last[1] = l - 1;
    else out.push([l - 1, l - 1]);
  }
  return out;
}
