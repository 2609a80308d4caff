// The MCP server driven by the SDK's own client over stdio, as an agent would use it.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, tempDir } from "./helpers/cli.ts";

const BUN = join(ROOT, "node_modules", ".bin", "bun");
const CLI = join(ROOT, "src", "cli", "index.ts");

const ws = tempDir("ast-outline-mcp-");
const outside = tempDir("ast-outline-outside-");
let client: Client;

const text = (r: any): string => r.content.map((c: any) => c.text).join("");

beforeAll(async () => {
  const root = join(ws.path, "repo");
  mkdirSync(join(root, "pkg"), { recursive: true });
  writeFileSync(join(root, "pkg", "store.py"), [
    "def save(item):",
    "    check(item)",
    "    return write(item)",
    "",
    "def check(item):",
    "    if not item:",
    "        raise ValueError(item)",
    "",
    "def write(item):",
    "    return item",
    "",
  ].join("\n"));
  writeFileSync(join(root, "app.py"), [
    "from pkg.store import save",
    "",
    "def main(items):",
    "    for it in items:",
    "        save(it)",
    "",
  ].join("\n"));
  writeFileSync(join(root, "pkg", "documented.py"), 'class Box:\n    """Holds things."""\n\n    def put(self, x):\n        """Puts x in the box."""\n        return x\n');
  writeFileSync(join(outside.path, "secret.py"), "def secret():\n    return 42\n");
  symlinkSync(join(outside.path, "secret.py"), join(root, "link.py"));
  // A git repository with one commit, then a work-tree edit, for changed_symbols.
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], { cwd: root, stdio: "ignore" });
  git("init", "-q");
  git("add", "pkg", "app.py");
  git("commit", "-qm", "init");
  writeFileSync(join(root, "app.py"), readFileSync(join(root, "app.py"), "utf8") + "\ndef extra():\n    return 1\n");
  client = new Client({ name: "test", version: "0" });
  await client.connect(new StdioClientTransport({ command: BUN, args: [CLI, "mcp"], cwd: root, stderr: "pipe" }));
}, 30000);

afterAll(async () => {
  await client?.close();
  ws.cleanup();
  outside.cleanup();
});

