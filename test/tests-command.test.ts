// `tests`: the tests a change can reach, on temporary git repositories with the real grammars.
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import type { AffectedTests } from "../src/core/tests/types.ts";
import { join } from "node:path";
import { binaryAvailable, ROOT, runBinary, runCli } from "./helpers/cli.ts";
import { reposPerTest, type TempRepo } from "./helpers/git.ts";

const repo = reposPerTest();

async function tests(r: TempRepo, ...args: string[]): Promise<{ code: number; json: AffectedTests; stderr: string }> {
  const out = await runCli(["tests", "--format", "json", ...args], r.path);
  if (out.code > 1) throw new Error(out.stderr);
  return { code: out.code, json: JSON.parse(out.stdout) as AffectedTests, stderr: out.stderr };
}

const names = (a: AffectedTests) => a.tests.map((t) => `${t.path}::${t.qualifiedName}`).sort();

/** A small Python package, its tests, and pytest named in pytest.ini. */
function pythonProject(r: TempRepo) {
  r.write("pytest.ini", "[pytest]\n");
  r.write("pkg/__init__.py", "");
  r.write("pkg/core.py", [
    "def _normalize(text):",
    "    return text.strip()",
    "",
    "def greet(name):",
    "    return 'hello ' + _normalize(name)",
    "",
    "def shout(name):",
    "    # greet is mentioned here only in a comment",
    "    \"\"\"Unlike greet, this shouts.\"\"\"",
    "    return name.upper()",
    "",
  ].join("\n"));
  r.write("tests/test_core.py", [
    "import pytest",
    "from pkg.core import greet, shout",
    "",
    "@pytest.fixture",
    "def name():",
    "    return ' ann '",
    "",
    "def test_greet(name):",
    "    assert greet(name) == 'hello ann'",
    "",
    "class TestShout:",
    "    def test_shout(self):",
    "        assert shout('a') == 'A'",
    "",
  ].join("\n"));
  return r.commit("base");
}

