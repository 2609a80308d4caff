// Where the comments are: tree-sitter comment nodes of a language (its registry `commentTypes`),
// as [start, end) offsets into the text. Used by `changed` to tell cosmetic edits apart.
import { Query } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { loadGrammar, parse } from "./parser.ts";

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

export async function commentSpans(spec: LanguageSpec, text: string): Promise<[number, number][]> {
  const query = await commentQuery(spec);
  if (!query) return [];
  const tree = await parse(spec.grammar, text);
  try {
    return query.captures(tree.rootNode).map((c) => [c.node.startIndex, c.node.endIndex] as [number, number]);
  } finally {
    tree.delete();
  }
}
