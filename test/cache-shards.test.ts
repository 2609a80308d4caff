// The sharded symbol pack (symbols/<nn>.tsv): the text format round-trips and refuses what it
// cannot trust, a one-file change rewrites one shard only, and damaged or missing shards are
// rebuilt from the objects without changing what search and digest answer.
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { namesRows, packObject, parseNameRow, parseNames, parseRefs, parseShard, serializeNames, serializeShard, shardOf, SHARD_COUNT, type PackObjects } from "../src/core/cache/pack.ts";
import { blockMayMatch, rankSymbols } from "../src/core/search/rank.ts";
import { SYMBOL_KINDS, type SymbolKind } from "../src/core/types.ts";
import { runCli } from "./helpers/cli.ts";
import { tempRepo } from "./helpers/git-repo.ts";

const objects = (): PackObjects => new Map([
  ["aa11-python", packObject({ lineCount: 9, symbols: [{ kind: "class", name: "A\tB", qualifiedName: "A\tB", signature: "", startLine: 1, endLine: 9, children: [{ kind: "method", name: "m", qualifiedName: "A B.m", signature: "", startLine: 2, endLine: 3 }] }] })],
  ["0b22-go", packObject({ lineCount: 0, symbols: [] })],
  ["ff33-rust", packObject({ lineCount: 4, symbols: [{ kind: "function", name: "f", qualifiedName: "f", signature: "", startLine: 4, endLine: 4 }] })],
]);

describe("shard format", () => {
  test("round-trips objects, empty ones included, with tabs in names cleaned", () => {
    const text = serializeShard("eng1", objects());
    const back = parseShard(text, "eng1")!;
    expect(back).toEqual(objects());
    expect(back.get("aa11-python")!.rows.split("\n")[0]).toBe("class\tA B\tA B\t1\t9\t0");
    expect(parseShard(serializeShard("eng1", new Map()), "eng1")).toEqual(new Map());
  });

  test("refuses another engine, a cut-off file and a damaged section header", () => {
    const text = serializeShard("eng1", objects());
    expect(parseShard(text, "eng2")).toBeUndefined();
    expect(parseShard(text.slice(0, text.length - 3), "eng1")).toBeUndefined();
    expect(parseShard(text.slice(0, text.length >> 1), "eng1")).toBeUndefined();
    expect(parseShard(text.replace("\t9\n", "\tx\n"), "eng1")).toBeUndefined();
    expect(parseShard("", "eng1")).toBeUndefined();
  });

  test("names files: the shard's rows cut to kind, name, start line and depth, in the same order", () => {
    const text = serializeNames("eng1", objects());
    const back = parseNames(text, "eng1")!;
    expect([...back.keys()]).toEqual([...objects().keys()].sort());
    expect(back.get("ff33-rust")!.lineCount).toBe(4);
    expect(back.get("0b22-go")!.rows).toBe("");
    expect(back.get("aa11-python")!.rows.split("\n").map(parseNameRow)).toEqual([
      { kind: "class", name: "A B", startLine: 1, depth: 0 },
      { kind: "method", name: "m", startLine: 2, depth: 1 },
    ]);
    expect(parseNames(text, "eng2")).toBeUndefined();
    expect(parseNames(text.slice(0, -3), "eng1")).toBeUndefined();
    expect(parseNames(serializeShard("eng1", objects()), "eng1")).toBeUndefined();
    // The kind codes are indexes into the kind list the header names: another list, another format.
    expect(parseNames(text.replace(/ class,/, " klass,"), "eng1")).toBeUndefined();
  });

  test("names rows are fields 1, 2, 4 and 6 of each row, the kind coded; rows of another field count as their fields fall", () => {
    const code = (kind: string) => SYMBOL_KINDS.indexOf(kind as SymbolKind).toString(36);
    const byFields = (rows: string) => rows.split("\n").map((line) => {
      const [kind, name, , start, , depth] = line.split("\t");
      return `${SYMBOL_KINDS.includes(kind as SymbolKind) ? code(kind) : kind}\t${name}\t${start}\t${depth}`;
    }).join("\n");
    const cases = [
      "class\tA\tA\t1\t9\t0\nmethod\tm\tA.m\t2\t3\t1",
      "function\t\t\t4\t4\t0", // empty name and qualified name
      "class\tA\tA\t1\t9\t0\n", // a trailing line break: one empty row
      "class\tA\tA\t1\t9\t0\textra\nclass\tB", // damaged: seven fields, then two
      "\n\nweird\tx\ty\t5\t6\t7", // empty rows and a kind this build does not know
    ];
    for (const rows of cases) expect(namesRows({ lineCount: 1, rows })).toBe(byFields(rows));
    expect(namesRows({ lineCount: 0, rows: "" })).toBe("");
  });

  test("shards cover 0..SHARD_COUNT-1 by the hash's first bits", () => {
    expect(shardOf("00ab-python")).toBe(0);
    expect(shardOf("ffab-python")).toBe(SHARD_COUNT - 1);
  });
});

