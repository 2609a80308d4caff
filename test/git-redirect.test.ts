// A folder whose git answers for another repository (issue 24, item 5): a `.git` file pointing
// elsewhere (`gitdir: ../other/.git`), a `commondir` file, or core.worktree in its config. The
// MCP server refuses to answer changed_symbols, symbol_history and search_symbols from it, and
// nothing (MCP or CLI) writes into the other repository's git folder. Real worktrees
// (`git worktree add`) and submodules, whose git folders point back at their work trees, keep
// working. Real git, the real binary, the SDK's MCP client.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BINARY, binaryAvailable, runBinary, tempDir } from "./helpers/cli.ts";
import { gitOk, write } from "./helpers/git-repo.ts";

const text = (r: any): string => (r.content ?? []).map((c: any) => c.text).join("");
const available = binaryAvailable();

async function withClient<T>(cwd: string, run: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ name: "test", version: "0" });
  await client.connect(new StdioClientTransport({ command: BINARY, args: ["mcp"], cwd, stderr: "pipe" }));
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

function newRepo(dir: string, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  gitOk(dir, "init", "-q", "-b", "main");
  gitOk(dir, "config", "user.name", "T");
  gitOk(dir, "config", "user.email", "t@example.invalid");
  for (const [p, t] of Object.entries(files)) write(dir, p, t);
  gitOk(dir, "add", "-A");
  gitOk(dir, "-c", "core.hooksPath=/dev/null", "commit", "-qm", "one");
}

/** Every file under a git folder, with its bytes (what a write there would change). */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const p = join(e.parentPath ?? (e as any).path, e.name);
    out[p] = readFileSync(p, "latin1");
  }
  return out;
}

async function mcpAnswers(cwd: string) {
  return withClient(cwd, async (c) => ({
    changed: await c.callTool({ name: "changed_symbols", arguments: {} }),
    history: await c.callTool({ name: "symbol_history", arguments: { path: "app.py", name: "secret_plan" } }),
    search: await c.callTool({ name: "search_symbols", arguments: { query: "secret_plan" } }),
    digest: await c.callTool({ name: "digest", arguments: {} }),
  }));
}

