// Confinement of every cross-file read (issue 10, items 2 and 3) and the freshness of MCP
// answers, driven as an attacker would: a real git repository whose content tries to reach
// outside the workspace, the real MCP client over stdio, the CLI in-process. The structure
// tests check that the app layer reads only through the FileAccess it is given.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import { BUN, CLI_SOURCE, gitOk, tempRepo, write } from "./helpers/git-repo.ts";
import { BINARY, ROOT, binaryAvailable, runCli, tempDir, testEnv } from "./helpers/cli.ts";
import { inputError, notFoundError } from "../src/core/errors.ts";
import type { FileStamp } from "../src/core/stamp.ts";
import { Workspace, type FileAccess, type Probe } from "../src/io/workspace.ts";
import { ParseCache, repoSymbols } from "../src/app/repo-symbols.ts";
import { callChain } from "../src/app/calls/chain.ts";
import { findCallers } from "../src/app/calls/callers.ts";
import { drillView, findOne } from "../src/app/symbol-view.ts";
import { renderSymbolText } from "../src/render/symbol/text.ts";
import { AgentTools } from "../src/mcp/tools.ts";
import { pathFilter } from "../src/core/text/glob.ts";
import { computeChanges } from "../src/app/changed/changes.ts";

const text = (r: any): string => r.content.map((c: any) => c.text).join("");
const JS_SECRET = 'export function leak() {\n  return "SECRET-JS";\n}\n';
const PY_SECRET = 'def leak():\n    return "SECRET-PY"\n';
const jsCaller = (from: string) => `import { leak } from "${from}";\nexport function run() {\n  return leak();\n}\n`;
const pyCaller = (imp: string) => `${imp}\n\ndef run():\n    return leak()\n`;

// repo/            a git repository; the MCP root is repo/ws
//   secret.js, outside/{secret.js,secret.py,pkg/__init__.py}, private/secret.py
//   ws/              the files below, each trying one way out
const repo = tempRepo({
  "secret.js": JS_SECRET,
  "outside/secret.js": JS_SECRET,
  "outside/secret.py": PY_SECRET,
  "outside/pkg/__init__.py": PY_SECRET,
  "private/secret.py": "def private_leak():\n    return 1\n",
  "ws/inside.py": "def inside_fn():\n    return 1\n",
  "ws/lib/inner.js": 'export function leak() {\n  return "INSIDE-OK";\n}\n',
  "ws/ok.js": jsCaller("./lib/inner.js"),
  "ws/viaalias.js": jsCaller("./alias/inner.js"),
  "ws/a.js": jsCaller("../secret.js"),
  "ws/c.js": jsCaller("../outside/secret"),
  "ws/d.js": jsCaller("./link/secret.js"),
  "ws/g.js": jsCaller("./sfile.js"),
  "ws/e.py": pyCaller("from link.secret import leak"),
  "ws/p/__init__.py": "",
  "ws/p/f.py": pyCaller("from .link.pkg import leak"),
  "ws/h.py": pyCaller("from s import leak"),
  [`ws/${"a".repeat(200)}.py`]: "def long_named():\n    return 1\n",
});
const top = realpathSync(repo.path);
const ws = join(top, "ws");
write(top, "ws/b.js", jsCaller(join(top, "outside", "secret.js")));
symlinkSync("../outside", join(ws, "link"));
symlinkSync("../../outside", join(ws, "p", "link"));
symlinkSync("../outside/secret.js", join(ws, "sfile.js"));
symlinkSync("../outside/secret.py", join(ws, "s.py"));
symlinkSync("lib", join(ws, "alias")); // a symlink that stays inside: allowed
gitOk(top, "add", "-A");
gitOk(top, "commit", "-qm", "init");
// Work-tree edits on both sides of the root, for changed_symbols.
write(top, "private/secret.py", "def private_leak():\n    return 2\n");
write(top, "ws/inside.py", "def inside_fn():\n    return 2\n");

/** Each way out, with the file and the call that takes it. */
const ESCAPES = [
  ["a.js", "relative ../secret.js"],
  ["b.js", "absolute path"],
  ["c.js", "../outside/secret without extension"],
  ["d.js", "symlinked folder, JS ./link/secret.js"],
  ["g.js", "symlinked file ./sfile.js"],
  ["e.py", "symlinked folder, Python from link.secret"],
  ["p/f.py", "symlinked folder, Python from .link.pkg"],
  ["h.py", "symlinked file, Python from s"],
] as const;

