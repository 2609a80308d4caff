// Call chains and callers: cycles stop, imports cross files, unknown calls say so.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, tempDir } from "./helpers/cli.ts";
import { gitOk, tempRepo } from "./helpers/git-repo.ts";

const dir = tempDir();
beforeAll(() => {
  mkdirSync(join(dir.path, "lib"));
  writeFileSync(join(dir.path, "ping.py"), [
    "from lib.util import helper as h",
    "import lib.util",
    "",
    "def ping(n):",
    "    if n:",
    "        pong(n - 1)",
    "    h(n)",
    "    lib.util.other()",
    "    mystery(n)",
    "",
    "def pong(n):",
    "    ping(n)",
    "",
  ].join("\n"));
  writeFileSync(join(dir.path, "lib", "util.py"), "def helper(x):\n    return other()\n\ndef other():\n    return 1\n");
  writeFileSync(join(dir.path, "main.ts"), 'import { area } from "./geo";\nimport * as g from "./geo";\nexport function run() {\n  area(2);\n  g.perimeter(3);\n}\n');
  writeFileSync(join(dir.path, "geo.ts"), "export function area(r: number) {\n  return perimeter(r) * r;\n}\nexport function perimeter(r: number) {\n  return 2 * r;\n}\n");
});
afterAll(() => dir.cleanup());

describe("calls", () => {
  test("a cycle is cut, imports resolve across files, unknown calls are unresolved", async () => {
    const r = await runCli(["calls", "ping.py", "ping", "--depth", "3"], dir.path);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe([
      "calls from ping.py:4-9 ping (depth 3; same-file, import, name-match = by name only, not type-checked)",
      "  pong @6 -> ping.py:11-12 pong [same-file]",
      "    ping @12 -> ping.py:4-9 ping [same-file] (seen)",
      "  h @7 -> lib/util.py:1-2 helper [import]",
      "    other @2 -> lib/util.py:4-5 other [same-file]",
      "  lib.util.other @8 -> lib/util.py:4-5 other [import] (seen)",
      "  mystery @9 [unresolved]",
      "",
    ].join("\n"));
  });

  test("depth 1 and the token budget", async () => {
    const r = await runCli(["calls", "ping.py", "ping", "--depth", "1", "--max-tokens", "40"], dir.path);
    expect(r.stdout).toContain("pong @6 -> ping.py:11-12 pong [same-file]\n");
    expect(r.stdout).toContain("more lines cut by the 40-token budget");
    expect(r.stdout).not.toContain("    ping @12");
    expect((await runCli(["calls", "ping.py", "ping", "--depth", "6"], dir.path)).code).toBe(2);
  });

  test("TypeScript named and namespace imports", async () => {
    const r = await runCli(["calls", "main.ts", "run"], dir.path);
    expect(r.stdout).toContain("  area @4 -> geo.ts:1-3 area [import]\n    perimeter @2 -> geo.ts:4-6 perimeter [same-file]\n");
    expect(r.stdout).toContain("  g.perimeter @5 -> geo.ts:4-6 perimeter [import]\n");
  });
});

describe("callers", () => {
  test("grouped by enclosing symbol, marked by how they match", async () => {
    const r = await runCli(["callers", "other"], dir.path);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("callers of `other`: 2 call sites in 2 symbols\n");
    expect(r.stdout).toContain("lib/util.py\n  1-2 helper (function): other@2 [same-file]\n");
    expect(r.stdout).toContain("ping.py\n  4-9 ping (function): lib.util.other@8 [import]\n");
    const only = await runCli(["callers", "perimeter", "--path", "*.ts"], dir.path);
    expect(only.stdout).toContain("geo.ts\n  1-3 area (function): perimeter@2 [same-file]");
    expect(only.stdout).toContain("main.ts\n  3-6 run (function): g.perimeter@5 [import]");
    const none = await runCli(["callers", "nothing_calls_this"], dir.path);
    expect(none.code).toBe(1);
  });
});

describe("C (grammars/c/skeleton.scm)", () => {
  const repo = tempRepo({
    "util.h": "int helper(int x);\nstruct ops { int (*run)(int); };\n",
    "util.c": '#include "util.h"\n\nint helper(int x)\n{\n\treturn x + 1;\n}\n',
    "main.c": [
      '#include "util.h"',
      "#define TWICE(x) helper(helper(x))",
      "",
      "static int step(const struct ops *o, int n)",
      "{",
      "\tif (n > 0)",
      "\t\treturn o->run(helper(n));",
      "\treturn TWICE(n) + undefined_fn(n);",
      "}",
      "",
    ].join("\n"),
  });
  beforeAll(() => {
    gitOk(repo.path, "add", "-A");
    gitOk(repo.path, "commit", "-q", "-m", "c");
  });
  afterAll(() => repo.cleanup());

  test("calls by name, through a field and of a macro; a macro's body is not the function's call", async () => {
    const r = await runCli(["calls", "main.c", "step", "--depth", "1"], repo.path);
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect(r.stdout.split("\n").slice(1)).toEqual([
      "  o->run @7 [unresolved]",
      "  helper @7 -> util.c:3-6 helper [name-match 1 of 2]", // the other: the prototype in util.h
      "  TWICE @8 -> main.c:2-2 TWICE [same-file]",
      "  undefined_fn @8 [unresolved]",
      "",
    ]);
  });

  test("callers of a C function, and context names its callee", async () => {
    const callers = await runCli(["callers", "helper"], repo.path);
    expect(callers.code).toBe(0);
    // The two calls in TWICE's body are text, not calls: one call site in all.
    expect(callers.stdout).toBe("callers of `helper`: 1 call site in 1 symbol (1 matched by name only: the receiver's type is not checked)\nmain.c\n  4-9 step (function): helper@7 [name-match]\n");
    const context = await runCli(["context", "main.c", "step"], repo.path);
    expect(context.code).toBe(0);
    expect(context.stdout).toContain("  helper@7 -> util.c:3-6 helper [name-match 1 of 2]  int helper(int x)\n");
    expect(context.stdout).toContain("  not in the workspace or unresolved: o->run@7, undefined_fn@8\n");
  });
});
