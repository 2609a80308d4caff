// Parse masks (grammars/<folder>/masks/, core/outline/parse-mask.ts): C/C++ declarations headed by macros the parser
// cannot expand are recognised, C# files that only parse as one preprocessor configuration are
// read as one (the branches left out named as unparsed), and a mask never moves an offset or a
// line, so the outline is still sliced from the file itself.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { outlineFile } from "../src/app/outline-file.ts";
import { maskMacros } from "../grammars/c/masks/macros.ts";
import { maskPreprocessor } from "../grammars/c/masks/preprocessor.ts";
import { maskBranches } from "../grammars/c/masks/branches.ts";
import { maskSwift } from "../grammars/swift/masks/syntax.ts";
import { maskJulia } from "../grammars/julia/masks/syntax.ts";
import { maskMake } from "../grammars/make/masks/parentheses.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { flatten } from "../src/core/symbols/find.ts";
import { ROOT, testEnv } from "./helpers/cli.ts";

const FAMILY = ["c", "cpp", "csharp"];

function sources(): { path: string; text: string }[] {
  return FAMILY.flatMap((lang) =>
    readdirSync(join(ROOT, "fixtures", lang))
      .filter((n) => !/\.outline\.(txt|json)$/.test(n))
      .map((n) => ({ path: `fixtures/${lang}/${n}`, text: readFileSync(join(ROOT, "fixtures", lang, n), "utf8") })),
  );
}

/**
 * Every character kept, blanked, or (a preprocessor condition read as true) made `1` / a
 * continuation kept, or (C's typed macro blocks) made the letter standing for the arguments.
 */
function expectSameShape(original: string, masked: string) {
  expect(masked.length).toBe(original.length);
  for (let i = 0; i < original.length; i++) {
    const a = original[i];
    const b = masked[i];
    if (a === "\n" || a === "\r") expect(b).toBe(a);
    else if (a !== b) expect(b === " " || b === "1" || b === "\\" || b === "x").toBe(true);
  }
}

async function outline(language: string, text: string) {
  return outlineSource({ path: `case.${language}`, bytes: new TextEncoder().encode(text), language: REGISTRY.byId.get(language)! });
}

describe("masks keep every offset and line", () => {
  for (const { path, text } of sources()) {
    test(path, () => {
      expectSameShape(text, maskMacros(text));
      expectSameShape(text, maskMacros(text, { typedBlocks: true }));
      const one = maskPreprocessor(text);
      if (one) expectSameShape(text, one.text);
      const branches = maskBranches(text);
      if (branches) expectSameShape(text, branches.text);
    });
  }
});

describe("C/C++: declarations headed by macros", () => {
  test("macro-headed classes, structs, functions and members are outlined with the macros in their signatures", async () => {
    const { outline: file } = await outlineFile(testEnv(), join(ROOT, "fixtures/cpp/macros.hpp"));
    const syms = flatten(file.symbols);
    const at = (q: string) => syms.find((s) => s.qualifiedName === q);
    expect(at("detail.pipe")).toMatchObject({ kind: "struct", startLine: 13, endLine: 16, signature: "struct WIDGET_API pipe" });
    expect(at("detail.Canvas")).toMatchObject({ kind: "class", startLine: 18, endLine: 27 });
    expect(at("detail.Canvas.draw")?.signature).toBe("WIDGET_CONSTEXPR20 void draw(int x, int y) const WIDGET_NOEXCEPT;");
    expect(at("detail.Canvas.npos")?.startLine).toBe(21);
    expect(at("detail.Canvas.operator bool")?.startLine).toBe(22);
    expect(at("detail.Canvas.open_")?.startLine).toBe(26);
    expect(at("detail.register_canvas")).toMatchObject({ startLine: 32, endLine: 32 });
    expect(at("detail.convert")).toMatchObject({ startLine: 34, endLine: 35 });
    expect(at("detail.call_members")).toMatchObject({ startLine: 44, endLine: 48 });
    expect(at("basic_widget")).toMatchObject({ kind: "class", startLine: 54, endLine: 56 });
    expect(at("after_everything")?.signature).toBe("WIDGET_API int after_everything(void);");
    // `enum : unsigned { ... }` has no name: its enumerators belong to the namespace, as an anonymous enum's do.
    expect(at("detail.kFirst")?.startLine).toBe(37);
    // No macro became a definition of its own (the #defines are the only WIDGET_ names).
    expect(syms.filter((s) => s.name.startsWith("WIDGET_") && s.kind !== "macro")).toEqual([]);
  });

  test("C: export and inline macros, a macro-made declaration", async () => {
    const { outline: file } = await outlineFile(testEnv(), join(ROOT, "fixtures/c/macros.c"));
    expect(flatten(file.symbols).map((s) => `${s.qualifiedName} ${s.startLine}-${s.endLine}`)).toEqual([
      "BUF_API 4-4", "buffer_size 6-6", "buffer_open 8-11", "buffer_clamp 15-18", "header 20-23", "header.magic 21-21", "header.length 22-22", "buffer_close 25-25",
    ]);
    expect(file.diagnostics).toEqual([]);
  });

  test("a file without macros in declaration heads is parsed as written", () => {
    const text = "int f(int x) { return X_MAX > x ? x : X_MAX; }\nstruct S { int a; };\n";
    expect(maskMacros(text)).toBe(text);
  });
});

