// What kind of change `changed` reports, on real before/after pairs in real git repositories:
// a doc edit is doc (never signature), an initializer edit is value, an ordinary comment edit
// is cosmetic, and a comment that is code (a directive, a pragma, an encoding declaration) is
// never cosmetic.
import { afterEach, describe, expect, test } from "bun:test";
import { runCli } from "./helpers/cli.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** The symbol changes of one edit of one file, as `changed --format json` reports them. */
async function changes(path: string, before: string, after: string) {
  return (await changedFiles([[path, before, after]])).flatMap((f) => f.symbols) as any[];
}

/** The files of one commit that edits each [path, before, after], as `changed --format json` reports them. */
async function changedFiles(edits: [string, string, string][]): Promise<any[]> {
  const r: TempRepo = tempRepo();
  cleanups.push(r.cleanup);
  for (const [path, before] of edits) r.write(path, before);
  const base = r.commit("before");
  for (const [path, , after] of edits) r.write(path, after);
  const head = r.commit("after");
  const out = await runCli(["changed", "--format", "json", "--base", base, "--head", head], r.path);
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout).files;
}

const flags = (s: any) => ({ name: s.qualifiedName, change: s.change, signature: s.signatureChanged, value: s.valueChanged, doc: s.docChanged, body: s.bodyChanged, cosmetic: s.cosmetic });

describe("the parts of a change", () => {
  test("a line added to a JSDoc block is a doc change, not a signature change", async () => {
    const fn = (doc: string) => `export class Context {\n  /**\n   * Sets a header.${doc}\n   */\n  header(name: string, value: string): void {\n    this.h[name] = value;\n  }\n}\n`;
    const [s] = await changes("c.ts", fn(""), fn("\n   * Replaces any earlier value."));
    expect(flags(s)).toEqual({ name: "Context.header", change: "modified", signature: false, value: false, doc: true, body: false, cosmetic: false });
  });

  test("a Python docstring edit is a doc change", async () => {
    const fn = (doc: string) => `def send(to, body):\n    """${doc}"""\n    return post(to, body)\n`;
    const [s] = await changes("m.py", fn("Sends mail."), fn("Sends one mail."));
    expect(flags(s)).toEqual({ name: "send", change: "modified", signature: false, value: false, doc: true, body: false, cosmetic: false });
  });

  test("a Go doc comment edit is a doc change", async () => {
    const fn = (doc: string) => `package p\n\n// Start ${doc}\nfunc Start(port int) error {\n\treturn listen(port)\n}\n`;
    const [s] = await changes("p.go", fn("starts the server."), fn("starts the server on port."));
    expect(flags(s)).toEqual({ name: "Start", change: "modified", signature: false, value: false, doc: true, body: false, cosmetic: false });
  });

  test("an initializer edit is a value change", async () => {
    const [s] = await changes("v.ts", "export const cache = Object.create(null);\n", "export const cache = createNullObject();\n");
    expect(flags(s)).toEqual({ name: "cache", change: "modified", signature: false, value: true, doc: false, body: false, cosmetic: false });
  });

  test("an initializer after a generic type is a value change (hono's `Record<…> = Object.create(null)`), in TS, Rust, Java and C#", async () => {
    const files = await changedFiles([
      ["trie.ts", "export class Trie {\n  paths: Record<string, [number, Params]> = Object.create(null)\n}\n", "export class Trie {\n  paths: Record<string, [number, Params]> = createNullObject()\n}\n"],
      ["c.rs", "const NAME: &'static str = \"a\";\nstatic CACHE: Lazy<Vec<u8>> = Lazy::new(Vec::new);\n", "const NAME: &'static str = \"b\";\nstatic CACHE: Lazy<Vec<u8>> = Lazy::new(|| vec![0]);\n"],
      ["K.java", "class K {\n  Map<String, List<Integer>> m = new HashMap<>();\n}\n", "class K {\n  Map<String, List<Integer>> m = new TreeMap<>();\n}\n"],
      ["K.cs", "class K {\n  Dictionary<string, int> d = new();\n}\n", "class K {\n  Dictionary<string, int> d = Make();\n}\n"],
    ]);
    const got = files.flatMap((f) => f.symbols.map((s: any) => flags(s)));
    expect(got).toEqual(
      ["K.d", "K.m", "NAME", "CACHE", "Trie.paths"].map((name) => ({ name, change: "modified", signature: false, value: true, doc: false, body: false, cosmetic: false })),
    );
  });

  test("a member added to a multi-line union type alias is a signature change (hono's RequestHeader), not a body change", async () => {
    const alias = (extra: string) => `export type RequestHeader =\n  | 'Accept'\n${extra}  | 'Age'\n`;
    const [s] = await changes("h.ts", alias(""), alias("  | 'Accept-Query'\n"));
    expect(flags(s)).toEqual({ name: "RequestHeader", change: "modified", signature: true, value: false, doc: false, body: false, cosmetic: false });
  });

  test("a parameter added is a signature change", async () => {
    const [s] = await changes("m.py", "def send(to):\n    return post(to)\n", "def send(to, cc):\n    return post(to)\n");
    expect(s.signatureChanged).toBe(true);
    expect(s.docChanged).toBe(false);
  });

  test("an ordinary comment edit inside a body is cosmetic", async () => {
    const fn = (c: string) => `def run(x):\n    # ${c}\n    return x + 1\n`;
    const [s] = await changes("m.py", fn("add one"), fn("add exactly one"));
    expect(flags(s)).toEqual({ name: "run", change: "modified", signature: false, value: false, doc: false, body: false, cosmetic: true });
  });
});

