// Walk the language table: every grammar loads, every query compiles and uses only known
// captures, every language has fixtures, and the table refuses duplicates.
import { describe, expect, test } from "bun:test";
import { LANGUAGES, buildRegistry, REGISTRY } from "../src/core/languages/registry.ts";
import { Query } from "web-tree-sitter";
import { loadGrammar, loadQuery } from "../src/core/parse/parser.ts";
import { assets } from "../src/core/parse/assets.ts";
import { detectLanguage, HEAD_BYTES, languageByName, nameAllows, shebangInterpreter } from "../src/core/languages/detect.ts";
import { SYMBOL_KINDS } from "../src/core/types.ts";
import { fixtureCases } from "./golden.test.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./helpers/cli.ts";

const KNOWN_CAPTURES = new Set(["name", "qualifier", "body", "doc", "import", "import.name", "value"]);

describe("language registry", () => {
  for (const spec of LANGUAGES) {
    test(`${spec.id}: grammar loads, query compiles with known captures`, async () => {
      await loadGrammar(spec.grammar);
      if (spec.embedded) await loadGrammar(spec.embedded.hostGrammar);
      // The outline query, and each profile's query in its place (registry `profiles`).
      for (const definitions of [undefined, ...(spec.profiles ?? []).map((p) => p.query)]) {
        const query = await loadQuery(spec, { definitions });
        for (const cap of query.captureNames) {
          if (cap.startsWith("_")) continue; // predicate helpers
          const [head, kind] = cap.split(".");
          if (head === "definition" || head === "declaration") expect(SYMBOL_KINDS as readonly string[]).toContain(kind);
          else expect({ definitions, cap, known: KNOWN_CAPTURES.has(cap) || /^name\.[2-9]$/.test(cap) }).toEqual({ definitions, cap, known: true });
        }
      }
    });
    // Some prebuilt grammars keep scanner state between parses (tree-sitter-wasms' Lua does):
    // every language must give the same outline the second time in one process.
    test(`${spec.id}: parses the same twice in one process`, async () => {
      const first = fixtureCases().find((c) => c.lang === spec.id);
      if (!first) throw new Error(`no fixture for ${spec.id}`);
      const bytes = readFileSync(join(ROOT, first.file));
      const a = await outlineSource({ path: first.file, bytes, language: spec });
      const b = await outlineSource({ path: first.file, bytes, language: spec });
      expect(b).toEqual(a);
    });
    // `changed` compiles outline.scm without imports.scm: the definitions must be all there.
    test(`${spec.id}: outline.scm holds the definitions, imports.scm the imports; without imports the symbols are the same`, async () => {
      const folder = spec.query ?? spec.id;
      const importsOnly = assets().queryFile(folder, "imports.scm");
      const definitions = await loadQuery(spec, { imports: false });
      expect(definitions.captureNames.filter((c) => c.startsWith("import"))).toEqual([]);
      if (importsOnly !== undefined) {
        const lang = await loadGrammar(spec.grammar);
        const imports = new Query(lang, importsOnly);
        expect(imports.captureNames.filter((c) => !c.startsWith("_") && !c.startsWith("import"))).toEqual([]);
        imports.delete();
      }
      for (const c of fixtureCases().filter((f) => f.lang === spec.id)) {
        const bytes = readFileSync(join(ROOT, c.file));
        const full = await outlineSource({ path: c.file, bytes, language: spec });
        const defsOnly = await outlineSource({ path: c.file, bytes, language: spec, imports: false });
        expect({ file: c.file, outline: defsOnly }).toEqual({ file: c.file, outline: { ...full, imports: [] } });
      }
    });
    test(`${spec.id}: has golden fixtures`, () => {
      expect(fixtureCases().filter((c) => c.lang === spec.id).length).toBeGreaterThan(0);
    });
  }

  test("a duplicate extension is refused", () => {
    expect(() => buildRegistry([...LANGUAGES, { ...LANGUAGES[0], id: "other" }])).toThrow(/claimed by/);
  });

  test("detection: override, name, a dialect's #! line, shared extension, then #!", () => {
    const text = (s: string) => new TextEncoder().encode(s);
    const none = new Uint8Array(0);
    expect(detectLanguage("x.py", none)?.id).toBe("python");
    expect(detectLanguage("x.TS", none)?.id).toBe("typescript");
    expect(detectLanguage("script", text("#!/usr/bin/env python3\nprint(1)\n"))?.id).toBe("python");
    expect(detectLanguage("script", text("#!/usr/bin/env -S node --harmony\n"))?.id).toBe("javascript");
    expect(detectLanguage("x.txt", none)).toBeUndefined();
    expect(detectLanguage("x.txt", none, "python")?.id).toBe("python");
    expect(shebangInterpreter("#!/usr/bin/python3.11\n")).toBe("python3");
    expect(REGISTRY.byExtension.get(".tsx")?.id).toBe("tsx");
    expect(detectLanguage("Rakefile", none)?.id).toBe("ruby");
    expect(detectLanguage("bin/setup", text("#!/usr/bin/env ruby\n"))?.id).toBe("ruby");
    expect(detectLanguage("deploy", text("#!/bin/zsh\nf() {}\n"))?.id).toBe("zsh");
    expect(detectLanguage("run", text("#!/usr/bin/env luajit\nlocal function f() end\n"))?.id).toBe("lua");
    expect(detectLanguage("x.h", text("#include <stdio.h>\nint f(void);\n"))?.id).toBe("c");
    expect(detectLanguage("x.h", text("#pragma once\nnamespace geo {\nclass Shape {};\n}\n"))?.id).toBe("cpp");
    expect(detectLanguage("x.h", text("struct S { int x; };\ntemplate <typename T> T id(T x);\n"))?.id).toBe("cpp");
    // The name wins over a #! line naming another grammar's language; a dialect's #! line wins.
    expect(detectLanguage("cli.ts", text("#!/usr/bin/env node\nconst x: number = 1;\n"))?.id).toBe("typescript");
    expect(detectLanguage("setup.sh", text("#!/usr/bin/env zsh\nsetopt extendedglob\n"))?.id).toBe("zsh");
    expect(detectLanguage("env.zsh", text("#!/bin/bash\nexport A=1\n"))?.id).toBe("bash");
    expect(detectLanguage("x.zsh", none)?.id).toBe("zsh");
    expect(detectLanguage(".zshrc", none)?.id).toBe("zsh");
  });

  test("detection reads the first 64 KiB, whatever the caller passes", () => {
    const late = new TextEncoder().encode(`${"int f(void);\n".repeat(6000)}namespace late {}\n`);
    expect(late.length).toBeGreaterThan(HEAD_BYTES);
    expect(detectLanguage("x.h", late)?.id).toBe("c");
    const early = new TextEncoder().encode(`${"int f(void);\n".repeat(100)}namespace early {}\n${"int g(void);\n".repeat(6000)}`);
    expect(detectLanguage("x.h", early)?.id).toBe("cpp");
    expect(detectLanguage("x.h", early.subarray(0, HEAD_BYTES))?.id).toBe("cpp");
  });

  test("what a name allows: a record of unchanged content is trusted only for these", () => {
    expect(languageByName("a/b.h")?.id).toBe("c");
    expect(nameAllows("a/b.h", "c")).toBe(true);
    expect(nameAllows("a/b.h", "cpp")).toBe(true);
    expect(nameAllows("a/b.sh", "zsh")).toBe(true);
    expect(nameAllows("a/b.zsh", "bash")).toBe(true);
    expect(nameAllows("a/b.c", "cpp")).toBe(false);
    expect(nameAllows("a/b.ts", "javascript")).toBe(false);
    expect(nameAllows("a/b.txt", "python")).toBe(false);
  });
});