let client: Client;

beforeAll(async () => {
  client = new Client({ name: "confinement-test", version: "0" });
  await client.connect(new StdioClientTransport({ command: BUN, args: [CLI_SOURCE, "mcp", "--root", ws], cwd: ws, stderr: "pipe" }));
}, 30000);

afterAll(async () => {
  await client?.close();
  repo.cleanup();
});

const call = async (name: string, args: Record<string, unknown>) => {
  const r: any = await client.callTool({ name, arguments: args });
  return { error: r.isError === true, text: text(r) };
};

describe("MCP: imports never lead outside the workspace", () => {
  for (const [file, how] of ESCAPES) {
    test(`${how}: drill and get_calls neither read nor resolve it`, async () => {
      const drill = await call("get_symbol", { path: file, name: "run", mode: "drill", label: "call:leak" });
      expect(drill.error).toBe(true);
      expect(drill.text).toContain("which is not in the workspace");
      expect(drill.text).not.toContain("SECRET");
      const calls = await call("get_calls", { path: file, name: "run", depth: 3 });
      expect(calls.error).toBe(false);
      expect(calls.text).toContain("not in the workspace]");
      expect(calls.text).not.toContain(" -> ");
      expect(calls.text).not.toContain("SECRET");
    });
  }

  test("imports inside the workspace still resolve, through a symlink that stays inside too", async () => {
    for (const file of ["ok.js", "viaalias.js"]) {
      const drill = await call("get_symbol", { path: file, name: "run", mode: "drill", label: "call:leak" });
      expect(drill.text).toContain("resolves by import");
      expect(drill.text).toContain("INSIDE-OK");
      expect((await call("get_calls", { path: file, name: "run" })).text).toContain("-> lib/inner.js:1-3 leak [import]");
    }
  });

  test("a symlinked file or folder leading out is refused when named", async () => {
    for (const path of ["sfile.js", "s.py", "link", "link/secret.js", "p/link/pkg/__init__.py", "../secret.js", join(top, "outside", "secret.py")]) {
      for (const [name, args] of [
        ["get_outline", { path }],
        ["get_symbol", { path, name: "leak" }],
        ["get_calls", { path, name: "leak" }],
        ["read_region", { path, start: 1, end: 3 }],
      ] as const) {
        const r = await call(name, args);
        expect(r.error).toBe(true);
        expect(r.text).toContain("refused");
        expect(r.text).not.toContain("SECRET");
      }
    }
  });

  test("repo-wide answers (search, callers, digest, folder outline) stay inside", async () => {
    const search = await call("search_symbols", { query: "leak" });
    expect(search.text.trim().split("\n").map((l) => l.split(":")[0])).toEqual(["lib/inner.js"]);
    const callers = await call("get_callers", { name: "leak" });
    expect(callers.error).toBe(false);
    expect(callers.text).not.toMatch(/link\/|sfile|s\.py/);
    const digest = await call("digest", {});
    const outline = await call("get_outline", { path: "." });
    // The files each answer covers: digest lines `path [lines]: ...`, outline headers `path (language, ...`.
    const covered = [
      ...digest.text.split("\n").flatMap((l) => /^(\S+) \[\w+ \d+L\]/.exec(l)?.[1] ?? []),
      ...outline.text.split("\n").flatMap((l) => /^(\S+) \(\w+, \d+ lines/.exec(l)?.[1] ?? []),
    ];
    expect(covered).toContain("inside.py");
    expect(covered).toContain("lib/inner.js");
    expect(covered.filter((p) => /^(link|p\/link|alias)\/|^(sfile\.js|s\.py)$/.test(p))).toEqual([]);
    expect(digest.text + outline.text).not.toContain("SECRET");
  });
});

describe.skipIf(!binaryAvailable())("MCP: the compiled binary", () => {
  test("no import leads outside, and a symlinked file is refused by name", async () => {
    const bin = new Client({ name: "confinement-test-binary", version: "0" });
    await bin.connect(new StdioClientTransport({ command: BINARY, args: ["mcp", "--root", ws], cwd: ws, stderr: "pipe" }));
    try {
      for (const [file] of ESCAPES) {
        const drill: any = await bin.callTool({ name: "get_symbol", arguments: { path: file, name: "run", mode: "drill", label: "call:leak" } });
        expect(text(drill)).toContain("which is not in the workspace");
        const calls: any = await bin.callTool({ name: "get_calls", arguments: { path: file, name: "run" } });
        expect(text(calls)).toContain("not in the workspace]");
        expect(text(drill) + text(calls)).not.toContain("SECRET");
      }
      const named: any = await bin.callTool({ name: "get_outline", arguments: { path: "sfile.js" } });
      expect(named.isError).toBe(true);
      expect(text(named)).toContain("refused");
    } finally {
      await bin.close();
    }
  }, 30000);
});

describe("MCP: odd arguments end as clean error results", () => {
  const odd: [string, Record<string, unknown>][] = [
    ["get_outline", { path: "a\u0000b" }],
    ["get_outline", { path: "" }],
    ["get_outline", { path: "\u001b[2J../../secret.js" }],
    ["get_outline", { path: "inside.py\n../../secret.js" }],
    ["get_outline", { path: "x".repeat(5000) }],
    ["get_outline", { path: 5 }],
    ["get_outline", { path: null }],
    ["get_outline", { path: ["inside.py"] }],
    ["get_outline", {}],
    ["get_symbol", { path: "inside.py", name: "inside_fn\r" }],
    ["get_symbol", { path: "inside.py", name: "run", mode: "drill", label: "x".repeat(2000) }],
    ["get_symbol", { path: "inside.py", name: "inside_fn", mode: "sideways" }],
    ["read_region", { path: "inside.py", start: 1e15, end: 1e16 }],
    ["read_region", { path: "inside.py", start: -1, end: 2 }],
    ["read_region", { path: "inside.py", start: 1, end: 2, hash: { a: 1 } }],
    ["search_symbols", { query: "\u0000" }],
    ["search_symbols", { query: "x".repeat(100000) }],
    ["search_symbols", { query: "leak", path: "{a,b}".repeat(12) }],
    ["search_symbols", { query: "leak", kind: "\u009b31m" }],
    ["get_calls", { path: "ok.js", name: "run", depth: 99 }],
    ["get_callers", { name: "leak", max_tokens: "many" }],
    ["digest", { path: "\u0007" }],
    ["changed_symbols", { base: "HEAD\n--output=/tmp/x" }],
    ["changed_symbols", { base: "--output=/tmp/x" }],
    ["changed_symbols", { staged: "yes" }],
  ];
  for (const [name, args] of odd) {
    test(`${name} ${JSON.stringify(args).slice(0, 60)}`, async () => {
      const r = await call(name, args);
      expect(r.error).toBe(true);
      expect(r.text).not.toContain("internal error");
      expect(r.text).not.toContain("SECRET");
      expect(r.text.length).toBeLessThan(1000);
      expect(r.text).not.toMatch(/[\u0000\u0007\u001b\u009b]/);
    });
  }

  test("a backtracking-prone glob answers at once, and the server keeps serving", async () => {
    const started = Date.now();
    const r = await call("search_symbols", { query: "long_named", path: "*a*a*a*a*a*a*a*a*a*a*a*a*b" });
    expect(r.error).toBe(false);
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await call("search_symbols", { query: "long_named", path: "*a*a*a*a*a*a*a*a*a*a*a*a*.py" })).text).toContain("long_named");
  });
});

