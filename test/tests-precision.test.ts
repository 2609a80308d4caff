// `tests` drops a mention that syntax shows means something else, on temporary git repositories
// with the real grammars: a name in a type position, a parameter of that name, an import that
// leads to another definition, a method of a class no test holds an instance of, a doc comment
// the runner reads nothing from.
import { describe, expect, test } from "bun:test";
import type { AffectedTests } from "../src/core/tests/types.ts";
import { mentionsIn } from "../src/core/tests/mentions.ts";
import { runCli } from "./helpers/cli.ts";
import { reposPerTest, type TempRepo } from "./helpers/git.ts";

const repo = reposPerTest();

async function selected(r: TempRepo): Promise<string[]> {
  const out = await runCli(["tests", "--format", "json"], r.path);
  if (out.code > 1) throw new Error(out.stderr);
  return (JSON.parse(out.stdout) as AffectedTests).tests.map((t) => `${t.path}::${t.qualifiedName}`).sort();
}

describe("mentions on a line", () => {
  test("bare, or a member with its receiver when the receiver is written as names", () => {
    expect(mentionsIn("load(x) + reload(y)", "load")).toEqual([{ col: 0, member: false }]);
    expect(mentionsIn("v = self.store.get(k)", "get")).toEqual([{ col: 15, member: true, receiver: "self.store", receiverCol: 4 }]);
    expect(mentionsIn("make().get()", "get")).toEqual([{ col: 7, member: true }]);
    expect(mentionsIn("a[0].get()", "get")).toEqual([{ col: 5, member: true }]);
    expect(mentionsIn("p->get(); C::get()", "get")).toEqual([
      { col: 3, member: true, receiver: "p", receiverCol: 0 },
      { col: 13, member: true, receiver: "C", receiverCol: 10 },
    ]);
    expect(mentionsIn("$get + get_x", "get")).toEqual([]);
    expect(mentionsIn("out := make([]net.IP, 0)", "IP")).toEqual([{ col: 18, member: true, receiver: "net", receiverCol: 14 }]);
  });
});

