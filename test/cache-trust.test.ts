// Trusting .ast_outline_cache (src/io/cache-trust.ts, README "Whose cache is used"): a cache
// committed by a pull request, reached through a symbolic link, kept in a folder below the
// root, or made by someone else is neither read nor written; objects are checked against the
// bytes they claim to describe; a cache restored by the user (a CI cache) is still used. Also
// what the cache does about killed runs and garbage (temp files, unreferenced objects, old
// engines), and about not being writable (answers stay whole, `index` says it failed).
// The security cases run the compiled binary in real git repositories.
import { describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createHash } from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync, cpSync, existsSync, lstatSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { entryFitsSource, toEntry, validEntry } from "../src/core/cache/format.ts";
import { RACY_WINDOW_MS } from "../src/core/stamp.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { ENGINE_GRACE_MS, OBJECT_GRACE_MS } from "../src/io/cache-store.ts";
import { BINARY, runBinary, runCli, tempDir } from "./helpers/cli.ts";
import { gitOk, tempRepo, write } from "./helpers/git-repo.ts";

const CACHE = ".ast_outline_cache";
const EVIL = "def steal_tokens():\n    import os\n    return os.environ\n";
const HARMLESS = "def harmless_helper():\n    return 1\n    # fine\n";
const sha = (text: string | Uint8Array) => createHash("sha256").update(text).digest("hex");

/** Every object file of the cache, by path. */
function objectFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith(".json")) out.push(join(d, e.name));
    }
  };
  if (existsSync(join(root, CACHE, "objects"))) walk(join(root, CACHE, "objects"));
  return out;
}

/** The engine folder name the binary writes objects under. */
function binaryEngine(): string {
  const repo = tempRepo({ "x.py": "def x():\n    pass\n" });
  try {
    expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0);
    return readdirSync(join(repo.path, CACHE, "objects"))[0];
  } finally {
    repo.cleanup();
  }
}

/** A real object for `harmless` text, relabelled as the outline of `target` text (same line count). */
function forgedObject(engine: string, target: string, harmless = HARMLESS): { rel: string; text: string } {
  const hash = sha(target);
  const real = JSON.parse(JSON.stringify(toEntry({ path: "x", language: "python", hash: sha(harmless), lineCount: 3, imports: [], diagnostics: [],
    symbols: [{ kind: "function", name: "harmless_helper", qualifiedName: "harmless_helper", signature: "def harmless_helper()", startLine: 1, endLine: 3 }] }, engine)));
  real.hash = hash;
  return { rel: `${CACHE}/objects/${engine}/${hash.slice(0, 2)}/${hash}-python.json`, text: JSON.stringify(real) };
}

/**
 * A repository on `main` with base.py, and checked out a branch `pr` whose one commit adds
 * evil.py and, with `git add -f`, a .ast_outline_cache holding an object under evil.py's hash
 * that describes a harmless function: the poisoned pull request of issue 10.
 */
function poisonedRepo(engine: string) {
  const repo = tempRepo({ "base.py": "def ok():\n    pass\n" });
  gitOk(repo.path, "add", ".");
  gitOk(repo.path, "commit", "-qm", "base");
  gitOk(repo.path, "checkout", "-qb", "pr");
  write(repo.path, "evil.py", EVIL);
  const forged = forgedObject(engine, EVIL);
  write(repo.path, `${CACHE}/VERSION`, "1\n");
  write(repo.path, forged.rel, forged.text);
  gitOk(repo.path, "add", "evil.py");
  gitOk(repo.path, "add", "-f", CACHE);
  gitOk(repo.path, "commit", "-qm", "pr");
  return repo;
}

const IGNORING_TRACKED = /^ast-outline: ignoring \.ast_outline_cache: it is tracked by git \(untrack and delete it: git rm -r -q --cached \.ast_outline_cache && rm -rf \.ast_outline_cache\)$/;

/** stderr's lines about the cache (other notes, such as "no symbol matches", left out). */
const cacheLines = (stderr: string) => stderr.split("\n").filter((l) => l.includes(CACHE));

const runsAsRoot = process.getuid?.() === 0;

/**
 * Make the cache read-only for the binary and run it: folders without write permission, and,
 * when the tests run as root (whom permissions do not stop), the binary run as `nobody` on a
 * repository handed to `nobody`. Returns the binary's result; the permissions are restored.
 */
