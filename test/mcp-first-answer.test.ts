// A first answer at once on a repository never indexed (issue 27): search_symbols and digest
// answer from what is indexed so far when the index is not ready within the server's patience,
// saying how much that covers, and tell a waiting client how far the index has come; a folder's
// outline stays within its budget with code first; the server says what it writes, and writes
// nothing when started read-only.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { WorkspaceIndex, type IndexCoverage } from "../src/app/index/workspace-index.ts";
import { estimateTokens } from "../src/core/text/tokens.ts";
import { Workspace } from "../src/io/workspace.ts";
import { ROOT, testEnv } from "./helpers/cli.ts";
import { gitOk, tempRepo, write } from "./helpers/git-repo.ts";

const BUN = join(ROOT, "node_modules", ".bin", "bun");
const CLI = join(ROOT, "src", "cli", "index.ts");
const text = (r: any): string => r.content.map((c: any) => c.text).join("");

const FILES = 300;
let repo: ReturnType<typeof tempRepo>;
beforeAll(() => {
  repo = tempRepo({});
  for (let i = 0; i < FILES; i++) {
    write(repo.path, `pkg/m${String(i).padStart(3, "0")}.py`, `class Thing${i}:\n    def run_${i}(self, x):\n        return x + ${i}\n\n\ndef helper_${i}():\n    return Thing${i}()\n`);
  }
  // A repository's top, by name order: CI YAML and a Makefile before any code.
  write(repo.path, ".github/workflows/ci.yml", "on: push\njobs:\n" + Array.from({ length: 60 }, (_, i) => `  job${i}:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make test${i}\n`).join(""));
  write(repo.path, "Makefile", Array.from({ length: 200 }, (_, i) => `target${i}: dep${i}\n\techo ${i}\n`).join(""));
  write(repo.path, "main.py", "from pkg.m000 import helper_0\n\n\ndef main():\n    return helper_0()\n");
  gitOk(repo.path, "add", "-A");
  gitOk(repo.path, "commit", "-qm", "init");
}, 60000);
afterAll(() => repo.cleanup());

async function server(args: string[] = []) {
  const client = new Client({ name: "test", version: "0" });
  await client.connect(new StdioClientTransport({ command: BUN, args: [CLI, "mcp", ...args], cwd: repo.path, stderr: "pipe" }));
  return client;
}

describe("an index being built", () => {
  test("a question that cannot wait is answered from what is indexed so far, and says how much that is", async () => {
    const client = await server(["--patience", "0", "--read-only"]);
    try {
      const first = text(await client.callTool({ name: "search_symbols", arguments: { query: "helper_1" } }));
      const m = /\(partial answer: the workspace is being indexed; this covers ([\d,]+) of ([\d,]+) source files\. The index keeps building: ask again shortly for the rest\.\)\n$/.exec(first);
      expect(m).not.toBeNull();
      const [covered, listed] = [Number(m![1].replace(/,/g, "")), Number(m![2].replace(/,/g, ""))];
      expect(covered).toBeLessThanOrEqual(listed);
      expect(listed).toBeLessThanOrEqual(FILES + 3);
      const digest = text(await client.callTool({ name: "digest", arguments: { max_tokens: 400 } }));
      expect(digest).toContain("(partial answer: the workspace is being indexed;");
      // get_outline, get_symbol and read_region never wait for it.
      expect(text(await client.callTool({ name: "get_symbol", arguments: { path: "pkg/m007.py", name: "Thing7.run_7" } }))).toContain("def run_7(self, x):");
    } finally {
      await client.close();
    }
  }, 60000);

  test("told about every tick while it waits: files indexed of those listed, never fewer than before", async () => {
    const env = testEnv(repo.path, { AST_OUTLINE_NO_CACHE: "1" });
    const index = new WorkspaceIndex(env, new Workspace([repo.path]));
    const ticks: IndexCoverage[] = [];
    const got = await index.within(60_000, (c) => ticks.push(c), 1);
    expect(got.partial).toBeUndefined(); // it was ready within the patience
    expect(got.index.keys.size).toBe(FILES + 3); // the Python files, the YAML and the Makefile
    expect(ticks.length).toBeGreaterThan(0);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i].indexed).toBeGreaterThanOrEqual(ticks[i - 1].indexed);
    for (const t of ticks) expect(t.indexed).toBeLessThanOrEqual(Math.max(t.listed, t.indexed));
    // A second question refreshes what the first built: every file again.
    const again = await index.within(60_000);
    expect(again.partial).toBeUndefined();
    expect([...again.index.keys.keys()].sort()).toEqual([...got.index.keys.keys()].sort());
  }, 120000);
});

describe("what the server says it writes", () => {
  test("by default: the cache at the repository's top; read-only: nothing, and nothing is written", async () => {
    const writer = await server();
    try {
      expect(writer.getInstructions()).toContain(".ast_outline_cache/");
      expect(writer.getInstructions()).toContain("mcp --read-only");
    } finally {
      await writer.close();
    }
    const exclude = join(repo.path, ".git", "info", "exclude");
    const before = existsSync(exclude) ? readFileSync(exclude, "utf8") : undefined;
    const reader = await server(["--read-only"]);
    try {
      expect(reader.getInstructions()).toContain("this server writes nothing");
      expect(text(await reader.callTool({ name: "search_symbols", arguments: { query: "helper_299" } }))).toContain("pkg/m299.py:6-7 function helper_299");
      expect(existsSync(join(repo.path, ".ast_outline_cache"))).toBe(false);
      expect(existsSync(exclude) ? readFileSync(exclude, "utf8") : undefined).toBe(before);
    } finally {
      await reader.close();
    }
  }, 60000);
});

describe("get_outline of a folder", () => {
  test("code first, within its budget; what did not fit is named by folder", async () => {
    const client = await server(["--read-only"]);
    try {
      const answer = text(await client.callTool({ name: "get_outline", arguments: { path: "." } }));
      expect(estimateTokens(answer)).toBeLessThanOrEqual(8000);
      expect(answer.startsWith("main.py (python,")).toBe(true);
      expect(answer.indexOf("pkg/m000.py (python,")).toBeGreaterThan(0);
      // The data files come after the code; here the code fills the budget, so they are named.
      expect(answer).not.toContain("Makefile (make,");
      expect(answer).toMatch(/… \d+ more files not outlined \(ask for a folder or a file\): "?pkg\/"? \d+.*"?\.github\/"? 1; here: Makefile\n/);
    } finally {
      await client.close();
    }
  }, 60000);
});
