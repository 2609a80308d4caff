// A file's text with what is not code blanked out, line breaks kept: a name found in what remains
// is a use of it. Two views from one parse: `code` blanks comments and the literal parts of
// strings (grammars/<lang>/prose.scm); `runtime` blanks type positions as well
// (grammars/<lang>/types.scm: annotations, type arguments; `@keep` spans inside them stay), where
// a name runs nothing.
import type { Query, Tree } from "web-tree-sitter";
import type { LanguageSpec } from "../languages/registry.ts";
import { scriptSource } from "../outline/embedded.ts";
import { loadQueryFile, withTree } from "../parse/parser.ts";

export interface CodeViews {
  code: string;
  /** `code` without type positions; the same text when the language has no types query. */
  runtime: string;
}

type Span = readonly [number, number];

function spans(tree: Tree, query: Query | undefined, name: string): Span[] {
  if (!query) return [];
  return query.captures(tree.rootNode).filter((c) => c.name === name).map((c) => [c.node.startIndex, c.node.endIndex] as const);
}

function blank(text: string, cut: Span[], keep: Span[] = []): string {
  if (!cut.length) return text;
  const mask = new Uint8Array(text.length);
  for (const [from, to] of cut) mask.fill(1, from, Math.min(to, text.length));
  for (const [from, to] of keep) mask.fill(0, from, Math.min(to, text.length));
  let out = "";
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !mask[i] === !mask[start]) continue;
    const piece = text.slice(start, i);
    out += mask[start] ? piece.replace(/[^\n]/g, " ") : piece;
    start = i;
  }
  return out;
}

/** undefined when the language has neither query. */
export async function codeViews(text: string, language: LanguageSpec): Promise<CodeViews | undefined> {
  const source = await scriptSource(language, text);
  const [prose, types] = await Promise.all([loadQueryFile(source.spec, "prose.scm"), loadQueryFile(source.spec, "types.scm")]);
  if (!prose && !types) return undefined;
  return withTree(source.spec.grammar, source.text, (tree) => {
    const code = blank(text, spans(tree, prose, "prose"));
    return { code, runtime: blank(code, spans(tree, types, "type"), spans(tree, types, "keep")) };
  });
}

/** The `code` view alone; undefined when the language has no prose query. */
export async function codeOnly(text: string, language: LanguageSpec): Promise<string | undefined> {
  const source = await scriptSource(language, text);
  if (!(await loadQueryFile(source.spec, "prose.scm"))) return undefined;
  return (await codeViews(text, language))?.code;
}
