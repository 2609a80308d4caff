// `changed --impact` for methods: a call is tied to a changed method through its receiver's
// class where syntax gives it (`this`/`self`, `super`, a class named directly, a local,
// parameter or field whose type is written, constructed or returned by a declared function,
// a base the class extends), in Python, TypeScript, JavaScript, Java, Go and Rust. An untyped receiver
// stays name-only; a same-named method of an unrelated class is not claimed. A real git
// repository whose one commit adds a parameter to each method.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ImpactSite } from "../src/core/calls/types.ts";
import type { ChangeSet } from "../src/core/diff/types.ts";
import { runCli } from "./helpers/cli.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";

let repo: TempRepo;
let base: string;
let head: string;

const lines = (...xs: string[]) => xs.join("\n") + "\n";

beforeAll(() => {
  repo = tempRepo();
  const w = repo.write;
  // Python
  const store = (extra: string) => lines(
    "class Base:",
    `    def save(self, item${extra}):`,
    "        return item",
    "",
    "",
    "class Store(Base):",
    `    def put(self, key${extra}):`,
    "        return key",
    "",
    "    def flush(self):",
    "        self.put('a')",
    "",
    "",
    "class Other:",
    "    def put(self, key):",
    "        return key",
    "",
    "",
    "def make_store() -> Store:",
    "    return Store()",
  );
  w("shop/store.py", store(""));
  w("shop/use.py", lines(
    "from shop.store import Store, Other, make_store",
    "",
    "",
    "class Cart:",
    "    store: Store",
    "",
    "    def add(self, key):",
    "        self.store.put(key)",
    "",
    "",
    "def constructed():",
    "    s = Store()",
    "    s.put('k')",
    "    s.save('i')",
    "",
    "",
    "def annotated(s: Store, t):",
    "    s.put('k')",
    "    t.put('k')",
    "",
    "",
    "def returned():",
    "    m = make_store()",
    "    m.put('k')",
    "    Store.put(m, 'k')",
    "",
    "",
    "def unrelated():",
    "    o = Other()",
    "    o.put('k')",
    "",
    "",
    "def chained():",
    "    Store().put('k')",
    "    make_store().put('k')",
  ));
  // A module-level object imported by another module.
  w("shop/app.py", lines("from shop.store import Store", "", "store = Store()"));
  w("shop/views.py", lines("from shop.app import store", "", "", "def view():", "    store.put('k')"));
  w("shop/special.py", lines(
    "from shop.store import Store",
    "",
    "",
    "class Special(Store):",
    "    def put(self, key):",
    "        return super().put(key)",
    "",
    "    def run(self):",
    "        self.save('x')",
  ));
  // TypeScript
  const ts = (extra: string) => lines(
    "export class Base {",
    `  save(item: string${extra}): string {`,
    "    return item;",
    "  }",
    "}",
    "",
    "export class Store extends Base implements Shelf {",
    `  put(key: string${extra}): string {`,
    "    return key;",
    "  }",
    `  static create(${extra.slice(2)}): Store {`,
    "    return new Store();",
    "  }",
    "}",
    "",
    "export class Other {",
    "  put(key: string): string {",
    "    return key;",
    "  }",
    "}",
    "",
    "export interface Shelf {",
    "  put(key: string): string;",
    "}",
    "",
    "export class Crate implements Shelf {",
    "  put(key: string): string {",
    "    return key;",
    "  }",
    "}",
  );
  w("web/store.ts", ts(""));
  w("web/use.ts", lines(
    'import { Store, Other, Crate, Shelf } from "./store";',
    "",
    "export class Cart {",
    "  private cache = new Store();",
    "  constructor(private store: Store) {}",
    "  add(key: string): void {",
    "    this.store.put(key);",
    "    this.cache.put(key);",
    "  }",
    "}",
    "",
    "export class Shop extends Store {",
    "  put(key: string): string {",
    "    return super.put(key);",
    "  }",
    "  run(): void {",
    "    this.save('x');",
    "  }",
    "}",
    "",
    "export function calls(s: Store, t: any, u): void {",
    "  const a = new Store();",
    "  a.put('k');",
    "  a.save('i');",
    "  s.put('k');",
    "  t.put('k');",
    "  u.put('k');",
    "  Store.create();",
    "  const o = new Other();",
    "  o.put('k');",
    "  [1].map((s) => s.put('k'));",
    "}",
    "",
    "export function related(shelf: Shelf, Store: any): void {",
    "  shelf.put('k');",
    "  const c = new Crate();",
    "  c.put('k');",
    "  Store.create();",
    "}",
    "",
    "export function chained(): void {",
    "  new Store().put('k');",
    "  Store.create().put('k');",
    "}",
  ));
  // JavaScript: no annotations; construction types a name, a reassignment untypes it.
  w("js/box.js", lines("export class Box {", "  put(key) {", "    return key;", "  }", "}"));
  w("js/page.js", lines(
    'import { Box } from "./box.js";',
    "",
    "const box = new Box();",
    "box.put(1);",
    "",
    "export function reassigned(other) {",
    "  let b = new Box();",
    "  b = other;",
    "  b.put(1);",
    "}",
  ));
  // Java: a class of the same package needs no import.
  const java = (extra: string) => lines(
    "package shop;",
    "",
    "public class Store {",
    `  public int put(int key${extra}) {`,
    "    return key;",
    "  }",
    "}",
  );
  w("java/shop/Store.java", java(""));
  w("java/shop/Other.java", lines("package shop;", "", "public class Other {", "  public int put(int key) {", "    return key;", "  }", "}"));
  w("java/shop/Cart.java", lines(
    "package shop;",
    "",
    "public class Cart extends Store {",
    "  private Store store;",
    "",
    "  int add(Other other, Object any) {",
    "    Store a = new Store();",
    "    var b = new Store();",
    "    a.put(1);",
    "    b.put(1);",
    "    store.put(1);",
    "    this.store.put(1);",
    "    put(1);",
    "    other.put(1);",
    "    return 0;",
    "  }",
    "}",
  ));
  // Go: the type, its method and the callers in one package (folder), in separate files.
  const goStore = lines(
    "package shop",
    "",
    "type Store struct{}",
    "",
    "type Other struct{}",
    "",
    "func NewStore() *Store {",
    "\treturn &Store{}",
    "}",
    "",
    "func (o *Other) Put(key int) int {",
    "\treturn key",
    "}",
  );
  w("goshop/store.go", goStore);
  w("goshop/put.go", lines("package shop", "", "func (s *Store) Put(key int) int {", "\treturn key", "}"));
  w("goshop/cart.go", lines(
    "package shop",
    "",
    "type Cart struct {",
    "\tstore *Store",
    "}",
    "",
    "func (c *Cart) Add(s *Store, o *Other) {",
    "\ta := &Store{}",
    "\tb := NewStore()",
    "\tvar d Store",
    "\ta.Put(1)",
    "\tb.Put(1)",
    "\td.Put(1)",
    "\ts.Put(1)",
    "\tc.store.Put(1)",
    "\to.Put(1)",
    "\te, _ := two()",
    "\te.Put(1)",
    "}",
  ));
  // Rust
  const rust = (extra: string) => lines(
    "pub struct Store {}",
    "",
    "pub struct Other {}",
    "",
    "impl Store {",
    "    pub fn new() -> Self {",
    "        Store {}",
    "    }",
    "",
    `    pub fn put(&self, key: u32${extra}) -> u32 {`,
    "        key",
    "    }",
    "}",
    "",
    "impl Other {",
    "    pub fn put(&self, key: u32) -> u32 {",
    "        key",
    "    }",
    "}",
    "",
    "pub struct Cart {",
    "    store: Store,",
    "}",
    "",
    "impl Cart {",
    "    pub fn add(&self, s: &Store, o: &Other) {",
    "        let a = Store::new();",
    "        let b = Store {};",
    "        a.put(1);",
    "        b.put(1);",
    "        s.put(1);",
    "        self.store.put(1);",
    "        o.put(1);",
    "        let c = make();",
    "        c.put(1);",
    "    }",
    "}",
  );
  w("rs/shop.rs", rust(""));
  base = repo.commit("base");

  w("shop/store.py", store(", extra"));
  w("web/store.ts", ts(", extra: number"));
  w("js/box.js", lines("export class Box {", "  put(key, extra) {", "    return key;", "  }", "}"));
  w("java/shop/Store.java", java(", int extra"));
  w("goshop/put.go", lines("package shop", "", "func (s *Store) Put(key int, extra int) int {", "\treturn key", "}"));
  w("rs/shop.rs", rust(", extra: u32"));
  head = repo.commit("head");
});

