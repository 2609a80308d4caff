// Which changed symbols look usable by other code (they are listed first): the header's
// keywords, else the language's row (`unmarkedVisibility`).
import { expect, test } from "bun:test";
import type { SymbolChange } from "../src/core/diff/types.ts";
import { looksPublic } from "../src/render/changed/common.ts";

const sym = (qualifiedName: string, signature: string): SymbolChange => ({
  change: "modified", kind: "function", name: qualifiedName.split(/\.|::/).pop()!, qualifiedName, signature,
  signatureChanged: true, bodyChanged: false, cosmetic: false,
});

test("the header decides first: export, pub, public say yes; private, a leading _ say no", () => {
  expect(looksPublic(sym("f", "export function f()"), "typescript")).toBe(true);
  expect(looksPublic(sym("f", "pub fn f()"), "rust")).toBe(true);
  expect(looksPublic(sym("A.f", "private void f()"), "java")).toBe(false);
  expect(looksPublic(sym("_f", "def _f():"), "python")).toBe(false);
});

test("without a keyword, the language's row: Go's capital letter, Rust's and TypeScript's module scope", () => {
  expect(looksPublic(sym("Serve", "func Serve()"), "go")).toBe(true);
  expect(looksPublic(sym("serve", "func serve()"), "go")).toBe(false);
  expect(looksPublic(sym("Ärger", "func Ärger()"), "go")).toBe(true);
  expect(looksPublic(sym("f", "fn f()"), "rust")).toBe(false);
  expect(looksPublic(sym("S::f", "fn f()"), "rust")).toBe(false);
  expect(looksPublic(sym("f", "function f()"), "typescript")).toBe(false);
  expect(looksPublic(sym("f", "function f()"), "tsx")).toBe(false);
  expect(looksPublic(sym("A.f", "f()"), "javascript")).toBe(true);
  // A component's script: its top-level bindings are its template's.
  expect(looksPublic(sym("f", "function f()"), "vue")).toBe(true);
  expect(looksPublic(sym("f", "def f():"), "python")).toBe(true);
  expect(looksPublic(sym("f", "f()"), undefined)).toBe(true);
});