describe("tests: what a mention means", () => {
  test("Python: a parameter of the changed function's name is not a use of it", async () => {
    const r = repo();
    r.write("pytest.ini", "[pytest]\n");
    r.write("pkg/__init__.py", "");
    r.write("pkg/io.py", "def load():\n    return 1\n\ndef run(load):\n    return load()\n\ndef twice():\n    return load() * 2\n");
    r.write("tests/test_io.py", [
      "from pkg.io import run, twice",
      "",
      "def test_run():",
      "    assert run(lambda: 3) == 3",
      "",
      "def test_twice():",
      "    assert twice() == 2",
      "",
    ].join("\n"));
    r.commit("base");
    r.write("pkg/io.py", r.git("show", "HEAD:pkg/io.py").replace("return 1", "return 1 + 0"));
    expect(await selected(r)).toEqual(["tests/test_io.py::test_twice"]);
  });

  test("Python: a test's parameter is the conftest fixture of that name, not a shadow of it", async () => {
    const r = repo();
    r.write("pytest.ini", "[pytest]\n");
    r.write("pkg/__init__.py", "");
    r.write("pkg/runner.py", "class Runner:\n    def __init__(self):\n        self.env = {}\n");
    r.write("tests/conftest.py", "import pytest\nfrom pkg.runner import Runner\n\n@pytest.fixture\ndef runner():\n    return Runner()\n");
    r.write("tests/test_run.py", "def test_env(runner):\n    assert runner.env == {}\n\ndef test_plain():\n    assert 1\n");
    r.commit("base");
    r.write("pkg/runner.py", r.git("show", "HEAD:pkg/runner.py").replace("self.env = {}", "self.env = dict()"));
    expect(await selected(r)).toEqual(["tests/test_run.py::test_env"]);
  });

  test("JavaScript: a function defined inside the one that calls it is reached through it (its own binding is not a shadow)", async () => {
    const r = repo();
    r.write("package.json", JSON.stringify({ devDependencies: { mocha: "10.0.0" } }));
    r.write("lib/parse.js", "const parse = (s) => {\n  const close = () => s + '!';\n  return close();\n};\n\nmodule.exports = parse;\n");
    r.write("test/parse.js", "const parse = require('../lib/parse');\ndescribe('parse', () => {\n  it('closes', () => {\n    parse('a');\n  });\n});\n");
    r.commit("base");
    r.write("lib/parse.js", r.git("show", "HEAD:lib/parse.js").replace("s + '!'", "s + '?'"));
    expect(await selected(r)).toEqual(["test/parse.js::parse > closes"]);
  });

  test("Python: a function imported from another module is that module's, not the changed one's", async () => {
    const r = repo();
    r.write("pytest.ini", "[pytest]\n");
    r.write("a.py", "def parse(s):\n    return s\n");
    r.write("b.py", "def parse(s):\n    return s.strip()\n");
    r.write("test_a.py", "from a import parse\n\ndef test_a():\n    assert parse('x') == 'x'\n");
    r.write("test_b.py", "from b import parse\n\ndef test_b():\n    assert parse(' x') == 'x'\n");
    r.commit("base");
    r.write("a.py", r.git("show", "HEAD:a.py").replace("return s", "return str(s)"));
    expect(await selected(r)).toEqual(["test_a.py::test_a"]);
  });

  test("Python: a method runs only in tests that can come to hold an instance of its class", async () => {
    const r = repo();
    r.write("pytest.ini", "[pytest]\n");
    r.write("pkg/__init__.py", "");
    r.write("pkg/store.py", "class Store:\n    def fetch_all(self):\n        return [1]\n\ndef count(source):\n    if source is None:\n        return 0\n    return len(source.fetch_all())\n");
    r.write("pkg/make.py", "from pkg.store import Store\n\ndef open_store():\n    return Store()\n");
    r.write("tests/test_store.py", [
      "from pkg.make import open_store",
      "from pkg.store import count",
      "",
      "def test_real():",
      "    assert count(open_store()) == 1",
      "",
      "def test_none():",
      "    assert count(None) == 0",
      "",
    ].join("\n"));
    r.commit("base");
    r.write("pkg/store.py", r.git("show", "HEAD:pkg/store.py").replace("return [1]", "return [1, 2]"));
    // test_none reaches `count`, which calls `fetch_all`, but never an instance of Store.
    expect(await selected(r)).toEqual(["tests/test_store.py::test_real"]);
  });

  test("Python: a call on a generic base's self may run a subclass's override (the base written `Base[str]`)", async () => {
    const r = repo();
    r.write("pytest.ini", "[pytest]\n");
    r.write("conv.py", [
      "from typing import Generic, TypeVar",
      "",
      "T = TypeVar('T')",
      "",
      "class Base(Generic[T]):",
      "    def __call__(self, v):",
      "        return self.convert(v)",
      "",
      "    def convert(self, v):",
      "        return v",
      "",
      "class Upper(Base[str]):",
      "    def convert(self, v):",
      "        return v.upper()",
      "",
    ].join("\n"));
    r.write("test_conv.py", "from conv import Upper\n\ndef test_upper():\n    assert Upper()('a') == 'A'\n");
    r.commit("base");
    r.write("conv.py", r.git("show", "HEAD:conv.py").replace("v.upper()", "v.upper() + ''"));
    expect(await selected(r)).toEqual(["test_conv.py::test_upper"]);
  });

  test("Go: a method of a type runs where a value of it is made, not where a type switch names it nor where another package's name of that name is used", async () => {
    const r = repo();
    r.write("go.mod", "module example.com/f\n\ngo 1.19\n");
    r.write("f/ip.go", [
      "package f",
      "",
      "import \"net\"",
      "",
      "type ipValue net.IP",
      "",
      "func newIPValue(p *net.IP) *ipValue { return (*ipValue)(p) }",
      "",
      "func (i *ipValue) Set(s string) error {",
      "\t*i = ipValue(net.ParseIP(s))",
      "\treturn nil",
      "}",
      "",
      "func IP(s string) net.IP {",
      "\tvar ip net.IP",
      "\tnewIPValue(&ip).Set(s)",
      "\treturn ip",
      "}",
      "",
    ].join("\n"));
    r.write("f/value.go", [
      "package f",
      "",
      "import \"net\"",
      "",
      "type Value interface{ Set(string) error }",
      "",
      "type intValue int",
      "",
      "func (i *intValue) Set(s string) error {",
      "\t*i = 1",
      "\treturn nil",
      "}",
      "",
      "func Parse(v Value, s string) error { return v.Set(s) }",
      "",
      "func IsZero(v Value) bool {",
      "\tswitch v.(type) {",
      "\tcase *intValue, *ipValue:",
      "\t\treturn true",
      "\t}",
      "\treturn false",
      "}",
      "",
      "func Count() int {",
      "\tout := make([]net.IP, 0)",
      "\treturn len(out)",
      "}",
      "",
    ].join("\n"));
    r.write("f/f_test.go", [
      "package f",
      "",
      "import \"testing\"",
      "",
      "func TestIP(t *testing.T) { IP(\"1.2.3.4\") }",
      "",
      "func TestParse(t *testing.T) {",
      "\tvar n intValue",
      "\tParse(&n, \"2\")",
      "}",
      "",
      "func TestZero(t *testing.T) { IsZero(new(intValue)) }",
      "",
      "func TestCount(t *testing.T) { Count() }",
      "",
    ].join("\n"));
    r.commit("base");
    r.write("f/ip.go", r.git("show", "HEAD:f/ip.go").replace("\treturn nil\n}\n\nfunc IP", "\treturn error(nil)\n}\n\nfunc IP"));
    // TestParse calls Set through the interface, on an intValue: no ipValue is made on its way.
    expect(await selected(r)).toEqual(["f/f_test.go::TestIP"]);
  });

  test("TypeScript: a class named only in a type annotation is not constructed there", async () => {
    const r = repo();
    r.write("package.json", JSON.stringify({ devDependencies: { vitest: "3.0.0" } }));
    r.write("src/config.ts", "export class Config {\n  level: number;\n  constructor() {\n    this.level = 1;\n  }\n}\n");
    r.write("src/show.ts", "import { Config } from './config';\n\nexport function show(c: Config): string {\n  return `level ${c.level}`;\n}\n\nexport function fresh(): Config {\n  return new Config();\n}\n");
    r.write("test/show.test.ts", [
      "import { show, fresh } from '../src/show';",
      "it('shows', () => {",
      "  expect(show({ level: 2 })).toBe('level 2');",
      "});",
      "it('makes', () => {",
      "  expect(fresh().level).toBe(1);",
      "});",
      "",
    ].join("\n"));
    r.commit("base");
    r.write("src/config.ts", r.git("show", "HEAD:src/config.ts").replace("this.level = 1", "this.level = 1 + 0"));
    expect(await selected(r)).toEqual(["test/show.test.ts::makes"]);
  });

  test("a doc comment alone selects nothing where the runner reads none (JSDoc); a docstring still does (doctests)", async () => {
    const r = repo();
    r.write("package.json", JSON.stringify({ devDependencies: { vitest: "3.0.0" } }));
    r.write("lib/add.js", "/** Adds. */\nexport function add(a, b) {\n  return a + b;\n}\n");
    r.write("test/add.test.js", "import { add } from '../lib/add.js';\nit('adds', () => {\n  expect(add(1, 2)).toBe(3);\n});\n");
    r.write("pytest.ini", "[pytest]\n");
    r.write("calc.py", 'def half(x):\n    """Half.\n\n    >>> half(2)\n    1.0\n    """\n    return x / 2\n');
    r.write("test_calc.py", "from calc import half\n\ndef test_half():\n    assert half(2) == 1\n");
    r.commit("base");
    r.write("lib/add.js", r.git("show", "HEAD:lib/add.js").replace("Adds.", "Adds two numbers."));
    const js = await runCli(["tests", "--format", "json"], r.path);
    expect(js.code).toBe(1);
    expect((JSON.parse(js.stdout) as AffectedTests).tests).toEqual([]);
    r.write("lib/add.js", r.git("show", "HEAD:lib/add.js"));
    r.write("calc.py", r.git("show", "HEAD:calc.py").replace("    1.0\n", "    1.0\n    >>> half(4)\n    2.0\n"));
    expect(await selected(r)).toEqual(["test_calc.py::test_half"]);
  });
});
