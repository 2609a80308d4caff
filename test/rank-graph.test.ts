// The reference graph the ranked map walks (core/rank/graph.ts), read back row by row: which
// names link where and how much each link weighs.
import { describe, expect, test } from "bun:test";
import { buildGraph, type RankGraph, type RankInputFile, type RankInputSymbol } from "../src/core/rank/graph.ts";

const sym = (name: string, kind: RankInputSymbol["kind"] = "function", depth = 0): RankInputSymbol => ({ kind, name, startLine: 1, depth });
const file = (path: string, symbols: RankInputSymbol[], uses: Record<string, number> = {}): RankInputFile => ({ path, symbols, refs: new Map(Object.entries(uses)) });

/** File i's links as name -> weight. */
function links(g: RankGraph, i: number): Record<string, number> {
  const byId = new Map([...g.ids].map(([name, id]) => [id, name]));
  const out: Record<string, number> = {};
  for (let k = g.linkStart[i]; k < g.linkStart[i + 1]; k++) out[byId.get(g.linkName[k])!] = g.linkWeight[k];
  return out;
}

/** The files (paths) a name's row lists, from start/file arrays. */
function row(g: RankGraph, start: Int32Array, files: Int32Array, name: string): string[] {
  const id = g.ids.get(name)!;
  return [...files.subarray(start[id], start[id + 1])].map((i) => g.files[i].path);
}

describe("buildGraph", () => {
  test("a file links to the names others define, weighted by the square root of its uses", () => {
    const g = buildGraph([
      file("lib.py", [sym("helper"), sym("other")]),
      file("app.py", [sym("main")], { helper: 4, other: 1, main: 3, print: 2 }),
    ]);
    // Its own name (main) and a name nobody defines (print) make no link.
    expect(links(g, 1)).toEqual({ helper: 2, other: 1 });
    expect(links(g, 0)).toEqual({});
    expect(g.outWeight[1]).toBe(3);
    expect(g.outWeight[0]).toBe(0);
    expect(row(g, g.defStart, g.defFile, "helper")).toEqual(["lib.py"]);
    expect(row(g, g.useStart, g.useFile, "helper")).toEqual(["app.py"]);
  });

  test("private names and names defined in many files weigh a tenth; dunder names are not private", () => {
    const many = Array.from({ length: 6 }, (_, i) => file(`m${i}.py`, [sym("run")]));
    const g = buildGraph([...many, file("lib.py", [sym("_hidden"), sym("__init__")]), file("app.py", [], { run: 1, _hidden: 1, __init__: 1 })]);
    const app = g.files.length - 1;
    const w = links(g, app);
    expect(w.run).toBeCloseTo(0.1);
    expect(w._hidden).toBeCloseTo(0.1);
    expect(w.__init__).toBe(1);
    // A step from app touches every definer of each name it links to, plus one per link.
    expect(g.stepCost[app]).toBe((6 + 1) + (1 + 1) + (1 + 1));
  });

  test("data members and one-letter names are no link targets; top-level data is, at a tenth of a share", () => {
    const g = buildGraph([
      file("model.py", [sym("Model", "class"), sym("field_a", "field", 1), sym("LIMIT", "constant"), sym("x")]),
      file("app.py", [], { Model: 1, field_a: 1, LIMIT: 1, x: 1 }),
    ]);
    expect(Object.keys(links(g, 1)).sort()).toEqual(["LIMIT", "Model"]);
    const ids = [...g.symbolIds[0]].map((id) => id >= 0);
    expect(ids).toEqual([true, false, true, false]);
    expect([...g.symbolShare[0]]).toEqual([1, 0.1, 0.1, 1]);
  });

  test("a file defining a name twice counts once among its definers, and each symbol takes half its inflow", () => {
    const g = buildGraph([file("a.py", [sym("load"), sym("load")]), file("b.py", [], { load: 1 })]);
    expect(row(g, g.defStart, g.defFile, "load")).toEqual(["a.py"]);
    expect([...g.symbolShare[0]]).toEqual([0.5, 0.5]);
  });
});
