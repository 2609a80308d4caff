// Where the comments are: tree-sitter comment nodes of a language (its registry `commentTypes`),
// as [start, end) offsets into the text. Used by `changed` to tell cosmetic edits apart; it
// only asks about the rows a diff touched, so the cost follows the diff, not the file.
import { Query, type Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { loadGrammar } from "./parser.ts";

const queries = new Map<string, Promise<Query | undefined>>();

function commentQuery(spec: LanguageSpec): Promise<Query | undefined> {
  const types = spec.commentTypes ?? [];
  const key = `${spec.grammar.package}/${spec.grammar.file}#${types.join(",")}`;
  let q = queries.get(key);
  if (!q) {
    q = types.length ? loadGrammar(spec.grammar).then((lang) => new Query(lang, types.map((t) => `(${t}) @comment`).join("\n"))) : Promise.resolve(undefined);
    queries.set(key, q);
  }
  return q;
}

/** Loaded once per language before trees are inspected (query compilation is async). */
export function prepareComments(spec: LanguageSpec): Promise<Query | undefined> {
  return commentQuery(spec);
}

/**
 * Comment spans in `tree`; with `rows` (0-based, inclusive [first, last] pairs) only the
 * comments that touch those rows. `query` comes from prepareComments.
 */
export function commentSpans(query: Query | undefined, tree: Tree, rows?: [number, number][]): [number, number][] {
  if (!query || (rows && !rows.length)) return [];
  const ranges = rows ?? [[0, Number.MAX_SAFE_INTEGER >> 1]];
  const seen = new Set<number>();
  const out: [number, number][] = [];
  for (const [first, last] of ranges) {
    const captures = query.captures(tree.rootNode, { startPosition: { row: first, column: 0 }, endPosition: { row: last + 1, column: 0 } });
    for (const c of captures) {
      if (seen.has(c.node.startIndex)) continue;
      seen.add(c.node.startIndex);
      out.push([c.node.startIndex, c.node.endIndex]);
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
