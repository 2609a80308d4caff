// Per-symbol hashes (issue 16): every symbol carries the hash of its own lines; `symbol --hash`
// and MCP get_symbol / read_region answer unchanged or changed-since regardless of edits
// elsewhere in the file. The CLI runs in-process, the MCP server over stdio with the SDK's client.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, runCli, tempDir } from "./helpers/cli.ts";

const BUN = join(ROOT, "node_modules", ".bin", "bun");
const CLI = join(ROOT, "src", "cli", "index.ts");
const ws = tempDir("ast-outline-symhash-");
const file = join(ws.path, "store.py");
const ORIGINAL = ["def save(item):", "    check(item)", "    return item", "", "def check(item):", "    if not item:", "        raise ValueError(item)", ""].join("\n");
let client: Client;
const text = (r: any): string => r.content.map((c: any) => c.text).join("");
const symbolHashOf = (header: string) => /symbol:([0-9a-f]{12})/.exec(header)![1];

beforeAll(async () => {
  writeFileSync(file, ORIGINAL);
  client = new Client({ name: "test", version: "0" });
  await client.connect(new StdioClientTransport({ command: BUN, args: [CLI, "mcp"], cwd: ws.path, stderr: "pipe" }));
}, 30000);

afterAll(async () => {
  await client?.close();
  ws.cleanup();
});

