// commentSpans walks the tree; a `(comment) @comment` query over the same rows is the
// reference: the same spans, whole file and row windows, for every language with comments.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Query, type Tree } from "web-tree-sitter";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { commentSpans, rowRuns } from "../src/core/parse/comments.ts";
import { loadGrammar, withTree } from "../src/core/parse/parser.ts";
import { decodeSource } from "../src/core/text/lines.ts";
import { fixtureCases } from "./golden.test.ts";
import { ROOT } from "./helpers/cli.ts";

function byQuery(query: Query, tree: Tree, rows: [number, number][]): [number, number][] {
  const seen = new Set<number>();
  const out: [number, number][] = [];
  for (const [first, last] of rows) {
    for (const c of query.captures(tree.rootNode, { startPosition: { row: first, column: 0 }, endPosition: { row: last + 1, column: 0 } })) {
      if (seen.has(c.node.startIndex)) continue;
      seen.add(c.node.startIndex);
      out.push([c.node.startIndex, c.node.endIndex]);
    }
  }
  return out;
}

describe("comment spans", () => {
  for (const spec of REGISTRY.all.filter((s) => s.commentTypes?.length && !s.embedded)) {
    test(`${spec.id}: the same spans as a comment query`, async () => {
      const query = new Query(await loadGrammar(spec.grammar), spec.commentTypes!.map((t) => `(${t}) @c`).join("\n"));
      let found = 0;
      for (const c of fixtureCases().filter((f) => f.lang === spec.id)) {
        const text = decodeSource(readFileSync(join(ROOT, c.file)));
        const lines = text.split("\n").length;
        // The whole file, every single row, and runs that start and end mid-comment.
        const windows: [number, number][][] = [[[0, lines]], ...Array.from({ length: lines }, (_, i): [number, number][] => [[i, i]]), rowRuns([2, 3, 4, 9, 10, 17])];
        await withTree(spec.grammar, text, (tree) => {
          for (const rows of windows) expect({ file: c.file, rows, spans: commentSpans(spec, tree, rows) }).toEqual({ file: c.file, rows, spans: byQuery(query, tree, rows) });
          found += commentSpans(spec, tree).length;
        });
      }
      query.delete();
      expect(found).toBeGreaterThan(0); // the fixtures have comments to find
    });
  }
});