describe("comments that are code are never cosmetic", () => {
  const cases: [string, string, string, string][] = [
    ["a Go build constraint", "p.go", "//go:build linux\n\npackage p\n\nfunc F() {}\n", "//go:build ignore\n\npackage p\n\nfunc F() {}\n"],
    ["a cgo preamble", "c.go", 'package p\n\n// #include <stdio.h>\nimport "C"\n\nfunc F() {}\n', 'package p\n\n// #include <stdlib.h>\nimport "C"\n\nfunc F() {}\n'],
    ["a Python encoding declaration", "e.py", "# -*- coding: utf-8 -*-\ndef f():\n    return 1\n", "# -*- coding: utf-7 -*-\ndef f():\n    return 1\n"],
    ["a Ruby magic comment", "r.rb", "# frozen_string_literal: true\ndef f\n  1\nend\n", "# frozen_string_literal: false\ndef f\n  1\nend\n"],
    ["a JSX pragma", "j.jsx", "/** @jsx h */\nexport function App() {\n  return <div />;\n}\n", "/** @jsx createElement */\nexport function App() {\n  return <div />;\n}\n"],
    ["a TypeScript directive", "t.ts", "export function f(x: number) {\n  // @ts-expect-error\n  return g(x);\n}\n", "export function f(x: number) {\n  // @ts-ignore\n  return g(x);\n}\n"],
  ];
  for (const [what, path, before, after] of cases) {
    test(what, async () => {
      const syms = await changes(path, before, after);
      expect(syms.length).toBeGreaterThan(0);
      for (const s of syms) expect({ name: s.qualifiedName, cosmetic: s.cosmetic }).toEqual({ name: s.qualifiedName, cosmetic: false });
    });
  }

  test("in a file that declares a foreign encoding, a comment edit is not called cosmetic", async () => {
    const fn = (c: string) => `# -*- coding: utf-7 -*-\ndef f():\n    # ${c}\n    return 1\n`;
    const syms = await changes("u.py", fn("note"), fn("note +AAo-    os.system('x')"));
    expect(syms.length).toBeGreaterThan(0);
    for (const s of syms) expect(s.cosmetic).toBe(false);
  });
});

describe("a comment that is code inside a header (flask's `exc: … = _sentinel  # type: ignore`)", () => {
  const fn = (annotation: string, pragma: string) =>
    `class Flask:\n    def do_teardown(\n        self, exc: ${annotation} = _sentinel${pragma}\n    ) -> None:\n        """Called last."""\n        return None\n`;
  test("an annotation edited beside it is a signature change", async () => {
    const [s] = await changes("app.py", fn("t.Optional[BaseException]", "  # type: ignore"), fn("BaseException | None", "  # type: ignore"));
    expect(flags(s)).toEqual({ name: "Flask.do_teardown", change: "modified", signature: true, value: false, doc: false, body: false, cosmetic: false });
  });
  test("the pragma alone edited is code, but not the signature", async () => {
    const [s] = await changes("app.py", fn("BaseException | None", "  # type: ignore"), fn("BaseException | None", "  # type: ignore[assignment]"));
    expect(flags(s)).toEqual({ name: "Flask.do_teardown", change: "modified", signature: false, value: false, doc: false, body: true, cosmetic: false });
  });
  test("the same in TypeScript: a parameter's type edited beside a `// @ts-ignore` line is a signature change", async () => {
    const ts = (type: string) => `export function f(\n  // @ts-ignore\n  x: ${type},\n): void {\n  g(x);\n}\n`;
    const [s] = await changes("f.ts", ts("number"), ts("string"));
    expect(flags(s)).toEqual({ name: "f", change: "modified", signature: true, value: false, doc: false, body: false, cosmetic: false });
  });
});