describe("mcp server", () => {
  test("lists the tools with schemas", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual(["changed_symbols", "digest", "get_callers", "get_calls", "get_context", "get_outline", "get_symbol", "read_region", "search_symbols", "symbol_history"]);
    const sym = tools.find((t) => t.name === "get_symbol")!;
    expect(Object.keys(sym.inputSchema.properties ?? {}).sort()).toEqual(["focus", "hash", "label", "mode", "name", "path"]);
    expect(sym.inputSchema.required?.sort()).toEqual(["name", "path"]);
  });

  test("changed_symbols reports the work-tree edit; a revision starting with - is refused", async () => {
    const changed = text(await client.callTool({ name: "changed_symbols", arguments: {} }));
    expect(changed).toContain("app.py");
    expect(changed).toContain("extra");
    const bad = await client.callTool({ name: "changed_symbols", arguments: { base: "--output=/tmp/x" } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain("refusing revision");
  });

  test("get_outline shows member docs only when asked (docs: true)", async () => {
    const plain = text(await client.callTool({ name: "get_outline", arguments: { path: "pkg/documented.py" } }));
    expect(plain).toContain("class Box — Holds things.");
    expect(plain).not.toContain("Puts x in the box.");
    const all = text(await client.callTool({ name: "get_outline", arguments: { path: "pkg/documented.py", docs: true } }));
    expect(all).toContain("def put(self, x) — Puts x in the box.");
  });

  test("get_outline, get_symbol, read_region with the hash", async () => {
    const outline = text(await client.callTool({ name: "get_outline", arguments: { path: "pkg/store.py" } }));
    expect(outline).toContain("1-3 def save(item)");
    const hash = /sha256:([0-9a-f]{12})/.exec(outline)![1];
    const sym = text(await client.callTool({ name: "get_symbol", arguments: { path: "pkg/store.py", name: "check" } }));
    expect(sym).toContain("pkg/store.py:5-7 check");
    expect(sym).toContain("raise ValueError(item)");
    const sk = text(await client.callTool({ name: "get_symbol", arguments: { path: "pkg/store.py", name: "check", mode: "skeleton" } }));
    // A 3-line guard: its skeleton would not be shorter, so the full text comes back, marked.
    expect(sk).toContain("full text: a skeleton would not be shorter");
    expect(sk).toContain("raise ValueError(item)");
    const drill = text(await client.callTool({ name: "get_symbol", arguments: { path: "pkg/store.py", name: "save", mode: "drill", label: "call:write" } }));
    expect(drill).toContain("resolves by same-file");
    expect(drill).toContain("return item");
    const region = text(await client.callTool({ name: "read_region", arguments: { path: "pkg/store.py", start: 9, end: 10, hash } }));
    expect(region).toContain(" 9  def write(item):");
    expect(region).not.toContain("STALE");
    const stale = text(await client.callTool({ name: "read_region", arguments: { path: "pkg/store.py", start: 9, end: 10, hash: "deadbeefdead" } }));
    expect(stale).toContain("STALE");
  });

  test("search, calls, callers, digest", async () => {
    expect(text(await client.callTool({ name: "search_symbols", arguments: { query: "chec" } }))).toContain("pkg/store.py:5-7 function check");
    const calls = text(await client.callTool({ name: "get_calls", arguments: { path: "app.py", name: "main" } }));
    expect(calls).toContain("save @5 -> pkg/store.py:1-3 save [import]");
    expect(calls).toContain("check @2 -> pkg/store.py:5-7 check [same-file]");
    const callers = text(await client.callTool({ name: "get_callers", arguments: { name: "save" } }));
    expect(callers).toContain("3-5 main (function): save@5 [import]");
    const digest = text(await client.callTool({ name: "digest", arguments: {} }));
    expect(digest).toContain("pkg/store.py [XS 10L]: save, check, write");
  });

  test("get_context: the text with its callees and callers; text search: lines under their symbol", async () => {
    const context = text(await client.callTool({ name: "get_context", arguments: { path: "pkg/store.py", name: "save" } }));
    expect(context.split("\n")[0]).toBe("# context of pkg/store.py:1-3 save (function; full text; 2 resolved callees, 0 types, 1 caller; within 4000 tokens)");
    expect(context).toContain("  check@2 -> pkg/store.py:5-7 check [same-file]  def check(item)\n");
    expect(context).toContain("  app.py:5 [in main, import]  save(it)\n");
    const found = text(await client.callTool({ name: "search_symbols", arguments: { query: "ValueError(item)", text: true } }));
    expect(found).toBe("pkg/store.py:5-7 function check\n  7| raise ValueError(item)\n");
    const regex = text(await client.callTool({ name: "search_symbols", arguments: { query: "^def (save|write)", text: true, fixed_strings: false } }));
    expect(regex).toBe("pkg/store.py:1-3 function save\n  1| def save(item):\npkg/store.py:9-10 function write\n  9| def write(item):\n");
  });

  test("get_context and text search refuse what they cannot answer, with a hint", async () => {
    const missing: any = await client.callTool({ name: "get_context", arguments: { path: "pkg/store.py", name: "sav" } });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain("did you mean: save");
    const tiny: any = await client.callTool({ name: "get_context", arguments: { path: "pkg/store.py", name: "save", max_tokens: 10 } });
    expect(tiny.isError).toBe(true);
    const kind: any = await client.callTool({ name: "search_symbols", arguments: { query: "item", text: true, kind: "function" } });
    expect(kind.isError).toBe(true);
    expect(text(kind)).toBe("kind does not go with text (a text search answers with the symbols around its lines, of any kind)");
    const badRegex: any = await client.callTool({ name: "search_symbols", arguments: { query: "raise (", text: true, fixed_strings: false } });
    expect(badRegex.isError).toBe(true);
    expect(text(badRegex)).toContain("invalid regular expression");
  });

  test("symbol_history gives the CLI's answer; a revision-like date and a path outside are refused", async () => {
    const root = join(ws.path, "repo");
    const answer = text(await client.callTool({ name: "symbol_history", arguments: { path: "pkg/store.py", name: "check" } }));
    const cli = execFileSync(BUN, [CLI, "history", "pkg/store.py", "check", "--limit", "20"], { cwd: root, encoding: "utf8" });
    expect(answer).toBe(cli);
    expect(answer).toContain("added    5-7");
    expect(answer).toContain("init");
    const bad: any = await client.callTool({ name: "symbol_history", arguments: { path: "pkg/store.py", name: "check", since: "--all" } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain("--since takes a date");
    const outsider: any = await client.callTool({ name: "symbol_history", arguments: { path: "../secret.py", name: "secret" } });
    expect(outsider.isError).toBe(true);
    expect(text(outsider)).toContain("refused");
  });

  test("missing files and symbols are error results with a hint", async () => {
    const r1: any = await client.callTool({ name: "get_symbol", arguments: { path: "pkg/store.py", name: "sav" } });
    expect(r1.isError).toBe(true);
    expect(text(r1)).toContain("did you mean: save");
    const r2: any = await client.callTool({ name: "get_outline", arguments: { path: "nope.py" } });
    expect(r2.isError).toBe(true);
    expect(text(r2)).toContain("no such file: nope.py");
  });

  test("escapes are refused and nothing outside is read", async () => {
    for (const path of ["../secret.py", join(outside.path, "secret.py"), "link.py", "pkg/../../x.py"]) {
      for (const [name, args] of [
        ["get_outline", { path }],
        ["get_symbol", { path, name: "secret" }],
        ["read_region", { path, start: 1, end: 2 }],
      ] as const) {
        const r: any = await client.callTool({ name, arguments: args });
        expect(r.isError).toBe(true);
        expect(text(r)).toContain("refused");
        expect(text(r)).not.toContain("return 42");
      }
    }
    // A directory outline does not follow the symlink either.
    expect(text(await client.callTool({ name: "get_outline", arguments: { path: "." } }))).not.toContain("secret");
    // Nor does a text search, nor get_context.
    expect(text(await client.callTool({ name: "search_symbols", arguments: { query: "return 42", text: true } }))).toBe("no line matches text `return 42`\n");
    expect((await client.callTool({ name: "get_context", arguments: { path: "link.py", name: "secret" } }) as any).isError).toBe(true);
  });
});
