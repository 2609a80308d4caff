// Where one added symbol came from (core/history/origin.ts), on sides built from text: the same
// body wins, else a clearly best similar one; a move from another file only under the same name;
// among equals, the same name, then the nearest folder.
import { describe, expect, test } from "bun:test";
import { SideText, type SymNode } from "../src/core/diff/source.ts";
import { ORIGIN_SIMILAR, originOf } from "../src/core/history/origin.ts";
import type { OutlineSymbol, SymbolKind } from "../src/core/types.ts";

/** The top-level nodes of a side: `defs` are [kind, name, first line, last line] over `lines`. */
function side(path: string, lines: string[], defs: [SymbolKind, string, number, number][]): SymNode[] {
  const symbols: OutlineSymbol[] = defs.map(([kind, name, startLine, endLine]) => ({ kind, name, qualifiedName: name, signature: lines[startLine - 1], startLine, endLine }));
  return new SideText({ path, text: `${lines.join("\n")}\n`, symbols }).root.children;
}

const BODY = ["    total = 0", "    count = 0", "    for x in items:", "        total += x", "        count += 1", "    log(total, count)", "    return total"];
const fn = (path: string, name: string, body = BODY) => side(path, [`def ${name}(items):`, ...body], [["function", name, 1, body.length + 1]])[0];
const at = (path: string, node: SymNode) => ({ path, node });

describe("originOf", () => {
  test("the same body under another name in the same file is the origin, with similarity 1", () => {
    const target = fn("a.py", "total_of");
    const o = originOf(target, "a.py", [at("a.py", fn("a.py", "summed")), at("a.py", fn("a.py", "other", ["    return 1", "    pass", "    pass"]))]);
    expect(o?.node.sym.name).toBe("summed");
    expect(o?.similarity).toBe(1);
  });

  test("from another file only under the same name (a move); another kind family never", () => {
    const target = fn("b.py", "summed");
    expect(originOf(target, "b.py", [at("a.py", fn("a.py", "renamed"))])).toBeUndefined();
    expect(originOf(target, "b.py", [at("a.py", fn("a.py", "summed"))])?.path).toBe("a.py");
    const klass = side("b.py", ["class summed(items):", ...BODY], [["class", "summed", 1, 8]])[0];
    expect(originOf(klass, "b.py", [at("a.py", fn("a.py", "summed"))])).toBeUndefined();
  });

  test("an edited body: the clearly most similar one, its similarity rounded; none under the threshold", () => {
    const edited = BODY.map((l) => (l === "        total += x" ? "        total += x * 2" : l));
    const target = fn("a.py", "doubled", edited);
    const o = originOf(target, "a.py", [at("a.py", fn("a.py", "summed")), at("a.py", fn("a.py", "unrelated", ["    a = 1", "    b = 2", "    c = 3"]))]);
    expect(o?.node.sym.name).toBe("summed");
    expect(o?.similarity).toBe(0.75);
    const far = fn("a.py", "far", ["    q = 1", "    r = 2", "    s = 3", "    return total"]);
    expect(ORIGIN_SIMILAR).toBeGreaterThan(0.2);
    expect(originOf(far, "a.py", [at("a.py", fn("a.py", "summed"))])).toBeUndefined();
  });

  test("copies alike: the one of the same name, then the one nearest by folders; else none", () => {
    const target = fn("gen/v2/api/m.py", "summed");
    const copies = [at("gen/v1/api/m.py", fn("gen/v1/api/m.py", "summed")), at("other/api/m.py", fn("other/api/m.py", "summed"))];
    expect(originOf(target, "gen/v2/api/m.py", copies)?.path).toBe("gen/v1/api/m.py");
    const tied = [at("x/m.py", fn("x/m.py", "summed")), at("y/m.py", fn("y/m.py", "summed"))];
    expect(originOf(target, "gen/v2/api/m.py", tied)).toBeUndefined();
    const inFile = fn("a.py", "summed");
    expect(originOf(inFile, "a.py", [at("a.py", fn("a.py", "old_name")), at("a.py", fn("a.py", "summed"))])?.node.sym.name).toBe("summed");
  });
});
