// `changed` against real git repositories: revisions, merge bases, index vs work tree, file
// renames/deletions, binary and unsupported files, and the refusals.
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { changedCommand } from "../src/cli/commands/changed.ts";
import { captureIO } from "../src/cli/io.ts";
import { binaryAvailable, runBinary, runCli, tempDir, testEnv } from "./helpers/cli.ts";
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

const fn = (name: string, body: string) => `def ${name}(x):\n    ${body}\n\n\n`;

async function json(r: TempRepo, ...args: string[]) {
  const out = await runCli(["changed", "--format", "json", ...args], r.path);
  expect(out.stderr).toBe("");
  expect(out.code).toBe(0);
  return JSON.parse(out.stdout) as { base: string; head: string; files: any[] };
}

const names = (set: { files: any[] }) => set.files.flatMap((f) => f.symbols.map((s: any) => `${f.path}:${s.change}:${s.qualifiedName}`)).sort();

describe("changed with real git", () => {
  test("between two commits, and the work tree against HEAD by default", async () => {
    const r = repo();
    r.write("m.py", fn("f", "return 1") + fn("g", "return 2"));
    const first = r.commit("one");
    r.write("m.py", fn("f", "return 10") + fn("g", "return 2"));
    const second = r.commit("two");
    const set = await json(r, "--base", first, "--head", second);
    expect(set.base).toBe(first);
    expect(set.head).toBe(second);
    expect(names(set)).toEqual(["m.py:modified:f"]);

    expect(names(await json(r))).toEqual([]); // clean work tree
    r.write("m.py", fn("f", "return 10") + fn("g", "return 3"));
    const wt = await json(r);
    expect(wt.head).toBe("WORKTREE");
    expect(wt.base).toBe(second);
    expect(names(wt)).toEqual(["m.py:modified:g"]);
  });

  test("--exit-code: 1 when a symbol changed, 0 when none", async () => {
    const r = repo();
    r.write("m.py", fn("f", "return 1"));
    r.commit("one");
    expect((await runCli(["changed", "--exit-code"], r.path)).code).toBe(0);
    r.write("m.py", fn("f", "return 2"));
    const out = await runCli(["changed", "--exit-code"], r.path);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain("modified function f");
  });

  test("--merge-base shows only what the branch did", async () => {
    const r = repo();
    r.write("m.py", fn("f", "return 1") + fn("g", "return 2"));
    r.commit("base");
    r.git("checkout", "-q", "-b", "feature");
    r.write("m.py", fn("f", "return 100") + fn("g", "return 2"));
    r.commit("feature edits f");
    r.git("checkout", "-q", "main");
    r.write("m.py", fn("f", "return 1") + fn("g", "return 200"));
    r.commit("main edits g");
    expect(names(await json(r, "--base", "main", "--head", "feature", "--merge-base"))).toEqual(["m.py:modified:f"]);
    // Without the merge base, main's own edit to g shows up as well (reverted on the branch side).
    expect(names(await json(r, "--base", "main", "--head", "feature"))).toEqual(["m.py:modified:f", "m.py:modified:g"]);
  });

  test("--staged compares HEAD with the index; the default includes unstaged edits", async () => {
    const r = repo();
    r.write("m.py", fn("f", "return 1") + fn("g", "return 2"));
    r.commit("one");
    r.write("m.py", fn("f", "return 10") + fn("g", "return 2"));
    r.git("add", "m.py");
    r.write("m.py", fn("f", "return 10") + fn("g", "return 20"));
    const staged = await json(r, "--staged");
    expect(staged.head).toBe("INDEX");
    expect(names(staged)).toEqual(["m.py:modified:f"]);
    expect(names(await json(r))).toEqual(["m.py:modified:f", "m.py:modified:g"]);
  });

  test("renamed, deleted, binary and unsupported files", async () => {
    const r = repo();
    const long = "def keep(a, b):\n" + Array.from({ length: 12 }, (_, i) => `    a += ${i}\n`).join("") + "    return a\n\n\n";
    r.write("old_name.py", long + fn("tweak", "return 1"));
    r.write("gone.py", fn("bye", "return 0"));
    r.write("notes.txt", "hello\n");
    r.write("image.py", "x = 1\n");
    const base = r.commit("one");
    r.git("mv", "old_name.py", "new_name.py");
    r.write("new_name.py", long + fn("tweak", "return 2"));
    r.git("rm", "-q", "gone.py");
    r.write("notes.txt", "hello again\n");
    r.write("image.py", new Uint8Array([0, 1, 2, 3, 0, 255]));
    r.commit("two");
    const set = await json(r, "--base", base, "--head", "HEAD");
    const byPath = Object.fromEntries(set.files.map((f) => [f.path, f]));
    expect(byPath["new_name.py"]).toMatchObject({ status: "renamed", oldPath: "old_name.py", language: "python" });
    expect(byPath["new_name.py"].symbols.map((s: any) => `${s.change}:${s.qualifiedName}`)).toEqual(["modified:tweak"]);
    expect(byPath["gone.py"]).toMatchObject({ status: "deleted", language: "python" });
    expect(byPath["gone.py"].symbols).toMatchObject([{ change: "removed", qualifiedName: "bye", oldStartLine: 1, oldEndLine: 2 }]);
    expect(byPath["notes.txt"]).toMatchObject({ status: "modified", skipped: "unsupported language", symbols: [] });
    expect(byPath["image.py"]).toMatchObject({ status: "modified", skipped: "binary", symbols: [] });
    const text = await runCli(["changed", "--base", base, "--head", "HEAD"], r.path);
    expect(text.stdout).toContain("notes.txt (modified, unsupported language)");
  });

  test("only unsupported files changed: --exit-code says no symbol changed", async () => {
    const r = repo();
    r.write("notes.txt", "a\n");
    r.commit("one");
    r.write("notes.txt", "b\n");
    const out = await runCli(["changed", "--exit-code"], r.path);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("notes.txt (modified, unsupported language)");
  });

  test("refusals: a revision starting with '-', an unknown revision, outside a repository", async () => {
    const r = repo();
    r.write("m.py", fn("f", "return 1"));
    r.commit("one");
    for (const args of [["--base=-x"], ["--head=--output=/tmp/owned"], ["--base", "HEAD", "--head=-p"]]) {
      const out = await runCli(["changed", ...args], r.path);
      expect(out.code).toBe(2);
      expect(out.stdout).toBe("");
      expect(out.stderr).toMatch(/^ast-outline: refusing revision starting with '-': .*\n$/);
    }
    const unknown = await runCli(["changed", "--base", "no-such-branch"], r.path);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe("ast-outline: unknown revision: no-such-branch (--base must name a commit in this repository)\n");
    const outside = tempDir();
    cleanups.push(outside.cleanup);
    const notRepo = await runCli(["changed"], outside.path);
    expect(notRepo.code).toBe(2);
    expect(notRepo.stderr).toBe("ast-outline: not a git repository (run it inside a git work tree)\n");
    const both = await runCli(["changed", "--staged", "--head", "HEAD"], r.path);
    expect(both.code).toBe(2);
  });

  test("--format github: job summary to $GITHUB_STEP_SUMMARY, at most 10 notices", async () => {
    const r = repo();
    const defs = (arg: string) => Array.from({ length: 12 }, (_, i) => `def f${i}(${arg}):\n    return ${i}\n\n\n`).join("");
    r.write("m.py", defs("a"));
    r.commit("one");
    r.write("m.py", defs("a, b"));
    const summary = join(r.path, ".git", "summary.md");
    const io = captureIO();
    expect(await changedCommand(undefined, { format: "github" }, io, testEnv(r.path, { GITHUB_STEP_SUMMARY: summary }))).toBe(0);
    const notices = io.stdout().split("\n").filter((l) => l.startsWith("::notice "));
    expect(notices.length).toBe(10);
    expect(notices[0]).toBe("::notice file=m.py,line=1,endLine=2,title=Signature changed%3A f0::def f0(a) → def f0(a, b)");
    expect(io.stdout()).toContain("2 more signature changes");
    const md = readFileSync(summary, "utf8");
    expect(md).toContain("### ast-outline: 12 symbol changes in 1 file");
    expect(md).toContain("| modified | function `f11` | `m.py` 45-46 | signature: `def f11(a`**`, b`**`)` |");
  });

  test.skipIf(!binaryAvailable())("compiled binary: exit codes and one-line errors", () => {
    const r = repo();
    r.write("m.py", fn("f", "return 1"));
    r.commit("one");
    r.write("m.py", fn("f", "return 2"));
    expect(runBinary(["changed", "--exit-code"], { cwd: r.path }).code).toBe(1);
    const bad = runBinary(["changed", "--base=-oops"], { cwd: r.path });
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split("\n").length).toBe(1);
  });
});
