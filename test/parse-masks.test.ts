// Parse masks (src/core/outline/masks.ts): C/C++ declarations headed by macros the parser
// cannot expand are recognised, C# files that only parse as one preprocessor configuration are
// read as one (the branches left out named as unparsed), and a mask never moves an offset or a
// line, so the outline is still sliced from the file itself.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { outlineFile } from "../src/app/outline-file.ts";
import { maskMacros, maskPreprocessor } from "../src/core/outline/masks.ts";
import { maskBranches } from "../src/core/outline/branches.ts";
import { maskSwift } from "../src/core/outline/swift-mask.ts";
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

/** Every character kept, blanked, or (a preprocessor condition read as true) made `1` / a continuation kept. */
function expectSameShape(original: string, masked: string) {
  expect(masked.length).toBe(original.length);
  for (let i = 0; i < original.length; i++) {
    const a = original[i];
    const b = masked[i];
    if (a === "\n" || a === "\r") expect(b).toBe(a);
    else if (a !== b) expect(b === " " || b === "1" || b === "\\").toBe(true);
  }
}

async function outline(language: string, text: string) {
  return outlineSource({ path: `case.${language}`, bytes: new TextEncoder().encode(text), language: REGISTRY.byId.get(language)! });
}

describe("masks keep every offset and line", () => {
  for (const { path, text } of sources()) {
    test(path, () => {
      expectSameShape(text, maskMacros(text));
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
    expect(masked.inactive).toEqual([{ startLine: 22, endLine: 22 }]);
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