describe("tests: Python", () => {
  test("an edit of a private helper reaches the test through the public function, with the chain", async () => {
    const r = repo();
    pythonProject(r);
    r.write("pkg/core.py", r.git("show", "HEAD:pkg/core.py").replace("text.strip()", "text.strip().lower()"));
    const { code, json } = await tests(r);
    expect(code).toBe(0);
    // shout mentions greet only in a comment and a docstring: not a use.
    expect(names(json)).toEqual(["tests/test_core.py::test_greet"]);
    const t = json.tests[0];
    expect(t.chain.map((s) => s.qualifiedName)).toEqual(["test_greet", "greet", "_normalize"]);
    expect(t.chain.map((s) => s.line)).toEqual([9, 5, undefined]);
    expect(t.sureness).toBe("resolved");
    expect(json.runners.map((x) => x.runner)).toEqual(["pytest"]);
  });

  test("--format command prints pytest's node ids; nothing reached exits 1 with a note", async () => {
    const r = repo();
    pythonProject(r);
    r.write("pkg/core.py", r.git("show", "HEAD:pkg/core.py").replace("name.upper()", "name.upper() + '!'"));
    const out = await runCli(["tests", "--format", "command"], r.path);
    expect(out.code).toBe(0);
    expect(out.stdout).toBe("python -m pytest tests/test_core.py::TestShout::test_shout\n");
    r.commit("shout");
    r.write("README.md", "docs only\n");
    const none = await runCli(["tests", "--format", "command"], r.path);
    expect(none.code).toBe(1);
    expect(none.stdout).toBe("");
    expect(none.stderr).toContain("no test can reach this change");
  });

  test("a changed conftest.py or fixture chooses the whole suite and says why", async () => {
    const r = repo();
    pythonProject(r);
    r.write("tests/conftest.py", "import pytest\n");
    r.commit("conftest");
    const conf = await runCli(["tests", "--base", "HEAD~1", "--head", "HEAD", "--format", "command"], r.path);
    expect(conf.code).toBe(0);
    expect(conf.stdout).toBe("python -m pytest\n");
    expect(conf.stderr).toContain("the whole suite: a runner's configuration, setup or build file changed");
    r.write("tests/test_core.py", r.git("show", "HEAD:tests/test_core.py").replace("' ann '", "' bob '"));
    const { json } = await tests(r);
    expect(json.wholeSuite?.reason).toContain("a fixture changed");
    expect(json.wholeSuite?.paths).toEqual(["tests/test_core.py name"]);
  });

  test("a chain longer than --depth is not followed; a cycle ends", async () => {
    const r = repo();
    r.write("m.py", ["def a(n):", "    return b(n - 1) if n else 0", "", "def b(n):", "    return a(n)", "", "def c():", "    return b(3)", ""].join("\n"));
    r.write("test_m.py", ["from m import c", "", "def test_c():", "    assert c() == 0", ""].join("\n"));
    r.commit("base");
    r.write("m.py", r.git("show", "HEAD:m.py").replace("else 0", "else 1"));
    expect(names((await tests(r)).json)).toEqual(["test_m.py::test_c"]);
    // a <- b <- c <- test_c: two definitions between the test and the change.
    expect(names((await tests(r, "--depth", "1")).json)).toEqual([]);
    expect(names((await tests(r, "--depth", "2")).json)).toEqual(["test_m.py::test_c"]);
  });

  test("a method whose name another class's method shares is reached only where its class is named", async () => {
    const r = repo();
    r.write("shapes.py", ["class Circle:", "    def area(self):", "        return 3", "", "class Square:", "    def area(self):", "        return 4", ""].join("\n"));
    r.write("tests/test_shapes.py", [
      "from shapes import Circle, Square",
      "",
      "def test_circle():",
      "    assert Circle().area() == 3",
      "",
      "def test_square():",
      "    assert Square().area() == 4",
      "",
    ].join("\n"));
    r.commit("base");
    r.write("shapes.py", r.git("show", "HEAD:shapes.py").replace("return 3", "return 3.14"));
    const { json } = await tests(r);
    expect(names(json)).toEqual(["tests/test_shapes.py::test_circle"]);
    // The test file imports the module (for the classes), not the method's name.
    expect(json.tests[0].sureness).toBe("import");
  });

  test("the printed command runs the selection under pytest", async () => {
    const probe = spawnSync("python3", ["-m", "pytest", "--version"], { encoding: "utf8" });
    if (probe.status !== 0) {
      console.log("skipped: python3 -m pytest is not installed here");
      return;
    }
    const r = repo();
    pythonProject(r);
    r.write("pkg/core.py", r.git("show", "HEAD:pkg/core.py").replace("text.strip()", "text.strip().lower()"));
    const out = await runCli(["tests", "--format", "command"], r.path);
    const run = spawnSync("sh", ["-c", out.stdout.replace(/^python /, "python3 ")], { cwd: r.path, encoding: "utf8", env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" } });
    expect(run.stdout).toContain("1 passed");
    expect(run.status).toBe(0);
  });
});

describe("tests: JavaScript blocks", () => {
  test("it blocks inside describe are the tests, by their titles; a computed title is named as written", async () => {
    const r = repo();
    r.write("package.json", JSON.stringify({ devDependencies: { vitest: "3.0.0" } }));
    r.write("lib/math.js", "export function add(a, b) {\n  return a + b;\n}\n\nexport function mul(a, b) {\n  return a * b;\n}\n");
    r.write("test/math.test.js", [
      "import { add, mul } from '../lib/math.js';",
      "describe('math', () => {",
      "  it('adds', () => {",
      "    expect(add(1, 2)).toBe(3);",
      "  });",
      "  it(`multiplies ${2}`, () => {",
      "    expect(mul(2, 2)).toBe(4);",
      "  });",
      "});",
      "",
    ].join("\n"));
    r.commit("base");
    r.write("lib/math.js", r.git("show", "HEAD:lib/math.js").replace("a * b", "a * b * 1"));
    const { json } = await tests(r);
    expect(json.tests.map((t) => t.titles)).toEqual([["math", "`multiplies ${2}`"]]);
    expect(json.tests[0].dynamicTitle).toBe(true);
    expect(json.tests[0].sureness).toBe("resolved");
    r.write("lib/math.js", r.git("show", "HEAD:lib/math.js").replace("a + b", "b + a"));
    const both = await tests(r);
    expect(both.json.tests.map((t) => t.qualifiedName)).toEqual(["math > adds"]);
    const cmd = await runCli(["tests", "--format", "command"], r.path);
    expect(cmd.stdout).toBe("npx vitest run test/math.test.js\n");
  });

  test("a changed package.json chooses the whole suite", async () => {
    const r = repo();
    r.write("package.json", JSON.stringify({ scripts: { test: "node --test" } }));
    r.write("a.js", "exports.f = () => 1;\n");
    r.commit("base");
    r.write("package.json", JSON.stringify({ scripts: { test: "node --test test/" } }));
    const cmd = await runCli(["tests", "--format", "command"], r.path);
    expect(cmd.stdout).toBe("node --test\n");
    expect(cmd.stderr).toContain("the whole suite");
  });
});

describe("tests: Go", () => {
  test("a test of the same package reaches an unexported function; the command runs it by name", async () => {
    const r = repo();
    r.write("go.mod", "module example.com/calc\n\ngo 1.19\n");
    r.write("calc/calc.go", "package calc\n\nfunc double(x int) int {\n\treturn x * 2\n}\n\nfunc Quad(x int) int {\n\treturn double(double(x))\n}\n\nfunc Neg(x int) int {\n\treturn -x\n}\n");
    r.write("calc/calc_test.go", "package calc\n\nimport \"testing\"\n\nfunc TestQuad(t *testing.T) {\n\tif Quad(1) != 4 {\n\t\tt.Fatal()\n\t}\n}\n\nfunc TestNeg(t *testing.T) {\n\tif Neg(1) != -1 {\n\t\tt.Fatal()\n\t}\n}\n\nfunc BenchmarkQuad(b *testing.B) {\n\tQuad(1)\n}\n");
    r.commit("base");
    r.write("calc/calc.go", r.git("show", "HEAD:calc/calc.go").replace("x * 2", "x + x"));
    const { json } = await tests(r);
    expect(names(json)).toEqual(["calc/calc_test.go::TestQuad"]);
    expect(json.tests[0].chain.map((s) => s.qualifiedName)).toEqual(["TestQuad", "Quad", "double"]);
    const cmd = await runCli(["tests", "--format", "command"], r.path);
    expect(cmd.stdout).toBe("go test ./calc -run '^(TestQuad)$'\n");
  });
});

describe("tests: the binary", () => {
  test("a bad --format is a usage error on one line", () => {
    if (!binaryAvailable()) throw new Error("dist/ast-outline is missing (npm run build)");
    const r = repo();
    r.write("a.py", "x = 1\n");
    r.commit("base");
    const out = runBinary(["tests", "--format", "yaml"], { cwd: r.path });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^ast-outline: .*\n$/);
  });

  test("--base, --head and a path limit the change", () => {
    const r = repo();
    pythonProject(r);
    r.write("pkg/core.py", r.git("show", "HEAD:pkg/core.py").replace("text.strip()", "text.strip().lower()"));
    const head = r.commit("normalize");
    const all = runBinary(["tests", "--base", `${head}~1`, "--head", head, "--format", "json"], { cwd: r.path });
    expect((JSON.parse(all.stdout) as AffectedTests).tests.map((t) => t.name)).toEqual(["test_greet"]);
    const elsewhere = runBinary(["tests", "--base", `${head}~1`, "--head", head, "--format", "json", "tests"], { cwd: r.path });
    expect(elsewhere.code).toBe(1);
    expect((JSON.parse(elsewhere.stdout) as AffectedTests).tests).toEqual([]);
  });
});

describe("tests: MCP", () => {
  test("changed_symbols with tests: true adds the reached tests and their chains", async () => {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const r = repo();
    pythonProject(r);
    r.write("pkg/core.py", r.git("show", "HEAD:pkg/core.py").replace("text.strip()", "text.strip().lower()"));
    const client = new Client({ name: "test", version: "0" });
    await client.connect(new StdioClientTransport({ command: join(ROOT, "node_modules", ".bin", "bun"), args: [join(ROOT, "src", "cli", "index.ts"), "mcp"], cwd: r.path, stderr: "pipe" }));
    try {
      const text = (res: any): string => res.content.map((c: any) => c.text).join("");
      const plain = text(await client.callTool({ name: "changed_symbols", arguments: {} }));
      expect(plain).toContain("_normalize");
      expect(plain).not.toContain("test_greet");
      const withTests = text(await client.callTool({ name: "changed_symbols", arguments: { tests: true } }));
      expect(withTests).toContain("1 test reached from 1 changed symbol (pytest)");
      expect(withTests).toContain("tests/test_core.py:8 test_greet [resolved]\n  test_greet (tests/test_core.py:9) -> greet (pkg/core.py:5) -> _normalize (pkg/core.py)");
    } finally {
      await client.close();
    }
  }, 30000);
});
