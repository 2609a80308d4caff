// A node that declares several names gives each a symbol of its own: siblings with the
// declaration's range and signature, what nests inside staying with the first name, and no
// extra names where error recovery made them up.
import { describe, expect, test } from "bun:test";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import type { OutlineSymbol } from "../src/core/types.ts";
import { renderOutlineText } from "../src/render/outline/text.ts";

async function outline(language: string, source: string) {
  return outlineSource({ path: `x.${language}`, bytes: new TextEncoder().encode(source), language: REGISTRY.byId.get(language)! });
}

const shape = (symbols: OutlineSymbol[]): unknown[] =>
  symbols.map((s) => (s.children ? [s.qualifiedName, s.startLine, shape(s.children)] : [s.qualifiedName, s.startLine]));

describe("several names in one declaration", () => {
  test("each name is a symbol with the declaration's range and signature; the text shows the line once", async () => {
    const o = await outline("typescript", "const { a, b: c } = load();\nexport function f() {}\n");
    expect(shape(o.symbols)).toEqual([["a", 1], ["c", 1], ["f", 2]]);
    expect(new Set(o.symbols.slice(0, 2).map((s) => `${s.startLine}-${s.endLine} ${s.signature}`)).size).toBe(1);
    expect(renderOutlineText(o, { maxChildren: 0 }).split("\n").slice(1, 3)).toEqual(["1 const { a, b: c } = load();", "2 export function f()"]);
  });

  test("what nests inside the declaration stays with its first name", async () => {
    const o = await outline("javascript", "var outer = function () {\n  function inner() {}\n}, other = function () {};\n");
    expect(shape(o.symbols)).toEqual([["outer", 1, [["outer.inner", 2]]], ["other", 1]]);
  });

  test("a node with a syntax error inside keeps one name (the others are error recovery's)", async () => {
    // An unknown macro before a constructor: its initializers misparse as declarators.
    const o = await outline("cpp", "struct styled_arg {\n  int value;\n  int style;\n  FMT_CONSTEXPR styled_arg(int v, int s) : value(v), style(s) {}\n};\n");
    const names = o.symbols[0].children!.map((s) => s.qualifiedName);
    expect(names.filter((n) => n === "styled_arg.style")).toHaveLength(1);
    expect(names.filter((n) => n === "styled_arg.value")).toHaveLength(1);
  });
});
