// A contributor's aid: the syntax tree of a file, to write or debug a query.
import type { Node } from "web-tree-sitter";
import { withTree } from "../../core/parse/parser.ts";
import { decodeSource } from "../../core/text/lines.ts";
import { toJson } from "../../core/text/quote.ts";
import { readInput, requireLanguage } from "../../io/files.ts";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK } from "../options.ts";

export async function dumpTreeCommand(path: string, options: { language?: string }, io: CliIO, env: Env): Promise<number> {
  const file = readInput(env, path);
  const spec = requireLanguage(file, options.language);
  const grammar = spec.embedded ? spec.embedded.hostGrammar : spec.grammar;
  await withTree(grammar, decodeSource(file.bytes), (tree) => {
    const lines: string[] = [];
    const visit = (node: Node, depth: number, field: string | null) => {
      const pos = `${node.startPosition.row + 1}:${node.startPosition.column + 1}-${node.endPosition.row + 1}:${node.endPosition.column + 1}`;
      const label = `${field ? `${field}: ` : ""}${node.isMissing ? "MISSING " : ""}${node.type}`;
      const leaf = node.childCount === 0 ? ` ${toJson(node.text.length > 40 ? node.text.slice(0, 40) + "…" : node.text)}` : "";
      lines.push(`${"  ".repeat(depth)}${label} [${pos}]${leaf}`);
      for (let i = 0; i < node.namedChildCount; i++) {
        const child = node.namedChild(i);
        if (child) visit(child, depth + 1, node.fieldNameForNamedChild(i));
      }
    };
    visit(tree.rootNode, 0, null);
    io.out(lines.join("\n") + "\n");
  });
  return EXIT_OK;
}
