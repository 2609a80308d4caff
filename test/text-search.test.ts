// `search --text`: lines answered by the symbol they lie in, the same through git grep (a git
// work tree) and through a scan (any other folder); binary, huge and minified files named, not
// answered; vendored folders and ignored files left out.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { searchText } from "../src/app/text-search/index.ts";
import { repoSymbols } from "../src/app/repo-symbols.ts";
import { textPattern } from "../src/core/search/text-pattern.ts";
import { cliWorkspace } from "../src/io/workspace.ts";
import { renderTextSearch } from "../src/render/text-search.ts";
import { runCli, tempDir, testEnv } from "./helpers/cli.ts";
import { gitOk, tempRepo, write } from "./helpers/git-repo.ts";

const FILES: Record<string, string> = {
  "src/client.py": [
    "import socket",
    "",
    "TIMEOUT_KEY = \"client.timeout\"",
    "",
    "class Client:",
    "    def connect(self):",
    "        if not self.sock:",
    "            raise ConnectionError(\"server closed the connection\")",
    "        return self.sock",
    "",
  ].join("\n"),
  "config/app.yaml": "server:\n  port: 8080\n  client.timeout: 30\n",
  "notes.txt": "the server closed the connection again\n",
  "node_modules/dep/index.js": "throw new Error('server closed the connection')\n",
  "build/out.py": "raise ConnectionError(\"server closed the connection\")\n",
  ".gitignore": "build/\n",
  "src/weird.py": "def ünïcode():\n    return \"café crème\"\n",
};

let git: ReturnType<typeof tempRepo>;
const plain = tempDir("ast-outline-text-");
beforeAll(() => {
  git = tempRepo(FILES);
  for (const [p, text] of Object.entries(FILES)) write(plain.path, p, text);
  for (const root of [git.path, plain.path]) {
    writeFileSync(join(root, "data.bin"), Buffer.concat([Buffer.from("server closed the connection"), Buffer.from([0, 1, 2])]));
    writeFileSync(join(root, "huge.txt"), "x".repeat(5 * 1024 * 1024) + "\nserver closed the connection\n");
  }
  gitOk(git.path, "add", "src", "config", ".gitignore"); // notes.txt, data.bin, huge.txt stay untracked, still searched
});
afterAll(() => {
  git.cleanup();
  plain.cleanup();
});

async function search(root: string, pattern: string, opts: { fixed?: boolean; ignoreCase?: boolean; within?: string[]; limit?: number } = {}) {
  const env = testEnv(root, { AST_OUTLINE_NO_CACHE: "1" });
  return searchText(env, repoSymbols(env, cliWorkspace(root)), { pattern: textPattern(pattern, opts), within: opts.within ?? [], limit: opts.limit ?? 50 });
}

describe.each([["git grep", () => git.path], ["scan", () => plain.path]])("search --text through %s", (by, root) => {
  test("an error message is answered by the method it is raised in; a file of no language by its line", async () => {
    const r = await search(root(), "server closed the connection");
    expect(r.searchedBy).toBe(by as "git grep" | "scan");
    expect(r.syntax).toBe("literal");
    expect(renderTextSearch(r).lines).toBe([
      "src/client.py:6-9 method Client.connect",
      "  8| raise ConnectionError(\"server closed the connection\")",
      "notes.txt (not a supported language)",
      "  1| the server closed the connection again",
      "",
    ].join("\n"));
    expect(r.matches[0]).toEqual({ path: "src/client.py", line: 8, column: 36, text: "raise ConnectionError(\"server closed the connection\")", symbol: { kind: "method", qualifiedName: "Client.connect", startLine: 6, endLine: 9 } });
    // Vendored and ignored files are left out; binary and huge ones named.
    expect(r.matches.map((m) => m.path)).not.toContain("node_modules/dep/index.js");
    expect(r.matches.map((m) => m.path)).not.toContain("build/out.py");
    const skipped = Object.fromEntries(r.skipped.map((s) => [s.path, s.reason]));
    expect(skipped["data.bin"]).toBe("binary (it matches)");
    expect(skipped["huge.txt"]).toMatch(/^larger than 4.0 MiB/);
    expect(renderTextSearch(r).notes.join("\n")).toContain("skipped ");
  });

  test("a config key by its key; a regex; case; a path filter; the limit", async () => {
    const key = await search(root(), "client.timeout", { fixed: true });
    expect(key.matches.map((m) => `${m.path}:${m.line} ${m.symbol?.qualifiedName ?? "-"}`)).toEqual(["config/app.yaml:3 server", "src/client.py:3 TIMEOUT_KEY"]);
    const re = await search(root(), String.raw`raise \w+Error\(`);
    expect(re.syntax).toBe("regex");
    expect(re.matches.map((m) => m.path)).toEqual(["src/client.py"]);
    expect((await search(root(), "SERVER CLOSED")).matches).toEqual([]);
    expect((await search(root(), "SERVER CLOSED", { ignoreCase: true })).total).toBe(2);
    expect((await search(root(), "closed", { within: ["src/**"] })).matches.map((m) => m.path)).toEqual(["src/client.py"]);
    const one = await search(root(), "closed", { limit: 1 });
    expect([one.matches.length, one.total, one.files]).toEqual([1, 2, 2]);
    expect(renderTextSearch(one).notes[0]).toContain("… 1 more matching line (2 in 2 files");
    const accents = await search(root(), "café c.ème");
    expect(accents.matches.map((m) => `${m.line} ${m.symbol?.qualifiedName}`)).toEqual(["2 ünïcode"]);
  });

  test("nothing found says so; a bad regex is a usage error", async () => {
    const none = await search(root(), "no such text anywhere");
    expect(none.matches).toEqual([]);
    expect(renderTextSearch(none).notes[0]).toBe("no line matches text `no such text anywhere`");
    expect(() => textPattern("raise (")).toThrow(/invalid regular expression/);
    expect(() => textPattern("")).toThrow(/empty search pattern/);
  });
});

