// Backtick-quoted names (Kotlin, Swift, Scala): the name is the whole text between the quotes,
// whatever it holds (spaces, `|`, `<`), the same in all three; the signature keeps the source
// as written; `symbol` finds it by the bare or the quoted name. Scala runs on the current
// grammar (tree-sitter-wasms), which splits such a name around error nodes.
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, tempDir } from "./helpers/cli.ts";

interface Sym {
  name: string;
  qualifiedName: string;
  signature: string;
  children?: Sym[];
}

const flat = (symbols: Sym[]): Sym[] => symbols.flatMap((s) => [s, ...flat(s.children ?? [])]);

async function outline(dir: string, file: string, text: string): Promise<Sym[]> {
  writeFileSync(join(dir, file), text);
  const r = await runCli(["outline", file, "--format", "json"], dir);
  expect(r.code).toBe(0);
  return flat(JSON.parse(r.stdout).symbols);
}

describe("backtick-quoted names", () => {
  test("Scala, Kotlin and Swift: the whole text between the backticks, signature as written", async () => {
    const dir = tempDir();
    try {
      const scala = await outline(dir.path, "a.scala", "object O {\n  def `src|<x y`() = 1\n  def plain() = 3\n}\nclass `A B` {\n  def `m n`(x: Int) = x\n}\n");
      expect(scala.map((s) => [s.qualifiedName, s.signature])).toEqual([
        ["O", "object O"],
        ["O.src|<x y", "def `src|<x y`()"],
        ["O.plain", "def plain()"],
        ["A B", "class `A B`"],
        ["A B.m n", "def `m n`(x: Int)"],
      ]);
      const kotlin = await outline(dir.path, "a.kt", "class T {\n  fun `my test name`() {}\n  fun `a|<b`() {}\n  fun plain() {}\n}\n");
      expect(kotlin.map((s) => s.qualifiedName)).toEqual(["T", "T.my test name", "T.a|<b", "T.plain"]);
      expect(kotlin[1].signature).toBe("fun `my test name`()");
      const swift = await outline(dir.path, "a.swift", "class T {\n  func `default`() {}\n  func plain() {}\n}\nlet `if` = 2\n");
      expect(swift.map((s) => s.qualifiedName)).toEqual(["T", "T.default", "T.plain", "if"]);
    } finally {
      dir.cleanup();
    }
  });

  test("symbol finds a quoted name by its bare text or as quoted in the source", async () => {
    const dir = tempDir();
    try {
      writeFileSync(join(dir.path, "a.scala"), "object O {\n  def `src|<x y`() = 1\n}\nclass `A B` {\n  def `m n`(x: Int) = x\n}\n");
      for (const q of ["O.src|<x y", "O.`src|<x y`", "`src|<x y`", "`A B`.`m n`", "A B.m n"]) {
        const r = await runCli(["symbol", "a.scala", q], dir.path);
        expect(r.code).toBe(0);
      }
      expect((await runCli(["symbol", "a.scala", "O.`src|<x y`"], dir.path)).stdout).toContain("def `src|<x y`() = 1");
    } finally {
      dir.cleanup();
    }
  });
});
