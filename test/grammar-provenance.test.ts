// Grammars built in this repository (scripts/build-grammar.ts): the committed .wasm is the one
// its GRAMMAR.md records, the record names the registry's package and an existing patch, the
// module loads in the runtime and parses, and its version (hence the engine id) follows the
// recorded build.
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { LANGUAGES } from "../src/core/languages/registry.ts";
import { builtVersion, parseProvenance } from "../src/core/parse/grammar-provenance.ts";
import { grammarVersionOnDisk } from "../src/core/parse/assets.ts";
import { parse } from "../src/core/parse/parser.ts";
import { ROOT } from "./helpers/cli.ts";

// A language whose own grammar or whose host grammar (Svelte's) is built here, with that grammar.
const built = LANGUAGES.flatMap((s) => {
  const grammar = s.grammar.built ? s.grammar : s.embedded?.hostGrammar.built ? s.embedded.hostGrammar : undefined;
  return grammar ? [{ id: s.id, grammar }] : [];
});

/** A line of each built language that its grammar must parse without an error. */
const SAMPLES: Record<string, string> = {
  swift: "final class A {\n  static func == (l: A, r: A) -> Bool { true }\n}\n",
  kotlin: "fun f() {\n  val in1 = g()\n  in1.close()\n}\n",
  elixir: "defmodule A do\n  def f(x) when x > 0, do: x\nend\n",
  perl: "package A;\nsub f { my ($x) = @_; return $x // 1 }\n1;\n",
  solidity: "contract A {\n  function f(uint x) external pure returns (uint) { return x; }\n}\n",
  svelte: "<script lang=\"ts\">\n  let n = 1;\n</script>\n{#if n}<p>{n}</p>{/if}\n",
};

describe("grammars built here", () => {
  test("these grammars are built here", () => {
    expect(built.map((s) => s.id).sort()).toEqual(["elixir", "kotlin", "perl", "solidity", "svelte", "swift"]);
  });

  for (const spec of built) {
    const wasm = join(ROOT, "grammars", spec.grammar.file);
    const record = () => parseProvenance(readFileSync(join(dirname(wasm), "GRAMMAR.md"), "utf8"));

    test(`${spec.id}: the committed .wasm is the recorded build`, () => {
      const p = record();
      expect(p.package).toBe(spec.grammar.package);
      expect(p.output).toBe(basename(wasm));
      expect(p.integrity).toMatch(/^sha512-[A-Za-z0-9+/]+=*$/);
      if (p.patch) expect(existsSync(join(dirname(wasm), p.patch))).toBe(true);
      expect(createHash("sha256").update(readFileSync(wasm)).digest("hex")).toBe(p.sha256);
    });

    test(`${spec.id}: its version names the build, so the engine id follows it`, () => {
      const p = record();
      expect(grammarVersionOnDisk(ROOT, spec.grammar)).toBe(builtVersion(p));
      expect(builtVersion({ ...p, sha256: "0".repeat(64) })).not.toBe(builtVersion(p));
    });

    test(`${spec.id}: the module loads and parses`, async () => {
      const tree = await parse(spec.grammar, SAMPLES[spec.id]);
      try {
        expect(tree.rootNode.hasError).toBe(false);
      } finally {
        tree.delete();
      }
    });
  }

  test("a record without a field is refused", () => {
    expect(() => parseProvenance("# x\n\n## Provenance\n- package: p\n- version: 1\n")).toThrow(/integrity/);
  });
});
