// core/rank: the personalised rank by forward push agrees with power iteration from the same
// restart, and a focus reaches both ways: what the focus uses and what uses the focus; files
// that changed with the focus before (core/rank/co-change.ts) come in with their definitions,
// from a real git history through the CLI and the MCP server alike.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { buildGraph, powerWalk, pushWalk, rankFocusUsers, rankRepository, type RankInputFile } from "../src/core/rank/rank.ts";
import { CO_CHANGE_COMMITS, coChanged } from "../src/core/rank/co-change.ts";
import { recentCommitFiles } from "../src/io/git.ts";
import { runCli, tempDir, testEnv } from "./helpers/cli.ts";
import { BUN, CLI_SOURCE, gitOk, tempRepo, write } from "./helpers/git-repo.ts";

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
    // rank (their definitions are lifted one by one from their objects: app/digest/digest.ts).
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

describe("co-change", () => {
  test("files changed with the focus weigh by how often and how alone; wide commits and old ones do not count", () => {
    const wide = ["core.py", ...Array.from({ length: 30 }, (_, i) => `gen/f${i}.py`)];
    const commits = [
      ["core.py", "setup.py"],
      ["docs/x.md"], // not the focus
      ["core.py", "setup.py", "tests/test_core.py"],
      wide, // 31 files: a sweep
      ["pkg/core.py", "setup.py"], // under a folder focus only
    ];
    expect([...coChanged(commits, ["core.py"])].sort()).toEqual([["setup.py", 1.5], ["tests/test_core.py", 0.5]]);
    expect(coChanged(commits, ["pkg"]).get("setup.py")).toBe(1);
    expect(coChanged(commits, []).size).toBe(0);
    // Only the newest CO_CHANGE_COMMITS count.
    const old = [...Array.from({ length: CO_CHANGE_COMMITS }, () => ["elsewhere.py"]), ["core.py", "setup.py"]];
    expect(coChanged(old, ["core.py"]).size).toBe(0);
  });

  test("a related file's definitions come before the unrelated, its best first; without it they do not", () => {
    // release.py and ledger.py: neither uses nor is used by anything. Ties go by path (ledger first).
    const all = [...files, file("ledger.py", ["ledger_total"], {}), file("release.py", ["release_notes", "release_tag"], {})];
    const names = (related?: Map<string, number>) => {
      const r = rankRepository(buildGraph(all), { paths: ["core.py"], names: [], related }, { eligible: (i) => all[i].path !== "core.py" });
      return rankFocusUsers(r, all, new Map()).map((d) => all[d.file].symbols[d.symbol].name);
    };
    const plain = names();
    expect(plain.indexOf("ledger_total")).toBeLessThan(plain.indexOf("release_notes"));
    const related = names(new Map([["release.py", 2], ["base.py", 1]]));
    expect(related[0]).toBe("release_notes");
    expect(related.indexOf("release_tag")).toBeLessThan(related.indexOf("lib_helper"));
    expect(related.indexOf("base_util")).toBeLessThan(related.indexOf("ledger_total"));
    expect(related.indexOf("release_notes")).toBeLessThan(related.indexOf("ledger_total"));
  });

  test("what the focus uses is lifted by how specific it is, and so is another file's definition of a name the focus defines", () => {
    const all = [
      ...files.filter((f) => f.path !== "core.py"),
      file("core.py", ["core_run", "fetch"], { lib_helper: 3, fetch: 1, common_util: 1 }),
      file("adapter.py", ["fetch", "adapter_setup"], {}),
      file("util.py", ["common_util"], {}),
      ...["u1", "u2", "u3", "u4"].map((u) => file(`${u}.py`, [`${u}_main`], { common_util: 1 })),
    ];
    const r = rankRepository(buildGraph(all), { paths: ["core.py"], names: [] }, { eligible: (i) => all[i].path !== "core.py" });
    const weight = (path: string, name: string) => r.callees.find((d) => all[d.file].path === path && all[d.file].symbols[d.symbol].name === name)?.score ?? 0;
    expect(weight("lib.py", "lib_helper")).toBeGreaterThan(weight("util.py", "common_util"));
    expect(weight("adapter.py", "fetch")).toBeGreaterThan(0);
    expect(weight("adapter.py", "adapter_setup")).toBe(0);
    const order = rankFocusUsers(r, all, new Map()).map((d) => `${all[d.file].path}:${all[d.file].symbols[d.symbol].name}`);
    expect(order.indexOf("adapter.py:fetch")).toBeLessThan(order.indexOf("other/a.py:other_a"));
    expect(order.indexOf("adapter.py:fetch")).toBeLessThan(order.indexOf("adapter.py:adapter_setup"));
  });

  test("each definition of a user that uses the focus is lifted alike, however many its file has", () => {
    const tests = file("tests/test_core.py", ["test_a", "test_b", "test_c", "test_d"], { core_run: 4 });
    const all = [...files.filter((f) => f.path !== "tests/test_core.py"), tests];
    const at = all.indexOf(tests);
    const r = rankRepository(buildGraph(all), { paths: ["core.py"], names: [] }, { eligible: (i) => all[i].path !== "core.py" });
    const lifted = rankFocusUsers(r, all, new Map([[at, [["core_run"], ["core_run"], ["core_run"], ["core_run"]]]]));
    const scores = lifted.filter((d) => d.file === at).map((d) => d.score);
    expect(scores.length).toBe(4);
    expect(Math.max(...scores) - Math.min(...scores)).toBeLessThan(1e-12);
    const order = lifted.map((d) => all[d.file].symbols[d.symbol].name);
    for (const t of ["test_a", "test_b", "test_c", "test_d"]) for (const other of ["app_main", "other_a", "base_util"]) expect(order.indexOf(t)).toBeLessThan(order.indexOf(other));
  });
});

