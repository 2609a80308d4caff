// Walk the language table: every row is a folder of grammars/ that follows the schema, every
// grammar loads, every query compiles and uses only known captures, every language has
// fixtures, and the table refuses duplicates.
import { describe, expect, test } from "bun:test";
import Ajv from "ajv";
import { LANGUAGES, buildRegistry, REGISTRY, resolveRows, type LanguageRow } from "../src/core/languages/registry.ts";
import { LANGUAGE_ROWS } from "../grammars/languages.ts";
import { between, fieldList } from "../scripts/language-docs.ts";
import { Query } from "web-tree-sitter";
import { loadGrammar, loadQuery } from "../src/core/parse/parser.ts";
import { assets } from "../src/core/parse/assets.ts";
import { detectLanguage, HEAD_BYTES, languageByName, nameAllows, shebangInterpreter } from "../src/core/languages/detect.ts";
import { SYMBOL_KINDS } from "../src/core/types.ts";
import { fixtureCases } from "./golden.test.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { existsSync, readdirSync, readFileSync } from "node:fs";
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

  test("each folder of grammars/ with a language.json is a row of grammars/languages.ts, named by its folder", () => {
    const folders = readdirSync(join(ROOT, "grammars"), { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(ROOT, "grammars", e.name, "language.json")))
      .map((e) => e.name);
    expect(LANGUAGE_ROWS.map((r) => r.id).sort()).toEqual(folders.sort());
    for (const id of folders) expect(JSON.parse(readFileSync(join(ROOT, "grammars", id, "language.json"), "utf8")).id).toBe(id);
  });

  test("every row follows grammars/language.schema.json, and its notes explain fields it has", () => {
    const schema = JSON.parse(readFileSync(join(ROOT, "grammars", "language.schema.json"), "utf8"));
    const validate = new Ajv({ allErrors: true }).compile(schema);
    for (const row of LANGUAGE_ROWS as LanguageRow[]) {
      validate(row);
      expect({ id: row.id, errors: validate.errors ?? [] }).toEqual({ id: row.id, errors: [] });
      const spec = REGISTRY.byId.get(row.id)!;
      for (const field of Object.keys(row.notes ?? {})) expect({ id: row.id, field, has: field in spec }).toEqual({ id: row.id, field, has: true });
    }
    validate({ id: "x", name: "X", extensions: [".x"], grammar: { package: "p", file: "f", source: "npm:p@1.0.0", licence: "MIT", sha256: "0".repeat(64) }, leadingTypess: [] });
    expect(validate.errors?.map((e) => e.params)).toEqual([{ additionalProperty: "leadingTypess" }]);
  });

  test("a row takes what it leaves out from the row it extends, never its id, name or files", () => {
    const base: LanguageRow = { id: "a", name: "A", extensions: [".a"], interpreters: ["a"], grammar: { package: "p", file: "a.wasm", source: "npm:p@1.0.0", licence: "MIT", sha256: "0".repeat(64) }, commentTypes: ["comment"], nameTrim: "^x" };
    const [a, b, c] = resolveRows([base, { id: "b", extends: "a", name: "B", extensions: [".b"], nameTrim: "^y" }, { id: "c", extends: "b", name: "C", extensions: [".c"] }]);
    expect(b).toEqual({ id: "b", name: "B", extensions: [".b"], nameTrim: "^y", grammar: a.grammar, commentTypes: ["comment"] });
    expect(c).toEqual({ ...b, id: "c", name: "C", extensions: [".c"] });
    expect(() => resolveRows([{ id: "a", extends: "z", name: "A", extensions: [] }])).toThrow(/extends z, which is no language/);
    expect(() => resolveRows([{ id: "a", extends: "b", name: "A", extensions: [] }, { id: "b", extends: "a", name: "B", extensions: [] }])).toThrow(/a extends b extends a/);
  });

  test("docs/adding-a-language.md lists the fields as the schema describes them (bun scripts/language-docs.ts)", () => {
    const doc = readFileSync(join(ROOT, "docs", "adding-a-language.md"), "utf8");
    expect(doc).toBe(between(doc, "fields", fieldList()));
  });

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
