// `changed --impact` on a real git repository whose one commit re-declares, removes and renames
// callables in Python, TypeScript, JavaScript, Go, Java and Rust, with callers the commit did not
// touch: which call sites are reported, how each is tied (import, same file, name only), which
// break and why; the formats (SARIF and rdjson schema-valid, Markdown "callers not updated") and
// the MCP tool's `impact` through the real client.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { ImpactSite } from "../src/core/calls/types.ts";
import type { ChangeSet } from "../src/core/diff/types.ts";
import { runCli } from "./helpers/cli.ts";
import { BUN, CLI_SOURCE } from "./helpers/git-repo.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";
import { validateRdjson, validateSarif } from "./helpers/schemas.ts";

let repo: TempRepo;
let base: string;
let head: string;

beforeAll(() => {
  repo = tempRepo();
  const w = repo.write;
  // Python
  w("lib.py", "def f(a, b=1, *, c=2):\n    return a\n\n\ndef gone():\n    return 0\n\n\nclass Store:\n    def put(self, key, value):\n        return key\n");
  w("use.py", [
    "from lib import f, gone, Store",
    "",
    "def run(s, args):",
    "    f(1)",
    "    f(1, 2)",
    "    f(1, c=3)",
    "    f(1, d=3)",
    "    f(*args)",
    "    gone()",
    "    s.put('k', 'v')",
    "",
  ].join("\n"));
  w("touched.py", "from lib import f\n\n\ndef a():\n    return f(1, 2)\n\n\ndef b():\n    return f(1)\n");
  w("own.py", "def f(x):\n    return x\n\n\nf(1, 2, 3)\n");
  w("other.py", "def f(x, y, z):\n    return x\n");
  w("via_other.py", "from other import f\n\nf(1, 2, 3)\n");
  // TypeScript, through a re-export and an alias; JavaScript
  w("src/lib.ts", "export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport function scale(x: number, factor = 2): number {\n  return x * factor;\n}\n\nexport function oldName(): number {\n  return 1;\n}\n");
  w("src/index.ts", 'export { add, scale } from "./lib";\n');
  w("src/use.ts", [
    'import { add as plus, scale } from "./index";',
    'import { oldName } from "./lib";',
    "export function main(): number {",
    "  scale(1);",
    "  scale(1, 3);",
    "  oldName();",
    "  return plus(1, 2);",
    "}",
    "",
  ].join("\n"));
  w("web/greet.js", "export function greet(name, greeting) {\n  return greeting + name;\n}\n");
  w("web/page.js", 'import { greet } from "./greet.js";\n\ngreet("a", "b");\ngreet(...parts);\n');
  // Go, Java, Rust: calls in the definition's own file
  w("calc/calc.go", "package calc\n\nfunc Sum(a, b int) int {\n\treturn a + b\n}\n\nfunc Twice() int {\n\treturn Sum(1, 2)\n}\n");
  w("Calc.java", "class Calc {\n  int sum(int a, int b) {\n    return a + b;\n  }\n\n  int sum(int a, int b, int c) {\n    return a + b + c;\n  }\n\n  int use() {\n    return sum(1, 2) + sum(1, 2, 3);\n  }\n}\n");
  w("shapes.rs", "struct Shape;\n\nimpl Shape {\n    fn grow(&self, by: u32) -> u32 {\n        by\n    }\n}\n\nfn area(w: u32, h: u32) -> u32 {\n    w * h\n}\n\nfn main() {\n    let s = Shape;\n    area(1, 2);\n    Shape::grow(&s, 1);\n    s.grow(1);\n}\n");
  base = repo.commit("base");

  w("lib.py", "def f(a, *, d=2):\n    return a\n\n\nclass Store:\n    def put(self, key):\n        return key\n");
  w("touched.py", "from lib import f\n\n\ndef a():\n    return f(1, d=2)\n\n\ndef b():\n    return f(1)\n");
  w("src/lib.ts", "export function add(a: number, b: number, c: number): number {\n  return a + b + c;\n}\n\nexport function scale(x: number, factor: number): number {\n  return x * factor;\n}\n\nexport function newName(): number {\n  return 1;\n}\n");
  w("web/greet.js", "export function greet(name) {\n  return name;\n}\n");
  w("calc/calc.go", "package calc\n\nfunc Sum(a, b, c int) int {\n\treturn a + b + c\n}\n\nfunc Twice() int {\n\treturn Sum(1, 2)\n}\n");
  w("Calc.java", "class Calc {\n  int sum(int a) {\n    return a;\n  }\n\n  int sum(int a, int b, int c) {\n    return a + b + c;\n  }\n\n  int use() {\n    return sum(1, 2) + sum(1, 2, 3);\n  }\n}\n");
  w("shapes.rs", "struct Shape;\n\nimpl Shape {\n    fn grow(&self) -> u32 {\n        1\n    }\n}\n\nfn area(w: u32) -> u32 {\n    w\n}\n\nfn main() {\n    let s = Shape;\n    area(1, 2);\n    Shape::grow(&s, 1);\n    s.grow(1);\n}\n");
  head = repo.commit("head");
});

