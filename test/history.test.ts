// `history` against real git repositories: which commits changed one symbol, how (kind, flags,
// ranges), following renames of the symbol, of its container and of its file, and moves to other
// files; --limit, --since, the formats, the cache, and the refusals.
import { describe, expect, test } from "bun:test";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "./helpers/cli.ts";
import { reposPerTest, type TempRepo } from "./helpers/git.ts";

const repo = reposPerTest();

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

  test("a method that moved to another class of the same file (and took a new name) is followed as a move", async () => {
    const r = repo();
    const body = "        total = 0\n        for part in parts:\n            total += len(part)\n        return total\n";
    r.write("k.py", `class Old:\n    def size(self, parts):\n${body}\n\nclass New:\n    pass\n`);
    r.commit("add Old.size");
    r.write("k.py", `class Old:\n    pass\n\n\nclass New:\n    def measure(self, parts):\n${body}`);
    r.commit("move to New");
    const h = await history(r, "k.py", "New.measure");
    expect(rows(h)).toEqual(["move to New:moved:New.measure", "add Old.size:added:Old.size"]);
    expect(h.commits[0]).toMatchObject({ oldQualifiedName: "Old.size", oldStartLine: 2, startLine: 6, signatureChanged: true, bodyChanged: false });
  });

  test("born in a refactor into a new class, while the old class kept a copy: linked to the definition it came from, with its similarity", async () => {
    const r = repo();
    const fullUrl = (lower: string) =>
      `    def full_url(self):\n        if not self.url:\n            raise ValueError("no url")\n        scheme, rest = self.url.split("://", 1)\n        host, _, path = rest.partition("/")\n        path = quote(path)\n        return scheme + "://" + host${lower} + "/" + path\n`;
    const init = "    def __init__(self, url):\n        self.url = url\n";
    r.write("models.py", `class Request:\n${init}\n${fullUrl("")}`);
    r.commit("add full_url");
    r.write("models.py", `class Request:\n${init}\n${fullUrl(".lower()")}`);
    r.commit("lower the host");
    // Request becomes a small new class, its old body lives on as OldRequest (full_url copied
    // as is), and PreparedRequest.prepare_url is full_url reworked: changed's rule pairs the
    // copy, and prepare_url looks added to it.
    const prepare =
      '    def prepare_url(self, url):\n        self.url = url\n        if not self.url:\n            raise ValueError("no url")\n        scheme, rest = self.url.split("://", 1)\n        host, _, path = rest.partition("/")\n        path = quote(path)\n        self.url = scheme + "://" + host.lower() + "/" + path\n';
    r.write("models.py", `class Request:\n    def prepare(self):\n        return PreparedRequest()\n\n\nclass PreparedRequest:\n${prepare}\n\nclass OldRequest:\n${init}\n${fullUrl(".lower()")}`);
    r.commit("prepared requests");
    const changed = await runCli(["changed", "--base", "HEAD~1", "--head", "HEAD", "--format", "json"], r.path);
    const prepared = JSON.parse(changed.stdout).files[0].symbols.find((c: any) => c.qualifiedName === "PreparedRequest.prepare_url");
    expect(prepared.change).toBe("added");
    const h = await history(r, "models.py", "PreparedRequest.prepare_url");
    expect(rows(h)).toEqual(["prepared requests:renamed:PreparedRequest.prepare_url", "lower the host:modified:Request.full_url", "add full_url:added:Request.full_url"]);
    expect(h.commits[0]).toMatchObject({ oldQualifiedName: "Request.full_url", oldStartLine: 5, signatureChanged: true, bodyChanged: true });
    expect(h.commits[0].similarity).toBeGreaterThan(0.5);
    expect(h.commits[0].similarity).toBeLessThan(1);
    expect(h.commits[1].similarity).toBeUndefined();
    const text = await runCli(["history", "models.py", "PreparedRequest.prepare_url"], r.path);
    expect(text.stdout).toMatch(/renamed .* from Request\.full_url, similar 0\.\d\d {2}prepared requests/);
  });

  test("moved into a file while the same commit added an identical copy elsewhere: followed to the file it left", async () => {
    const r = repo();
    const fire = (n: number) => `  fire() {\n    addEventListener("fetch", (event) => {\n      void event.respondWith(this.handle(event.request, ${n}))\n    })\n  }\n`;
    const cls = (n: number) => `export class Hono {\n  handle(req: Request, n: number) {\n    return new Response(String(n))\n  }\n\n${fire(n)}}\n`;
    // What stays in src/index.ts (so git sees no file rename).
    const rest = Array.from({ length: 8 }, (_, i) => `export function helper${i}(x: number): number {\n  const y = x * ${i + 2}\n  return y + ${i}\n}\n`).join("\n");
    r.write("src/index.ts", `${rest}\n${cls(1)}`);
    r.commit("add fire");
    r.write("src/index.ts", `${rest}\n${cls(2)}`);
    r.commit("fire with 2");
    r.write("src/index.ts", `${rest}\nexport { Hono } from "./hono-base"\n`);
    r.write("src/hono-base.ts", cls(2));
    r.write("deno_dist/hono-base.ts", cls(2));
    r.commit("split out hono-base");
    r.write("src/hono-base.ts", cls(3));
    r.commit("fire with 3");
    const h = await history(r, "src/hono-base.ts", "Hono.fire");
    expect(rows(h)).toEqual(["fire with 3:modified:Hono.fire", "split out hono-base:moved:Hono.fire", "fire with 2:modified:Hono.fire", "add fire:added:Hono.fire"]);
    expect(h.commits[1]).toMatchObject({ path: "src/hono-base.ts", oldPath: "src/index.ts", similarity: 1, signatureChanged: false, bodyChanged: false });
    expect(h.commits[2].path).toBe("src/index.ts");
    // The generated copy has the same origin.
    expect(rows(await history(r, "deno_dist/hono-base.ts", "Hono.fire"))).toEqual(["split out hono-base:moved:Hono.fire", "fire with 2:modified:Hono.fire", "add fire:added:Hono.fire"]);
  });

  test("a move made alike in two mirrored trees: each copy follows the file of its own tree", async () => {
    const r = repo();
    const cls = "export class Router {\n  match(path: string) {\n    const parts = path.split('/')\n    return parts.filter(Boolean).join('.')\n  }\n}\n";
    const rest = Array.from({ length: 8 }, (_, i) => `export function helper${i}(x: number): number {\n  const y = x * ${i + 2}\n  return y + ${i}\n}\n`).join("\n");
    for (const tree of ["src", "deno_dist"]) r.write(`${tree}/a.ts`, `${rest}\n${cls}`);
    r.commit("add the router");
    for (const tree of ["src", "deno_dist"]) {
      r.write(`${tree}/a.ts`, `${rest}\nexport { Router } from "./b"\n`);
      r.write(`${tree}/b.ts`, cls);
    }
    r.commit("router to b");
    for (const tree of ["src", "deno_dist"]) {
      const h = await history(r, `${tree}/b.ts`, "Router.match");
      expect(rows(h)).toEqual(["router to b:moved:Router.match", "add the router:added:Router.match"]);
      expect(h.commits[0]).toMatchObject({ oldPath: `${tree}/a.ts`, similarity: 1 });
    }
  });

  test("a method is not followed into the interface property of its name: a class split into an interface and an implementation, and joined again", async () => {
    const r = repo();
    const text = (type: string, status = "") =>
      `  text(s: string): Response {\n    const h = { "content-type": "${type}" }\n    return new Response(s, { headers: h${status} })\n  }\n`;
    r.write("context.ts", `export class Context {\n${text("text/plain")}}\n`);
    r.commit("add text");
    const iface = "export interface Context {\n  text: (s: string) => Response\n}\n\n";
    r.write("context.ts", `${iface}export class HonoContext implements Context {\n${text("text/plain")}}\n`);
    r.commit("split interface");
    r.write("context.ts", `${iface}export class HonoContext implements Context {\n${text("text/plain; charset=UTF-8")}}\n`);
    r.commit("utf-8");
    r.write("context.ts", `export class Context {\n${text("text/plain; charset=UTF-8")}}\n`);
    r.commit("one class again");
    r.write("context.ts", `export class Context {\n${text("text/plain; charset=UTF-8", ", status: 200")}}\n`);
    r.commit("status");
    const h = await history(r, "context.ts", "Context.text");
    // Only the class's name changed around it in the split and the join: no commit of its own.
    expect(rows(h)).toEqual(["status:modified:Context.text", "utf-8:modified:HonoContext.text", "add text:added:Context.text"]);
    expect(h.end).toBe("added");
  });

  test("the matcher's cases: a field renamed with its type (call sites), a method out of a deleted file's class into a new one, a class renamed with its members edited", async () => {
    const r = repo();
    const bulk = (decl: string, use: string) => `public class Bulk {\n  private final ${decl};\n\n  Bulk(Object e) {\n    this.${use} = e;\n  }\n\n  void run() {\n    log(${use});\n    submit(${use});\n  }\n}\n`;
    r.write("Bulk.java", bulk("String executorName", "executorName"));
    r.commit("add field");
    r.write("Bulk.java", bulk("Executor executor", "executor"));
    r.commit("field renamed, retyped");
    expect(rows(await history(r, "Bulk.java", "Bulk.executor"))).toEqual(["field renamed, retyped:renamed:Bulk.executor", "add field:added:Bulk.executorName"]);

    const files = (name: string) => `  @Test\n  public void ${name}() {\n    List<File> files = collect(dir);\n    assertEquals(3, files.size());\n    assertTrue(files.contains(first));\n  }\n`;
    r.write("OldTest.java", `public class OldTest {\n${files("testFiles")}\n  @Test\n  public void testEmpty() {\n    assertTrue(collect(empty).isEmpty());\n  }\n}\n`);
    r.commit("add OldTest");
    r.git("rm", "-q", "OldTest.java");
    r.write("CollectorTest.java", `public class CollectorTest {\n  private Collector collector = new Collector();\n\n${files("testFiles")}\n  @Test\n  public void testNothing() {\n    assertNull(collector.last());\n  }\n}\n`);
    r.commit("split the tests");
    const h = await history(r, "CollectorTest.java", "CollectorTest.testFiles");
    expect(rows(h)).toEqual(["split the tests:moved:CollectorTest.testFiles", "add OldTest:added:OldTest.testFiles"]);
    expect(h.commits[0]).toMatchObject({ oldPath: "OldTest.java", oldQualifiedName: "OldTest.testFiles" });
  });

  test("pulled up from two classes at once: history does not pick one of them, the commit is where it appeared", async () => {
    const r = repo();
    const body = "        total = 0\n        for part in parts:\n            if part.weight > 0:\n                total += part.weight * part.count\n        return total\n";
    const sub = (name: string, fat: boolean) => `class ${name}(Base):\n${fat ? `    def weighted_total(self, parts):\n${body}\n` : ""}    def ${name.toLowerCase()}(self):\n        return '${name}'\n`;
    r.write("shapes.py", `class Base:\n    def name(self):\n        return 'base'\n\n\n${sub("Left", true)}\n\n${sub("Right", true)}`);
    r.commit("two copies");
    r.write("shapes.py", `class Base:\n    def name(self):\n        return 'base'\n\n    def weighted_total(self, parts):\n${body}\n\n${sub("Left", false)}\n\n${sub("Right", false)}`);
    r.commit("pull up");
    const h = await history(r, "shapes.py", "Base.weighted_total");
    expect(rows(h)).toEqual(["pull up:added:Base.weighted_total"]);
    expect(h.end).toBe("added");
  });

  test("an unrelated new function whose body loosely resembles a removed one is not linked to it", async () => {
    const r = repo();
    // Four of nine lines shared (the file loop): Dice 0.44.
    r.write("jobs.py", "def load_users(path):\n    rows = []\n    with open(path) as f:\n        for line in f:\n            if not line.strip():\n                continue\n            name, mail = line.split(',')\n            rows.append(User(name, mail))\n    return rows\n");
    r.commit("add load_users");
    r.write("jobs.py", "def count_words(path):\n    total = 0\n    with open(path) as f:\n        for line in f:\n            if not line.strip():\n                continue\n            total += len(line.split())\n    log.info('counted %d', total)\n    return total\n");
    r.commit("users go, words come");
    const h = await history(r, "jobs.py", "count_words");
    expect(rows(h)).toEqual(["users go, words come:added:count_words"]);
    expect(h.end).toBe("added");
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
    // The exact second, in git's reading too: a commit at the --since time is in, one second later out.
    expect(rows(await history(r, "m.py", "f", "--since", "2021-01-01T00:00:00Z"))).toEqual(["three:modified:f", "two:modified:f"]);
    expect(rows(await history(r, "m.py", "f", "--since", "2021-01-01T01:00:01+01:00"))).toEqual(["three:modified:f"]);
    // Past git's own date range (1970-2099): nothing since then, everything since then.
    const future = await history(r, "m.py", "f", "--since", "2100-01-01");
    expect([rows(future), future.end, future.examined]).toEqual([[], "since", 0]);
    expect(rows(await history(r, "m.py", "f", "--since", "9999-12-31T23:59:59Z"))).toEqual([]);
    expect(rows(await history(r, "m.py", "f", "--since", "3000 years ago"))).toEqual(["three:modified:f", "two:modified:f", "one:added:f"]);
    expect(rows(await history(r, "m.py", "f", "--since", "1969-12-31"))).toEqual(["three:modified:f", "two:modified:f", "one:added:f"]);
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
      [["m.py", "f", "--since", "2024-13-01"], 2, "--since: no such date: 2024-13-01 (month 13)"],
      [["m.py", "f", "--since", "2024-01-32"], 2, "--since: no such date: 2024-01-32 (day 32)"],
      [["m.py", "f", "--since", "2023-02-29"], 2, "--since: no such date: 2023-02-29 (day 29)"],
      [["m.py", "f", "--since", "0000-01-01"], 2, "--since: no such date: 0000-01-01 (year 0000)"],
      [["m.py", "f", "--since", "2024-01-01T24:00"], 2, "(hour 24)"],
      [["m.py", "f", "--since", "2024-01-01T12:00+15:00"], 2, "(offset +15:00)"],
      [["m.py", "f", "--since", "tomorrow"], 2, "--since takes a date, not tomorrow"],
      [["m.py", "f", "--since", "\x1b[31m" + "9".repeat(500)], 2, "--since takes a date, not \\033[31m999"],
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
    // A commit made now, a date past 2099: git alone reads that as this year's Jan 1 and lists it.
    const future = await history(r, "m.py", "f", "--since", "2100-01-01");
    expect([future.commits.length, future.end]).toEqual([0, "since"]);
    expect((await history(r, "m.py", "f", "--since", "1 day ago")).commits.length).toBe(1);
  });
});