function runReadOnly(root: string, args: string[]): ReturnType<typeof runBinary> {
  const walk = (d: string, mode: number) => {
    chmodSync(d, mode);
    for (const e of readdirSync(d, { withFileTypes: true })) if (e.isDirectory()) walk(join(d, e.name), mode);
  };
  walk(join(root, CACHE), 0o555);
  try {
    if (!runsAsRoot) return runBinary(args, { cwd: root });
    spawnSync("chown", ["-R", "65534:65534", root]);
    const r = spawnSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "--", BINARY, ...args], {
      cwd: root, encoding: "utf8", env: { ...process.env, HOME: root },
    });
    spawnSync("chown", ["-R", "0:0", root]);
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  } finally {
    walk(join(root, CACHE), 0o755);
  }
}


describe("a cache committed to the repository (issue 10, item 1)", () => {
  test("changed, outline, search, symbol and digest answer from the files, with one warning line each; index refuses", () => {
    const engine = binaryEngine();
    const repo = poisonedRepo(engine);
    try {
      // The forged object is where a lookup would find it, and valid as far as its own fields go.
      expect(existsSync(join(repo.path, forgedObject(engine, EVIL).rel))).toBe(true);
      const changed = runBinary(["changed", "--base", "main", "--head", "HEAD", "--format", "json"], { cwd: repo.path });
      expect(changed.code).toBe(0);
      const evil = JSON.parse(changed.stdout).files.find((f: { path: string }) => f.path === "evil.py");
      expect(evil.symbols.map((s: { name: string; change: string }) => `${s.change} ${s.name}`)).toEqual(["added steal_tokens"]);
      // `changed` parses every side it compares: it never opens the cache, so says nothing of it.
      expect(cacheLines(changed.stderr)).toEqual([]);

      const outline = runBinary(["outline", "evil.py"], { cwd: repo.path });
      expect(outline.stdout).toContain("1-3 def steal_tokens()");
      expect(outline.stdout).not.toContain("harmless");
      expect(cacheLines(outline.stderr)).toEqual([expect.stringMatching(IGNORING_TRACKED)]);

      const search = runBinary(["search", "steal_tokens", "--format", "json"], { cwd: repo.path });
      expect(search.code).toBe(0);
      expect(JSON.parse(search.stdout).results[0]).toMatchObject({ path: "evil.py", name: "steal_tokens", signature: "def steal_tokens()" });
      expect(cacheLines(search.stderr)).toEqual([expect.stringMatching(IGNORING_TRACKED)]);
      expect(runBinary(["search", "harmless_helper"], { cwd: repo.path }).code).toBe(1);

      const symbol = runBinary(["symbol", "evil.py", "steal_tokens"], { cwd: repo.path });
      expect(symbol.code).toBe(0);
      expect(symbol.stdout).toContain("return os.environ");
      const digest = runBinary(["digest"], { cwd: repo.path });
      expect(digest.stdout).toContain("evil.py [XS 3L]: steal_tokens");

      // Nothing was written through it: the work tree still matches the commit, untracked files included.
      expect(gitOk(repo.path, "status", "--porcelain", "--untracked-files=all", "--ignored")).toBe("");
      const index = runBinary(["index"], { cwd: repo.path });
      expect(index.code).toBe(2);
      expect(index.stdout).toBe("");
      expect(index.stderr).toBe("ast-outline: not writing .ast_outline_cache: it is tracked by git (untrack and delete it: git rm -r -q --cached .ast_outline_cache && rm -rf .ast_outline_cache)\n");
      expect(gitOk(repo.path, "status", "--porcelain", "--untracked-files=all", "--ignored")).toBe("");
    } finally {
      repo.cleanup();
    }
  }, 60000);

  test("hook run warns and writes nothing; --strict fails the commit", () => {
    const repo = poisonedRepo(binaryEngine());
    try {
      write(repo.path, "base.py", "def ok():\n    return 2\n");
      gitOk(repo.path, "add", "base.py");
      const hook = runBinary(["hook", "run"], { cwd: repo.path });
      expect(hook.code).toBe(0);
      expect(hook.stderr).toBe("ast-outline: pre-commit: warning: not writing .ast_outline_cache: it is tracked by git (untrack and delete it: git rm -r -q --cached .ast_outline_cache && rm -rf .ast_outline_cache) (commit not blocked)\n");
      expect(runBinary(["hook", "run", "--strict"], { cwd: repo.path }).code).toBe(1);
      expect(gitOk(repo.path, "status", "--porcelain", "--untracked-files=all", "--ignored")).toBe("M  base.py\n");
    } finally {
      repo.cleanup();
    }
  }, 60000);

  test("the MCP tools (get_outline, changed_symbols, search_symbols) answer from the files", async () => {
    const repo = poisonedRepo(binaryEngine());
    const client = new Client({ name: "test", version: "0" });
    try {
      await client.connect(new StdioClientTransport({ command: BINARY, args: ["mcp"], cwd: repo.path, stderr: "pipe" }));
      const text = (r: any): string => r.content.map((c: any) => c.text).join("");
      const outline = text(await client.callTool({ name: "get_outline", arguments: { path: "evil.py" } }));
      expect(outline).toContain("def steal_tokens()");
      expect(outline).not.toContain("harmless");
      const changed = text(await client.callTool({ name: "changed_symbols", arguments: { base: "main", head: "HEAD" } }));
      expect(changed).toContain("steal_tokens");
      expect(changed).not.toContain("harmless");
      const found = text(await client.callTool({ name: "search_symbols", arguments: { query: "harmless_helper" } }));
      expect(found).not.toContain("evil.py");
    } finally {
      await client.close();
      repo.cleanup();
    }
  }, 60000);

  test("once the index changes (a cache staged with git add -f), a cache trusted before is ignored; no git runs while nothing changed", async () => {
    const repo = tempRepo({ "a.py": "def alpha():\n    return 1\n" });
    const bin = tempDir("ast-outline-gitlog-");
    try {
      gitOk(repo.path, "add", ".");
      gitOk(repo.path, "commit", "-qm", "one");
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0);
      // Past the racy window (of the git index and of the top folder, where the cache was made),
      // the next index records that git tracks no cache, and the listing snapshot.
      await new Promise((r) => setTimeout(r, RACY_WINDOW_MS + 100));
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0);
      // A git that logs its calls: the warm runs below must not start it.
      const log = join(bin.path, "calls.log");
      const realGit = spawnSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).stdout.trim();
      writeFileSync(join(bin.path, "git"), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`);
      chmodSync(join(bin.path, "git"), 0o755);
      const env = { PATH: `${bin.path}:${process.env.PATH}` };
      for (const args of [["search", "alpha"], ["index"], ["digest"], ["outline", "a.py"], ["symbol", "a.py", "alpha"]]) {
        const r = runBinary(args, { cwd: repo.path, env });
        expect(r.code).toBe(0);
        expect(r.stderr).toBe("");
      }
      expect(existsSync(log)).toBe(false);
      // Staging the cache changes the index: the next reader asks git, and stops trusting the cache.
      gitOk(repo.path, "add", "-f", `${CACHE}/VERSION`);
      const outline = runBinary(["outline", "a.py"], { cwd: repo.path, env });
      expect(outline.stdout).toContain("def alpha()");
      expect(cacheLines(outline.stderr)).toEqual([expect.stringMatching(IGNORING_TRACKED)]);
      expect(readFileSync(log, "utf8")).toContain("ls-files");
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(2);
    } finally {
      repo.cleanup();
      bin.cleanup();
    }
  }, 60000);

  test("a cache in a folder below the work tree's top is never used; objects that do not fit their file are refused", () => {
    const engine = binaryEngine();
    const repo = tempRepo({ "sub/evil.py": EVIL, "top.py": EVIL.replace("steal_tokens", "top_level") });
    try {
      gitOk(repo.path, "add", ".");
      gitOk(repo.path, "commit", "-qm", "one");
      // Untracked and ours, but below the top: outline of sub/evil.py must not look at it.
      const forged = forgedObject(engine, EVIL);
      write(join(repo.path, "sub"), `${CACHE}/VERSION`, "1\n");
      write(join(repo.path, "sub"), forged.rel, forged.text);
      const sub = runBinary(["outline", "evil.py"], { cwd: join(repo.path, "sub") });
      expect(sub.stdout).toContain("def steal_tokens()");
      expect(sub.stderr).toBe("");
      // At the top, untracked and ours (as a restored CI cache would be), a forged object is still refused: its names are not in the file.
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0);
      for (const [name, fake] of [
        ["names", forged],
        ["line count", forgedObject(engine, EVIL, HARMLESS + "# one more\n")],
      ] as const) {
        write(repo.path, fake.rel, fake.text);
        const top = runBinary(["outline", "sub/evil.py"], { cwd: repo.path });
        expect(top.stdout, name).toContain("def steal_tokens()");
        expect(top.stderr).toBe("");
      }
    } finally {
      repo.cleanup();
    }
  }, 60000);

  test("a cache restored into a fresh clone (a CI cache: untracked, ours) is used", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) files[`pkg/m${i}.py`] = `class K${i}:\n    def run(self):\n        return ${i}\n`;
    const origin = tempRepo(files);
    const clone = tempDir("ast-outline-clone-");
    try {
      gitOk(origin.path, "add", ".");
      gitOk(origin.path, "commit", "-qm", "one");
      expect(runBinary(["index"], { cwd: origin.path }).code).toBe(0);
      gitOk(clone.path, "clone", "-q", origin.path, "work");
      const work = join(clone.path, "work");
      cpSync(join(origin.path, CACHE), join(work, CACHE), { recursive: true });
      const r = runBinary(["index", "--format", "json"], { cwd: work });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("");
      // Every file is read (new inodes), none parsed: each object was checked against its file and reused.
      expect(JSON.parse(r.stdout)).toMatchObject({ seen: 12, parsed: 0, reused: 12, cached: true });
      expect(runBinary(["search", "K7.run"], { cwd: work }).stdout).toBe("pkg/m7.py:2-3 method K7.run  def run(self)\n");
    } finally {
      origin.cleanup();
      clone.cleanup();
    }
  }, 60000);

  test("a cache writable by group or others, or owned by another user, is ignored", () => {
    const repo = tempRepo({ "a.py": "def alpha():\n    return 1\n" });
    try {
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0);
      chmodSync(join(repo.path, CACHE, "objects"), 0o775);
      const grp = runBinary(["outline", "a.py"], { cwd: repo.path });
      expect(grp.stdout).toContain("def alpha()");
      expect(grp.stderr).toMatch(/^ast-outline: ignoring \.ast_outline_cache: objects\/ is writable by its group \(delete it, or `chmod -R go-w \.ast_outline_cache` if only you write there\)\n$/);
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(2);
      chmodSync(join(repo.path, CACHE, "objects"), 0o755);
      expect(runBinary(["outline", "a.py"], { cwd: repo.path }).stderr).toBe("");
      if (runsAsRoot) {
        spawnSync("chown", ["65534", join(repo.path, CACHE)]);
        const other = runBinary(["search", "alpha"], { cwd: repo.path });
        expect(other.stdout).toContain("a.py:1-2 function alpha");
        expect(other.stderr).toBe("ast-outline: ignoring .ast_outline_cache: it belongs to another user (uid 65534) (delete it, or run as its owner)\n");
      }
    } finally {
      repo.cleanup();
    }
  }, 60000);
});

describe("object checks", () => {
  const python = REGISTRY.byId.get("python")!;
  test("an entry fits only the bytes it describes: line count, ranges, each name within its own lines", async () => {
    const bytes = new TextEncoder().encode("import os\n\nclass Greeter:\n    def hello(self):\n        return 1\n");
    const outline = await outlineSource({ path: "g.py", bytes, language: python });
    const entry = toEntry(outline, "eng");
    expect(validEntry(JSON.parse(JSON.stringify(entry)), "eng", outline.hash, "python")).toBe(true);
    expect(entryFitsSource(entry, bytes)).toBe(true);
    const other = new TextEncoder().encode("import os\n\nclass Greeter:\n    def goodbye(self):\n        return 1\n");
    expect(entryFitsSource(entry, other)).toBe(false); // same lines, a name that is not there
    expect(entryFitsSource(entry, new TextEncoder().encode("import os\n\nclass Greeter:\n    def hello(self):\n        return 1\n\n# more\n"))).toBe(false);
    const moved = JSON.parse(JSON.stringify(entry));
    moved.symbols[0].children[0].startLine = 1; // `hello` claimed on lines 1-5: it is there, so it fits...
    expect(entryFitsSource(moved, bytes)).toBe(true);
    moved.symbols[0].children[0].endLine = 2; // ...on lines 1-2 it is not
    expect(entryFitsSource(moved, bytes)).toBe(false);
    const outOfRange = JSON.parse(JSON.stringify(entry));
    outOfRange.symbols[0].endLine = 99;
    expect(validEntry(outOfRange, "eng", outline.hash, "python")).toBe(false);
    expect(validEntry({ ...JSON.parse(JSON.stringify(entry)), symbols: [{ name: 1 }] }, "eng", outline.hash, "python")).toBe(false);
  });

  test("genuine outlines fit their files (the fixtures, four files of each folder)", async () => {
    const { expandPaths } = await import("../src/io/walk.ts");
    const { detectLanguage } = await import("../src/core/languages/detect.ts");
    const fixtures = join(import.meta.dir, "..", "fixtures");
    const perFolder = new Map<string, number>();
    let checked = 0;
    for (const e of expandPaths([fixtures], [], fixtures)) {
      const folder = e.path.slice(fixtures.length + 1).split("/")[0];
      if ((perFolder.get(folder) ?? 0) >= 4) continue;
      const bytes = readFileSync(e.path);
      const language = detectLanguage(e.path, bytes.subarray(0, 256));
      if (!language) continue;
      perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
      const outline = await outlineSource({ path: e.path, bytes, language });
      expect(entryFitsSource(toEntry(outline, "eng"), bytes), e.path).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  }, 60000);
});

describe("a cache reached through a symbolic link (issue 10, item 4)", () => {
  for (const [what, link] of [
    ["the cache folder", CACHE],
    ["objects/", `${CACHE}/objects`],
    ["symbols/", `${CACHE}/symbols`],
    ["an object folder", "ENGINE_HH"],
  ] as const) {
    test(`${what} as a link: index refuses and writes nothing there, search and outline answer without the cache`, () => {
      const repo = tempRepo({ "a.py": "def alpha():\n    return 1\n" });
      const target = tempDir("ast-outline-target-");
      try {
        writeFileSync(join(target.path, "manifest.json"), "precious\n");
        let at: string = link;
        if (link === CACHE) {
          symlinkSync(target.path, join(repo.path, CACHE));
        } else {
          expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0);
          if (link === "ENGINE_HH") {
            const engine = readdirSync(join(repo.path, CACHE, "objects"))[0];
            at = `${CACHE}/objects/${engine}/${sha("def alpha():\n    return 2\n").slice(0, 2)}`;
          }
          rmSync(join(repo.path, at), { recursive: true, force: true });
          symlinkSync(target.path, join(repo.path, at));
        }
        write(repo.path, "a.py", "def alpha():\n    return 2\n");
        const index = runBinary(["index"], { cwd: repo.path });
        expect(index.code).toBe(2);
        expect(index.stderr).toMatch(/^ast-outline: not writing \.ast_outline_cache: (it|objects\/|symbols\/|objects\/\w+\/\w\w) is a symbolic link \(delete it; `ast-outline index` makes a new one\)\n$/);
        const search = runBinary(["search", "alpha", "--format", "json"], { cwd: repo.path });
        expect(JSON.parse(search.stdout).results[0]).toMatchObject({ name: "alpha", signature: "def alpha()" });
        expect(cacheLines(search.stderr)).toHaveLength(1);
        expect(runBinary(["outline", "a.py"], { cwd: repo.path }).stdout).toContain("def alpha()");
        expect(readdirSync(target.path)).toEqual(["manifest.json"]);
        expect(readFileSync(join(target.path, "manifest.json"), "utf8")).toBe("precious\n");
      } finally {
        repo.cleanup();
        target.cleanup();
      }
    }, 60000);
  }

  test("a link at a file's name (manifest.json) is replaced, never written through or read", () => {
    const repo = tempRepo({ "a.py": "def alpha():\n    return 1\n" });
    const target = tempDir("ast-outline-target-");
    try {
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0);
      const manifest = readFileSync(join(repo.path, CACHE, "manifest.json"), "utf8");
      writeFileSync(join(target.path, "manifest.json"), manifest.replace("a.py", "elsewhere.py"));
      rmSync(join(repo.path, CACHE, "manifest.json"));
      symlinkSync(join(target.path, "manifest.json"), join(repo.path, CACHE, "manifest.json"));
      const r = runBinary(["index"], { cwd: repo.path });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("indexed 1 files"); // the linked manifest was not read: a.py was read again
      expect(lstatSync(join(repo.path, CACHE, "manifest.json")).isSymbolicLink()).toBe(false);
      expect(readFileSync(join(target.path, "manifest.json"), "utf8")).toContain("elsewhere.py");
    } finally {
      repo.cleanup();
      target.cleanup();
    }
  }, 60000);

  test("the exclude line also keeps a file or link named .ast_outline_cache out of git status", () => {
    const repo = tempRepo({ "a.py": "def alpha():\n    return 1\n" });
    try {
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0);
      rmSync(join(repo.path, CACHE), { recursive: true });
      symlinkSync("/tmp", join(repo.path, CACHE));
      expect(gitOk(repo.path, "status", "--porcelain")).not.toContain(CACHE);
    } finally {
      repo.cleanup();
    }
  });
});

describe("garbage: temp files, unreferenced objects, old engines (issue 10)", () => {
  const ago = (ms: number) => new Date(Date.now() - ms);
  const age = (file: string, ms: number) => utimesSync(file, ago(ms), ago(ms));
  const referenced = (root: string) => {
    const m = JSON.parse(readFileSync(join(root, CACHE, "manifest.json"), "utf8"));
    return new Set(Object.values(m.files).map((r: any) => `${r.hash}-${r.language}`));
  };
  const keyOf = (file: string) => file.slice(file.lastIndexOf("/") + 1, -".json".length);

  test("temp files of killed runs are removed once stale; a live writer's are left", async () => {
    const repo = tempRepo({ "a.py": "def alpha():\n    return 1\n" });
    try {
      await runCli(["index"], repo.path);
      const [object] = objectFiles(repo.path);
      expect(object).toBeString();
      const stale = [`${object}.tmp-123-abc-1xyz`, join(repo.path, CACHE, "manifest.json.tmp-123-abc-2xyz"), join(repo.path, CACHE, "symbols", "00.tsv.tmp-123-abc-3xyz")];
      const fresh = `${object}.tmp-456-abc-1xyz`;
      for (const f of [...stale, fresh]) writeFileSync(f, "{");
      for (const f of stale) age(f, 11 * 60 * 1000);
      await runCli(["index"], repo.path);
      for (const f of stale) expect(existsSync(f)).toBe(false);
      expect(existsSync(fresh)).toBe(true);
    } finally {
      repo.cleanup();
    }
  });

  test("after ten rounds of edits the objects are those the manifest points at, plus what is younger than the grace period", async () => {
    const files = (round: number) => {
      const out: Record<string, string> = {};
      for (let i = 0; i < 20; i++) {
        let body = "";
        for (let k = 0; k < 40; k++) body += `def f${i}_${k}(a, b):\n    return a * b + ${k + round}\n\n`;
        out[`pkg/m${i}.py`] = body;
      }
      return out;
    };
    const repo = tempRepo(files(0));
    try {
      await runCli(["index"], repo.path);
      for (let round = 1; round <= 10; round++) {
        for (const [p, t] of Object.entries(files(round))) write(repo.path, p, t);
        // Everything written so far is past the grace period, as if each round were 20 minutes apart.
        for (const f of objectFiles(repo.path)) age(f, OBJECT_GRACE_MS + 60_000);
        expect((await runCli(["index"], repo.path)).code).toBe(0);
        const objects = objectFiles(repo.path);
        expect(new Set(objects.map(keyOf))).toEqual(referenced(repo.path));
        expect(objects).toHaveLength(20);
      }
      // Within the grace period nothing unreferenced is removed: a concurrent run may be about to point at it.
      for (const [p, t] of Object.entries(files(11))) write(repo.path, p, t);
      await runCli(["index"], repo.path);
      expect(objectFiles(repo.path)).toHaveLength(40);
    } finally {
      repo.cleanup();
    }
  }, 120000);

  test("the object folder of another engine is removed once unused for a day, not before", async () => {
    const repo = tempRepo({ "a.py": "def alpha():\n    return 1\n" });
    try {
      await runCli(["index"], repo.path);
      const objects = join(repo.path, CACHE, "objects");
      const old = join(objects, "0123456789abcdef");
      write(old, "ab/abcd-python.json", "{}");
      await runCli(["index"], repo.path);
      expect(existsSync(old)).toBe(true);
      age(join(old, "ab"), ENGINE_GRACE_MS + 60_000);
      age(old, ENGINE_GRACE_MS + 60_000);
      await runCli(["index"], repo.path);
      expect(existsSync(old)).toBe(false);
      expect(readdirSync(objects)).toHaveLength(1);
    } finally {
      repo.cleanup();
    }
  });

  test("a sweep in one process never removes what a concurrent index wrote and has not recorded yet", async () => {
    const files = (v: number) => {
      const out: Record<string, string> = {};
      for (let i = 0; i < 120; i++) {
        let body = "";
        for (let k = 0; k < 60; k++) body += `class C${i}_${k}:\n    def m${k}(self, a, b):\n        return a * b + ${k * v}\n\n`;
        out[`pkg${i % 5}/mod${i}.py`] = body;
      }
      return out;
    };
    const repo = tempRepo(files(1));
    try {
      gitOk(repo.path, "add", ".");
      gitOk(repo.path, "commit", "-qm", "v1");
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0);
      const v1 = objectFiles(repo.path);
      for (const f of v1) age(f, OBJECT_GRACE_MS + 60_000);
      // The work tree moves to v2 (unstaged); the index still holds v1.
      for (const [p, t] of Object.entries(files(2))) write(repo.path, p, t);
      const writer = spawn(BINARY, ["index", "--threads", "1"], { cwd: repo.path, stdio: "ignore", env: { ...process.env, AST_OUTLINE_NO_REEXEC: "1" } });
      const done = new Promise<number>((res) => writer.on("close", (c) => res(c ?? -1)));
      const deadline = Date.now() + 60_000;
      while (objectFiles(repo.path).length < v1.length + 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      // Meanwhile a second process sweeps (`hook run`, nothing staged: it only sweeps): it
      // removes every object the manifest on disk does not point at and that is past the grace
      // period. The writer's new objects are not pointed at yet, but they are fresh.
      const sweeper = runBinary(["hook", "run"], { cwd: repo.path });
      expect(sweeper.code).toBe(0);
      expect(writer.exitCode).toBeNull(); // the sweep ran while the writer was still writing
      expect(await done).toBe(0);
      const after = runBinary(["index", "--format", "json"], { cwd: repo.path });
      expect(JSON.parse(after.stdout)).toMatchObject({ seen: 120, parsed: 0, reused: 120 });
      for (const key of referenced(repo.path)) expect(objectFiles(repo.path).map(keyOf)).toContain(key);
    } finally {
      repo.cleanup();
    }
  }, 120000);
});

/** An object under `target`'s hash that lists no symbol at all: nothing in it to check against the bytes. */
function omittingObject(engine: string, target: string): { rel: string; text: string } {
  const forged = forgedObject(engine, target);
  const entry = JSON.parse(forged.text);
  entry.symbols = [];
  entry.lineCount = target.split("\n").length - 1;
  return { rel: forged.rel, text: JSON.stringify(entry) };
}

describe("an object that leaves functions out; a cache outside a work tree (issue 24, item 6)", () => {
  test("changed re-parses what a change touches: an owned cache's object rewritten with no symbols hides nothing", () => {
    const engine = binaryEngine();
    const repo = tempRepo({ "base.py": "def ok():\n    pass\n" });
    try {
      gitOk(repo.path, "add", ".");
      gitOk(repo.path, "commit", "-qm", "base");
      gitOk(repo.path, "checkout", "-qb", "pr");
      write(repo.path, "evil.py", EVIL);
      gitOk(repo.path, "add", "evil.py");
      gitOk(repo.path, "commit", "-qm", "pr");
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0); // this user's cache, untracked: trusted
      const omitting = omittingObject(engine, EVIL);
      expect(existsSync(join(repo.path, omitting.rel))).toBe(true); // index made the real one there
      writeFileSync(join(repo.path, omitting.rel), omitting.text);
      for (const args of [["changed", "--base", "main", "--head", "HEAD"], ["changed", "--base", "main"], ["changed", "--base", "main", "--format", "github"]]) {
        const r = runBinary(args, { cwd: repo.path });
        expect(r.code).toBe(0);
        expect(r.stdout).toContain("steal_tokens");
      }
      const json = runBinary(["changed", "--base", "main", "--format", "json"], { cwd: repo.path });
      const evil = JSON.parse(json.stdout).files.find((f: { path: string }) => f.path === "evil.py");
      expect(evil.symbols.map((s: { name: string; change: string }) => `${s.change} ${s.name}`)).toEqual(["added steal_tokens"]);
    } finally {
      repo.cleanup();
    }
  }, 60000);

  test("a folder outside every work tree (an extracted archive): search --root, digest and outline answer from the files; index refuses", () => {
    const engine = binaryEngine();
    const dir = tempDir("ast-outline-tarball-");
    try {
      write(dir.path, "evil.py", EVIL);
      write(dir.path, `${CACHE}/VERSION`, "1\n");
      const omitting = omittingObject(engine, EVIL);
      write(dir.path, omitting.rel, omitting.text);
      const search = runBinary(["search", "steal_tokens", "--root", "."], { cwd: dir.path });
      expect(search.code).toBe(0);
      expect(search.stdout).toContain("evil.py:1-3 function steal_tokens");
      expect(cacheLines(search.stderr)).toEqual([`ast-outline: ignoring ${CACHE}: it is not inside a git work tree, where who made it cannot be told (delete it; \`ast-outline index\` makes a new one, inside a git work tree)`]);
      const digest = runBinary(["digest", "--root", "."], { cwd: dir.path });
      expect(digest.code).toBe(0);
      expect(digest.stdout).toContain("steal_tokens");
      expect(runBinary(["outline", "evil.py"], { cwd: dir.path }).stdout).toContain("1-3 def steal_tokens()");
      const index = runBinary(["index", "--root", "."], { cwd: dir.path });
      expect(index.code).toBe(2);
      expect(index.stderr).toMatch(/^ast-outline: not writing \.ast_outline_cache: it is not inside a git work tree/);
      // And none is made where there was none: answers come from memory.
      rmSync(join(dir.path, CACHE), { recursive: true });
      expect(runBinary(["search", "steal_tokens", "--root", "."], { cwd: dir.path }).stdout).toContain("steal_tokens");
      expect(existsSync(join(dir.path, CACHE))).toBe(false);
      const fresh = runBinary(["index", "--root", "."], { cwd: dir.path });
      expect(fresh.code).toBe(2);
      expect(fresh.stderr).toBe("ast-outline: not writing .ast_outline_cache: it is not inside a git work tree, where who made it cannot be told (run `index` inside a git repository; search and digest work here without it)\n");
      expect(existsSync(join(dir.path, CACHE))).toBe(false);
    } finally {
      dir.cleanup();
    }
  }, 60000);
});