// The one run most tests read (cold: parses every file of the repository).
beforeAll(async () => {
  await changeSet();
}, 60000);

afterAll(() => repo.cleanup());

async function impact(...args: string[]) {
  return runCli(["changed", "--base", base, "--head", head, "--impact", ...args], repo.path);
}

let cached: ChangeSet | undefined;
async function changeSet(): Promise<ChangeSet> {
  if (cached) return cached;
  const r = await impact("--format", "json");
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return (cached = JSON.parse(r.stdout));
}

/** `path:line resolution [breaks]` of every call site reported for a symbol. */
async function sitesOf(qualifiedName: string): Promise<string[]> {
  const set = await changeSet();
  const s = set.files.flatMap((f) => f.symbols).find((x) => (x.oldQualifiedName ?? x.qualifiedName) === qualifiedName && x.callers);
  expect(s).toBeDefined();
  return s!.callers!.map((c: ImpactSite) => `${c.path}:${c.line} ${c.resolution}${c.breaks ? ` breaks: ${c.breaks}` : ""}`);
}

describe("changed --impact", () => {
  test("Python: too many positional, an unknown keyword and a removed function break; a spread is not judged; touched lines and other definitions are left out", async () => {
    expect(await sitesOf("f")).toEqual([
      "touched.py:9 import",
      "use.py:4 import",
      "use.py:5 import breaks: 2 positional arguments given, it takes at most 1",
      "use.py:6 import breaks: no parameter named c",
      "use.py:7 import",
      "use.py:8 import",
    ]);
    expect(await sitesOf("gone")).toEqual(["use.py:9 import breaks: removed"]);
    // A method called through an object of unknown type: tied by its name only, not judged.
    expect(await sitesOf("Store.put")).toEqual(["use.py:10 name-match"]);
  }, 30000);

  test("TypeScript: through a re-export and an alias; a missing argument and a renamed function break", async () => {
    expect(await sitesOf("add")).toEqual(["src/use.ts:7 import breaks: 1 required argument missing"]);
    expect(await sitesOf("scale")).toEqual(["src/use.ts:4 import breaks: 1 required argument missing", "src/use.ts:5 import"]);
    expect(await sitesOf("oldName")).toEqual(["src/use.ts:6 import breaks: renamed to newName"]);
  }, 30000);

  test("JavaScript: too many arguments break, a spread is not judged", async () => {
    expect(await sitesOf("greet")).toEqual(["web/page.js:3 import breaks: 2 positional arguments given, it takes at most 1", "web/page.js:4 import"]);
  }, 30000);

  test("Go, Java (overloads), Rust (self through an object or the type)", async () => {
    expect(await sitesOf("Sum")).toEqual(["calc/calc.go:8 same-file breaks: 1 required argument missing"]);
    // Another overload takes three arguments: only the two-argument call breaks.
    expect(await sitesOf("Calc.sum")).toEqual(["Calc.java:11 same-file breaks: 2 positional arguments given, it takes at most 1", "Calc.java:11 same-file"]);
    expect(await sitesOf("area")).toEqual(["shapes.rs:15 same-file breaks: 2 positional arguments given, it takes at most 1"]);
    expect(await sitesOf("Shape.grow")).toEqual([
      "shapes.rs:16 same-file breaks: 2 positional arguments given, it takes at most 1",
      "shapes.rs:17 name-match",
    ]);
  }, 30000);

  test("without --impact no callers are computed", async () => {
    const r = await runCli(["changed", "--base", base, "--head", head, "--format", "json"], repo.path);
    expect(r.stdout).not.toContain('"callers"');
  }, 30000);
});