describe.skipIf(!available)("a git folder that belongs to another repository", () => {
  const base = tempDir("ast-outline-redirect-");
  const other = join(base.path, "other");
  const victim = join(base.path, "victim");
  const linked = join(base.path, "box", "linked"); // .git file -> ../../other/.git
  const copied = join(base.path, "copied"); // a .git folder whose core.worktree names victim
  const common = join(base.path, "common"); // a .git folder whose commondir names other's
  beforeAll(() => {
    newRepo(other, { "app.py": "def secret_plan():\n    return 'other repository'\n" });
    write(other, "app.py", "def secret_plan():\n    return 'edited in the other work tree'\n");
    newRepo(victim, { "app.py": "def secret_plan():\n    return 'victim'\n" });
    mkdirSync(linked, { recursive: true });
    writeFileSync(join(linked, ".git"), "gitdir: ../../other/.git\n");
    write(linked, "app.py", "def secret_plan():\n    return 'the archive'\n");
    newRepo(copied, { "app.py": "def secret_plan():\n    return 'copied'\n" });
    gitOk(copied, "config", "core.worktree", victim);
    newRepo(common, { "app.py": "def secret_plan():\n    return 'common'\n" });
    writeFileSync(join(common, ".git", "commondir"), join(other, ".git") + "\n");
  });
  afterAll(() => base.cleanup());

  test("a .git file pointing elsewhere: the MCP tools refuse with one clear line; nothing is written there", async () => {
    const before = snapshot(join(other, ".git"));
    const r = await mcpAnswers(linked);
    for (const [tool, answer] of Object.entries(r)) {
      expect({ tool, isError: (answer as any).isError }).toEqual({ tool, isError: true });
      expect(text(answer)).toMatch(/^refusing to answer from another repository: the git folder \S*other\/\.git is outside \S*linked and is not this folder's worktree or submodule \(only a worktree or submodule git made for this folder is used/);
      expect(text(answer)).not.toContain("edited in the other work tree");
    }
    // The CLI reads what git reads, but writes nothing into the other git folder: no exclude
    // line from index or search, and hook install refuses.
    expect(runBinary(["index"], { cwd: linked }).code).toBe(0);
    expect(runBinary(["search", "secret_plan"], { cwd: linked }).code).toBeLessThanOrEqual(1);
    const hook = runBinary(["hook", "install"], { cwd: linked });
    expect(hook.code).toBe(2);
    expect(hook.stderr).toMatch(/^ast-outline: not touching another repository's hooks: the git folder \S+ is outside \S+ and is not this folder's worktree or submodule \(/);
    expect(hook.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(snapshot(join(other, ".git"))).toEqual(before);
  }, 60_000);

  test("core.worktree pointing elsewhere, and a commondir file: refused the same way", async () => {
    for (const [dir, pattern] of [
      [copied, /^refusing to answer from another repository: git's work tree for \S*copied is \S*victim \(core\.worktree points elsewhere\) \(/],
      [common, /^refusing to answer from another repository: the git folder \S*other\/\.git is outside \S*common /],
    ] as const) {
      const r = await mcpAnswers(dir);
      for (const [tool, answer] of Object.entries(r)) {
        expect({ tool, isError: (answer as any).isError }).toEqual({ tool, isError: true });
        expect(text(answer)).toMatch(pattern);
      }
    }
    expect(existsSync(join(victim, ".ast_outline_cache"))).toBe(false);
    expect(readFileSync(join(other, ".git", "info", "exclude"), "utf8")).not.toContain(".ast_outline_cache");
  }, 60_000);
});

describe.skipIf(!available)("real worktrees and submodules keep working", () => {
  const base = tempDir("ast-outline-worktree-");
  const main = join(base.path, "main");
  const wt = join(base.path, "wt");
  beforeAll(() => {
    newRepo(main, { "app.py": "def secret_plan():\n    return 1\n" });
    gitOk(main, "worktree", "add", "-q", "-b", "feature", wt);
    write(wt, "app.py", "def secret_plan():\n    return 2\n\ndef added_in_worktree():\n    return 3\n");
  });
  afterAll(() => base.cleanup());

  test("a linked worktree: MCP answers; index writes the exclude line into the main repository's common git folder", async () => {
    const r = await mcpAnswers(wt);
    for (const [tool, answer] of Object.entries(r)) expect({ tool, isError: (answer as any).isError ?? false }).toEqual({ tool, isError: false });
    expect(text(r.changed)).toContain("added_in_worktree");
    expect(text(r.search)).toContain("secret_plan");
    expect(runBinary(["index"], { cwd: wt }).code).toBe(0);
    expect(readFileSync(join(main, ".git", "info", "exclude"), "utf8")).toContain(".ast_outline_cache");
    expect(gitOk(wt, "status", "--porcelain")).not.toContain(".ast_outline_cache");
  }, 60_000);

  test("a submodule: MCP answers from the submodule's own repository", async () => {
    const lib = join(base.path, "lib");
    const superproject = join(base.path, "super");
    newRepo(lib, { "lib.py": "def library_call():\n    return 1\n" });
    newRepo(superproject, { "top.py": "def top():\n    return 1\n" });
    gitOk(superproject, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "lib");
    const sub = join(superproject, "lib");
    expect(readFileSync(join(sub, ".git"), "utf8")).toMatch(/^gitdir: \.\.\/\.git\/modules\/lib/);
    write(sub, "lib.py", "def library_call():\n    return 2\n\ndef new_in_submodule():\n    return 3\n");
    const answers = await withClient(sub, async (c) => ({
      changed: await c.callTool({ name: "changed_symbols", arguments: {} }),
      search: await c.callTool({ name: "search_symbols", arguments: { query: "library_call" } }),
    }));
    expect(answers.changed.isError ?? false).toBe(false);
    expect(text(answers.changed)).toContain("new_in_submodule");
    expect(answers.search.isError ?? false).toBe(false);
    expect(text(answers.search)).toContain("lib.py");
  }, 60_000);
});