describe("C#: #if splitting a declaration", () => {
  test("read as one configuration; the branches left out are named as unparsed", async () => {
    const { outline: file } = await outlineFile(testEnv(), join(ROOT, "fixtures/csharp/Preprocessor.cs"));
    const names = flatten(file.symbols).map((s) => `${s.qualifiedName} ${s.startLine}-${s.endLine}`);
    expect(names).toEqual([
      "Company.Data 10-48", "Company.Data.Token 13-42", "Company.Data.Token.Id 18-18", "Company.Data.Token.Read 20-33",
      "Company.Data.Token.Clone 36-36", "Company.Data.Token.ToString 41-41", "Company.Data.IToken 44-47", "Company.Data.IToken.Id 46-46",
    ]);
    expect(file.unparsedRanges).toEqual([{ startLine: 7, endLine: 7 }, { startLine: 38, endLine: 38 }]);
    expect(file.diagnostics.map((d) => d.message)).toEqual(["read as one configuration: the first branch of each #if (the others are unparsed)"]);
  });

  test("a file whose branches parse as written keeps every branch", async () => {
    const text = "namespace N\n{\n#if NET20\n    public class Old { }\n#else\n    public class New { }\n#endif\n}\n";
    const file = await outline("csharp", text);
    expect(flatten(file.symbols).map((s) => s.qualifiedName)).toEqual(["N", "N.Old", "N.New"]);
    expect(file.unparsedRanges).toBeUndefined();
  });
});

describe("C/C++: conditionals that split a block", () => {
  const text = [
    "#ifdef __cplusplus",
    'extern "C" {',
    "#endif",
    "#ifdef A",
    "int a(void) { return 1; }",
    "#else",
    "int b(void) { return 2; }",
    "#endif",
    "static int f(int x) {",
    "#ifdef WIN",
    "  if (x) {",
    "#else",
    "  if (x > 1) {",
    "#endif",
    "    return 1;",
    "  }",
    "  return 0;",
    "}",
    "#ifdef _WIN32",
    "static int g(void) {",
    "#else",
    "static int g(int y) {",
    "#endif",
    "  return 2;",
    "}",
    "#ifdef __cplusplus",
    "}",
    "#endif",
    "",
  ].join("\n");

  test("balanced branches are kept whole; a body's branches and a split head are read as their first branch", () => {
    const masked = maskBranches(text)!;
    const lines = masked.text.split("\n");
    expect(lines[4]).toBe("int a(void) { return 1; }");
    expect(lines[6]).toBe("int b(void) { return 2; }");
    expect(lines[10]).toBe("  if (x) {");
    expect(lines[12].trim()).toBe("");
    expect(lines[21].trim()).toBe("");
    expect(lines[1]).toBe('extern "C" {');
    expect(lines[0].trim()).toBe("");
    // Only the split head's other branch could hold a definition: the body's is not reported.
    expect(masked.leftOut).toEqual([{ startLine: 22, endLine: 22 }]);
  });

  test("the outline reads every function and reports the branch it left out", async () => {
    const file = await outline("c", text);
    expect(flatten(file.symbols).map((s) => `${s.name}:${s.startLine}-${s.endLine}`)).toEqual(["a:5-5", "b:7-7", "f:9-18", "g:20-25"]);
    expect(file.diagnostics.some((d) => d.message.startsWith("syntax error"))).toBe(false);
    expect(file.unparsedRanges).toEqual([{ startLine: 22, endLine: 22 }]);
  });
});