// A real history: core.py changed twice with release.py, never with ledger.py (alone, and once in
// a sweep of 31 files). Neither release.py nor ledger.py is referenced; filler files are, so a
// tight budget cannot name everything, and a tie would put ledger.py first.
describe("digest --focus with a git history", () => {
  const filler = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [
    `lib/mod_${i}.py`,
    `from lib.mod_${(i + 1) % 30} import helper_${(i + 1) % 30}_a, helper_${(i + 1) % 30}_b\n\n\ndef helper_${i}_a(x):\n    return helper_${(i + 1) % 30}_a(x)\n\n\ndef helper_${i}_b(x):\n    return helper_${(i + 1) % 30}_b(x)\n`,
  ]));
  const repo = tempRepo({
    "core.py": "from lib.mod_0 import helper_0_a\n\n\ndef core_run(x):\n    return helper_0_a(x)\n",
    "release.py": "def release_notes(version):\n    return version\n",
    "ledger.py": "def ledger_total(rows):\n    return len(rows)\n",
    ...filler,
  });
  const root = realpathSync(repo.path);
  const commit = (message: string, edits: Record<string, string>) => {
    for (const [p, text] of Object.entries(edits)) write(root, p, text);
    gitOk(root, "add", "-A");
    gitOk(root, "commit", "-qm", message);
  };
  let client: Client;
  beforeAll(async () => {
    commit("init", {});
    commit("release 1", { "core.py": "from lib.mod_0 import helper_0_a\n\n\ndef core_run(x):\n    return helper_0_a(x) or 1\n", "release.py": "def release_notes(version):\n    return str(version)\n" });
    commit("ledger", { "ledger.py": "def ledger_total(rows):\n    return sum(1 for _ in rows)\n" });
    commit("sweep", Object.fromEntries([["core.py", "from lib.mod_0 import helper_0_a\n\n\ndef core_run(x):\n    return helper_0_a(x) or 2\n"], ["ledger.py", "def ledger_total(rows):\n    return len(list(rows))\n"], ...Array.from({ length: 29 }, (_, i) => [`gen/g${i}.txt`, `${i}\n`])]));
    commit("release 2", { "core.py": "from lib.mod_0 import helper_0_a\n\n\ndef core_run(x):\n    return helper_0_a(x) or 3\n", "release.py": "def release_notes(version):\n    return f'{version}'\n" });
    client = new Client({ name: "rank", version: "0" });
    await client.connect(new StdioClientTransport({ command: BUN, args: [CLI_SOURCE, "mcp"], cwd: root, stderr: "pipe" }));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    repo.cleanup();
  });

  test("git gives each commit's files, newest first, relative to the folder asked", async () => {
    const commits = await recentCommitFiles(testEnv(root), root, 10);
    expect(commits.length).toBe(5);
    expect(commits[0].sort()).toEqual(["core.py", "release.py"]);
    expect(commits[1].length).toBe(31);
    expect(commits[2]).toEqual(["ledger.py"]);
    expect((await recentCommitFiles(testEnv(root), `${root}/lib`, 10)).flat().sort()).toEqual(Object.keys(filler).map((p) => p.slice(4)).sort());
  });

  test("the files changed with the focus are named, those that never were not; the MCP digest says the same", async () => {
    const r = await runCli(["digest", "--max-tokens", "100", "--focus", "core.py"], root);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("release_notes");
    expect(r.stdout).not.toContain("ledger_total");
    expect(r.stdout).toMatch(/helper_\d+_a/); // the budget holds more than the related file
    const m: any = await client.callTool({ name: "digest", arguments: { max_tokens: 100, focus: ["core.py"] } });
    expect(m.content.map((c: any) => c.text).join("")).toBe(r.stdout);
    // A copy outside git: the map goes by references alone (release.py is no closer than
    // ledger.py), and still answers.
    const copy = tempDir("ast-outline-plain-");
    try {
      for (const p of ["core.py", "release.py", "ledger.py", ...Object.keys(filler)]) write(copy.path, p, readFileSync(join(root, p), "utf8"));
      const plain = await runCli(["digest", "--root", ".", "--max-tokens", "100", "--focus", "core.py"], copy.path);
      expect(plain.code, plain.stderr).toBe(0);
      expect(plain.stdout).toContain("core.py [XS 5L] (focus)");
      expect(plain.stdout).not.toContain("release_notes");
    } finally {
      copy.cleanup();
    }
  }, 60_000);
});