describe("a cache that cannot be written (issue 10)", () => {
  test("EACCES: search still shows signatures; index says it could not write (exit 2)", () => {
    const repo = tempRepo({ "a.py": "class Greeter:\n    def hello(self, name):\n        return name\n" });
    try {
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0);
      write(repo.path, "b.py", "def added(x, y=2):\n    return x\n");
      const search = runReadOnly(repo.path, ["search", "added", "--format", "json"]);
      expect(search.code).toBe(0);
      expect(JSON.parse(search.stdout).results[0]).toMatchObject({ path: "b.py", qualifiedName: "added", signature: "def added(x, y=2)", endLine: 2 });
      expect(search.stderr).toBe("ast-outline: warning: cache not updated: EACCES writing .ast_outline_cache (results computed without it)\n");
      const qualified = runReadOnly(repo.path, ["search", "Greeter.hello"]);
      expect(qualified.stdout).toBe("a.py:2-3 method Greeter.hello  def hello(self, name)\n");
      const index = runReadOnly(repo.path, ["index"]);
      expect(index.code).toBe(2);
      expect(index.stdout).toBe("");
      expect(index.stderr).toBe(`ast-outline: could not write the cache: EACCES writing .ast_outline_cache (the cache was not updated; check the permissions of ${join(repo.path, CACHE)} and the free space)\n`);
    } finally {
      repo.cleanup();
    }
  }, 60000);

  test("workers that cannot write (EACCES): index exits 2, and search answers whole", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) {
      let body = "";
      for (let k = 0; k < 300; k++) body += `class K${i}_${k}:\n    def m${k}(self, a):\n        return a + ${k}\n\n`;
      files[`big/m${i}.py`] = body;
    }
    const repo = tempRepo({ "a.py": "def alpha():\n    return 1\n" });
    try {
      expect(runBinary(["index"], { cwd: repo.path }).code).toBe(0);
      for (const [p, t] of Object.entries(files)) write(repo.path, p, t); // over the pool's floor: a worker parses too
      const index = runReadOnly(repo.path, ["index", "--threads", "2"]);
      expect(index.code).toBe(2);
      expect(index.stderr).toMatch(/^ast-outline: could not write the cache: EACCES writing \.ast_outline_cache /);
      const s = runReadOnly(repo.path, ["search", "K39_299", "--format", "json"]);
      expect(s.code).toBe(0);
      expect(JSON.parse(s.stdout).results[0]).toMatchObject({ path: "big/m39.py", qualifiedName: "K39_299", signature: "class K39_299" });
    } finally {
      repo.cleanup();
    }
  }, 120000);

  test("ENOSPC while writing objects: search answers whole; index exits 2; a shard write failing alone is a warning", async () => {
    const repo = tempRepo({ "a.py": "def alpha(a, b):\n    return a\n", "b.py": "class Beta:\n    def gamma(self):\n        return 1\n" });
    try {
      const objectsFull = { writeFault: (file: string) => (file.includes(`${CACHE}/objects/`) ? "ENOSPC" : undefined) };
      const search = await runCli(["search", "gamma", "--format", "json"], repo.path, {}, objectsFull);
      expect(JSON.parse(search.stdout).results[0]).toMatchObject({ path: "b.py", qualifiedName: "Beta.gamma", signature: "def gamma(self)", endLine: 3 });
      expect(search.stderr).toBe("ast-outline: warning: cache not updated: ENOSPC writing .ast_outline_cache (results computed without it)\n");
      const index = await runCli(["index"], repo.path, {}, objectsFull);
      expect(index.code).toBe(2);
      expect(index.stderr).toMatch(/^ast-outline: could not write the cache: ENOSPC writing \.ast_outline_cache \(the cache was not updated;/);
      const partly = await runCli(["index"], repo.path, {}, { writeFault: (file) => (file.includes(`${CACHE}/symbols/`) ? "ENOSPC" : undefined) });
      expect(partly.code).toBe(0);
      expect(partly.stdout).toMatch(/^indexed 2 files/);
      expect(partly.stderr).toBe("ast-outline: warning: cache partly updated: ENOSPC writing .ast_outline_cache (the next run writes the rest)\n");
      expect((await runCli(["search", "alpha"], repo.path)).stdout).toBe("a.py:1-2 function alpha  def alpha(a, b)\n");
    } finally {
      repo.cleanup();
    }
  });
});
