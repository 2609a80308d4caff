// The MCP tool schemas together stay within 2,000 o200k tokens (issues 16 and 27): what every client
// puts into the model's context before the first call. Measured on the real server's tools/list.
import { expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { join } from "node:path";
import { ROOT, tempDir } from "./helpers/cli.ts";

const SCHEMA_TOKEN_BUDGET = 2000;

test("the tool list (names, descriptions, input schemas) is under the token budget", async () => {
  const ws = tempDir("ast-outline-schemas-");
  const client = new Client({ name: "test", version: "0" });
  try {
    await client.connect(new StdioClientTransport({ command: join(ROOT, "node_modules", ".bin", "bun"), args: [join(ROOT, "src", "cli", "index.ts"), "mcp"], cwd: ws.path, stderr: "pipe" }));
    const { tools } = await client.listTools();
    const tokens = new Tiktoken(o200k).encode(JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))), "all").length;
    console.log(`MCP tool schemas: ${tools.length} tools, ${tokens} o200k tokens`);
    expect(tokens).toBeLessThanOrEqual(SCHEMA_TOKEN_BUDGET);
    // Each description says when to reach for the tool.
    for (const t of tools) expect(t.description).toMatch(/START HERE|Use |instead of/);
  } finally {
    await client.close();
    ws.cleanup();
  }
}, 30000);