describe("Swift: conditional compilation lines and syntax newer than the grammar", () => {
  const swift = readdirSync(join(ROOT, "fixtures", "swift")).filter((n) => n.endsWith(".swift"));
  for (const name of swift) {
    test(`fixtures/swift/${name} keeps every offset and line`, () => {
      const text = readFileSync(join(ROOT, "fixtures", "swift", name), "utf8");
      expectSameShape(text, maskSwift(text));
    });
  }

  test("every branch of a conditional is outlined, the file reads without a syntax error", async () => {
    const text = "class S {\n#if DEBUG\n  var a: Int = 1\n#else\n  var b: Int = 2\n#endif\n  nonisolated(unsafe) var c = 0\n  @Flag() var d: Bool\n}\n";
    const file = await outline("swift", text);
    expect(flatten(file.symbols).map((s) => `${s.name}:${s.startLine}`)).toEqual(["S:1", "a:3", "b:5", "c:7", "d:8"]);
    expect(file.diagnostics).toEqual([]);
    expect(flatten(file.symbols).find((s) => s.name === "d")?.signature).toBe("var d: Bool");
  });
});

describe("Julia: syntax newer than tree-sitter-julia 0.23.1", () => {
  /** Line breaks kept; every other change a blank, a `_` of a quoted keyword, or `const` read as `@cons`. */
  function expectJuliaShape(original: string, masked: string) {
    expect(masked.length).toBe(original.length);
    for (let i = 0; i < original.length; i++) {
      const a = original[i];
      const b = masked[i];
      if (a === "\n" || a === "\r") expect(b).toBe(a);
      else if (a !== b && b !== " " && b !== "_") {
        const at = masked.lastIndexOf("@cons", i);
        expect(at >= 0 && i < at + 5 && original.slice(at, at + 5) === "const").toBe(true);
      }
    }
  }

  const julia = readdirSync(join(ROOT, "fixtures", "julia")).filter((n) => n.endsWith(".jl"));
  for (const name of julia) {
    test(`fixtures/julia/${name} keeps every offset and line`, () => {
      const text = readFileSync(join(ROOT, "fixtures", "julia", name), "utf8");
      expectJuliaShape(text, maskJulia(text));
    });
  }

  const constructs: [string, string][] = [
    ["a const field", "mutable struct S\n    const x::Int\n    const y   # fixed\n    z\nend\n"],
    ["a macro imported by a relative path", "module M\nimport ..@m\nusing ..A.@n\nend\n"],
    ["a comma before the keyword arguments' `;`", "function f(a,\n    b,\n    ;\n    c = 1,\n)\n    g(a, ; c)\nend\n"],
    ["an interpolated let head", "f() = quote\n    let $(args...)\n        1\n    end\nend\n"],
    ["keywords quoted as symbols", "h(ex) = (ex.head === :for, [:function => 1], f(:in => 2), g(:where => 3))\nif x == :begin\nend\n"],
    ["an escaped dollar after a quote in a triple-quoted string", "s = \"\"\"\n    for a in \"\\$@\"; do\n    \"\\${x:-}\"\n    \"\"\"\n"],
  ];
  for (const [what, text] of constructs) {
    test(`${what}: a syntax error as written, none through the mask`, async () => {
      const spec = REGISTRY.byId.get("julia")!;
      const asWritten = await outlineSource({ path: "case.jl", bytes: new TextEncoder().encode(text), language: { ...spec, parseMasks: undefined } });
      expect(asWritten.diagnostics.some((d) => d.message.startsWith("syntax error"))).toBe(true);
      expectJuliaShape(text, maskJulia(text));
      const file = await outline("julia", text);
      expect(file.diagnostics).toEqual([]);
    });
  }

  test("code the grammar reads is left as it is", () => {
    const text = "function f(a, b; c)\n    const x = 1\n    y = a[2:end] .+ b[begin:end]\n    z = x ? :end : :do\n    let v = 1\n    end\n    return Base.:in, \"$x\"\nend\n";
    expect(maskJulia(text)).toBe(text);
  });

  test("names come from the parse; signatures, docs and imports from the file", async () => {
    const text = readFileSync(join(ROOT, "fixtures", "julia", "newer_syntax.jl"), "utf8");
    const file = await outline("julia", text);
    expect(file.diagnostics).toEqual([]);
    expect(file.imports).toEqual(["..@spawn_interactive", "..Sibling.@try_ignore"]);
    const symbols = flatten(file.symbols);
    expect(symbols.map((s) => s.qualifiedName)).toEqual([
      "Newer", "Newer.Progress", "Newer.Progress.bar", "Newer.Progress.width", "Newer.Progress.done",
      "Newer.is_loop", "Newer.heads", "Newer.settings!", "Newer.shim", "Newer.spawn_each",
    ]);
    const find = (name: string) => symbols.find((s) => s.name === name)!;
    expect(find("Progress").signature).toBe("mutable struct Progress");
    expect(find("bar").signature).toBe("const bar::String");
    expect(find("is_loop").doc).toBe('Whether `ex` is a `for` loop (its head is `:for`, `"\\$@"` untouched).');
  });
});

