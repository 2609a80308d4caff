// `changed A..B`, `changed A...B` and pathspecs after `--`, read as `git diff` reads them: A..B
// compares A with B, A...B their merge base with B (what a pull request shows), one revision
// compares it with the work tree; the pathspecs are git's (magic included), relative to the
// current folder.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { parseRange } from "../src/app/changed/index.ts";
import { runCli } from "./helpers/cli.ts";
import { gitOk, tempRepo, write } from "./helpers/git-repo.ts";

// main: one commit, then `on_main`; feature (from the first commit): `added` and lib/extra.py.
const repo = tempRepo({ "app.py": "def start():\n    return 1\n", "lib/util.py": "def helper():\n    return 2\n" });
const root = repo.path;
gitOk(root, "add", "-A");
gitOk(root, "commit", "-qm", "init");
gitOk(root, "checkout", "-qb", "feature");
write(root, "app.py", "def start():\n    return 1\n\n\ndef added():\n    return 3\n");
write(root, "lib/extra.py", "def extra():\n    return 4\n");
gitOk(root, "add", "-A");
gitOk(root, "commit", "-qm", "feature");
gitOk(root, "checkout", "-q", "main");
write(root, "lib/util.py", "def helper():\n    return 2\n\n\ndef on_main():\n    return 5\n");
gitOk(root, "commit", "-qam", "main moves on");
afterAll(() => repo.cleanup());

/** The changed symbols' names, from the JSON. */
async function names(args: string[], cwd = root): Promise<string[]> {
  const r = await runCli(["changed", "--format", "json", ...args], cwd);
  expect([r.code, r.stderr]).toEqual([0, ""]);
  return JSON.parse(r.stdout).files.flatMap((f: { symbols: { name: string; change: string }[] }) => f.symbols.map((s) => `${s.change} ${s.name}`)).sort();
}

describe("changed with a range", () => {
  test("A..B compares the two; A...B compares their merge base with B, as --merge-base does", async () => {
    expect(await names(["main..feature"])).toEqual(["added added", "added extra", "removed on_main"]);
    expect(await names(["main...feature"])).toEqual(["added added", "added extra"]);
    expect(await names(["main...feature"])).toEqual(await names(["--base", "main", "--head", "feature", "--merge-base"]));
    expect(await names(["feature..main"])).toEqual(await names(["--base", "feature", "--head", "main"]));
  });

  test("a side left out is HEAD; one revision is compared with the work tree", async () => {
    expect(await names(["feature.."])).toEqual(await names(["feature..HEAD"]));
    expect(await names(["...feature"])).toEqual(["added added", "added extra"]);
    write(root, "app.py", "def start():\n    return 10\n");
    try {
      expect(await names(["HEAD~1"])).toEqual(["added on_main", "modified start"]);
    } finally {
      gitOk(root, "checkout", "--", "app.py");
    }
  });

  test("pathspecs after --: git's, from the current folder, exclusions too", async () => {
    expect(await names(["main...feature", "--", "lib"])).toEqual(["added extra"]);
    expect(await names(["main...feature", "--", ":!lib"])).toEqual(["added added"]);
    expect(await names(["main...feature", "--", "*.py"])).toEqual(["added added", "added extra"]);
    expect(await names(["main...feature", "--", "."], join(root, "lib"))).toEqual(["added extra"]);
    expect(await names(["main...feature", "--", "nothing-here"])).toEqual([]);
  });

  test("a range beside --base, --head or --merge-base, or one with no revision, is a usage error", async () => {
    for (const args of [["main...feature", "--base", "main"], ["main..feature", "--merge-base"], ["..."], ["a..b..c"]]) {
      const r = await runCli(["changed", ...args], root);
      expect([r.code, r.stdout]).toEqual([2, ""]);
      expect(r.stderr).toMatch(/^ast-outline: [^\n]+\n$/);
    }
    const dash = await runCli(["changed", "main..--output=x"], root);
    expect(dash.code).toBe(2);
    expect(dash.stderr).toContain("refusing revision starting with '-'");
  });

  test("parseRange", () => {
    expect(parseRange("v1.0")).toEqual({ base: "v1.0", mergeBase: false });
    expect(parseRange("a..b")).toEqual({ base: "a", head: "b", mergeBase: false });
    expect(parseRange("a...")).toEqual({ base: "a", head: "HEAD", mergeBase: true });
    expect(parseRange("HEAD~3..")).toEqual({ base: "HEAD~3", head: "HEAD", mergeBase: false });
  });
});
