// Grammars load lazily: a command loads only the grammars of the languages of the files it
// parses, so each language added costs nothing to a run that has none of its files. A query is
// compiled against its grammar's loaded Language (src/core/parse/parser.ts), so no other
// language's query is compiled either (run from source, the engine id reads every query's
// text; the binary carries its id). Each command runs in a fresh process
// (test/helpers/grammar-loads.ts) that records every grammar read through the asset source.
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "./helpers/cli.ts";

function loads(cwd: string, args: string[]): { code: number; grammars: string[] } {
  const r = spawnSync(process.execPath, [join(ROOT, "test/helpers/grammar-loads.ts"), cwd, ...args], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split("\n").pop()!);
}

describe("grammars load lazily", () => {
  test("outline of a Python file loads the Python grammar only", () => {
    const r = loads(ROOT, ["outline", "fixtures/python/notifier.py"]);
    expect(r.code).toBe(0);
    expect(r.grammars).toEqual(["tree-sitter-python.wasm"]);
  }, 30_000);

  test("outline of a TypeScript file loads the TypeScript grammar only", () => {
    const r = loads(ROOT, ["outline", "fixtures/typescript/basic.ts"]);
    expect(r.code).toBe(0);
    expect(r.grammars).toEqual(["tree-sitter-typescript.wasm"]);
  }, 30_000);

  test("outline of a Julia file loads Julia's (the recording sees the languages added last)", () => {
    const r = loads(ROOT, ["outline", "fixtures/julia/shapes.jl"]);
    expect(r.code).toBe(0);
    expect(r.grammars).toEqual(["tree-sitter-julia.wasm"]);
  }, 30_000);

  for (const args of [["outline", "src"], ["index"]]) {
    test(`${args.join(" ")} of a repository of Python and TypeScript files loads those two grammars only`, () => {
      const dir = tempDir();
      try {
        mkdirSync(join(dir.path, "src"));
        cpSync(join(ROOT, "fixtures/python/notifier.py"), join(dir.path, "src/notifier.py"));
        cpSync(join(ROOT, "fixtures/typescript/basic.ts"), join(dir.path, "src/basic.ts"));
        spawnSync("git", ["init", "-q"], { cwd: dir.path });
        const r = loads(dir.path, args);
        expect(r.code).toBe(0);
        expect([...r.grammars].sort()).toEqual(["tree-sitter-python.wasm", "tree-sitter-typescript.wasm"]);
      } finally {
        dir.cleanup();
      }
    }, 60_000);
  }
});