describe("search --text in a git work tree", () => {
  test("a pattern git's PCRE refuses is searched by the scan; one that starts with a dash is a pattern", async () => {
    const anyChar = await search(git.path, "closed[^]the"); // JavaScript: any character; PCRE: an unterminated class
    expect(anyChar.searchedBy).toBe("scan");
    expect(anyChar.matches.map((m) => m.path)).toEqual(["src/client.py", "notes.txt"]);
    write(git.path, "src/flags.py", "ARGS = ['--max-count', '-m']\n");
    const dash = await search(git.path, "--max-count");
    expect(dash.searchedBy).toBe("git grep");
    expect(dash.matches.map((m) => `${m.path}:${m.line} ${m.symbol?.qualifiedName}`)).toEqual(["src/flags.py:1 ARGS"]);
  });

  test("a repository configured to recurse into submodules is still searched by git grep (its config overridden, not a fallback)", async () => {
    const r = tempRepo(FILES);
    try {
      gitOk(r.path, "config", "submodule.recurse", "true");
      const found = await search(r.path, "server closed the connection");
      expect(found.searchedBy).toBe("git grep");
      expect(found.matches.map((m) => m.path)).toEqual(["src/client.py", "notes.txt"]);
    } finally {
      r.cleanup();
    }
  });
});

describe("`ast-outline search --text` on the command line", () => {
  const run = (cwd: string, ...args: string[]) => runCli(["search", "--text", ...args], cwd, { AST_OUTLINE_NO_CACHE: "1" });

  test("paths as seen from the current folder; notes on stderr; exit 1 when nothing matches", async () => {
    const r = await run(join(git.path, "config"), "client.timeout", "-F");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("app.yaml:1-3 key server\n  3| client.timeout: 30\n../src/client.py:3-3 constant TIMEOUT_KEY\n  3| TIMEOUT_KEY = \"client.timeout\"\n");
    const none = await run(git.path, "no such text anywhere");
    expect([none.code, none.stdout, none.stderr]).toEqual([1, "", "ast-outline: no line matches text `no such text anywhere`\n"]);
    const cased = await run(git.path, "SERVER CLOSED", "-i", "--path", "src/**");
    expect(cased.stdout).toContain("  8| raise ConnectionError(\"server closed the connection\")\n");
  });

  test("--root searches another folder; --format json is the whole result", async () => {
    const r = await run(git.path, "closed", "--root", plain.path, "--format", "json", "--limit", "1");
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect([json.searchedBy, json.syntax, json.results.length, json.total]).toEqual(["scan", "literal", 1, 2]);
    expect(json.results[0].path.startsWith("..") || json.results[0].path.startsWith("/")).toBe(true);
  });

  test("usage errors: one line, exit 2", async () => {
    for (const args of [["x", "--kind", "function"], ["raise ("], ["a\nb"]]) {
      const r = await run(git.path, ...args);
      expect([r.code, r.stdout]).toEqual([2, ""]);
      expect(r.stderr).toMatch(/^ast-outline: [^\n]+\n$/);
    }
    const nameSearch = await runCli(["search", "closed", "--fixed-strings"], git.path, { AST_OUTLINE_NO_CACHE: "1" });
    expect([nameSearch.code, nameSearch.stderr]).toEqual([2, "ast-outline: --fixed-strings goes with --text (a name search ignores case and matches parts of names already)\n"]);
  });
});
