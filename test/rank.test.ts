// core/rank: the personalised rank by forward push agrees with power iteration from the same
// restart, and a focus reaches both ways: what the focus uses and what uses the focus.
import { describe, expect, test } from "bun:test";
import { buildGraph, powerWalk, pushWalk, rankRepository, type RankInputFile } from "../src/core/rank/rank.ts";

const fn = (name: string, startLine = 1) => ({ kind: "function" as const, name, startLine, depth: 0 });
const file = (path: string, defines: string[], uses: Record<string, number>): RankInputFile => ({
  path, symbols: defines.map((d, i) => fn(d, i + 1)), refs: new Map(Object.entries(uses)),
});

// A chain core -> lib -> base, callers of core, a test of core, and an unrelated cluster.
const files: RankInputFile[] = [
  file("base.py", ["base_util"], {}),
  file("lib.py", ["lib_helper"], { base_util: 2 }),
  file("core.py", ["core_run", "core_stop"], { lib_helper: 3 }),
  file("app.py", ["app_main"], { core_run: 1 }),
  file("tests/test_core.py", ["test_run", "test_stop"], { core_run: 2, core_stop: 1 }),
  file("other/a.py", ["other_a"], { other_b: 4 }),
  file("other/b.py", ["other_b"], { other_a: 1 }),
];

describe("rank", () => {
  test("forward push gives the power iteration's personalised rank", () => {
    const g = buildGraph(files);
    const restart = new Map([[2, 0.5], [3, 0.25], [4, 0.25]]);
    const dense = new Float64Array(files.length);
    for (const [i, w] of restart) dense[i] = w;
    const exact = powerWalk(g, dense);
    const push = pushWalk(g, restart);
    for (let i = 0; i < files.length; i++) expect(Math.abs(push.rank[i] - exact.rank[i])).toBeLessThan(1e-4);
    for (let id = 0; id < exact.flow.length; id++) expect(Math.abs(push.flow[id] - exact.flow[id])).toBeLessThan(1e-4);
  });

  test("a focus ranks what it uses and what uses it above the unrelated, the same every time", () => {
    const g = buildGraph(files);
    const r = rankRepository(g, { paths: ["core.py"], names: [] }, { eligible: (i) => i !== 2 });
    const order = r.definitions.map((d) => files[d.file].symbols[d.symbol].name);
    const at = (name: string) => order.indexOf(name);
    // What the focus uses, by its definitions; what uses the focus (callers, tests), by its files'
    // rank (their definitions are lifted one by one from their objects: app/digest.ts).
    expect(at("lib_helper")).toBeLessThan(at("other_a"));
    expect(at("base_util")).toBeLessThan(at("other_b"));
    for (const near of [1, 3, 4]) for (const far of [5, 6]) expect(r.fileScores[near]).toBeGreaterThan(r.fileScores[far]);
    expect([...r.users].map((u) => files[u].path).sort()).toEqual(["app.py", "tests/test_core.py"]);
    const again = rankRepository(buildGraph(files), { paths: ["core.py"], names: [] }, { eligible: (i) => i !== 2 });
    expect(again.definitions).toEqual(r.definitions);
  });

  test("without a focus used definitions come before unused ones", () => {
    const r = rankRepository(buildGraph(files));
    const order = r.definitions.map((d) => files[d.file].symbols[d.symbol].name);
    for (const used of ["base_util", "lib_helper", "core_run"]) for (const unused of ["app_main", "test_run"]) expect(order.indexOf(used)).toBeLessThan(order.indexOf(unused));
    expect(r.definitions.length).toBe(files.reduce((n, f) => n + f.symbols.length, 0));
  });
});
