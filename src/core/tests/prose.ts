// A file's text with what is not code blanked out (grammars/<lang>/prose.scm: comments, the
// literal parts of strings), line breaks kept: a name found in what remains is a use of it.
import type { LanguageSpec } from "../languages/registry.ts";
import { withScriptQuery } from "../skeleton/script-query.ts";

/** undefined when the language has no prose query. */
export async function codeOnly(text: string, language: LanguageSpec): Promise<string | undefined> {
  return withScriptQuery(language, text, "prose.scm", (tree, query) => {
    const spans = query.captures(tree.rootNode).map((c) => [c.node.startIndex, c.node.endIndex] as const);
    if (!spans.length) return text;
    const chars = text.split("");
    for (const [from, to] of spans) for (let i = from; i < to && i < chars.length; i++) if (chars[i] !== "\n") chars[i] = " ";
    return chars.join("");
  });
}
