// The repo-wide cache: index, staleness, damaged entries, concurrency, a killed run,
// an unwritable cache, and outline/symbol answering the same with or without it.
import { withSymbolHashes } from "../src/app/symbol-hash.ts";
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { outlineFile } from "../src/app/outline-file.ts";
import { RACY_WINDOW_MS } from "../src/core/stamp.ts";
import { runCli, testEnv } from "./helpers/cli.ts";
import { cliChild, cliChildAsync, gitOk, tempRepo, write } from "./helpers/git-repo.ts";

const PY = `import os\n\nclass Greeter:\n    def hello(self, name):\n        return "hi " + name\n\n\ndef helper_one(x):\n    return x + 1\n`;

function objectFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith(".json")) out.push(join(d, e.name));
    }
  };
  walk(join(root, ".ast_outline_cache", "objects"));
  return out;
}

async function outlineJson(root: string, path: string) {
  return (await runCli(["outline", "--format", "json", path], root)).stdout;
}

/** What `outline --format json` prints, parsed afresh without the cache (symbol hashes included). */
async function directJson(root: string, path: string) {
  const { outline, file } = await outlineFile(testEnv(root), path, { cache: false });
  return JSON.stringify(withSymbolHashes(outline, file.bytes));
}

describe("index", () => {
  test("files are read largest first, but skipped files are reported in path order", async () => {
    const repo = tempRepo({
      "a.py": "x = 1\0\n", // binary, smallest
      "b.js": `var a=${"1+".repeat(3000)}1;\n`, // minified, one long line
      "c.py": `\0\n${"# y\n".repeat(3000)}`, // binary, largest
      "d.py": PY,
    });
    try {
      const r = await runCli(["index"], repo.path);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/1 parsed, 0 reused, 3 skipped/);
      expect(r.stderr.trim().split("\n")).toEqual([
        "ast-outline: skipped a.py: binary",
        "ast-outline: skipped b.js: minified or generated",
        "ast-outline: skipped c.py: binary",
      ]);
    } finally {
      repo.cleanup();
    }
  });

  test("builds the cache, stays out of git status, and outline/symbol answer the same from it", async () => {
    const repo = tempRepo({ "src/a.py": PY, "src/b.ts": "export function add(a: number, b: number) { return a + b; }\n", "notes.txt": "x\n", ".gitignore": "ignored.py\n", "ignored.py": "def nope(): pass\n" });
    try {
      gitOk(repo.path, "add", "src/a.py", ".gitignore");
      gitOk(repo.path, "commit", "-qm", "one");
      const before = await outlineJson(repo.path, "src/a.py");
      const r = await runCli(["index"], join(repo.path, "src"));
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^indexed 2 files in [\d.]+ s: 2 parsed, 0 reused, 0 skipped/);
      expect(existsSync(join(repo.path, ".ast_outline_cache", "manifest.json"))).toBe(true);
      const manifest = JSON.parse(readFileSync(join(repo.path, ".ast_outline_cache", "manifest.json"), "utf8"));
      expect(Object.keys(manifest.files).sort()).toEqual(["src/a.py", "src/b.ts"]);
      expect(gitOk(repo.path, "status", "--porcelain")).not.toContain("ast_outline_cache");
      expect(readFileSync(join(repo.path, ".gitignore"), "utf8")).toBe("ignored.py\n");
      expect(readFileSync(join(repo.path, ".git", "info", "exclude"), "utf8")).toMatch(/^\.ast_outline_cache$/m);
      // A cache made for a sub-folder with --root stays out of `git status` too.
      expect((await runCli(["index", "--root", "src"], repo.path)).code).toBe(0);
      expect(existsSync(join(repo.path, "src", ".ast_outline_cache", "VERSION"))).toBe(true);
      expect(gitOk(repo.path, "status", "--porcelain")).not.toContain("ast_outline_cache");
      rmSync(join(repo.path, "src", ".ast_outline_cache"), { recursive: true, force: true });
      // The cached answer is the parsed one.
      expect(await outlineJson(repo.path, "src/a.py")).toBe(before);
      expect(JSON.stringify(JSON.parse(await outlineJson(repo.path, "src/a.py")))).toBe(await directJson(repo.path, "src/a.py"));
      const sym = await runCli(["symbol", "src/a.py", "Greeter.hello"], repo.path);
      expect(sym.stdout).toContain("def hello(self, name):");
      // Second run: nothing parsed; a deleted file drops out.
      rmSync(join(repo.path, "src/b.ts"));
      const again = await runCli(["index"], repo.path);
      expect(again.stdout).toMatch(/1 files in .*: 0 parsed, 1 reused/);
      expect(Object.keys(JSON.parse(readFileSync(join(repo.path, ".ast_outline_cache", "manifest.json"), "utf8")).files)).toEqual(["src/a.py"]);
    } finally {
      repo.cleanup();
    }
  });

  test("an edit with the same size and the mtime moved back is caught by the hash", async () => {
    const repo = tempRepo({ "a.py": PY });
    try {
      await runCli(["index"], repo.path);
      const file = join(repo.path, "a.py");
      const old = statSync(file);
      writeFileSync(file, PY.replace("helper_one", "helper_two"));
      utimesSync(file, old.atime, old.mtime);
      expect(statSync(file).size).toBe(old.size);
      const r = await runCli(["index"], repo.path);
      expect(r.stdout).toContain("1 parsed");
      const s = await runCli(["search", "helper", "--format", "json"], repo.path);
      expect(JSON.parse(s.stdout).results.map((h: { name: string }) => h.name)).toEqual(["helper_two"]);
    } finally {
      repo.cleanup();
    }
  });

  test("corrupt, truncated and wrong-version entries are rebuilt, never trusted", async () => {
    const repo = tempRepo({ "a.py": PY, "b.py": "def b():\n    pass\n", "c.py": "class C:\n    pass\n" });
    try {
      // Past the racy window: the records vouch for the files, which are not read again.
      await new Promise((r) => setTimeout(r, RACY_WINDOW_MS + 100));
      await runCli(["index"], repo.path);
      const expected: string[] = [];
      for (const p of ["a.py", "b.py", "c.py"]) expected.push(await directJson(repo.path, p)); // one at a time: it changes directory
      const objects = objectFiles(repo.path);
      expect(objects.length).toBe(3);
      const byName = (p: string) => objects.find((o) => readFileSync(o, "utf8").includes(p === "a.py" ? "Greeter" : p === "b.py" ? '"name":"b"' : '"name":"C"'))!;
      const [oa, ob, oc] = ["a.py", "b.py", "c.py"].map(byName);
      const textA = readFileSync(oa, "utf8");
      writeFileSync(oa, textA.slice(0, textA.length >> 1)); // truncated
      const textB = readFileSync(ob, "utf8");
      writeFileSync(ob, textB.replace(/"endLine":\d+/, (m) => m.replace(/\d/g, "x").slice(0, m.length))); // corrupt, same size
      const textC = JSON.parse(readFileSync(oc, "utf8"));
      writeFileSync(oc, JSON.stringify({ ...textC, format: 999 })); // another format
      const r = await runCli(["index"], repo.path);
      expect(r.stdout).toContain("2 parsed"); // the truncated and the wrong-version one (size changed)
      // The same-size corruption is caught when read: outline parses again and rewrites it.
      for (const [i, p] of ["a.py", "b.py", "c.py"].entries()) {
        expect(JSON.stringify(JSON.parse(await outlineJson(repo.path, p)))).toBe(expected[i]);
      }
      expect(() => JSON.parse(readFileSync(ob, "utf8"))).not.toThrow();
    } finally {
      repo.cleanup();
    }
  });

  test("search spares the object checks but still answers right from a cut-off object, and repairs it", async () => {
    const repo = tempRepo({ "a.py": PY });
    try {
      await runCli(["index"], repo.path);
      const before = await runCli(["search", "hello", "--format", "json"], repo.path);
      expect(before.stdout).toContain("def hello(self, name)");
      const [object] = objectFiles(repo.path);
      const text = readFileSync(object, "utf8");
      writeFileSync(object, text.slice(0, text.length >> 1));
      const after = await runCli(["search", "hello", "--format", "json"], repo.path);
      expect(after.stdout).toBe(before.stdout);
      expect(readFileSync(object, "utf8")).toBe(text);
    } finally {
      repo.cleanup();
    }
  });

  test("after an upgrade (a cache made by another engine) search and digest re-parse instead of answering nothing", async () => {
    const repo = tempRepo({ "a.py": PY });
    try {
      await runCli(["index"], repo.path);
      const before = await runCli(["search", "hello", "--format", "json"], repo.path);
      expect(before.stdout).toContain("def hello(self, name)");
      // Make the cache look as an earlier build left it: manifest, objects and symbol files
      // carry another engine id.
      const cache = join(repo.path, ".ast_outline_cache");
      const manifest = JSON.parse(readFileSync(join(cache, "manifest.json"), "utf8"));
      const engine: string = manifest.engine;
      expect(typeof engine).toBe("string");
      const old = "0-earlier-build";
      renameSync(join(cache, "objects", engine), join(cache, "objects", old));
      writeFileSync(join(cache, "manifest.json"), JSON.stringify({ ...manifest, engine: old }));
      for (const f of readdirSync(join(cache, "symbols"))) {
        const p = join(cache, "symbols", f);
        writeFileSync(p, readFileSync(p, "utf8").split(engine).join(old));
      }
      const after = await runCli(["search", "hello", "--format", "json"], repo.path);
      expect(after.code).toBe(0);
      expect(after.stdout).toBe(before.stdout);
      expect(JSON.parse(readFileSync(join(cache, "manifest.json"), "utf8")).engine).toBe(engine);
      expect((await runCli(["digest"], repo.path)).stdout).toContain("Greeter");
    } finally {
      repo.cleanup();
    }
  });

  test("search and index find the repository top from a sub-folder once it is indexed", async () => {
    const repo = tempRepo({ "src/deep/a.py": PY });
    try {
      await runCli(["index"], repo.path);
      const r = await runCli(["search", "helper_one"], join(repo.path, "src", "deep"));
      expect(r.stdout).toBe("a.py:8-9 function helper_one  def helper_one(x)\n");
      writeFileSync(join(repo.path, "src", "b.py"), "def helper_two():\n    pass\n"); // untracked, not ignored: listed
      const again = await runCli(["search", "helper_two"], join(repo.path, "src", "deep"));
      expect(again.stdout).toBe("../b.py:1-2 function helper_two  def helper_two()\n");
    } finally {
      repo.cleanup();
    }
  });

  test("a file where the cache folder should be: search answers without it, with one warning; index refuses", async () => {
    const repo = tempRepo({ "a.py": PY });
    try {
      writeFileSync(join(repo.path, ".ast_outline_cache"), "not a folder\n");
      const r = await runCli(["search", "hello"], repo.path);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("a.py:4-5 method Greeter.hello  def hello(self, name)");
      expect(r.stderr).toBe("ast-outline: ignoring .ast_outline_cache: it is not a folder (delete it; `ast-outline index` makes a new one)\n");
      const i = await runCli(["index"], repo.path);
      expect(i.code).toBe(2);
      expect(i.stderr).toBe("ast-outline: not writing .ast_outline_cache: it is not a folder (delete it; `ast-outline index` makes a new one)\n");
    } finally {
      repo.cleanup();
    }
  });
});

