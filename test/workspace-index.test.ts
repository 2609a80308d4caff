// The MCP server's repository index (src/app/index/workspace-index.ts) answers a question from its
// last refresh when that refresh settled and no file it looked at moved since. These tests make
// the fast path run (the same refresh object comes back) and then change the work tree in every
// way that must end it: each answer must show the change at once.
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WorkspaceIndex } from "../src/app/index/workspace-index.ts";
import { searchSymbols } from "../src/app/search.ts";
import { processEnv } from "../src/io/env.ts";
import { Workspace } from "../src/io/workspace.ts";
import { tempDir } from "./helpers/cli.ts";
import { tempRepo, write } from "./helpers/git-repo.ts";

// A clock 10 s ahead: the files just written are past the racy window (2 s) as the index sees
// them, so a refresh may settle at once. Each change below waits a few clock ticks first, so
// that its stat differs from the one recorded (file times move in steps of a few ms).
const env = (cwd: string) => processEnv({ cwd, vars: { ...process.env }, now: () => Date.now() + 10_000, warn: () => {} });
const tick = () => new Promise((r) => setTimeout(r, 25));

const repo = tempRepo({
  "a.py": "def alpha():\n    return 1\n",
  "src/b.py": "def beta():\n    return 2\n",
  "src/c.py": "def gamma():\n    return 3\n",
  "notes.txt": "not source\n",
});
const outside = tempDir("ast-outline-outside-");
writeFileSync(join(outside.path, "secret.py"), "def secret_fn():\n    return 0\n");
afterAll(() => {
  repo.cleanup();
  outside.cleanup();
});

const index = new WorkspaceIndex(env(repo.path), new Workspace([repo.path]));
const names = async (query: string) => (await searchSymbols({ query, limit: 0 }, (v) => index.refresh(v))).hits.map((h) => `${h.path}:${h.name}`);

/** Refreshes until the answer comes from the settled refresh (the same object twice). */
async function settle() {
  let last = await index.refresh(false);
  for (let i = 0; i < 4; i++) {
    const next = await index.refresh(false);
    if (next === last) return next;
    last = next;
  }
  throw new Error("the index never settled");
}

describe("the settled index", () => {
  test("is reused while nothing moved", async () => {
    const settled = await settle();
    expect(await index.refresh(false)).toBe(settled);
    expect(await names("alpha")).toEqual(["a.py:alpha"]);
    expect(await index.refresh(false)).toBe(settled);
  });

  test("a refresh that checks every object is never answered from it", async () => {
    const settled = await settle();
    expect(await index.refresh(true)).not.toBe(settled);
  });

  test("an edit that keeps the size is seen at once", async () => {
    const settled = await settle();
    await tick();
    write(repo.path, "src/b.py", "def betA():\n    return 2\n");
    expect(await names("betA")).toEqual(["src/b.py:betA"]);
    expect(await index.refresh(false)).not.toBe(settled);
  });

  test("a new file in a folder already listed is seen at once", async () => {
    await settle();
    await tick();
    write(repo.path, "src/d.py", "def delta():\n    return 4\n");
    expect(await names("delta")).toEqual(["src/d.py:delta"]);
  });

  test("a deleted file is gone at once", async () => {
    await settle();
    await tick();
    unlinkSync(join(repo.path, "src/c.py"));
    expect(await names("gamma")).toEqual([]);
  });

  test("a file replaced by a link to outside the workspace is left out, not followed", async () => {
    await settle();
    await tick();
    unlinkSync(join(repo.path, "a.py"));
    symlinkSync(join(outside.path, "secret.py"), join(repo.path, "a.py"));
    expect(await names("alpha")).toEqual([]);
    expect(await names("secret_fn")).toEqual([]);
  });

  test("a change of mode alone (ctime) refreshes, and the answer is the same", async () => {
    const settled = await settle();
    await tick();
    chmodSync(join(repo.path, "src/b.py"), 0o600);
    const after = await index.refresh(false);
    expect(after).not.toBe(settled);
    expect(await names("betA")).toEqual(["src/b.py:betA"]);
  });
});

describe("a refresh that saw a file changed within the racy window", () => {
  test("does not settle until the file is older than the window", async () => {
    const r = tempRepo({ "x.py": "def x1():\n    return 1\n", "y.py": "def y1():\n    return 1\n" });
    try {
      const shifted = new WorkspaceIndex(env(r.path), new Workspace([r.path]));
      // x.py's time is past the start of the (shifted) clock's window, an hour past it so that it stays
      // there however slowly the four refreshes run; the folders' are not.
      const soon = (Date.now() + 3_600_000) / 1000;
      utimesSync(join(r.path, "x.py"), soon, soon);
      const seen = [];
      for (let i = 0; i < 4; i++) seen.push(await shifted.refresh(false));
      expect(new Set(seen).size).toBe(seen.length);
      // Its time set back (its ctime, the real now, is 10 s behind the clock): the refresh settles.
      const old = (Date.now() - 60_000) / 1000;
      utimesSync(join(r.path, "x.py"), old, old);
      await shifted.refresh(false);
      const settled = await shifted.refresh(false);
      expect(await shifted.refresh(false)).toBe(settled);
    } finally {
      r.cleanup();
    }
  });
});
