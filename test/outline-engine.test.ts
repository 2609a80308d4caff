// The outline engine's shortcuts give what the plain way gives: the query run only at its
// pattern roots finds the query's matches, outlines come out the same either way, and the
// text shortcuts equal the code they stand in for.
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Query, type Node, type QueryMatch } from "web-tree-sitter";
import { LANGUAGES, REGISTRY } from "../src/core/languages/registry.ts";
import { loadGrammar, loadQuery, parse, queryRootTypes } from "../src/core/parse/parser.ts";
import { patternRootTypes } from "../src/core/parse/pattern-roots.ts";
import { matchesAtRoots, matchTuning } from "../src/core/outline/matches.ts";
import { CommentIndex } from "../src/core/outline/comment-index.ts";
import { scriptSource } from "../src/core/outline/embedded.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { foldSignature } from "../src/core/outline/text-utils.ts";
import { fixtureCases } from "./golden.test.ts";
import { ROOT } from "./helpers/cli.ts";

const python = REGISTRY.byId.get("python")!;

/** A match as comparable data: its pattern and each capture's name and range. */
function matchKey(m: QueryMatch): string {
  return `${m.patternIndex}:${m.captures.map((c) => `${c.name}@${c.node.startIndex}-${c.node.endIndex}`).join(",")}`;
}

/** Every node of the given types, by a TreeCursor walk (independent of descendantsOfType). */
function nodesOfTypes(root: Node, types: string[]): number[] {
  const out: number[] = [];
  const cursor = root.walk();
  for (let down = true; ; ) {
    if (down && types.includes(cursor.nodeType)) out.push(cursor.startIndex);
    if (down && cursor.gotoFirstChild()) continue;
    if (cursor.gotoNextSibling()) {
      down = true;
      continue;
    }
    if (!cursor.gotoParent()) break;
    down = false;
  }
  cursor.delete();
  return out;
}

describe("pattern roots", () => {
  const roots = async (source: string) => {
    const lang = await loadGrammar(python.grammar);
    return patternRootTypes(new Query(lang, source), source, lang);
  };

  test("every language's outline query starts at plain node types", async () => {
    for (const spec of LANGUAGES) {
      if (spec.embedded) continue;
      expect(queryRootTypes(await loadQuery(spec))?.length ?? 0).toBeGreaterThan(0);
    }
  });

  test("alternations, groups with predicates, comments and ERROR are read", async () => {
    expect(await roots(`; a comment (with parens)\n[(function_definition) (class_definition) @c] @x`)).toEqual(["function_definition", "class_definition"]);
    expect(await roots(`((identifier) @x (#eq? @x "a"))\n(module (expression_statement) @e)`)).toEqual(["identifier", "module"]);
    expect(await roots(`(ERROR (identifier) @x)`)).toEqual(["ERROR"]);
  });

  test("a wildcard, an anonymous node, a supertype or sibling roots mean the whole tree", async () => {
    expect(await roots(`(_) @x`)).toBeUndefined();
    expect(await roots(`"def" @x`)).toBeUndefined();
    expect(await roots(`(expression) @x`)).toBeUndefined();
    expect(await roots(`((comment) @c . (function_definition) @f)`)).toBeUndefined();
    expect(await roots(`(function_definition) @f\n[(identifier) "def"] @x`)).toBeUndefined();
  });
});