describe("MCP: every answer reflects the disk at the time of the call", () => {
  test("a new file is seen by the next call; a deleted one is left out, never an error", async () => {
    expect((await call("digest", {})).text).not.toContain("fresh_new.py");
    write(ws, "fresh_new.py", "def brand_new_fn():\n    return helper_fn()\n");
    expect((await call("search_symbols", { query: "brand_new_fn" })).text).toContain("fresh_new.py:1-2 function brand_new_fn");
    expect((await call("digest", {})).text).toContain("fresh_new.py [XS 2L]: brand_new_fn");
    expect((await call("get_callers", { name: "helper_fn" })).text).toContain("fresh_new.py");
    unlinkSync(join(ws, "fresh_new.py"));
    for (const [name, args] of [["search_symbols", { query: "brand_new_fn" }], ["digest", {}], ["get_callers", { name: "helper_fn" }], ["get_outline", { path: "." }]] as const) {
      const r = await call(name, args);
      expect(r.error).toBe(false);
      expect(r.text).not.toContain("fresh_new");
    }
  });

  test("an edit that keeps the size shows at once", async () => {
    write(ws, "same_size.py", "def aaaa():\n    return 1\n");
    expect((await call("get_outline", { path: "same_size.py" })).text).toContain("def aaaa()");
    write(ws, "same_size.py", "def bbbb():\n    return 1\n");
    expect((await call("get_outline", { path: "same_size.py" })).text).toContain("def bbbb()");
    expect((await call("search_symbols", { query: "bbbb" })).text).toContain("same_size.py:1-2 function bbbb");
    unlinkSync(join(ws, "same_size.py"));
  });
});