describe("blockMayMatch", () => {
  const block = "class\tHttpServer\tHttpServer\t1\t9\t0\nmethod\tserve_forever\tHttpServer.serve_forever\t2\t8\t1";
  test("never rejects a block that rankSymbols finds something in", () => {
    const rows = block.split("\n").map((l) => {
      const [kind, name, qualifiedName] = l.split("\t");
      return { path: "x", kind: kind as "class", name, qualifiedName, signature: "", startLine: 1, endLine: 1 };
    });
    for (const q of ["httpserver", "serve", "sf", "svfr", "HttpServer.serve", "server.serve_forever", "hs", "http"]) {
      expect(blockMayMatch(q)(block)).toBe(rankSymbols(q, rows).length > 0);
    }
    expect(blockMayMatch("zzz")(block)).toBe(false);
    expect(blockMayMatch("a.*(")(block)).toBe(false); // regex characters are literal
    // Case folding as toLowerCase does it, beyond ASCII too (a Kelvin sign lowercases to `k`).
    const kelvin = "class\t\u212Aelvin\t\u212Aelvin\t1\t2\t0";
    const kRows = [{ path: "x", kind: "class" as const, name: "\u212Aelvin", qualifiedName: "\u212Aelvin", signature: "", startLine: 1, endLine: 2 }];
    for (const q of ["kelvin", "KEL", "kl", "ke"]) expect(blockMayMatch(q)(kelvin)).toBe(rankSymbols(q, kRows).length > 0);
    expect(blockMayMatch("SERVE")(block)).toBe(true);
    // A subsequence spread over two fields is no match.
    expect(blockMayMatch("classh")(block)).toBe(false);
  });
});

const shardDir = (root: string) => join(root, ".ast_outline_cache", "symbols");
const searchJson = async (root: string, q: string) => JSON.parse((await runCli(["search", q, "--format", "json", "--limit", "0"], root)).stdout);

