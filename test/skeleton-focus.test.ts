// Focused skeletons (issue 16): `symbol --skeleton --focus "words"` and MCP get_symbol `focus`
// show the branches and lines that mention the words in full, the rest collapsed.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { focusTerms } from "../src/core/skeleton/focus.ts";
import { ROOT, runCli, tempDir } from "./helpers/cli.ts";

const BUN = join(ROOT, "node_modules", ".bin", "bun");
const CLI = join(ROOT, "src", "cli", "index.ts");
const ws = tempDir("ast-outline-focus-");
let client: Client;
const text = (r: any): string => r.content.map((c: any) => c.text).join("");

// A function long enough for its skeleton to be worth it: three branches, one about retries.
const SOURCE = [
  "def sync(client, items, retries=3):", // 1
  '    """Send every item."""',
  "    sent = []",
  "    for item in items:", // 4
  "        if not item.ready:", // 5
  "            log('skip', item)",
  "            item.mark_skipped()",
  "            continue",
  "        try:", // 9
  "            client.send(item)",
  "            sent.append(item)",
  "        except TimeoutError:", // 12
  "            if retries > 0:", // 13
  "                retries -= 1",
  "                client.reconnect()",
  "            else:",
  "                raise",
  "    for item in sent:", // 18
  ...Array.from({ length: 12 }, (_, i) => `        item.mark_done(stage=${i}, note="finished and recorded")`),
  "    while client.pending():", // 31
  "        client.flush()",
  "        client.wait(1)",
  ...Array.from({ length: 10 }, (_, i) => `        log('flushed', client, round=${i}, detail="pending queue drained")`),
  "    return sent",
  "",
].join("\n");

beforeAll(async () => {
  writeFileSync(join(ws.path, "sync.py"), SOURCE);
  client = new Client({ name: "test", version: "0" });
  await client.connect(new StdioClientTransport({ command: BUN, args: [CLI, "mcp"], cwd: ws.path, stderr: "pipe" }));
}, 30000);

afterAll(async () => {
  await client?.close();
  ws.cleanup();
});

test("focus terms: words of 2+ characters, lower case, once", () => {
  expect(focusTerms("Retries, retries  reconnect x")).toEqual(["retries", "reconnect"]);
});

test("the innermost branch mentioning a focus word is shown whole; the rest stays collapsed", async () => {
  const r = await runCli(["symbol", "sync.py", "sync", "--skeleton", "--focus", "reconnect"], ws.path);
  expect(r.code).toBe(0);
  const lines = r.stdout.split("\n");
  expect(lines[0]).toContain("skeleton, focus: reconnect, symbol:");
  // The `if retries > 0` branch (13-15) in full, its `else` and the other loops as one line each.
  expect(r.stdout).toContain("13|             if retries > 0:\n14|                 retries -= 1\n15|                 client.reconnect()\n");
  expect(r.stdout).not.toContain("10|");
  expect(r.stdout).toMatch(/\n {2}18-30 for item in sent\n/);
  expect(r.stdout).toMatch(/\n {2}31-43 while client\.pending\(\)\n/);
  // The signature line mentions `retries` but is not repeated as a focused line.
  const retries = await runCli(["symbol", "sync.py", "sync", "--skeleton", "--focus", "retries"], ws.path);
  expect(retries.stdout).not.toContain("1| def sync");
  expect(retries.stdout).toContain("14|                 retries -= 1");
});

test("a word nowhere in the body gives the plain skeleton; MCP focus answers the same as the CLI", async () => {
  const plain = await runCli(["symbol", "sync.py", "sync", "--skeleton"], ws.path);
  const none = await runCli(["symbol", "sync.py", "sync", "--skeleton", "--focus", "zebra"], ws.path);
  expect(none.stdout.replace(", focus: zebra", "")).toBe(plain.stdout);
  const cli = await runCli(["symbol", "sync.py", "sync", "--skeleton", "--focus", "flush wait"], ws.path);
  const mcp = text(await client.callTool({ name: "get_symbol", arguments: { path: "sync.py", name: "sync", focus: "flush wait" } }));
  expect(mcp).toBe(cli.stdout);
  expect(mcp).toContain("31|     while client.pending():\n32|         client.flush()");
});

test("--focus needs --skeleton and a word", async () => {
  const r = await runCli(["symbol", "sync.py", "sync", "--focus", "x"], ws.path);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain("--focus goes with --skeleton");
  const empty = await runCli(["symbol", "sync.py", "sync", "--skeleton", "--focus", "a"], ws.path);
  expect(empty.code).toBe(2);
});