describe("MCP: changed_symbols stays inside the roots", () => {
  // Runs last in this file: it stages and commits.
  const notOutside = (t: string) => {
    expect(t).not.toContain("private");
    expect(t).not.toContain("private_leak");
  };

  test("work tree, staged, and between revisions: only the change inside the root", async () => {
    const worktree = await call("changed_symbols", {});
    expect(worktree.text).toContain("ws/inside.py (modified");
    expect(worktree.text).toContain("modified function inside_fn");
    notOutside(worktree.text);
    gitOk(top, "add", "-A");
    const staged = await call("changed_symbols", { staged: true });
    expect(staged.text).toContain("modified function inside_fn");
    notOutside(staged.text);
    gitOk(top, "commit", "-qm", "both");
    const revs = await call("changed_symbols", { base: "HEAD~1", head: "HEAD" });
    expect(revs.text).toContain("modified function inside_fn");
    notOutside(revs.text);
  });
});

describe("changed: confined to roots", () => {
  test("a root inside the repository limits the diff; one holding it does not; one elsewhere gives nothing", async () => {
    const r = tempRepo({ "a/x.py": "def ax():\n    return 1\n", "b/y.py": "def by():\n    return 1\n" });
    const other = tempDir("ast-outline-other-");
    try {
      const t = realpathSync(r.path);
      gitOk(t, "add", "-A");
      gitOk(t, "commit", "-qm", "init");
      write(t, "a/x.py", "def ax():\n    return 2\n");
      write(t, "b/y.py", "def by():\n    return 2\n");
      const files = async (roots: string[]) => {
        const gate = new Workspace(roots);
        return (await computeChanges({ env: testEnv(t), confine: gate })).files.map((f) => f.path);
      };
      expect(await files([join(t, "a")])).toEqual(["a/x.py"]);
      expect(await files([t])).toEqual(["a/x.py", "b/y.py"]);
      expect(await files([dirname(t)])).toEqual(["a/x.py", "b/y.py"]);
      expect(await files([other.path])).toEqual([]);
    } finally {
      r.cleanup();
      other.cleanup();
    }
  });
});

describe("CLI: what the tool follows stays inside the repository", () => {
  const elsewhere = tempDir("ast-outline-elsewhere-");
  const cliRepo = tempRepo({
    "secret_in_repo.js": 'export function leak() {\n  return "IN-REPO";\n}\n',
    "sub/a.js": jsCaller("../secret_in_repo.js"),
  });
  const cwd = realpathSync(cliRepo.path);
  beforeAll(() => {
    writeFileSync(join(elsewhere.path, "secret.js"), JS_SECRET);
    write(cwd, "abs.js", jsCaller(join(realpathSync(elsewhere.path), "secret.js")));
    symlinkSync(realpathSync(elsewhere.path), join(cwd, "elink"));
    write(cwd, "vialink.js", jsCaller("./elink/secret.js"));
  });
  afterAll(() => {
    elsewhere.cleanup();
    cliRepo.cleanup();
  });

  test("calls and symbol --drill: an import out of the repository is not read", async () => {
    for (const file of ["abs.js", "vialink.js"]) {
      const calls = await runCli(["calls", file, "run"], cwd);
      expect(calls.code).toBe(0);
      expect(calls.stdout).toContain("not in the workspace]");
      expect(calls.stdout).not.toContain("SECRET");
      const drill = await runCli(["symbol", file, "run", "--drill", "call:leak"], cwd);
      expect(drill.code).toBe(1);
      expect(drill.stdout + drill.stderr).not.toContain("SECRET");
    }
  });

  test("an import elsewhere in the same repository resolves, from a subfolder too", async () => {
    const drill = await runCli(["symbol", "a.js", "run", "--drill", "call:leak"], join(cwd, "sub"));
    expect(drill.code).toBe(0);
    expect(drill.stdout).toContain("IN-REPO");
  });
});

