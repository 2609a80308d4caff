// Files longer than their grammar reads at once (registry `maxParseRows`: tree-sitter-yaml keeps
// rows in 16 bits, so past 32,768 lines its parse was one error region and the keys before the
// last 32,768 lines were silently gone). Such a file is read in pieces (core/outline/pieces.ts):
// checked against the file's own top-level keys (a line oracle: YAML keys at column 0), and
// through `changed` on a real git repository.
import { afterEach, describe, expect, test } from "bun:test";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { pieces } from "../src/core/outline/pieces.ts";
import { runCli } from "./helpers/cli.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";

const yaml = REGISTRY.byId.get("yaml")!;
const bytes = (s: string) => new TextEncoder().encode(s);
const keys = (n: number, indent = "") => Array.from({ length: n }, (_, i) => `${indent}key_${i}: ${i}\n`).join("");

/** The top-level keys of a YAML text and their 1-based lines: what a line oracle reads. */
function columnZeroKeys(text: string): { name: string; line: number }[] {
  return text.split("\n").flatMap((l, i) => {
    const m = /^([A-Za-z_][\w.-]*):/.exec(l);
    return m ? [{ name: m[1], line: i + 1 }] : [];
  });
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

describe("pieces", () => {
  test("cut at top-level lines, each piece within the limit, covering the text", () => {
    const text = "a:\n  - 1\n  - 2\nb: 2\n# note\nc:\n  d: 1\ne: 5\n";
    const got = pieces(text, 3);
    expect(got.map((p) => text.slice(p.from, p.to))).toEqual(["a:\n  - 1\n  - 2\n", "b: 2\n# note\n", "c:\n  d: 1\ne: 5\n"]);
    expect(got.map((p) => p.row)).toEqual([0, 3, 5]);
    expect(got.every((p) => !p.forced)).toBe(true);
    expect(pieces(text, 100)).toEqual([{ from: 0, to: text.length, row: 0, forced: false }]);
  });

  test("an item longer than the limit is cut at the limit, and its rest ends at the next top-level line", () => {
    const text = "a:\n  x: 1\n  y: 2\n  z: 3\n  w: 4\nb: 2\n";
    const got = pieces(text, 3);
    expect(got.map((p) => [text.slice(p.from, p.to), p.forced])).toEqual([
      ["a:\n  x: 1\n  y: 2\n", false],
      ["  z: 3\n  w: 4\n", true],
      ["b: 2\n", false],
    ]);
  });
});

describe("YAML past 32,768 lines", () => {
  test("50,000 top-level keys: every key, at its line (the line oracle), no diagnostic", async () => {
    const text = keys(50_000);
    const o = await outlineSource({ path: "big.yaml", bytes: bytes(text), language: yaml });
    expect(o.diagnostics).toEqual([]);
    expect(o.unparsedRanges).toBeUndefined();
    expect(o.symbols.map((s) => ({ name: s.name, line: s.startLine }))).toEqual(columnZeroKeys(text));
  }, 60_000);

  test("one mapping longer than the limit: it spans its lines, the key after it is outlined, and the cut is named", async () => {
    const text = "a: 1\nroot:\n" + keys(40_000, "  ") + "# end of root\nz: 2\n";
    const o = await outlineSource({ path: "big.yaml", bytes: bytes(text), language: yaml });
    expect(o.symbols.map((s) => [s.name, s.startLine, s.endLine])).toEqual([
      ["a", 1, 1],
      ["root", 2, 40_002],
      ["z", 40_004, 40_004],
    ]);
    expect(o.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^read in pieces of at most 32000 lines .*inside an item/)]);
  }, 60_000);

  test("changed sees the edit of key_5 in a 50,000-key file", async () => {
    const r: TempRepo = tempRepo();
    cleanups.push(r.cleanup);
    r.write("big.yaml", keys(50_000));
    r.commit("base");
    r.write("big.yaml", keys(50_000).replace("key_5: 5\n", "key_5: 55\n").replace("key_49000: 49000\n", "key_49000: 1\n"));
    r.commit("head");
    const out = await runCli(["changed", "--base", "HEAD~1", "--head", "HEAD", "--format", "json"], r.path);
    expect(out.stderr).toBe("");
    const set = JSON.parse(out.stdout) as { files: { path: string; symbols: { qualifiedName: string; change: string }[] }[] };
    expect(set.files.flatMap((f) => f.symbols.map((s) => `${s.change} ${s.qualifiedName}`))).toEqual(["modified key_5", "modified key_49000"]);
  }, 120_000);
});
