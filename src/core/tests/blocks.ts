// Call blocks with a title (`describe("x", ...)`, `it "works" do`), from grammars/<lang>/tests.scm.
import type { LanguageSpec } from "../languages/registry.ts";
import { withScriptQuery } from "../skeleton/script-query.ts";
import type { Block } from "./units.ts";

/** undefined when the language has no tests query. */
export async function testBlocks(text: string, language: LanguageSpec): Promise<Block[] | undefined> {
  return withScriptQuery(language, text, "tests.scm", (tree, query) => {
    const out: Block[] = [];
    for (const match of query.matches(tree.rootNode)) {
      let callee: string | undefined, title: string | undefined, start = 0, end = 0;
      for (const { name, node } of match.captures) {
        if (name === "block.callee") callee = node.text;
        else if (name === "block.title") title = node.text;
        else if (name === "block") (start = node.startPosition.row + 1), (end = node.endPosition.row + 1);
      }
      if (callee !== undefined && title !== undefined) out.push({ callee, title, startLine: start, endLine: end });
    }
    return out;
  });
}
