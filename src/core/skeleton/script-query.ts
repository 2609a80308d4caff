// Running one of a language's optional query files (skeleton.scm, scope.scm) over a file: on
// the script itself for a container format (a Vue file's <script>), undefined when the language
// has no such query yet.
//
// The last tree parsed here is kept for the next query over the same text: the questions about
// one file come in a row (its calls, then its receivers' types, then what its calls pass), and
// they then cost one parse, not three. Only one tree is kept, and `use` runs synchronously on
// it, so a tree is replaced (and freed) only between two uses, never during one.
import type { Query, Tree } from "web-tree-sitter";
import type { GrammarSource, LanguageSpec } from "../languages/registry.ts";
import { scriptSource } from "../outline/embedded.ts";
import { loadQueryFile, parse } from "../parse/parser.ts";

let last: { grammar: GrammarSource; text: string; tree: Tree } | undefined;

export async function withScriptQuery<T>(language: LanguageSpec, text: string, file: string, use: (tree: Tree, query: Query) => T): Promise<T | undefined> {
  const source = await scriptSource(language, text);
  const query = await loadQueryFile(source.spec, file);
  if (!query) return undefined;
  const grammar = source.spec.grammar;
  if (last?.grammar !== grammar || last.text !== source.text) {
    const tree = await parse(grammar, source.text);
    last?.tree.delete();
    last = { grammar, text: source.text, tree };
  }
  return use(last.tree, query);
}
