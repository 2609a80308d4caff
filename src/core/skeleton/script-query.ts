// Running one of a language's optional query files (skeleton.scm, scope.scm) over a file: on
// the script itself for a container format (a Vue file's <script>), undefined when the language
// has no such query yet.
import type { Query, Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { scriptSource } from "../outline/embedded.ts";
import { loadQueryFile, withTree } from "../parse/parser.ts";

export async function withScriptQuery<T>(language: LanguageSpec, text: string, file: string, use: (tree: Tree, query: Query) => T): Promise<T | undefined> {
  const source = await scriptSource(language, text);
  const query = await loadQueryFile(source.spec, file);
  if (!query) return undefined;
  return withTree(source.spec.grammar, source.text, (tree) => use(tree, query));
}