// ------------------------------------------------------------------ structure

/** Every module the cross-file answers load, from these entry points, by their relative imports. */
function importClosure(entries: string[]): Map<string, { spec: string; names: string[] }[]> {
  const out = new Map<string, { spec: string; names: string[] }[]>();
  const visit = (file: string) => {
    if (out.has(file)) return;
    // Comments may quote an import (a doc line showing `import("../y.ts")`); only code counts.
    const src = readFileSync(join(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
    const imports: { spec: string; names: string[] }[] = [];
    out.set(file, imports);
    for (const m of src.matchAll(/^(?:import|export)\s([^;]*?)\sfrom\s+"([^"]+)"/gms)) {
      if (/^type\s/.test(m[1])) continue; // types only: nothing of the module runs
      const names = [...m[1].matchAll(/\b(\w+)\b/g)].map((n) => n[1]);
      const spec = m[2].startsWith(".") ? relative(ROOT, resolve(ROOT, dirname(file), m[2])) : m[2];
      imports.push({ spec, names });
      if (m[2].startsWith(".")) visit(spec);
    }
    // A module loaded on use is followed like one imported at the top.
    for (const m of src.matchAll(/\bimport\("(\.[^"]+)"\)/g)) {
      const spec = relative(ROOT, resolve(ROOT, dirname(file), m[1]));
      imports.push({ spec, names: [] });
      visit(spec);
    }
    // Dynamic ways to the disk that an import list would not show.
    for (const m of src.matchAll(/\b(require\(|Bun\.(?:file|spawn|spawnSync|write|\$)|import\((?!"node:|"\.)|process\.binding)/g)) imports.push({ spec: `<${m[1]}>`, names: [] });
  };
  entries.forEach(visit);
  return out;
}

describe("structure: one gate for every read", () => {
  /** Modules that may touch the disk themselves, and why; nothing else reached from the tools may. */
  const DISK = new Map([
    ["src/io/workspace.ts", "the gate"],
    ["src/io/walk.ts", "the listing; called only by the gate"],
    ["src/io/files.ts", "reads the path it is handed; its readers are used only outside the gate's users"],
    ["src/io/cache-trust.ts", "whether the outline cache may be used at all (its trust rule)"],
    ["src/io/no-follow.ts", "opens a cache file its caller names without following a link (the cache's readers only: READERS below)"],
    ["src/app/engine/sources.ts", "the tool's own source files, hashed into the engine id when run from source"],
    ["src/io/cache-store.ts", "the outline cache, by content hash (its own trust rule)"],
    ["src/core/lazy-module.ts", "createRequire, for built-ins loaded on first use (io/builtins.ts: its disk ones are READERS below)"],
    ["src/io/node-probe.ts", "whether a `.git` or a cache lies at a folder (lstat), to find a work tree's top"],
    ["src/app/index/repo.ts", "where the repository is (realpath), and .git/info/exclude, which keeps the cache out of git status"],
    ["src/app/index/listing.ts", "the stats and names of the folders and ignore files git's listing depends on (no file's content)"],
    ["src/io/disk-source.ts", "lstat of the files git lists, the realpath of their folders (workspace-index: their content is read through the gate)"],
    ["src/io/read-fd.ts", "reads a descriptor its caller opened after its own checks; opens nothing"],
    ["src/app/changed/changes.ts", "the work tree's side of `changed` (confined: only paths the gate admits); symbol_history reads git's blobs only"],
    ["src/io/git-place.ts", "whose repository a folder's git answers from: the `.git` entry, and a linked git folder's `gitdir` back-link (no source file)"],
  ]);
  /** Names that read a path they are given, and the only modules allowed to import them. */
  const READERS: Record<string, { from: string; names: string[]; only: string[] }> = {
    walk: { from: "src/io/walk.ts", names: ["expandPaths"], only: ["src/io/workspace.ts"] },
    files: { from: "src/io/files.ts", names: ["readFileBytes", "statOrThrow"], only: ["src/app/outline-file.ts", "src/io/walk.ts"] },
    outlineFile: { from: "src/app/outline-file.ts", names: ["outlineFile"], only: [] },
    diskSource: { from: "src/io/disk-source.ts", names: ["diskSource"], only: [] },
    noFollow: { from: "src/io/no-follow.ts", names: ["withFileNoFollow"], only: ["src/io/cache-trust.ts", "src/io/object-packs.ts"] },
    readFd: { from: "src/io/read-fd.ts", names: ["readOpenFile"], only: ["src/io/workspace.ts", "src/io/disk-source.ts"] },
    builtins: { from: "src/io/builtins.ts", names: ["fsPromises", "childProcess"], only: ["src/io/cache-store.ts", "src/io/process.ts"] },
  };
  const closure = importClosure(["src/mcp/server.ts", "src/mcp/tools.ts", "src/io/workspace.ts", "src/app/repo-symbols.ts", "src/app/calls/chain.ts", "src/app/calls/callers.ts", "src/app/symbol-view.ts", "src/app/calls/impact.ts"]);

  test("the modules behind the cross-file answers reach the disk only through the gate", () => {
    const touching = [...closure].filter(([, imps]) => imps.some((i) => /^(node:)?(fs|fs\/promises|child_process|module)$|^</.test(i.spec))).map(([f]) => f);
    expect(touching.sort()).toEqual([...DISK.keys()].sort());
    for (const [file, imps] of closure) {
      for (const i of imps) {
        for (const r of Object.values(READERS)) {
          if (i.spec !== r.from) continue;
          const used = i.names.filter((n) => r.names.includes(n));
          if (used.length) expect({ file, used, allowed: r.only.includes(file) }).toEqual({ file, used, allowed: true });
        }
      }
    }
  });

  test("the importer checks would catch a bypass", () => {
    // The check itself must be able to fail: a module importing readFileSync is seen.
    const dir = tempDir("ast-outline-closure-");
    try {
      const rel = relative(ROOT, dir.path);
      writeFileSync(join(dir.path, "entry.ts"), 'import { helper } from "./helper.ts";\n');
      writeFileSync(join(dir.path, "helper.ts"), 'import { readFileSync } from "node:fs";\nexport const helper = () => Bun.file("x");\n');
      const c = importClosure([join(rel, "entry.ts")]);
      expect(c.get(join(rel, "helper.ts"))!.map((i) => i.spec)).toEqual(["node:fs", "<Bun.file>"]);
    } finally {
      dir.cleanup();
    }
  });

  /**
   * A workspace that is not on disk: the files live in a map. The current folder holds decoys
   * under the same names with other content, so a read that bypassed the access would show them.
   */
  class MemoryAccess implements FileAccess {
    readonly base = "/mem";
    readonly roots = ["/mem"];
    readonly listRoots = ["/mem"];
    readonly reads: string[] = [];
    constructor(readonly files: Map<string, string>) {}
    private norm(path: string): string | undefined {
      const p = posix.normalize(path.startsWith("/mem/") ? path.slice(5) : path);
      return p.startsWith("../") || p.startsWith("/") || p === ".." ? undefined : p;
    }
    locate(path: string): string {
      const p = this.norm(path);
      if (p === undefined) throw inputError(`refused: ${path}`);
      if (!this.files.has(p) && ![...this.files.keys()].some((k) => k.startsWith(`${p}/`)) && p !== ".") throw notFoundError(`no such file: ${p}`);
      return p;
    }
    probe(path: string): Probe {
      const p = this.norm(path);
      if (p === undefined) return "outside";
      return this.files.has(p) ? "file" : p === "." || [...this.files.keys()].some((k) => k.startsWith(`${p}/`)) ? "folder" : "missing";
    }
    admits(path: string): boolean {
      return this.norm(path) !== undefined;
    }
    stamp(path: string): FileStamp | undefined {
      const p = this.norm(path);
      const t = p === undefined ? undefined : this.files.get(p);
      return t === undefined ? undefined : { size: t.length, mtimeMs: 0, ctimeMs: 0, ino: 1 };
    }
    read(path: string) {
      const p = this.locate(path);
      const t = this.files.get(p);
      if (t === undefined) throw inputError(`${p} is a directory`);
      this.reads.push(p);
      return { path: p, bytes: new TextEncoder().encode(t), stat: undefined as never, stamp: this.stamp(p)! };
    }
    list(folder?: string) {
      const f = folder === undefined || folder === "." ? "" : `${this.locate(folder)}/`;
      return [...this.files.keys()].filter((k) => k.startsWith(f)).sort().map((path) => ({ path, stamp: this.stamp(path)! }));
    }
  }

  test("the app layer and the MCP tools answer from a workspace that is not on disk", async () => {
    const decoys = tempDir("ast-outline-decoys-");
    try {
      const mem = new Map([
        ["app.py", "from pkg.store import save\n\ndef main(items):\n    for it in items:\n        save(it)\n"],
        ["pkg/store.py", "def save(item):\n    return write(item)\n\ndef write(item):\n    return item\n"],
      ]);
      for (const [p] of mem) write(decoys.path, p, "def DISK_DECOY():\n    return 0\n");
      // The working folder holds the decoys; the cache is off (nothing of the disk may answer).
      const env = testEnv(decoys.path, { AST_OUTLINE_NO_CACHE: "1" });
      const access = new MemoryAccess(mem);
      const repo = repoSymbols(env, access, new ParseCache());
      const app = await repo.parsed("app.py");
      const chain = await callChain(repo, { path: "app.py", symbol: findOne(app, "main") }, 3);
      expect(chain.steps.map((s) => `${s.callee} -> ${s.resolved.target?.path}:${s.resolved.target?.symbol.name} ${s.resolved.resolution}`)).toEqual(["save -> pkg/store.py:save import"]);
      expect(chain.steps[0].children!.map((s) => s.resolved.target?.symbol.name)).toEqual(["write"]);
      expect((await findCallers(repo, "save")).groups.map((g) => `${g.path}:${g.symbol?.name}`)).toEqual(["app.py:main"]);
      expect(renderSymbolText(await drillView(repo, app, findOne(app, "main"), "call:save"))).toContain("return write(item)");
      const tools = new AgentTools(access, env);
      const answers = [
        await tools.getOutline("."),
        await tools.searchSymbols("save"),
        await tools.getCallers("write"),
        await tools.digest(),
        await tools.getCalls("app.py", "main"),
        await tools.getSymbol("app.py", "main", "drill", "call:save"),
        tools.readRegion("pkg/store.py", 1, 2),
      ].join("\n");
      expect(answers).toContain("pkg/store.py [XS 5L]: save, write");
      expect(answers).not.toContain("DISK_DECOY");
      expect(new Set(access.reads)).toEqual(new Set(["app.py", "pkg/store.py"]));
    } finally {
      decoys.cleanup();
    }
  });
});

describe("Workspace: the gate itself", () => {
  const base = tempDir("ast-outline-gate-");
  const root = join(realpathSync(base.path), "root");
  beforeAll(() => {
    write(root, "in.py", "x = 1\n");
    write(base.path, "out/secret.py", "s = 1\n");
    symlinkSync("../out", join(root, "dirlink"));
    symlinkSync("../out/secret.py", join(root, "filelink.py"));
    symlinkSync("in.py", join(root, "inlink.py"));
    execFileSync("mkfifo", [join(root, "fifo.py")]);
  });
  afterAll(() => base.cleanup());

  test("probe, locate, admits and read for each kind of path", () => {
    const w = new Workspace([root]);
    const probes = ["in.py", "inlink.py", "dirlink/secret.py", "filelink.py", "../out/secret.py", join(base.path, "out", "secret.py"), "nope.py", "dirlink", "fifo.py", "a\0b"].map((p) => `${p.replace(base.path, "<base>")}=${w.probe(p)}`);
    expect(probes).toEqual([
      "in.py=file", "inlink.py=file", "dirlink/secret.py=outside", "filelink.py=outside", "../out/secret.py=outside",
      "<base>/out/secret.py=outside", "nope.py=missing", "dirlink=outside", "fifo.py=other", "a\0b=other",
    ]);
    expect(w.locate("inlink.py")).toBe("in.py");
    expect(() => w.locate("dirlink/secret.py")).toThrow("symlink that leads outside");
    expect(() => w.locate("../out/secret.py")).toThrow("outside the workspace");
    expect(() => w.read("fifo.py", 1000)).toThrow("not a regular file"); // and does not block
    expect(w.admits("deleted/long/ago.py")).toBe(true);
    expect(w.admits("dirlink/deleted.py")).toBe(false);
    expect(w.admits("../x.py")).toBe(false);
  });

  test("a file swapped for a symlink after the check is not followed", () => {
    const w = new Workspace([root]);
    class Swapping extends Workspace {
      override locate(path: string): string {
        const located = super.locate(path);
        rmSync(join(root, "swap.py"));
        symlinkSync("../out/secret.py", join(root, "swap.py"));
        return located;
      }
    }
    write(root, "swap.py", "y = 2\n");
    expect(() => new Swapping([root]).read("swap.py", 1000)).toThrow("became a symlink");
    expect(w.probe("swap.py")).toBe("outside");
  });

  test("a file that vanishes between the listing and the read is left out", async () => {
    {
      write(root, "keep.py", "def kept():\n    return gone()\n");
      write(root, "gone.py", "def gone():\n    return 1\n");
      class Vanishing extends Workspace {
        override list(folder?: string) {
          const listed = super.list(folder);
          rmSync(join(root, "gone.py"), { force: true });
          return listed;
        }
      }
      const tools = new AgentTools(new Vanishing([root]), testEnv(root));
      write(root, "gone.py", "def gone():\n    return 1\n");
      const digest = await tools.digest();
      expect(digest).toContain("keep.py");
      expect(digest).not.toContain("gone.py");
      write(root, "gone.py", "def gone():\n    return 1\n");
      expect(await tools.searchSymbols("gone")).toBe("no symbol matches `gone`\n");
      write(root, "gone.py", "def gone():\n    return 1\n");
      expect(await tools.getCallers("gone")).toContain("keep.py");
      write(root, "gone.py", "def gone():\n    return 1\n");
      expect(await tools.getOutline(".")).not.toContain("gone.py");
    }
  });
});

describe("globs", () => {
  test("matching is linear: no backtracking blow-up, unbalanced braces are literal, too many alternatives are refused", () => {
    const started = Date.now();
    expect(pathFilter(`${"*a".repeat(40)}*b`)(`${"a".repeat(4000)}.py`)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(pathFilter("src/**/*.{ts,js}")("src/a/b/c.js")).toBe(true);
    expect(pathFilter("src/**/")("src/a.py")).toBe(false);
    expect(pathFilter("{a")("{a")).toBe(true);
    expect(() => pathFilter("{a,b}".repeat(9))).toThrow("alternatives");
  });
});

describe("ParseCache", () => {
  test("a stamp is trusted only when the file was not written in the tick it was read; same bytes keep the parse", () => {
    const cache = new ParseCache();
    const bytes = new TextEncoder().encode("x = 1\n");
    const stamp = { size: bytes.length, mtimeMs: 1_000_000, ctimeMs: 1_000_000, ino: 7 };
    const racy = cache.read("a.py", { stamp, bytes }, stamp.mtimeMs + 5);
    racy.text = "x = 1\n";
    expect(cache.trusted("a.py", stamp)).toBeUndefined();
    // Read again later, same bytes: what was known is kept, and now the stamp is trusted.
    const later = cache.read("a.py", { stamp, bytes }, stamp.mtimeMs + 10_000);
    expect(later.text).toBe("x = 1\n");
    expect(cache.trusted("a.py", stamp)).toBe(later);
    expect(cache.trusted("a.py", { ...stamp, ctimeMs: stamp.ctimeMs + 1 })).toBeUndefined();
    // Other bytes: nothing carried over.
    expect(cache.read("a.py", { stamp, bytes: new TextEncoder().encode("y = 2\n") }, stamp.mtimeMs + 20_000).text).toBeUndefined();
  });
});
