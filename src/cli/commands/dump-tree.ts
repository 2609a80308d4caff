// A contributor's aid: the syntax tree of a file, to write or debug a query.
import type { Node } from "web-tree-sitter";
import { withTree } from "../../core/parse/parser.ts";
import { decodeSource } from "../../core/text/lines.ts";
import { toJson } from "../../core/text/quote.ts";
import { readInput, requireLanguage } from "../../io/files.ts";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseFormat } from "../options.ts";

export async function dumpTreeCommand(path: string, options: { language?: string; format?: string }, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json"]);
  const file = readInput(env, path);
  const spec = requireLanguage(file, options.language);
  const grammar = spec.embedded ? spec.embedded.hostGrammar : spec.grammar;
  await withTree(grammar, decodeSource(file.bytes), (tree) => {
    if (format === "json") {
      // The same named nodes as the text, 1-based [line, column] like it, each leaf with its whole text.
      const node = (n: Node, field: string | null): Record<string, unknown> => {
        const children: Record<string, unknown>[] = [];
        for (let i = 0; i < n.namedChildCount; i++) {
          const child = n.namedChild(i);
          if (child) children.push(node(child, n.fieldNameForNamedChild(i)));
        }
        return {
          type: n.type, ...(field ? { field } : {}), ...(n.isMissing ? { missing: true } : {}),
          start: [n.startPosition.row + 1, n.startPosition.column + 1], end: [n.endPosition.row + 1, n.endPosition.column + 1],
          ...(n.childCount === 0 ? { text: n.text } : {}), ...(children.length ? { children } : {}),
        };
      };
      io.out(toJson({ path: file.path, language: spec.id, tree: node(tree.rootNode, null) }) + "\n");
      return;
    }
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
