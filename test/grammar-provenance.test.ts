// Every grammar is the one its language's row records (`grammar`: source, licence, sha256, and
// for one built here the build): the .wasm the binary embeds has the recorded sha256, an npm
// package's .wasm is the recorded version's, a grammar built here (scripts/build-grammar.ts) is
// committed under grammars/, loads in the runtime and parses, and its version (hence the engine
// id) follows the recorded build.
import { describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES, type GrammarSource } from "../src/core/languages/registry.ts";
import { builtVersion, parseSource } from "../src/core/parse/grammar-provenance.ts";
import { grammarFile, grammarVersionOnDisk, packageDir } from "../src/core/parse/assets.ts";
import { parse } from "../src/core/parse/parser.ts";
import { ROOT } from "./helpers/cli.ts";

/** Every grammar of the table, once: each language's own, and a container's host grammar. */
const GRAMMARS = [...new Map(LANGUAGES.flatMap((s) => [s.grammar, s.embedded?.hostGrammar].filter((g): g is GrammarSource => !!g).map((g) => [`${g.package}/${g.file}`, { id: s.id, grammar: g }] as const))).values()];

/** A line of each language built here that its grammar must parse without an error. */
const SAMPLES: Record<string, string> = {
  swift: "final class A {\n  static func == (l: A, r: A) -> Bool { true }\n}\n",
  kotlin: "fun f() {\n  val in1 = g()\n  in1.close()\n}\n",
  elixir: "defmodule A do\n  def f(x) when x > 0, do: x\nend\n",
  perl: "package A;\nsub f { my ($x) = @_; return $x // 1 }\n1;\n",
  solidity: "contract A {\n  function f(uint x) external pure returns (uint) { return x; }\n}\n",
  svelte: "<script lang=\"ts\">\n  let n = 1;\n</script>\n{#if n}<p>{n}</p>{/if}\n",
};

describe("grammar provenance", () => {
  test("these grammars are built here", () => {
    expect(GRAMMARS.filter((g) => g.grammar.build).map((g) => g.id).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  for (const { id, grammar: g } of GRAMMARS) {
    test(`${id} (${g.file}): the .wasm embedded is the recorded one, from its recorded source`, () => {
      const source = parseSource(g.source);
      expect(g.licence).toMatch(/^[A-Za-z0-9.+-]+$/);
      const file = grammarFile(ROOT, g);
      expect(createHash("sha256").update(readFileSync(file)).digest("hex")).toBe(g.sha256);
      if (g.build) {
        expect(file.startsWith(join(ROOT, "grammars"))).toBe(true);
        expect(g.version).toBeTruthy();
        if (source.kind === "npm") expect(g.integrity).toMatch(/^sha512-[A-Za-z0-9+/]+=*$/);
        if (g.build.patch) expect(existsSync(join(ROOT, "grammars", id, g.build.patch))).toBe(true);
      } else {
        // The package's own .wasm, at the version recorded (package.json pins it exactly).
        expect(source).toMatchObject({ kind: "npm", package: g.package });
        expect(JSON.parse(readFileSync(join(packageDir(ROOT, g.package), "package.json"), "utf8")).version).toBe((source as { version: string }).version);
      }
    });
  }

  for (const { id, grammar: g } of GRAMMARS.filter((x) => x.grammar.build)) {
    test(`${id}: its version names the build, so the engine id follows it`, () => {
      expect(grammarVersionOnDisk(ROOT, g)).toBe(builtVersion(g));
      expect(builtVersion({ ...g, sha256: "0".repeat(64) })).not.toBe(builtVersion(g));
    });

    test(`${id}: the module loads and parses`, async () => {
      const tree = await parse(g, SAMPLES[id]);
      try {
        expect(tree.rootNode.hasError).toBe(false);
      } finally {
        tree.delete();
      }
    });
  }

  test("a source is an npm package at a version or a repository at a commit", () => {
    expect(parseSource("npm:@tree-sitter-grammars/tree-sitter-kotlin@1.1.0")).toEqual({ kind: "npm", package: "@tree-sitter-grammars/tree-sitter-kotlin", version: "1.1.0" });
    expect(parseSource(`github:tree-sitter/tree-sitter-cpp@${"a".repeat(40)}`)).toEqual({ kind: "github", owner: "tree-sitter", repo: "tree-sitter-cpp", commit: "a".repeat(40) });
    expect(() => parseSource("github:tree-sitter/tree-sitter-cpp@master")).toThrow(/neither/);
  });
});