describe("the query run at its roots", () => {
  test("finds the query's matches in every fixture, and gathers every wrapper and comment", async () => {
    let compared = 0;
    for (const c of fixtureCases()) {
      const file = REGISTRY.byId.get(c.lang)!;
      const source = await scriptSource(file, readFileSync(join(ROOT, c.file), "utf8"));
      const spec = source.spec;
      const query = await loadQuery(spec);
      const tree = await parse(spec.grammar, source.text);
      try {
        const collect = { wrappers: spec.wrapperTypes ?? [], comments: spec.commentTypes ?? [] };
        const found = matchesAtRoots(tree, query, queryRootTypes(query)!, collect, tree.rootNode.hasError);
        expect({ file: c.file, matches: found.matches.map(matchKey).sort() }).toEqual({ file: c.file, matches: query.matches(tree.rootNode).map(matchKey).sort() });
        for (const [kind, types] of Object.entries(collect)) {
          expect({ file: c.file, kind, starts: found.collected.get(kind)!.map((n) => n.startIndex) }).toEqual({ file: c.file, kind, starts: nodesOfTypes(tree.rootNode, types) });
        }
        compared++;
      } finally {
        tree.delete();
      }
    }
    expect(compared).toBeGreaterThan(50);
  });
});

describe("outlines both ways", () => {
  const saved = matchTuning.smallTree;
  afterAll(() => {
    matchTuning.smallTree = saved;
  });

  // Fixtures are small (the query cursor's walk runs on them): each is outlined both ways. A
  // broken copy of each (a line dropped) takes the error paths too.
  // Loads every grammar and compiles every query: its time grows with the languages.
  test("every fixture, and a broken copy of it, outlines the same whichever walk finds the matches", async () => {
    for (const c of fixtureCases()) {
      const language = REGISTRY.byId.get(c.lang)!;
      const bytes = readFileSync(join(ROOT, c.file));
      const lines = bytes.toString().split("\n");
      const broken = Buffer.from([...lines.slice(0, lines.length >> 1), ...lines.slice((lines.length >> 1) + 1)].join("\n"));
      for (const input of [bytes, broken]) {
        matchTuning.smallTree = Infinity;
        const plain = await outlineSource({ path: c.file, bytes: input, language });
        matchTuning.smallTree = 0;
        const atRoots = await outlineSource({ path: c.file, bytes: input, language });
        expect({ file: c.file, outline: atRoots }).toEqual({ file: c.file, outline: plain });
      }
    }
  }, 60_000);
});

describe("comment index", () => {
  test("answers where comments start and how far those before a point reach", async () => {
    const text = "# one\nx = 1  # two\n\n\ndef f():\n    pass\n";
    const tree = await parse(python.grammar, text);
    try {
      const comments = new CommentIndex(tree.rootNode.descendantsOfType("comment").filter((n): n is Node => !!n));
      expect(comments.startsWithin(0, 1)).toBe(true);
      expect(comments.startsWithin(1, text.indexOf("# two"))).toBe(false);
      expect(comments.startsWithin(text.indexOf("# two"), text.length)).toBe(true);
      expect(comments.furthestEndBefore(0)).toBe(-1);
      expect(comments.furthestEndBefore(text.indexOf("x ="))).toBe(5);
      expect(comments.furthestEndBefore(text.indexOf("def"))).toBe(text.indexOf("# two") + 5);
    } finally {
      tree.delete();
    }
  });
});

describe("foldSignature", () => {
  // The definition it shortcuts when the only line breaks are in the blanks at either end.
  const byRegex = (text: string) =>
    text
      .replace(/([([{<])[ \t]*\r?\n\s*/g, "$1")
      .replace(/,?[ \t]*\r?\n\s*([)\]}>])/g, "$1")
      .replace(/[ \t]*\r?\n\s*/g, " ")
      .trim();

  test("equals the regex folding on generated text", () => {
    const alphabet = ["a", "(", ")", "[", "]", "{", "}", "<", ">", ",", " ", "\t", "\n", "\r", "\u00a0", ":"];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let i = 0; i < 50_000; i++) {
      let s = "";
      for (let j = next(9); j > 0; j--) s += alphabet[next(alphabet.length)];
      expect(JSON.stringify(foldSignature(s))).toBe(JSON.stringify(byRegex(s)));
    }
    expect(foldSignature("def f(x):\n    ")).toBe("def f(x):");
    expect(foldSignature("def f(\n    x,\n):\n")).toBe("def f(x):");
  });
});
