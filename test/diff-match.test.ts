// The matcher's pure pieces (core/diff/match.ts, core/diff/tokens.ts), on sides built from text
// and hand-made outlines: siblings pair by key, then renames by the same body or a clear best
// match; the token evidence a change-wide rename rests on.
import { describe, expect, test } from "bun:test";
import { kindGroup, matchSimilar, matchUnique, pairSiblings, SIMILAR, similarity } from "../src/core/diff/match.ts";
import { SideText, type SymNode } from "../src/core/diff/source.ts";
import { dice, nameSimilarity, SELF, shingles, tokenize, words } from "../src/core/diff/tokens.ts";
import type { OutlineSymbol, SymbolKind } from "../src/core/types.ts";

/** The top-level nodes of a side: `defs` are [kind, name, first line, last line] over `lines`. */
function side(lines: string[], defs: [SymbolKind, string, number, number][]): SymNode[] {
  const symbols: OutlineSymbol[] = defs.map(([kind, name, startLine, endLine]) => ({ kind, name, qualifiedName: name, signature: lines[startLine - 1], startLine, endLine }));
  return new SideText({ path: "a.py", text: `${lines.join("\n")}\n`, symbols }).root.children;
}

const names = (pairs: { old: SymNode; new: SymNode }[]) => pairs.map((p) => `${p.old.sym.name}->${p.new.sym.name}`);

const BODY = ["    total = 0", "    for x in items:", "        total += x", "    return total"];

describe("pairSiblings", () => {
  test("the same key pairs; a same-body function under a new name is a rename; the rest removed or added", () => {
    const olds = side(["def keep():", "    return 1", "def summed(items):", ...BODY, "def gone():", "    return 2"], [
      ["function", "keep", 1, 2], ["function", "summed", 3, 7], ["function", "gone", 8, 9],
    ]);
    const news = side(["def keep():", "    return 3", "def total_of(items):", ...BODY, "def fresh():", "    return 4"], [
      ["function", "keep", 1, 2], ["function", "total_of", 3, 7], ["function", "fresh", 8, 9],
    ]);
    const r = pairSiblings(olds, news);
    expect(names(r.same)).toEqual(["keep->keep"]);
    expect(names(r.renamed)).toEqual(["summed->total_of"]);
    expect(r.removed.map((n) => n.sym.name)).toEqual(["gone"]);
    expect(r.added.map((n) => n.sym.name)).toEqual(["fresh"]);
  });

  test("renames are looked for only among the kinds asked for", () => {
    const olds = side(["def summed(items):", ...BODY], [["function", "summed", 1, 5]]);
    const news = side(["def total_of(items):", ...BODY], [["function", "total_of", 1, 5]]);
    const r = pairSiblings(olds, news, (k) => k !== "function");
    expect(r.renamed).toEqual([]);
    expect(r.removed.map((n) => n.sym.name)).toEqual(["summed"]);
    expect(r.added.map((n) => n.sym.name)).toEqual(["total_of"]);
  });

  test("an overload added above: the name's texts pair by identity first, not by ordinal", () => {
    const olds = side(["def f(a):", "    return a"], [["function", "f", 1, 2]]);
    const news = side(["def f(a, b):", "    return a + b", "def f(a):", "    return a"], [["function", "f", 1, 2], ["function", "f", 3, 4]]);
    const r = pairSiblings(olds, news);
    expect(r.same.map((p) => [p.old.sym.startLine, p.new.sym.startLine])).toEqual([[1, 3]]);
    expect(r.added.map((n) => n.sym.startLine)).toEqual([1]);
  });
});