describe("shards on disk", () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 30; i++) files[`m${i}.py`] = `class Thing${i}:\n    def run_${i}(self):\n        pass\n`;

  test("a one-file change rewrites only the shards of the old and new content", async () => {
    const repo = tempRepo(files);
    try {
      await runCli(["index"], repo.path);
      expect(readdirSync(shardDir(repo.path)).filter((n) => n.endsWith(".tsv")).length).toBe(SHARD_COUNT);
      const before = new Map(readdirSync(shardDir(repo.path)).map((n) => [n, statSync(join(shardDir(repo.path), n)).mtimeMs]));
      await new Promise((r) => setTimeout(r, 20));
      writeFileSync(join(repo.path, "m3.py"), "class Renamed:\n    def run_3(self):\n        pass\n");
      expect((await runCli(["index"], repo.path)).stdout).toContain("1 parsed");
      const rewritten = [...before].filter(([n, t]) => statSync(join(shardDir(repo.path), n)).mtimeMs !== t).map(([n]) => n);
      // A shard is its .tsv, its .names and its .refs file, rewritten together.
      const shards = new Set(rewritten.map((n) => n.split(".")[0]));
      expect(shards.size).toBeGreaterThanOrEqual(1);
      expect(shards.size).toBeLessThanOrEqual(2);
      expect(rewritten.length).toBe(shards.size * 3);
      expect((await searchJson(repo.path, "Renamed")).results.map((h: { path: string }) => h.path)).toEqual(["m3.py"]);
      expect((await searchJson(repo.path, "Thing3")).results.filter((h: { match: string }) => h.match === "exact")).toEqual([]);
    } finally {
      repo.cleanup();
    }
  });

  test("corrupt, cut-off and missing shards are rebuilt; answers do not change", async () => {
    const repo = tempRepo(files);
    try {
      await runCli(["index"], repo.path);
      const expected = await searchJson(repo.path, "run");
      const digest = (await runCli(["digest"], repo.path)).stdout;
      expect(expected.results.length).toBe(30);
      const shards = readdirSync(shardDir(repo.path)).filter((n) => readFileSync(join(shardDir(repo.path), n), "utf8").includes(">\t"));
      const [a, b, c] = shards.map((n) => join(shardDir(repo.path), n));
      writeFileSync(a, readFileSync(a, "utf8").slice(0, -8)); // cut off
      writeFileSync(b, readFileSync(b, "utf8").replace(/^ast-outline-symbols \d+/, "ast-outline-symbols 999")); // another format
      rmSync(c);
      expect(await searchJson(repo.path, "run")).toEqual(expected);
      expect((await runCli(["digest"], repo.path)).stdout).toBe(digest);
      for (const f of [a, b, c]) {
        const text = readFileSync(f, "utf8");
        const engine = text.split("\n")[0].split(" ")[2];
        expect(f.endsWith(".names") ? parseNames(text, engine) : f.endsWith(".refs") ? parseRefs(text, engine) : parseShard(text, engine)).toBeDefined();
      }
      // A missing shard is also noticed by a warm index, which reads no shard otherwise.
      rmSync(a);
      expect((await runCli(["index"], repo.path)).stdout).toContain("0 parsed");
      expect(existsSync(a)).toBe(true);
      expect(await searchJson(repo.path, "run")).toEqual(expected);
    } finally {
      repo.cleanup();
    }
  });

  test("names files: damaged or missing ones are rebuilt (also by a warm index), answers do not change", async () => {
    const repo = tempRepo(files);
    try {
      await runCli(["index"], repo.path);
      const expected = await searchJson(repo.path, "run");
      const digest = (await runCli(["digest"], repo.path)).stdout;
      const names = readdirSync(shardDir(repo.path)).filter((n) => n.endsWith(".names") && readFileSync(join(shardDir(repo.path), n), "utf8").includes(">\t"));
      const [a, b, c] = names.map((n) => join(shardDir(repo.path), n));
      writeFileSync(a, readFileSync(a, "utf8").slice(0, -8));
      // A names file short of a key another process added: the key is filled in from the shard.
      const text = readFileSync(b, "utf8");
      const firstKey = text.indexOf("\n>\t");
      writeFileSync(b, text.slice(0, firstKey + 1) + text.slice(text.indexOf("\n>\t", firstKey + 1) + 1 || text.indexOf(".end")));
      rmSync(c);
      expect(await searchJson(repo.path, "run")).toEqual(expected);
      expect((await runCli(["digest"], repo.path)).stdout).toBe(digest);
      for (const f of [a, b, c]) expect(parseNames(readFileSync(f, "utf8"), readFileSync(f, "utf8").split("\n")[0].split(" ")[2])).toBeDefined();
      rmSync(a);
      expect((await runCli(["index"], repo.path)).stdout).toContain("0 parsed");
      expect(existsSync(a)).toBe(true);
      expect((await runCli(["digest"], repo.path)).stdout).toBe(digest);
    } finally {
      repo.cleanup();
    }
  });

  test("a name search shows each hit's qualified name, range and signature as the file's outline has them", async () => {
    const repo = tempRepo({
      "a.py": "class Outer:\n    class Inner:\n        def run(self, x):\n            pass\n\n    def run(self):\n        pass\n\ndef run(a, b=1):\n    return a\n",
      "b.ts": "export class Box {\n  run(n: number): void {}\n}\nexport function runner() {}\n",
    });
    try {
      await runCli(["index"], repo.path);
      const hits = (await searchJson(repo.path, "run")).results;
      expect(hits.length).toBe(5);
      for (const h of hits) {
        const outline = JSON.parse((await runCli(["outline", h.path, "--format", "json"], repo.path)).stdout);
        const flat: any[] = [];
        const visit = (list: any[], depth: number) => list.forEach((s) => (flat.push({ ...s, depth }), s.children && visit(s.children, depth + 1)));
        visit(outline.symbols, 0);
        const s = flat.find((x) => x.qualifiedName === h.qualifiedName && x.startLine === h.startLine);
        expect(s).toBeDefined();
        expect([h.kind, h.name, h.endLine, h.depth, h.signature]).toEqual([s.kind, s.name, s.endLine, s.depth, s.signature]);
      }
      // Ranked on names: the exact ones first, nested ones included.
      expect(hits.slice(0, 4).map((h: any) => h.qualifiedName).sort()).toEqual(["Box.run", "Outer.Inner.run", "Outer.run", "run"]);
      expect(hits[4].qualifiedName).toBe("runner");
    } finally {
      repo.cleanup();
    }
  });

  test("the one-file pack of earlier releases is removed", async () => {
    const repo = tempRepo({ "a.py": "def a():\n    pass\n" });
    try {
      await runCli(["index"], repo.path);
      writeFileSync(join(repo.path, ".ast_outline_cache", "symbols.json"), "{}");
      await runCli(["index"], repo.path);
      expect(existsSync(join(repo.path, ".ast_outline_cache", "symbols.json"))).toBe(false);
    } finally {
      repo.cleanup();
    }
  });
});
