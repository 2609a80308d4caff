// Python instance attributes are fields of their class (grammars/python/outline.scm,
// `member.assigned` in core/outline/nesting.ts), and module/class variables are found in
// if/try/with blocks at any depth; what `changed`, `symbol` and `callers` make of them.
// Real grammar, real git.
import { describe, expect, test } from "bun:test";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import type { OutlineSymbol } from "../src/core/types.ts";
import { runCli } from "./helpers/cli.ts";
import { reposPerTest } from "./helpers/git.ts";

async function outline(source: string) {
  return outlineSource({ path: "x.py", bytes: new TextEncoder().encode(source), language: REGISTRY.byId.get("python")! });
}

/** Each symbol as `kind qualifiedName line`, depth first. */
function rows(symbols: OutlineSymbol[]): string[] {
  return symbols.flatMap((s) => [`${s.kind} ${s.qualifiedName} ${s.startLine}`, ...rows(s.children ?? [])]);
}

const fields = async (source: string) => rows((await outline(source)).symbols).filter((r) => r.startsWith("field "));

describe("instance attributes", () => {
  test("a method's assignments through its first parameter, whatever its name, are fields of the class at their first assignment", async () => {
    const o = await outline(
      [
        "class Point:",
        "    def __init__(self, x, y):",
        "        self.x = x",
        "        self.y: float = y",
        "    def move(this, dx):",
        "        if dx:",
        "            for _ in range(3):",
        "                this.x = this.x + dx",
        "                this.moved = True",
        "    @classmethod",
        "    def origin(cls):",
        "        cls.count = 0",
      ].join("\n"),
    );
    expect(rows(o.symbols)).toEqual([
      "class Point 1",
      "method Point.__init__ 2",
      "field Point.x 3",
      "field Point.y 4",
      "method Point.move 5",
      "field Point.moved 9",
      "method Point.origin 10",
      "field Point.count 12",
    ]);
    const x = o.symbols[0].children![1];
    expect(x).toMatchObject({ signature: "self.x = x", startLine: 3, endLine: 3 });
  });

  test("not another object's, not a static method's, not a nested function's, class's or module function's", async () => {
    const source = [
      "class Box:",
      "    def fill(self, other):",
      "        other.content = 1",
      "        def helper():",
      "            self.from_helper = 2",
      "        class Inner:",
      "            size = 3",
      "        self.callback = lambda: setattr(self, 'late', 4)",
      "    @staticmethod",
      "    def make(self):",
      "        self.made = True",
      "",
      "def free(self):",
      "    self.loose = 5",
    ].join("\n");
    expect(await fields(source)).toEqual(["field Box.fill.Inner.size 7", "field Box.callback 8"]);
  });

  test("tuple targets and chained assignments give each attribute the whole statement", async () => {
    const o = await outline("class C:\n    def __init__(self):\n        self.a, (self.b, self.c) = 1, (2, 3)\n        self.d = self.e = self.f = None\n        self.g, *self.rest = range(3)\n");
    const members = o.symbols[0].children!.filter((s) => s.kind === "field");
    expect(members.map((s) => s.name)).toEqual(["a", "b", "c", "d", "e", "f", "g", "rest"]);
    expect(new Set(members.slice(3, 6).map((s) => s.signature))).toEqual(new Set(["self.d = self.e = self.f = None"]));
  });

  test("listed once, and not where the class body declares the name (a field, a property, a method), wherever it does", async () => {
    const source = [
      "class Account:",
      "    def __init__(self):",
      "        self.balance = 0",
      "        self.owner = None",
      "        self.close = None",
      "    def reset(self):",
      "        self.balance = 0",
      "        self.history = []",
      "    @property",
      "    def owner(self):",
      "        return self._owner",
      "    def close(self):",
      "        pass",
      "    history: list",
    ].join("\n");
    expect(await fields(source)).toEqual(["field Account.balance 3", "field Account.history 14"]);
  });
});

describe("module and class variables in blocks (issue 29)", () => {
  test("in if/try/with blocks at any depth and their clauses; chained and tuple targets; not loops or the __main__ script (its else is kept)", async () => {
    const source = [
      "import sys",
      "if sys.version_info >= (3, 11):",
      "    try:",
      "        import tomllib",
      "    except ImportError:",
      "        tomllib = None",
      "        LOADS, DUMPS = None, None",
      "A = B = C = D = 1",
      "for _n in range(2):",
      "    in_loop = _n",
      "class Config:",
      "    if sys.platform == 'win32':",
      "        SEP = '\\\\'",
      "    else:",
      "        with open(__file__) as _f:",
      "            SEP = _f.read(1)",
      "if __name__ == '__main__':",
      "    script_only = 1",
      "else:",
      "    imported = True",
    ].join("\n");
    expect(rows((await outline(source)).symbols)).toEqual([
      "variable tomllib 6",
      "constant LOADS 7",
      "constant DUMPS 7",
      "constant A 8",
      "constant B 8",
      "constant C 8",
      "constant D 8",
      "class Config 11",
      "field Config.SEP 13",
      "field Config.SEP 16",
      "variable imported 20",
    ]);
  });
});

describe("what the other commands make of attributes", () => {
  const repo = reposPerTest();
  const cls = (retries: string, timeout: string) =>
    `def connect(host):\n    return host\n\n\nclass Client:\n    def __init__(self, host):\n        self.conn = connect(host)\n        self.${retries} = 3\n        self.timeout = ${timeout}\n\n    def send(self):\n        return self.conn\n`;

  test("changed: a renamed attribute is paired, a new value is the field's value change; the method that assigns it changed too", async () => {
    const r = repo();
    r.write("c.py", cls("retries", "10"));
    r.commit("one");
    r.write("c.py", cls("max_retries", "20"));
    r.commit("two");
    const out = await runCli(["changed", "--format", "json", "--base", "HEAD~1", "--head", "HEAD"], r.path);
    expect(out.code).toBe(0);
    const symbols = (JSON.parse(out.stdout).files[0].symbols as any[]).filter((s) => s.kind !== "module");
    expect(symbols.map((s) => `${s.change} ${s.oldQualifiedName ? `${s.oldQualifiedName}>` : ""}${s.qualifiedName}`)).toEqual([
      "modified Client.__init__",
      "renamed Client.retries>Client.max_retries",
      "modified Client.timeout",
    ]);
    expect(symbols[2]).toMatchObject({ valueChanged: true, bodyChanged: false });
  });

  test("symbol reads the assignment; callers counts a call in it as the method's", async () => {
    const r = repo();
    r.write("c.py", cls("retries", "10"));
    r.commit("one");
    const sym = await runCli(["symbol", "c.py", "Client.timeout"], r.path);
    expect(sym.code).toBe(0);
    expect(sym.stdout).toContain("Client.timeout (field");
    expect(sym.stdout.trimEnd().split("\n").slice(1)).toEqual(["        self.timeout = 10"]);
    const callers = await runCli(["callers", "connect"], r.path);
    expect(callers.code).toBe(0);
    expect(callers.stdout).toContain("Client.__init__ (method): connect@7");
    expect(callers.stdout).not.toContain("Client.conn");
  });
});