describe("matchUnique and matchSimilar", () => {
  test("a match counts only when it is the one candidate both ways, within a kind's family", () => {
    const olds = side(["def a(items):", ...BODY, "def b(items):", ...BODY], [["function", "a", 1, 5], ["function", "b", 6, 10]]);
    const news = side(["def c(items):", ...BODY], [["function", "c", 1, 5]]);
    const sameBody = (o: SymNode, n: SymNode) => o.body === n.body;
    expect(matchUnique(olds, news, sameBody)).toEqual([]); // two olds share the body: no evidence which one moved
    expect(names(matchUnique(olds.slice(0, 1), news, sameBody))).toEqual(["a->c"]);
    const klass = side(["class c(items):", ...BODY], [["class", "c", 1, 5]]);
    expect(matchUnique(olds.slice(0, 1), klass, sameBody)).toEqual([]);
    expect(kindGroup("method")).toBe(kindGroup("function"));
    expect(kindGroup("class")).not.toBe(kindGroup("function"));
  });

  test("a similar body pairs when it is clearly the best both ways and above the threshold", () => {
    // Eight code lines, six of them the same (the name's line and one more differ): 0.75.
    const body = ["    total = 0", "    count = 0", "    for x in items:", "        total += x", "        count += 1", "    log(total, count)", "    return total"];
    const edited = body.map((l) => (l === "        total += x" ? "        total += x * 2" : l));
    const olds = side(["def summed(items):", ...body], [["function", "summed", 1, 8]]);
    const news = side(["def doubled(items):", ...edited, "def other():", "    print('x')", "    print('y')", "    print('z')"], [
      ["function", "doubled", 1, 8], ["function", "other", 9, 12],
    ]);
    expect(similarity(olds[0].codeLines, news[0].codeLines)).toBe(0.75);
    expect(names(matchSimilar(olds, news))).toEqual(["summed->doubled"]);
    // Two equally good candidates: neither is clearly the one.
    const twins = side(["def d1(items):", ...edited, "def d2(items):", ...edited], [["function", "d1", 1, 8], ["function", "d2", 9, 16]]);
    expect(matchSimilar(olds, twins)).toEqual([]);
    // A filter can rule a candidate out.
    expect(matchSimilar(olds, news, (_o, n) => n.sym.name !== "doubled")).toEqual([]);
  });

  test("similarity is the Dice coefficient over lines as multisets", () => {
    expect(similarity([], [])).toBe(1);
    expect(similarity(["a", "b"], ["a", "b"])).toBe(1);
    expect(similarity(["a", "a", "b"], ["a", "c"])).toBeCloseTo(2 / 5);
    expect(similarity(["a", "b", "c", "d"], ["a", "b", "c", "x"])).toBeGreaterThanOrEqual(SIMILAR);
    expect(similarity(["a", "b", "c"], ["x", "y", "z"])).toBe(0);
  });
});

describe("token evidence", () => {
  test("the own name, bare or quoted, becomes one token; strings and numbers stay whole", () => {
    expect(tokenize(['def fact(n): return n * fact(n - 1) + "fact" + 1.5e3'], "fact")).toEqual([
      "def", SELF, "(", "n", ")", ":", "return", "n", "*", SELF, "(", "n", "-", "1", ")", "+", SELF, "+", "1.5e3",
    ]);
    expect(tokenize(['module "vpc" {', "}"], "vpc")).toEqual(["module", SELF, "{", "}"]);
  });

  test("bigrams as a multiset, and their Dice coefficient", () => {
    const a = shingles(["x", "=", "1"]);
    expect([...a.counts]).toEqual([["x =", 1], ["= 1", 1]]);
    expect(a.size).toBe(2);
    expect(shingles(["x"]).size).toBe(1);
    expect(dice(a, shingles(["x", "=", "1"]))).toBe(1);
    expect(dice(a, shingles(["x", "=", "2"]))).toBe(0.5);
    expect(dice(shingles([]), shingles([]))).toBe(1);
  });

  test("names compare by their words: camelCase, snake_case and digits split", () => {
    expect(words("parseHTTPResponse2xx")).toEqual(["parse", "http", "response", "2", "xx"]);
    expect(words("read_file_v2")).toEqual(["read", "file", "v", "2"]);
    expect(nameSimilarity("readFile", "readFile")).toBe(1);
    expect(nameSimilarity("readFile", "read_file")).toBe(1);
    expect(nameSimilarity("readFile", "readFileSync")).toBeCloseTo(0.8);
    expect(nameSimilarity("a", "__")).toBe(0);
  });
});
