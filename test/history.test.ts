// `history` against real git repositories: which commits changed one symbol, how (kind, flags,
// ranges), following renames of the symbol, of its container and of its file, and moves to other
// files; --limit, --since, the formats, the cache, and the refusals.
import { afterEach, describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "./helpers/cli.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function repo(): TempRepo {
  const r = tempRepo();
  cleanups.push(r.cleanup);
  return r;
}

/** A commit with this committer date (what --since reads). */
function commitAt(r: TempRepo, message: string, date: string): string {
  r.git("add", "-A");
  execFileSync("git", ["commit", "-q", "--allow-empty", "-m", message], {
    cwd: r.path,
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com", GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date, HOME: r.path },
  });
  return r.git("rev-parse", "HEAD").trim();
}

async function history(r: TempRepo, ...args: string[]) {
  const out = await runCli(["history", "--format", "json", ...args], r.path);
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout);
}

const rows = (h: any) => h.commits.map((c: any) => `${c.subject}:${c.change}:${c.qualifiedName}`);

describe("history", () => {
  test("added, modified (body, signature, cosmetic) and renamed, newest first; other symbols' commits left out", async () => {
    const r = repo();
    const other = "def other():\n    return 0\n";
    r.write("m.py", `def alpha(x):\n    y = x + 1\n    return y * 2\n\n\n${other}`);
    const c1 = r.commit("add alpha");
    r.write("m.py", `def alpha(x):\n    y = x + 2\n    return y * 2\n\n\n${other}`);
    r.commit("body");
    r.write("m.py", `def alpha(x):\n    # a note\n    y = x + 2\n    return y * 2\n\n\n${other}`);
    r.commit("comment only");
    r.write("m.py", `def alpha(x):\n    # a note\n    y = x + 2\n    return y * 2\n\n\ndef other():\n    return 1\n`);
    r.commit("touch other");
    r.write("m.py", `def beta(x):\n    # a note\n    y = x + 2\n    return y * 2\n\n\ndef other():\n    return 1\n`);
    r.commit("rename");
    r.write("m.py", `def beta(x, z=0):\n    # a note\n    y = x + 2\n    return y * 2\n\n\ndef other():\n    return 1\n`);
    r.commit("signature");
    const h = await history(r, "m.py", "beta");
    expect(h.symbol).toBe("beta");
    expect(h.end).toBe("added");
    expect(rows(h)).toEqual(["signature:modified:beta", "rename:renamed:beta", "comment only:modified:alpha", "body:modified:alpha", "add alpha:added:alpha"]);
    const [sig, ren, cos, body, add] = h.commits;
    expect([sig.signatureChanged, sig.bodyChanged, sig.cosmetic]).toEqual([true, false, false]);
    expect(ren.oldQualifiedName).toBe("alpha");
    expect([cos.cosmetic, cos.signatureChanged, cos.bodyChanged]).toEqual([true, false, false]);
    expect([body.bodyChanged, body.signatureChanged]).toEqual([true, false]);
    expect(add.commit).toBe(c1);
    expect([add.startLine, add.endLine]).toEqual([1, 3]);
    expect([cos.startLine, cos.endLine, cos.oldStartLine, cos.oldEndLine]).toEqual([1, 4, 1, 3]);
    expect(h.examined).toBe(6);
  });

  test("follows its file across a rename and itself across a move to another file", async () => {
    const r = repo();
    r.write("old/a.py", "def keep():\n    return 1\n\n\ndef walker(n):\n    total = 0\n    for i in range(n):\n        total += i\n    return total\n");
    r.commit("start");
    r.write("old/a.py", "def keep():\n    return 1\n\n\ndef walker(n):\n    total = 0\n    for i in range(n):\n        total += i * 2\n    return total\n");
    r.commit("double");
    r.write("lib/a.py", "def keep():\n    return 1\n\n\ndef walker(n):\n    total = 0\n    for i in range(n):\n        total += i * 2\n    return total\n");
    r.git("rm", "-q", "old/a.py");
    r.commit("move the file");
    r.write("lib/a.py", "def keep():\n    return 1\n");
    r.write("lib/b.py", "import os\n\n\ndef walker(n):\n    total = 0\n    for i in range(n):\n        total += i * 2\n    return total\n");
    r.commit("move walker to b");
    r.write("lib/b.py", "import os\n\n\ndef walker(n):\n    total = 1\n    for i in range(n):\n        total += i * 2\n    return total\n");
    r.commit("start at one");
    const h = await history(r, "lib/b.py", "walker");
    expect(rows(h)).toEqual(["start at one:modified:walker", "move walker to b:moved:walker", "move the file:moved:walker", "double:modified:walker", "start:added:walker"]);
    expect(h.commits[1]).toMatchObject({ path: "lib/b.py", oldPath: "lib/a.py", oldStartLine: 5, startLine: 4 });
    expect(h.commits[2]).toMatchObject({ path: "lib/a.py", oldPath: "old/a.py", oldStartLine: 5, startLine: 5, signatureChanged: false, bodyChanged: false });
    expect(h.commits[3].path).toBe("old/a.py");
    expect(h.end).toBe("added");
    const text = await runCli(["history", "lib/b.py", "walker"], r.path);
    expect(text.stdout).toContain("moved    4-8 (old 5-9) from lib/a.py  move walker to b");
    expect(text.stdout).toContain("in old/a.py  double");
  });

  test("a method follows its class's rename and its class's move", async () => {
    const r = repo();
    const cls = (name: string, ret: string) => `class ${name}:\n    def run(self, a):\n        b = a + 1\n        return ${ret}\n`;
    r.write("x.py", cls("Foo", "b"));
    r.commit("add Foo");
    r.write("x.py", cls("Foo", "b * 3"));
    r.commit("triple");
    r.write("x.py", cls("Bar", "b * 3"));
    r.commit("rename class");
    r.write("x.py", "X = 1\n");
    r.write("y.py", cls("Bar", "b * 3"));
    r.commit("move class");
    r.write("y.py", cls("Bar", "b * 4"));
    r.commit("quadruple");
    const h = await history(r, "y.py", "Bar.run");
    expect(rows(h)).toEqual(["quadruple:modified:Bar.run", "move class:moved:Bar.run", "triple:modified:Foo.run", "add Foo:added:Foo.run"]);
    expect(h.commits[1].oldPath).toBe("x.py");
  });

  test("a method that moved to another class of the same file (and took a new name) is followed as a rename", async () => {
    const r = repo();
    const body = "        total = 0\n        for part in parts:\n            total += len(part)\n        return total\n";
    r.write("k.py", `class Old:\n    def size(self, parts):\n${body}\n\nclass New:\n    pass\n`);
    r.commit("add Old.size");
    r.write("k.py", `class Old:\n    pass\n\n\nclass New:\n    def measure(self, parts):\n${body}`);
    r.commit("move to New");
    const h = await history(r, "k.py", "New.measure");
    expect(rows(h)).toEqual(["move to New:renamed:New.measure", "add Old.size:added:Old.size"]);
    expect(h.commits[0]).toMatchObject({ oldQualifiedName: "Old.size", oldStartLine: 2, startLine: 6, signatureChanged: true, bodyChanged: false });
  });

  test("overloads added beside a function: the name's history is its implementation's", async () => {
    const r = repo();
    const impl = (sig: string) => `def locate(${sig}):\n    found = find(name)\n    if not found:\n        raise LookupError(name)\n    return found\n`;
    r.write("o.py", `import typing as t\n\n\n${impl("name")}`);
    r.commit("add locate");
    r.write("o.py", `import typing as t\n\n\n@t.overload\ndef locate(name: str) -> int:\n    ...\n\n\n@t.overload\ndef locate(name: bytes) -> str:\n    ...\n\n\n${impl("name: str | bytes")}`);
    r.commit("typed overloads");
    const h = await history(r, "o.py", "locate");
    expect(h.startLine).toBe(14);
    expect(rows(h)).toEqual(["typed overloads:modified:locate", "add locate:added:locate"]);
  });

  test("--limit, --since and --rev", async () => {
    const r = repo();
    const f = (v: number) => `def f():\n    return ${v}\n`;
    r.write("m.py", f(1));
    commitAt(r, "one", "2020-01-01T00:00:00Z");
    r.write("m.py", f(2));
    const two = commitAt(r, "two", "2021-01-01T00:00:00Z");
    r.write("m.py", f(3));
    commitAt(r, "three", "2022-01-01T00:00:00Z");
    expect(rows(await history(r, "m.py", "f"))).toEqual(["three:modified:f", "two:modified:f", "one:added:f"]);
    const limited = await history(r, "m.py", "f", "--limit", "2");
    expect(rows(limited)).toEqual(["three:modified:f", "two:modified:f"]);
    expect(limited.end).toBe("limit");
    const since = await history(r, "m.py", "f", "--since", "2020-06-01");
    expect(rows(since)).toEqual(["three:modified:f", "two:modified:f"]);
    expect(since.end).toBe("since");
    expect(since.commits[0].date).toBe("2022-01-01T00:00:00Z");
    expect(rows(await history(r, "m.py", "f", "--rev", two))).toEqual(["two:modified:f", "one:added:f"]);
  });

  test("markdown: a table whose subject cells cannot break it", async () => {
    const r = repo();
    r.write("m.py", "def f():\n    return 1\n");
    r.commit("add f | <b>bold</b> `x`");
    const out = await runCli(["history", "m.py", "f", "--format", "markdown"], r.path);
    expect(out.code).toBe(0);
    const row = out.stdout.split("\n").find((l) => l.startsWith("| `"))!;
    expect(row.split(/(?<!\\)\|/).length).toBe(7);
    expect(row).not.toContain("<b>");
  });

  test("outlines of past versions go to the repository's cache, and a second run gives the same answer", async () => {
    const r = repo();
    for (let i = 0; i < 4; i++) {
      r.write("m.py", `def f():\n    return ${i}\n\n\ndef g():\n    return ${i}\n`);
      r.commit(`c${i}`);
    }
    expect((await runCli(["index"], r.path)).code).toBe(0);
    const objects = () => readdirSync(join(r.path, ".ast_outline_cache", "objects"), { recursive: true }).filter((n) => String(n).endsWith(".json")).length;
    const before = objects();
    const first = await runCli(["history", "m.py", "f", "--format", "json"], r.path);
    expect(objects()).toBe(before + 3);
    const second = await runCli(["history", "m.py", "f", "--format", "json"], r.path);
    expect(second.stdout).toBe(first.stdout);
    expect(rows(JSON.parse(second.stdout))).toEqual(["c3:modified:f", "c2:modified:f", "c1:modified:f", "c0:added:f"]);
  });

  test("refusals: revisions and dates that could be options, paths outside, unknown symbols and files", async () => {
    const r = repo();
    r.write("m.py", "def f():\n    return 1\n");
    r.commit("one");
    const run = (...args: string[]) => runCli(["history", ...args], r.path);
    const cases: [string[], number, string][] = [
      [["m.py", "f", "--rev=--output=/tmp/x"], 2, "refusing revision starting with '-'"],
      [["m.py", "f", "--rev", "nope"], 2, "unknown revision: nope"],
      [["m.py", "f", "--since=--all"], 2, "--since takes a date"],
      [["m.py", "f", "--since", "yesterday; rm"], 2, "--since takes a date"],
      [["../m.py", "f"], 2, "is not a file inside this repository"],
      [["gone.py", "f"], 2, "does not exist at HEAD"],
      [["m.py", "nothing"], 1, "no symbol `nothing`"],
      [["m.py", "f", "--limit", "many"], 2, "--limit"],
      [["m.py", "f", "--format", "xml"], 2, "unknown format"],
    ];
    for (const [args, code, message] of cases) {
      const out = await run(...args);
      expect(`${args.join(" ")} -> ${out.code}`).toBe(`${args.join(" ")} -> ${code}`);
      expect(out.stdout).toBe("");
      expect(out.stderr).toContain(message);
      expect(out.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
});
