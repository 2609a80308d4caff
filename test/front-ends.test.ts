// The CLI and the MCP server are two adapters over one use-case layer (src/app) and one set of
// renderers (src/render): asked the same question about the same repository, they give the same
// answer. Each question goes to the CLI (in this process) and to the MCP server (a child process
// driven by the SDK's own client), and the texts are compared; where a front end adds something
// of its own (the MCP region header; notes the CLI writes to stderr), that part is named.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { realpathSync } from "node:fs";
import { runCli } from "./helpers/cli.ts";
import { BUN, CLI_SOURCE, gitOk, tempRepo, write } from "./helpers/git-repo.ts";

const repo = tempRepo({
  "pkg/__init__.py": "",
  "pkg/store.py": [
    "class Store:",
    '    """Keeps items."""',
    "",
    "    def save(self, item):",
    "        self.check(item)",
    "        return write(item)",
    "",
    "    def check(self, item):",
    "        if not item:",
    "            raise ValueError(item)",
    "",
    "",
    "def write(item):",
    "    return item",
    "",
    "",
    "def checksum(data):",
    "    total = 0",
    "    for b in data:",
    "        if b > 0:",
    "            total += b",
    "        else:",
    "            total -= b",
    "    return total",
    "",
  ].join("\n"),
  "app.py": "from pkg.store import Store, write\n\n\ndef main(items):\n    s = Store()\n    for it in items:\n        s.save(it)\n    write(items)\n",
  "web/client.js": "export function fetchAll(urls) {\n  return urls.map((u) => fetchOne(u));\n}\n\nfunction fetchOne(url) {\n  return url;\n}\n",
});
const root = realpathSync(repo.path);
gitOk(root, "add", "-A");
gitOk(root, "commit", "-qm", "init");
write(root, "app.py", "from pkg.store import Store, write\n\n\ndef main(items, strict=False):\n    s = Store()\n    for it in items:\n        s.save(it)\n    write(items)\n\n\ndef extra():\n    return 1\n");

let client: Client;
beforeAll(async () => {
  client = new Client({ name: "front-ends", version: "0" });
  await client.connect(new StdioClientTransport({ command: BUN, args: [CLI_SOURCE, "mcp"], cwd: root, stderr: "pipe" }));
}, 30_000);
afterAll(async () => {
  await client?.close();
  repo.cleanup();
});

async function mcp(name: string, args: Record<string, unknown>): Promise<string> {
  const r: any = await client.callTool({ name, arguments: args });
  expect(r.isError, `${name}: ${r.content?.[0]?.text}`).toBeFalsy();
  return r.content.map((c: any) => c.text).join("");
}

async function cli(args: string[]) {
  const r = await runCli(args, root);
  // A note is `ast-outline: <text>` on stderr; the MCP answer carries the same text as a line.
  return { code: r.code, out: r.stdout, notes: r.stderr.split("\n").filter(Boolean).map((l) => l.replace(/^ast-outline: /, "")) };
}