describe("Make: parentheses that are text, functions without arguments", () => {
  /** Line breaks kept; every other change a blank or a `_` of a function's name. */
  function expectMakeShape(original: string, masked: string) {
    expect(masked.length).toBe(original.length);
    for (let i = 0; i < original.length; i++) {
      if (original[i] === "\n" || original[i] === "\r") expect(masked[i]).toBe(original[i]);
      else if (masked[i] !== original[i]) expect(masked[i] === " " || masked[i] === "_").toBe(true);
    }
  }

  const make = readdirSync(join(ROOT, "fixtures", "make")).filter((n) => !/\.outline\.(txt|json)$/.test(n));
  for (const name of make) {
    test(`fixtures/make/${name} keeps every offset and line`, () => {
      const text = readFileSync(join(ROOT, "fixtures", "make", name), "utf8");
      expectMakeShape(text, maskMake(text));
    });
  }

  const constructs: [string, string][] = [
    ["parentheses in a variable's value", 'EVAL += --eval "(progn $$X)"\nZ = 1\n'],
    ["parentheses in a reference", 'X := $(shell foo --eval \\\n  "(and (v \\"$(Y)\\"))")\nZ = 1\n'],
    ["a subshell of an escaped dollar in a reference", '_ := $(shell test "$(R)" = "$$(cat .r 2> /dev/null)" ||\\\n        echo "$(R)" > .r)\nZ = 1\n'],
    ["parentheses in a comment after a value", "Z = 1 # (see docs)\nY = 2\n"],
    ["a function without arguments", "help:\n\t$(info )\n\t$(info Build)\n\nall: help\n"],
  ];
  for (const [what, text] of constructs) {
    test(`${what}: a syntax error as written, none through the mask`, async () => {
      const spec = REGISTRY.byId.get("make")!;
      const asWritten = await outlineSource({ path: "case.mk", bytes: new TextEncoder().encode(text), language: { ...spec, parseMasks: undefined } });
      expect(asWritten.diagnostics.some((d) => d.message.startsWith("syntax error"))).toBe(true);
      expectMakeShape(text, maskMake(text));
      const file = await outline("make", text);
      expect(file.diagnostics).toEqual([]);
    });
  }

  test("recipe text, conditionals and define bodies are left as they are", () => {
    const text = 'all:\n\t@echo "(done)"; (cd sub && make)\n\techo $$(date)\n\nifeq ($(A),b)\nX = $(call f,$(Y))\nendif\ndefine T\n(a\nendef\n';
    expect(maskMake(text)).toBe(text);
  });

  test("a recipe line of a function without arguments stays in its rule, the signature from the file", async () => {
    const file = await outline("make", "# Help.\nhelp:\n\t$(info )\n\nV = (1) # (one)\n");
    expect(file.diagnostics).toEqual([]);
    expect(flatten(file.symbols).map((s) => `${s.name}:${s.startLine}-${s.endLine} ${s.signature}`)).toEqual(["help:2-3 help:", "V:5-5 V = (1) # (one)"]);
  });
});