describe("index under concurrency and kill", () => {

  /**
   * 40 files of ~24 KB (over the parse pool's 512 KB floor, so a worker starts); every fifth
   * is a copy of file 0, so copies arrive both while the first is queued and after it was stored.
   */
  const bigBatch = () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) {
      const n = i % 5 === 0 ? 0 : i;
      let body = "";
      for (let k = 0; k < 300; k++) body += `class K${n}_${k}:\n    def m${k}(self, a):\n        return a + ${k}\n\n`;
      files[`big/m${i}.py`] = body;
    }
    return files;
  };
  const many = (n: number) => {
    const files: Record<string, string> = {};
    for (let i = 0; i < n; i++) {
      let body = "";
      for (let k = 0; k < 60; k++) body += `class C${i}_${k}:\n    def m${k}(self, a, b):\n        return a * b + ${k}\n\n`;
      files[`pkg${i % 5}/mod${i}.py`] = body;
    }
    return files;
  };

  test("a batch big enough for a worker: this thread and the worker store what one thread would, copies parsed once", async () => {
    const repo = tempRepo(bigBatch());
    try {
      const r = cliChild(repo.path, ["index", "--threads", "2"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("indexed 40 files");
      expect(r.stdout).toContain("33 parsed, 7 reused"); // 32 distinct files + one content shared by 8
      expect(r.stdout).toContain("(2 threads)");
      for (const p of ["big/m0.py", "big/m5.py", "big/m35.py", "big/m39.py", "big/m1.py"]) {
        expect(JSON.stringify(JSON.parse(await outlineJson(repo.path, p)))).toBe(await directJson(repo.path, p));
      }
      expect(cliChild(repo.path, ["index"]).stdout).toContain("0 parsed, 40 reused");
      const s = await runCli(["search", "K39_299", "--format", "json"], repo.path);
      expect(JSON.parse(s.stdout).results[0]).toMatchObject({ path: "big/m39.py", qualifiedName: "K39_299", match: "exact" });
    } finally {
      repo.cleanup();
    }
  }, 120000);

  test("two index runs at once leave a valid cache", async () => {
    const repo = tempRepo(many(40));
    try {
      const runs = [cliChildAsync(repo.path, ["index"]), cliChildAsync(repo.path, ["index"])];
      const codes = await Promise.all(runs.map((p) => new Promise<number>((res) => p.on("close", (c) => res(c ?? -1)))));
      expect(codes).toEqual([0, 0]);
      const manifest = JSON.parse(readFileSync(join(repo.path, ".ast_outline_cache", "manifest.json"), "utf8"));
      expect(Object.keys(manifest.files).length).toBe(40);
      expect(cliChild(repo.path, ["index"]).stdout).toContain("0 parsed, 40 reused");
      for (const p of ["pkg0/mod0.py", "pkg3/mod38.py"]) expect(JSON.stringify(JSON.parse(await outlineJson(repo.path, p)))).toBe(await directJson(repo.path, p));
    } finally {
      repo.cleanup();
    }
  }, 120000);

  test("a run killed with SIGKILL leaves a cache the next run trusts correctly", async () => {
    const repo = tempRepo(many(60));
    try {
      const child = cliChildAsync(repo.path, ["index", "--threads", "1"]);
      const closed = new Promise((res) => child.on("close", res));
      // Kill it as soon as it has written its first entries: mid-run, whatever the machine's speed.
      const deadline = Date.now() + 60000;
      while (child.exitCode === null && Date.now() < deadline && countFiles(join(repo.path, ".ast_outline_cache", "objects")) < 3) {
        await new Promise((res) => setTimeout(res, 5));
      }
      child.kill("SIGKILL");
      await closed;
      const r = cliChild(repo.path, ["index"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("indexed 60 files");
      for (const p of Object.keys(many(60))) {
        expect(JSON.stringify(JSON.parse(await outlineJson(repo.path, p)))).toBe(await directJson(repo.path, p));
      }
      const s = await runCli(["search", "C59_59", "--format", "json"], repo.path);
      expect(JSON.parse(s.stdout).results[0]).toMatchObject({ path: "pkg4/mod59.py", qualifiedName: "C59_59", match: "exact" });
    } finally {
      repo.cleanup();
    }
  }, 120000);
});

function countFiles(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}