describe("per-symbol hashes", () => {
  test("the JSON outline gives each symbol the hash its symbol header shows", async () => {
    writeFileSync(file, ORIGINAL);
    const json = JSON.parse((await runCli(["outline", "store.py", "--format", "json"], ws.path)).stdout);
    const read = await runCli(["symbol", "store.py", "check"], ws.path);
    const check = json.symbols.find((s: any) => s.name === "check");
    expect(check.hash).toMatch(/^[0-9a-f]{12}$/);
    expect(read.stdout.split("\n")[0]).toContain(`symbol:${check.hash}`);
    expect(json.symbols.find((s: any) => s.name === "save").hash).not.toBe(check.hash);
  });

  test("an edit elsewhere leaves a symbol unchanged; an edit inside it is reported with the new range", async () => {
    writeFileSync(file, ORIGINAL);
    const h = symbolHashOf((await runCli(["symbol", "store.py", "check"], ws.path)).stdout);
    // Edit above it: the symbol moves down three lines, its text is the same.
    writeFileSync(file, "import os\n\n\n" + ORIGINAL.replace("return item", "return item or None"));
    const cli = await runCli(["symbol", "store.py", "check", "--hash", `symbol:${h}`], ws.path);
    expect(cli.code).toBe(0);
    expect(cli.stdout).toBe(`# store.py:8-10 check (function, symbol:${h}, unchanged since you read it, sha256:${cli.stdout.match(/sha256:([0-9a-f]{12})/)![1]})\n`);
    const mcp = text(await client.callTool({ name: "get_symbol", arguments: { path: "store.py", name: "check", hash: h } }));
    expect(mcp).toContain("unchanged since you read it");
    expect(mcp).toContain(":8-10 check");
    // Edit inside it: changed, with its new range and text.
    writeFileSync(file, "import os\n\n\n" + ORIGINAL.replace("raise ValueError(item)", "raise ValueError(\n            item)"));
    const changed = await runCli(["symbol", "store.py", "check", "--hash", h], ws.path);
    expect(changed.stdout.split("\n")[0]).toContain(":8-11 check (function, symbol:");
    expect(changed.stdout).toContain(`CHANGED since you read it (symbol:${h})`);
    expect(changed.stdout).toContain("            item)");
    const mcpChanged = text(await client.callTool({ name: "get_symbol", arguments: { path: "store.py", name: "check", hash: h } }));
    expect(mcpChanged).toBe(changed.stdout);
  });

  test("read_region with a symbol hash reads the unchanged symbol where it moved, or names the changed one's new range", async () => {
    writeFileSync(file, ORIGINAL);
    const h = symbolHashOf((await runCli(["symbol", "store.py", "check"], ws.path)).stdout);
    writeFileSync(file, "# header\n" + ORIGINAL);
    const moved = text(await client.callTool({ name: "read_region", arguments: { path: "store.py", start: 5, end: 7, hash: `symbol:${h}` } }));
    expect(moved).toContain(`# check unchanged since you read it (symbol:${h}); now lines 6-8`);
    expect(moved).not.toContain("STALE");
    expect(moved).toContain("6  def check(item):");
    writeFileSync(file, "# header\n" + ORIGINAL.replace("if not item:", "if item is None:"));
    const changed = text(await client.callTool({ name: "read_region", arguments: { path: "store.py", start: 6, end: 8, hash: `symbol:${h}` } }));
    expect(changed).toContain("# check CHANGED since you read it: now lines 6-8 (symbol:");
    expect(changed).toContain("STALE");
    // The CLI's region says the same (its notes on stderr).
    const cliRegion = await runCli(["region", "store.py", "6", "8", "--hash", `symbol:${h}`], ws.path);
    expect(cliRegion.stdout).toBe(changed.split("\n").filter((l) => !l.startsWith("#")).join("\n"));
    expect(cliRegion.stderr).toContain("check CHANGED since you read it: now lines 6-8");
    // A hash no symbol has, not given as symbol:…, is a stale file hash as before.
    const plain = text(await client.callTool({ name: "read_region", arguments: { path: "store.py", start: 6, end: 8, hash: "00000000deadbeef" } }));
    expect(plain).toContain("STALE");
    expect(plain).not.toContain("since you read it");
    // A file hash still works as before.
    const fileHash = /sha256:([0-9a-f]{12})/.exec((await runCli(["outline", "store.py"], ws.path)).stdout)![1];
    const fresh = text(await client.callTool({ name: "read_region", arguments: { path: "store.py", start: 1, end: 2, hash: fileHash } }));
    expect(fresh).not.toContain("STALE");
    expect(fresh).not.toContain("since you read it");
  });

  test("symbols sharing lines share the hash of those lines (a minified file hashes each range once)", async () => {
    writeFileSync(join(ws.path, "min.js"), "function a(x){return x};function b(y){return y}\nfunction c(){}\n");
    const json = JSON.parse((await runCli(["outline", "min.js", "--format", "json"], ws.path)).stdout);
    const [a, b, c] = json.symbols;
    expect(a.hash).toBe(b.hash);
    expect(c.hash).not.toBe(a.hash);
  });

  test("--hash takes the file's hash as the header prints it (sha256:…): unchanged while the file is; marked with it once it is not", async () => {
    writeFileSync(file, ORIGINAL);
    const read = (await runCli(["symbol", "store.py", "check"], ws.path)).stdout.split("\n")[0];
    const fileHash = /sha256:([0-9a-f]{12})/.exec(read)![1];
    for (const given of [`sha256:${fileHash}`, `SHA256:${fileHash.toUpperCase()}`, fileHash, `sha256:${symbolHashOf(read)}`]) {
      const same = await runCli(["symbol", "store.py", "check", "--hash", given], ws.path);
      expect(`${given}: ${same.stdout}`).toBe(`${given}: # store.py:5-7 check (function, symbol:${symbolHashOf(read)}, unchanged since you read it, sha256:${fileHash})\n`);
    }
    const mcp = text(await client.callTool({ name: "get_symbol", arguments: { path: "store.py", name: "check", hash: `sha256:${fileHash}` } }));
    expect(mcp).toContain("unchanged since you read it");
    // Edited elsewhere: the file hash no longer says whether this symbol changed; its text comes, marked with the hash given.
    writeFileSync(file, "# header\n" + ORIGINAL);
    const after = await runCli(["symbol", "store.py", "check", "--hash", `sha256:${fileHash}`], ws.path);
    expect(after.stdout.split("\n")[0]).toContain(`CHANGED since you read it (sha256:${fileHash})`);
    expect(after.stdout).toContain("raise ValueError(item)");
  });

  test("a bad --hash is named cut to 80 characters and escaped, on one line; a hash of digits keeps its leading zeros", async () => {
    writeFileSync(file, ORIGINAL);
    const long = await runCli(["symbol", "store.py", "check", "--hash", "z".repeat(100_000)], ws.path);
    expect(long.code).toBe(2);
    expect(long.stderr).toContain(`bad hash: ${"z".repeat(79)}… (`);
    expect(long.stderr.length).toBeLessThan(200);
    const control = await runCli(["symbol", "store.py", "check", "--hash", "\x1b[2J\u202e"], ws.path);
    expect(control.stderr).toBe("ast-outline: bad hash: \\033[2J\\342\\200\\256 (give the sha256 (or its first 8+ hex digits) that the outline printed)\n");
    // cac's parser read 00001234 as the number 1234 (a 4-digit hash, refused): now the string given.
    const digits = await runCli(["symbol", "store.py", "check", "--hash", "00001234"], ws.path);
    expect(digits.code).toBe(0);
    expect(digits.stdout).toContain("CHANGED since you read it (symbol:00001234)");
  });

  test("--hash is for one symbol and not with --drill", async () => {
    writeFileSync(file, ORIGINAL);
    const two = await runCli(["symbol", "store.py", "save", "check", "--hash", "0123456789ab"], ws.path);
    expect(two.code).toBe(2);
    expect(two.stderr).toContain("--hash takes one symbol");
    const bad = await runCli(["symbol", "store.py", "save", "--hash", "xyz"], ws.path);
    expect(bad.code).toBe(2);
    expect(readFileSync(file, "utf8")).toBe(ORIGINAL);
  });
});
