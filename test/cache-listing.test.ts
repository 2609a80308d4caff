// The listing snapshot (src/app/index/listing.ts): a warm run reuses git's file listing
// only while nothing git reads for it moved. After every kind of change that can alter the
// listing, the snapshot must be refused (or, if taken, equal git's fresh answer).
import { describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listAndRecord, readSnapshot } from "../src/app/index/listing.ts";
import { gitListing } from "../src/app/index/repo.ts";
import { languageByName } from "../src/core/languages/detect.ts";
import { RACY_WINDOW_MS } from "../src/core/stamp.ts";
import { runCli, testEnv } from "./helpers/cli.ts";
import { gitOk, tempRepo, write } from "./helpers/git-repo.ts";

// Tests record with a short racy window (file timestamps tick in ~4-10 ms steps on Linux) and
// let the fixtures age past it first; the production window is RACY_WINDOW_MS (core/stamp.ts).
const WINDOW = 50;
const age = () => new Promise((r) => setTimeout(r, WINDOW + 30));

const FILES = {
  "a.py": "def a():\n    pass\n",
  "src/b.py": "def b():\n    pass\n",
  "logs/run.log": "x\n",
  ".gitignore": "*.log\nbuild/\nsecret.py\n",
  "build/gen.py": "def gen():\n    pass\n",
  "secret.py": "def s():\n    pass\n",
};

async function fresh(root: string): Promise<string[]> {
  return (await gitListing(testEnv(root), root)).paths.filter((p) => languageByName(p));
}

async function record(root: string): Promise<string> {
  let text = "";
  await listAndRecord(testEnv(root), root, "eng", { write: (t) => (text = t) }, async () => (await gitListing(testEnv(root), root)).paths, WINDOW);
  return text;
}

const mutations: [string, (root: string) => void][] = [
  ["a new untracked file at the top", (r) => write(r, "new.py", "def n(): pass\n")],
  ["a new file beside tracked ones", (r) => write(r, "src/c.py", "def c(): pass\n")],
  ["a new file in an empty folder", (r) => write(r, "empty/deep/x.py", "def x(): pass\n")],
  ["a new file in a folder of only ignored files", (r) => write(r, "logs/y.py", "def y(): pass\n")],
  ["a new folder with a file", (r) => write(r, "pkg/sub/z.py", "def z(): pass\n")],
  ["a deleted file", (r) => rmSync(join(r, "src/b.py"))],
  ["a .gitignore edited in place to list an ignored file", (r) => writeFileSync(join(r, ".gitignore"), "*.log\nbuild/\n")],
  ["a nested .gitignore added", (r) => write(r, "src/.gitignore", "b.py\n")],
  [".git/info/exclude edited", (r) => appendFileSync(join(r, ".git", "info", "exclude"), "a.py\n")],
  ["the index changed (git rm --cached of a now-ignored file)", (r) => {
    gitOk(r, "rm", "-q", "--cached", "src/b.py");
    appendFileSync(join(r, ".git", "info", "exclude"), "src/b.py\n");
  }],
  ["core.excludesFile set", (r) => {
    writeFileSync(join(r, ".git", "more-ignores"), "a.py\n");
    gitOk(r, "config", "core.excludesFile", join(r, ".git", "more-ignores"));
  }],
];

describe("listing snapshot", () => {
  test("taken when nothing moved: the same listing as git's", async () => {
    const repo = tempRepo(FILES);
    try {
      mkdirSync(join(repo.path, "empty", "deep"), { recursive: true });
      gitOk(repo.path, "add", "a.py", ".gitignore");
      await age();
      const text = await record(repo.path);
      expect(text).not.toBe("");
      const listed = readSnapshot(testEnv(), text, repo.path, "eng");
      expect(listed).toEqual(await fresh(repo.path));
      expect(listed).not.toContain("build/gen.py");
      expect(readSnapshot(testEnv(), text, repo.path, "other-engine")).toBeUndefined();
    } finally {
      repo.cleanup();
    }
  });

  for (const [what, mutate] of mutations) {
    test(`refused after ${what}`, async () => {
      const repo = tempRepo(FILES);
      try {
        mkdirSync(join(repo.path, "empty", "deep"), { recursive: true });
        gitOk(repo.path, "add", "a.py", "src/b.py", ".gitignore");
        await age();
        const text = await record(repo.path);
        expect(readSnapshot(testEnv(), text, repo.path, "eng")).toBeDefined();
        await new Promise((r) => setTimeout(r, 15));
        mutate(repo.path);
        expect(readSnapshot(testEnv(), text, repo.path, "eng")).toBeUndefined();
      } finally {
        repo.cleanup();
      }
    });
  }

  test("refused after the configured excludes file is edited in place", async () => {
    const repo = tempRepo(FILES);
    try {
      const excludes = join(repo.path, ".git", "more-ignores");
      writeFileSync(excludes, "nothing\n");
      gitOk(repo.path, "config", "core.excludesFile", excludes);
      await age();
      const text = await record(repo.path);
      expect(readSnapshot(testEnv(), text, repo.path, "eng")).toEqual(await fresh(repo.path));
      await new Promise((r) => setTimeout(r, 15));
      writeFileSync(excludes, "a.py\n");
      expect(await fresh(repo.path)).not.toContain("a.py");
      expect(readSnapshot(testEnv(), text, repo.path, "eng")).toBeUndefined();
    } finally {
      repo.cleanup();
    }
  });

  test("not taken right after a change (racy window), nor with config that includes files", async () => {
    const repo = tempRepo(FILES);
    try {
      await age();
      write(repo.path, "late.py", "def late(): pass\n");
      expect(await record(repo.path)).toBe("");
      await age();
      gitOk(repo.path, "config", "include.path", "other.cfg");
      await age();
      expect(await record(repo.path)).toBe("");
    } finally {
      repo.cleanup();
    }
  });

  test("search finds a file added after the snapshot was taken", async () => {
    const repo = tempRepo({ "a.py": "def alpha():\n    pass\n" });
    try {
      await runCli(["index"], repo.path);
      await new Promise((r) => setTimeout(r, RACY_WINDOW_MS + 100)); // past the production racy window
      await runCli(["search", "alpha"], repo.path); // records the snapshot
      expect(existsSync(join(repo.path, ".ast_outline_cache", "listing.tsv"))).toBe(true);
      expect((await runCli(["search", "alpha"], repo.path)).stdout).toContain("a.py:1-2 function alpha");
      write(repo.path, "b.py", "def alphabet():\n    pass\n");
      expect((await runCli(["search", "alpha"], repo.path)).stdout).toContain("b.py:1-2 function alphabet");
      rmSync(join(repo.path, "a.py"));
      expect((await runCli(["search", "alpha"], repo.path)).stdout).not.toContain("a.py:");
    } finally {
      repo.cleanup();
    }
  });
});
