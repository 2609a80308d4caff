// `--format json` on every command that answers (issue 27 item 8): calls and callers whole (the
// text is cut to --max-tokens, JSON is not), the syntax tree, the workflow snippet. The commands
// without it print something else by nature, named here with why.
import { afterAll, describe, expect, test } from "bun:test";
import { COMMANDS } from "../src/cli/commands.ts";
import { runCli, tempDir } from "./helpers/cli.ts";
import { tempRepo } from "./helpers/git-repo.ts";

const repo = tempRepo({
  "pkg/store.py": "class Store:\n    def save(self, item):\n        self.check(item)\n        return write(item)\n\n    def check(self, item):\n        return item\n\n\ndef write(item):\n    return item\n",
  "app.py": "from pkg.store import Store, write\n\n\ndef main(items):\n    Store().save(items)\n    write(items)\n",
});
afterAll(() => {
  repo.cleanup();
  home.cleanup();
});
// setup records what it wrote under $HOME (XDG state): a home of the test's own.
const home = tempDir("ast-outline-json-home-");
const run = (...args: string[]) => runCli(args, repo.path, { AST_OUTLINE_NO_CACHE: "1", HOME: home.path, XDG_STATE_HOME: undefined, XDG_CONFIG_HOME: undefined });

/** What the command prints instead, and why it takes no --format. */
const NO_FORMAT: Record<string, string> = {
  mcp: "speaks MCP (JSON-RPC) on stdio",
  "agent-hook": "speaks Claude Code's hook JSON",
  completions: "prints a shell script",
};

describe("--format json", () => {
  test("every command that answers has it", () => {
    const without = COMMANDS.filter((c) => !c.options.some((o) => o.flags === "--format <format>" && o.choices?.includes("json"))).map((c) => c.name);
    expect(without.sort()).toEqual(Object.keys(NO_FORMAT).sort());
  });

  test("calls: the whole chain, each call with where it resolves", async () => {
    const r = await run("calls", "app.py", "main", "--format", "json", "--max-tokens", "100");
    expect([r.code, r.stderr]).toEqual([0, ""]);
    const json = JSON.parse(r.stdout);
    expect(json.symbol).toEqual({ kind: "function", qualifiedName: "main", startLine: 4, endLine: 6, signature: "def main(items)" });
    const save = json.calls.find((c: { callee: string }) => c.callee === "Store().save");
    expect(save).toMatchObject({ lines: [5], path: "pkg/store.py", qualifiedName: "Store.save", startLine: 2, endLine: 4 });
    // Depth 2 (the default): save's own calls, whole although the text would be cut to 100 tokens.
    expect(save.calls.map((c: { callee: string; qualifiedName?: string }) => `${c.callee} ${c.qualifiedName}`)).toEqual(["self.check Store.check", "write write"]);
    expect(json.calls.find((c: { callee: string }) => c.callee === "write")).toMatchObject({ resolution: "import", path: "pkg/store.py", qualifiedName: "write" });
  });

  test("callers: each group with its symbol and sites; none found is exit 1 with the note", async () => {
    const r = await run("callers", "write", "--format", "json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      name: "write",
      groups: [
        { path: "app.py", symbol: { kind: "function", qualifiedName: "main", startLine: 4, endLine: 6, signature: "def main(items)" }, resolution: "import", sites: [{ callee: "write", line: 6 }] },
        { path: "pkg/store.py", symbol: { kind: "method", qualifiedName: "Store.save", startLine: 2, endLine: 4, signature: "def save(self, item)" }, resolution: "same-file", sites: [{ callee: "write", line: 4 }] },
      ],
    });
    const none = await run("callers", "nobody", "--format", "json");
    expect([none.code, JSON.parse(none.stdout)]).toEqual([1, { name: "nobody", groups: [] }]);
    expect(none.stderr).toStartWith("ast-outline: no calls to `nobody` found");
  });

  test("dump-tree and prompt", async () => {
    const tree = JSON.parse((await run("dump-tree", "app.py", "--format", "json")).stdout);
    expect([tree.path, tree.language, tree.tree.type, tree.tree.start, tree.tree.end]).toEqual(["app.py", "python", "module", [1, 1], [7, 1]]);
    const fn = tree.tree.children[1];
    expect(fn.type).toBe("function_definition");
    expect(fn.children[0]).toEqual({ type: "identifier", field: "name", start: [4, 5], end: [4, 9], text: "main" });
    const prompt = await run("prompt", "--format", "json");
    expect(JSON.parse(prompt.stdout)).toEqual({ workflow: (await run("prompt")).stdout });
    expect((await run("prompt", "--format", "xml")).code).toBe(2);
  });

  test("digest: the flat map when it fits, else the ranked one with each definition's path", async () => {
    const flat = JSON.parse((await run("digest", "--format", "json")).stdout);
    expect([flat.map, flat.maxTokens]).toEqual(["flat", 2000]);
    expect(flat.files.map((f: { path: string; lineCount: number }) => `${f.path} ${f.lineCount}`)).toEqual(["app.py 6", "pkg/store.py 11"]);
    expect(flat.files[1].symbols.map((x: { name: string; depth: number }) => `${x.depth}${x.name}`)).toEqual(["0Store", "1save", "1check", "0write"]);
    const ranked = JSON.parse((await run("digest", "--format", "json", "--focus", "write", "--max-tokens", "200")).stdout);
    expect([ranked.map, ranked.focus]).toEqual(["ranked", ["write"]]);
    expect(ranked.files.map((f: { path: string }) => f.path).sort()).toEqual(["app.py", "pkg/store.py"]);
    for (const d of ranked.definitions) expect(["app.py", "pkg/store.py"]).toContain(d.path);
  });

  test("setup: each file, what happens to it, and for a dry run its diff; a second run changes nothing", async () => {
    const dry = JSON.parse((await run("setup", "codex", "--dry-run", "--format", "json")).stdout);
    expect([dry.scope, dry.uninstall, dry.dryRun]).toEqual(["project", false, true]);
    const config = dry.files.find((f: { path: string }) => f.path === ".codex/config.toml");
    expect(config.changed).toBe(true);
    expect(config.diff).toStartWith("--- /dev/null\n+++ b/.codex/config.toml\n");
    const done = JSON.parse((await run("setup", "codex", "--format", "json")).stdout);
    expect(done.files.map((f: { path: string; changed: boolean; summary: string }) => [f.path, f.changed, f.summary])).toEqual(dry.files.map((f: { path: string; changed: boolean; summary: string }) => [f.path, f.changed, f.summary]));
    expect(done.files[0].diff).toBeUndefined();
    const again = JSON.parse((await run("setup", "codex", "--format", "json")).stdout);
    expect(again.files.every((f: { changed: boolean }) => !f.changed)).toBe(true);
    expect((await run("setup", "codex", "--uninstall")).code).toBe(0);
  });

  test("hook: what install and uninstall did, as data on stdout", async () => {
    const install = await run("hook", "install", "--format", "json");
    expect([install.code, install.stderr]).toEqual([0, ""]);
    expect(JSON.parse(install.stdout)).toEqual({ action: "install", messages: [expect.stringContaining("installed the pre-commit hook")] });
    const uninstall = JSON.parse((await run("hook", "uninstall", "--format", "json")).stdout);
    expect(uninstall).toEqual({ action: "uninstall", messages: [expect.stringContaining("removed the ast-outline pre-commit hook")] });
  });
});