describe("--impact in every format", () => {
  test("SARIF: schema-valid, one caller-not-updated result per tied call site, on its line", async () => {
    const r = await impact("--format", "sarif");
    const log = JSON.parse(r.stdout);
    expect(validateSarif(log)).toEqual([]);
    const callers = log.runs[0].results.filter((x: any) => x.ruleId === "caller-not-updated");
    const set = await changeSet();
    const tied = set.files.flatMap((f) => f.symbols.flatMap((s) => s.callers ?? [])).filter((c) => c.resolution !== "name-match" || c.breaks);
    expect(callers.length).toBe(tied.length);
    const five = callers.find((x: any) => x.locations[0].physicalLocation.artifactLocation.uri === "use.py" && x.locations[0].physicalLocation.region.startLine === 5);
    expect(five.message.text).toContain("breaks: 2 positional arguments given");
    expect(five.properties.resolution).toBe("import");
    expect(new Set(callers.map((x: any) => x.partialFingerprints["astOutlineSymbol/v1"])).size).toBe(callers.length);
  }, 30000);

  test("rdjson: schema-valid, caller findings on the caller's line", async () => {
    const r = await impact("--format", "rdjson");
    const result = JSON.parse(r.stdout);
    expect(validateRdjson(result)).toEqual([]);
    const d = result.diagnostics.find((x: any) => x.code.value === "caller-not-updated" && x.location.path === "web/page.js");
    expect(d.location.range.start.line).toBe(3);
    expect(d.message).toContain("breaks");
  }, 30000);

  test("Markdown: a 'callers not updated' table; text: the sites under each symbol", async () => {
    const md = (await impact("--format", "markdown")).stdout;
    expect(md).toContain("**Callers not updated**");
    expect(md).toMatch(/\| `use\.py:5` in `run` \| function `f` \| import \| `2 positional arguments given, it takes at most 1` \|/);
    const text = (await impact()).stdout;
    expect(text).toContain("callers not updated: 6 (2 break; 6 import)");
    expect(text).toContain("use.py:9 gone in run [import] breaks: removed");
  }, 30000);
});

describe("MCP changed_symbols", () => {
  test("impact: true lists the callers not updated, read through the workspace", async () => {
    repo.git("checkout", "-q", base);
    // The work tree against the base: the head's edits, not committed.
    repo.git("checkout", "-q", head, "--", ".");
    repo.git("reset", "-q");
    const client = new Client({ name: "test", version: "0" });
    await client.connect(new StdioClientTransport({ command: BUN, args: [CLI_SOURCE, "mcp"], cwd: repo.path, stderr: "pipe" }));
    try {
      const r: any = await client.callTool({ name: "changed_symbols", arguments: { impact: true } });
      const text = r.content.map((c: any) => c.text).join("");
      expect(r.isError).toBeFalsy();
      expect(text).toContain("callers not updated");
      expect(text).toContain("use.py:5 f in run [import] breaks: 2 positional arguments given, it takes at most 1");
      const plain: any = await client.callTool({ name: "changed_symbols", arguments: {} });
      expect(plain.content.map((c: any) => c.text).join("")).not.toContain("callers not updated");
    } finally {
      await client.close();
      repo.git("checkout", "-q", "-f", "main");
    }
  }, 30000);
});
