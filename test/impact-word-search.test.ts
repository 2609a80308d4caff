// `changed --impact` finds the files that can hold a call site by name first (git's `grep -w`
// over the work tree, app/changed/with-impact.ts) and reads and parses only those: the call
// sites must be the ones a read of every file gives. Checked on a repository whose callers are
// tracked, untracked, in a nested repository git does not search, written with a comment or a
// line break before the argument list, or only mention the name inside a longer one.
import { describe, expect, test } from "bun:test";
import { realpathSync } from "node:fs";
import { withImpact } from "../src/app/calls/impact.ts";
import { gitWordSearch } from "../src/app/changed/with-impact.ts";
import { computeChanges } from "../src/app/changed/index.ts";
import { ParseCache, repoSymbols } from "../src/app/repo-symbols.ts";
import type { ChangeSet } from "../src/core/diff/types.ts";
import { cliWorkspace } from "../src/io/workspace.ts";
import { runCli, testEnv } from "./helpers/cli.ts";
import { reposPerTest, type TempRepo } from "./helpers/git.ts";

const newRepo = reposPerTest();

function setUp(): { repo: TempRepo; base: string; head: string } {
  const repo = newRepo();
  repo.write("src/Store.java", "class Store {\n  int record(int a) {\n    return a;\n  }\n}\n");
  repo.write("src/Use.java", "class Use {\n  void go(Store s) {\n    s.record(1);\n    s.record /* later */ (2);\n    s.record\n      (3);\n  }\n}\n");
  repo.write("src/Mention.java", "class Mention {\n  // records are kept elsewhere\n  int records = 0;\n}\n");
  repo.write("lib.py", "def put(a):\n    return a\n");
  repo.write("use.py", "from lib import put as store\n\nstore(1)\n");
  const base = repo.commit("base");
  repo.write("src/Store.java", "class Store {\n  int record(int a, int b) {\n    return a + b;\n  }\n}\n");
  repo.write("lib.py", "def put(a, b):\n    return a\n");
  const head = repo.commit("head");
  // Untracked (git searches it with --untracked), and a nested repository (git does not search
  // it; the listing walks into it): both are call sites.
  repo.write("src/Later.java", "class Later {\n  void go(Store s) {\n    s.record(4);\n  }\n}\n");
  repo.write("nested/Inner.java", "class Inner {\n  void go(Store s) {\n    s.record(5);\n  }\n}\n");
  repo.git("-C", "nested", "init", "-q");
  return { repo, base, head };
}

const sitesOf = (set: ChangeSet) => set.files.flatMap((f) => f.symbols.flatMap((s) => (s.callers ?? []).map((c) => `${s.qualifiedName} <- ${c.path}:${c.line}`))).sort();

describe("call sites found by name first", () => {
  test("the same as reading every file, and every kind of caller found", async () => {
    const { repo, base, head } = setUp();
    const root = realpathSync(repo.path);
    const env = testEnv(root);
    const set = await computeChanges({ env, base, head });
    const access = cliWorkspace(root);
    const headText = async () => undefined;
    const searched = await withImpact(set, { repo: repoSymbols(env, access, new ParseCache(), gitWordSearch(env, root, root)), root, headText });
    const everyFile = await withImpact(set, { repo: repoSymbols(env, access), root, headText });
    expect(sitesOf(searched)).toEqual(sitesOf(everyFile));
    expect(sitesOf(searched)).toEqual([
      "Store.record <- nested/Inner.java:3",
      "Store.record <- src/Later.java:3",
      "Store.record <- src/Use.java:3",
      "Store.record <- src/Use.java:4",
      "Store.record <- src/Use.java:5",
      "put <- use.py:3",
    ]);
  });

  test("the CLI reports them, and a search that cannot run leaves every file to be read", async () => {
    const { repo, base, head } = setUp();
    const run = await runCli(["changed", "--base", base, "--head", head, "--impact", "--format", "json"], repo.path);
    expect(run.code).toBe(0);
    const set = JSON.parse(run.stdout) as ChangeSet;
    expect(sitesOf(set)).toContain("Store.record <- nested/Inner.java:3");
    expect(sitesOf(set)).toContain("Store.record <- src/Use.java:5");
    // The search of a folder that is no repository fails: nothing is ruled out.
    const root = realpathSync(repo.path);
    const env = testEnv(root);
    const broken = gitWordSearch(env, "/", root);
    expect(await broken(["record"])).toBeUndefined();
  });
});