describe("members that share a line", () => {
  // One edit of one member of a one-line container: only that member is modified, with the
  // part that changed; its siblings and the container (whose own text is the header and the
  // closing bracket) are not. The diff cuts a shared line at the outline's columns.
  const cases: [string, string, string, string, string][] = [
    // path, before, after, the one symbol changed, the part
    ["k.ts", "class K { private m(x){} public n(){} }\n", "class K { private m(x, y){} public n(){} }\n", "K.m", "signature"],
    ["n.ts", "class K { private m(x){} public n(){} }\n", "class K { private m(x){} public n(){ return 1 } }\n", "K.n", "body"],
    ["k.js", "class K { m(x){} n(){ return 1 } }\n", "class K { m(x){} n(){ return 2 } }\n", "K.n", "body"],
    ["e.ts", "export enum E { A = 1, B = 2 }\n", "export enum E { A = 3, B = 2 }\n", "E.A", "value"],
    ["K.java", "class K { void m(int x) {} void n() {} }\n", "class K { void m(int x, int y) {} void n() {} }\n", "K.m", "signature"],
    ["t.go", "package p\ntype T struct { A int; B string }\n", "package p\ntype T struct { A int64; B string }\n", "T.A", "signature"],
    ["k.rs", "impl K { fn m(&self, x: i32) {} fn n(&self) {} }\n", "impl K { fn m(&self, x: i64) {} fn n(&self) {} }\n", "K.m", "signature"],
    ["K.cs", "class K { void M(int x) {} void N() {} }\n", "class K { void M(int x, int y) {} void N() {} }\n", "K.M", "signature"],
    ["s.cpp", "struct S { int m(int x) { return x; } int n() { return 0; } };\n", "struct S { int m(int x) { return x; } int n() { return 1; } };\n", "S.n", "body"],
    ["k.php", "<?php class K { function m($x) {} function n() {} }\n", "<?php class K { function m($x, $y) {} function n() {} }\n", "K.m", "signature"],
    ["k.py", "class K: a = 1; b = 2\n", "class K: a = 3; b = 2\n", "K.a", "value"],
    ["k.rb", "class K; def m(x); end; def n; end; end\n", "class K; def m(x, y); end; def n; end; end\n", "K.m", "signature"],
  ];
  const part = (s: any) => (s.signatureChanged ? "signature" : s.valueChanged ? "value" : s.bodyChanged ? "body" : s.docChanged ? "doc" : "cosmetic");

  test("an edit of one member flags that member alone, with the part that changed, in every language", async () => {
    const files = await changedFiles(cases.map(([path, before, after]) => [path, before, after]));
    const got = Object.fromEntries(files.map((f) => [f.path, f.symbols.map((s: any) => `${s.change} ${s.qualifiedName} ${part(s)}`)]));
    expect(got).toEqual(Object.fromEntries(cases.map(([path, , , name, what]) => [path, [`modified ${name} ${what}`]])));
  });

  test("a member on its own lines still owns what precedes it on its first line (export) and follows it on its last (;)", async () => {
    const files = await changedFiles([
      ["x.ts", "function f() {}\nconst g = 1\n", "export function f() {}\nconst g = 1;\n"],
    ]);
    expect(files[0].symbols.map((s: any) => `${s.change} ${s.qualifiedName} ${part(s)}`)).toEqual(["modified f signature", "modified g value"]);
  });
});

describe("a trailing comma a formatter adds changes no parameter", () => {
  test("Black's magic comma when a Python header is split over lines is cosmetic", async () => {
    const before = `def pop(self, key, default=_sentinel):\n    return self.d.pop(key, default)\n`;
    const after = `def pop(\n    self,\n    key,\n    default=_sentinel,\n):\n    return self.d.pop(key, default)\n`;
    const [s] = await changes("m.py", before, after);
    expect(flags(s)).toEqual({ name: "pop", change: "modified", signature: false, value: false, doc: false, body: false, cosmetic: true });
  });

  test("Prettier's trailing comma in a TypeScript parameter list is cosmetic, a new parameter is not", async () => {
    const fn = (params: string) => `export function send(${params}): void {\n  post(to, body);\n}\n`;
    const [same] = await changes("s.ts", fn("to: string, body: string"), fn("\n  to: string,\n  body: string,\n"));
    expect(flags(same)).toEqual({ name: "send", change: "modified", signature: false, value: false, doc: false, body: false, cosmetic: true });
    const [added] = await changes("s.ts", fn("to: string, body: string"), fn("\n  to: string,\n  body: string,\n  cc?: string,\n"));
    expect(added.signatureChanged).toBe(true);
  });

  test("a one-element Python tuple keeps its comma: `(1,)` -> `(1)` in a default is a signature change", async () => {
    const [s] = await changes("m.py", `def f(a=(1,), b=2):\n    return a\n`, `def f(a=(1), b=2):\n    return a\n`);
    expect(s.signatureChanged).toBe(true);
  });
});