describe("the CLI and the MCP server give the same answers", () => {
  test("outline of a file", async () => {
    const c = await cli(["outline", "pkg/store.py"]);
    expect(c.out).toContain("1-10 class Store — Keeps items.");
    expect(await mcp("get_outline", { path: "pkg/store.py" })).toBe(c.out);
    expect(await mcp("get_outline", { path: "pkg/store.py", docs: true, max_children: 1 })).toBe((await cli(["outline", "pkg/store.py", "--docs", "--max-children", "1"])).out);
  });

  test("symbol: full text, skeleton, drill", async () => {
    const full = await cli(["symbol", "pkg/store.py", "Store.check"]);
    expect(full.out.split("\n")[0]).toMatch(/^# pkg\/store\.py:8-10 Store\.check \(method, symbol:[0-9a-f]{12}, sha256:[0-9a-f]{12}\)$/);
    expect(await mcp("get_symbol", { path: "pkg/store.py", name: "Store.check", mode: "full" })).toBe(full.out);
    const skeleton = await cli(["symbol", "pkg/store.py", "checksum", "--skeleton"]);
    expect(await mcp("get_symbol", { path: "pkg/store.py", name: "checksum", mode: "skeleton" })).toBe(skeleton.out);
    const drill = await cli(["symbol", "app.py", "main", "--drill", "call:write"]);
    expect(drill.out).toContain("resolves by import");
    expect(await mcp("get_symbol", { path: "app.py", name: "main", mode: "drill", label: "call:write" })).toBe(drill.out);
  });

  test("region, with a stale hash", async () => {
    const c = await cli(["region", "pkg/store.py", "13", "14", "--hash", "00000000deadbeef"]);
    const m = await mcp("read_region", { path: "pkg/store.py", start: 13, end: 14, hash: "00000000deadbeef" });
    const [header, stale, ...lines] = m.split("\n");
    expect(header).toMatch(/^# pkg\/store\.py:13-14 of 24 lines \(sha256:[0-9a-f]{12}\)$/);
    expect(lines.join("\n")).toBe(c.out);
    expect(stale).toBe(`# STALE: ${c.notes[0].replace(/^warning: /, "")}`);
  });

  test("search, with the notes the CLI writes to stderr", async () => {
    const c = await cli(["search", "chec"]);
    expect(c.out).toContain("pkg/store.py:8-10 method Store.check  def check(self, item)");
    expect(await mcp("search_symbols", { query: "chec" })).toBe(c.out);
    const kind = await cli(["search", "check", "--kind", "function", "--path", "pkg/**"]);
    expect(await mcp("search_symbols", { query: "check", kind: "function", path: "pkg/**" })).toBe(kind.out);
    const none = await cli(["search", "zzzqqq"]);
    expect(none.code).toBe(1);
    expect(await mcp("search_symbols", { query: "zzzqqq" })).toBe(none.notes.join("\n") + "\n");
    const cut = await cli(["search", "e", "--limit", "2"]);
    expect(await mcp("search_symbols", { query: "e", limit: 2 })).toBe(cut.out + cut.notes.join("\n") + "\n");
  });

  test("search --text: the CLI's literal search (-F) is the agent's default", async () => {
    const c = await cli(["search", "--text", "ValueError(", "-F"]);
    expect(c.out).toBe("pkg/store.py:8-10 method Store.check\n  10| raise ValueError(item)\n");
    expect(await mcp("search_symbols", { query: "ValueError(", text: true })).toBe(c.out);
    const re = await cli(["search", "--text", "return (item|url)", "--path", "pkg/**"]);
    expect(re.out).toContain("pkg/store.py:13-14 function write\n  14| return item\n");
    expect(await mcp("search_symbols", { query: "return (item|url)", text: true, fixed_strings: false, path: "pkg/**" })).toBe(re.out);
    const cut = await cli(["search", "--text", "item", "--limit", "2"]);
    expect(cut.notes[0]).toMatch(/^… \d+ more matching lines/);
    expect(await mcp("search_symbols", { query: "item", text: true, limit: 2 })).toBe(cut.out + cut.notes.join("\n") + "\n");
    const none = await cli(["search", "--text", "no such words"]);
    expect(none.code).toBe(1);
    expect(await mcp("search_symbols", { query: "no such words", text: true })).toBe(none.notes.join("\n") + "\n");
  });

  test("context, within the default budget and a small one", async () => {
    const c = await cli(["context", "app.py", "main"]);
    expect(c.out).toContain("s.save@7 -> pkg/store.py:4-6 Store.save [");
    expect(await mcp("get_context", { path: "app.py", name: "main" })).toBe(c.out);
    const small = await cli(["context", "pkg/store.py", "Store.save", "--max-tokens", "200"]);
    expect(small.out).toContain("# cut to fit 200 tokens");
    expect(await mcp("get_context", { path: "pkg/store.py", name: "Store.save", max_tokens: 200 })).toBe(small.out);
  });

  test("digest", async () => {
    const c = await cli(["digest", "--max-tokens", "4000"]);
    expect(c.out).toContain("pkg/store.py [XS 24L]: Store{save check}, write, checksum");
    expect(await mcp("digest", { max_tokens: 4000 })).toBe(c.out);
    expect(await mcp("digest", { path: "pkg", max_tokens: 200 })).toBe((await cli(["digest", "pkg", "--max-tokens", "200"])).out);
  });

  test("changed", async () => {
    const c = await cli(["changed"]);
    expect(c.out).toContain("extra");
    expect(await mcp("changed_symbols", {})).toBe(c.out);
  });

  test("history: an agent's list is bounded (20 commits unless asked), a person's is not", async () => {
    const c = await cli(["history", "pkg/store.py", "Store.save", "--limit", "20"]);
    expect(c.out).toContain("added");
    expect(await mcp("symbol_history", { path: "pkg/store.py", name: "Store.save" })).toBe(c.out);
    expect(await mcp("symbol_history", { path: "pkg/store.py", name: "Store.save", limit: 1, since: "2000-01-01" })).toBe((await cli(["history", "pkg/store.py", "Store.save", "--limit", "1", "--since", "2000-01-01"])).out);
  });

  test("a question asked without options gets the same defaults from both (src/app/questions.ts)", async () => {
    expect(await mcp("digest", {})).toBe((await cli(["digest"])).out);
    expect(await mcp("get_calls", { path: "app.py", name: "main" })).toBe((await cli(["calls", "app.py", "main"])).out);
    expect(await mcp("search_symbols", { query: "s" })).toBe((await cli(["search", "s"])).out);
    expect(await mcp("get_outline", { path: "app.py" })).toBe((await cli(["outline", "app.py"])).out);
    expect(await mcp("get_context", { path: "pkg/store.py", name: "write" })).toBe((await cli(["context", "pkg/store.py", "write"])).out);
  });

  test("calls and callers", async () => {
    const c = await cli(["calls", "app.py", "main", "--depth", "2"]);
    expect(c.out).toContain("-> pkg/store.py:4-6 Store.save");
    expect(await mcp("get_calls", { path: "app.py", name: "main", depth: 2 })).toBe(c.out);
    const callers = await cli(["callers", "write"]);
    expect(await mcp("get_callers", { name: "write" })).toBe(callers.out);
    const none = await cli(["callers", "nobody_calls_this"]);
    expect(await mcp("get_callers", { name: "nobody_calls_this" })).toBe(none.out + none.notes.join("\n") + "\n");
  });
});