afterAll(() => repo.cleanup());

let cached: ChangeSet | undefined;
async function changeSet(): Promise<ChangeSet> {
  if (cached) return cached;
  const r = await runCli(["changed", "--base", base, "--head", head, "--impact", "--format", "json"], repo.path);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return (cached = JSON.parse(r.stdout));
}

/** `path:line resolution` of every call site reported for a symbol (breaks left out: every tied call here misses the new argument). */
async function sitesOf(qualifiedName: string, path: string): Promise<string[]> {
  const set = await changeSet();
  const s = set.files.filter((f) => f.path === path).flatMap((f) => f.symbols).find((x) => x.qualifiedName === qualifiedName && x.callers);
  expect(s).toBeDefined();
  return s!.callers!.map((c: ImpactSite) => `${c.path}:${c.line} ${c.resolution}`);
}

describe("changed --impact: method calls tied through the receiver's class", () => {
  test("Python: self, a constructed local, an annotated parameter and field, a declared return type, the class named, super(), a base's method, a call on a construction or a call's result, an imported module-level object; untyped stays name-only, another class's is not claimed", async () => {
    expect(await sitesOf("Store.put", "shop/store.py")).toEqual([
      "shop/special.py:6 receiver-type",
      "shop/store.py:11 same-file",
      "shop/use.py:8 receiver-type",
      "shop/use.py:13 receiver-type",
      "shop/use.py:18 receiver-type",
      "shop/use.py:19 name-match",
      "shop/use.py:24 receiver-type",
      "shop/use.py:25 import",
      "shop/use.py:34 receiver-type",
      "shop/use.py:35 receiver-type",
      "shop/views.py:5 receiver-type",
    ]);
    // Inherited: called on a Store (which does not define it) and on a subclass's self.
    expect(await sitesOf("Base.save", "shop/store.py")).toEqual(["shop/special.py:9 receiver-type", "shop/use.py:14 receiver-type"]);
  }, 60000);

  test("TypeScript: a field typed by construction and a parameter property, an annotated parameter, new, super, a static call, a base's method, an interface the class implements, a call on `new C()` or on a static method's declared result; untyped, any, a shadowed import and a sibling implementation stay name-only", async () => {
    expect(await sitesOf("Store.put", "web/store.ts")).toEqual([
      "web/use.ts:7 receiver-type",
      "web/use.ts:8 receiver-type",
      "web/use.ts:14 receiver-type",
      "web/use.ts:23 receiver-type",
      "web/use.ts:25 receiver-type",
      "web/use.ts:26 name-match",
      "web/use.ts:27 name-match",
      "web/use.ts:31 name-match",
      "web/use.ts:35 receiver-type",
      "web/use.ts:37 name-match",
      "web/use.ts:42 receiver-type",
      "web/use.ts:43 receiver-type",
    ]);
    expect(await sitesOf("Base.save", "web/store.ts")).toEqual(["web/use.ts:17 receiver-type", "web/use.ts:24 receiver-type"]);
    // A parameter named like the imported class shadows it.
    expect(await sitesOf("Store.create", "web/store.ts")).toEqual(["web/use.ts:28 import", "web/use.ts:38 name-match", "web/use.ts:43 import"]);
  }, 60000);

  test("JavaScript: a module-level constructed object; a reassigned one stays name-only", async () => {
    expect(await sitesOf("Box.put", "js/box.js")).toEqual(["js/page.js:4 receiver-type", "js/page.js:9 name-match"]);
  }, 60000);

  test("Java: declared and var locals, a field bare and through this, an inherited method called bare, across a package without imports", async () => {
    expect(await sitesOf("Store.put", "java/shop/Store.java")).toEqual([
      "java/shop/Cart.java:9 receiver-type",
      "java/shop/Cart.java:10 receiver-type",
      "java/shop/Cart.java:11 receiver-type",
      "java/shop/Cart.java:12 receiver-type",
      "java/shop/Cart.java:13 receiver-type",
    ]);
  }, 60000);

  test("Go: &T{}, a constructor function, var, a parameter, a field through the method's receiver; a result of unknown type stays name-only", async () => {
    expect(await sitesOf("Store.Put", "goshop/put.go")).toEqual([
      "goshop/cart.go:11 receiver-type",
      "goshop/cart.go:12 receiver-type",
      "goshop/cart.go:13 receiver-type",
      "goshop/cart.go:14 receiver-type",
      "goshop/cart.go:15 receiver-type",
      "goshop/cart.go:18 name-match",
    ]);
  }, 60000);

  test("Rust: Type::new() returning Self, a struct literal, a reference parameter, a field through self; an unknown result stays name-only", async () => {
    expect(await sitesOf("Store.put", "rs/shop.rs")).toEqual([
      "rs/shop.rs:29 receiver-type",
      "rs/shop.rs:30 receiver-type",
      "rs/shop.rs:31 receiver-type",
      "rs/shop.rs:32 receiver-type",
      "rs/shop.rs:35 name-match",
    ]);
  }, 60000);

  test("a tied method call is judged against the new signature; a name-only one, or one through an interface's declaration, is not", async () => {
    const set = await changeSet();
    const py = set.files.find((f) => f.path === "shop/store.py")!.symbols.find((s) => s.qualifiedName === "Store.put")!;
    const byLine = new Map(py.callers!.filter((c) => c.path === "shop/use.py").map((c) => [c.line, c.breaks]));
    expect(byLine.get(13)).toBe("1 required argument missing");
    expect(byLine.get(19)).toBeUndefined();
    // Through an interface the class implements: written against the interface's parameters, not judged.
    const ts = set.files.find((f) => f.path === "web/store.ts")!.symbols.find((s) => s.qualifiedName === "Store.put")!;
    const tsByLine = new Map(ts.callers!.filter((c) => c.path === "web/use.ts").map((c) => [c.line, c]));
    expect(tsByLine.get(23)?.breaks).toBe("1 required argument missing");
    expect(tsByLine.get(35)?.resolution).toBe("receiver-type");
    expect(tsByLine.get(35)?.breaks).toBeUndefined();
  }, 60000);
});
