// The access log (issue 16): `mcp --log FILE` writes one JSON line per call, driven here by the
// SDK's client over stdio; `stats FILE` sums it.
import { expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { accessStats } from "../src/app/access-stats.ts";
import { AccessLog } from "../src/io/access-log.ts";
import { ROOT, runCli, tempDir } from "./helpers/cli.ts";

const BUN = join(ROOT, "node_modules", ".bin", "bun");
const CLI = join(ROOT, "src", "cli", "index.ts");
const SOURCE = ["def save(item):", "    check(item)", "    return item", "", "def check(item):", "    if not item:", "        raise ValueError(item)", ""].join("\n");

test("every call is one JSON line; stats sums calls, tokens returned and whole-file tokens", async () => {
  const ws = tempDir("ast-outline-log-");
  try {
    writeFileSync(join(ws.path, "store.py"), SOURCE);
    const log = join(ws.path, "access.log");
    const client = new Client({ name: "test", version: "0" });
    await client.connect(new StdioClientTransport({ command: BUN, args: [CLI, "mcp", "--log", "access.log"], cwd: ws.path, stderr: "pipe" }));
    const answers: string[] = [];
    const call = async (name: string, args: Record<string, unknown>) => {
      const r: any = await client.callTool({ name, arguments: args });
      answers.push(r.content.map((c: any) => c.text).join(""));
    };
    await call("get_outline", { path: "store.py" });
    await call("get_symbol", { path: "store.py", name: "check" });
    await call("read_region", { path: "store.py", start: 1, end: 3 });
    await call("get_symbol", { path: "store.py", name: "nope" });
    await client.close();

    const lines = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.tool)).toEqual(["get_outline", "get_symbol", "read_region", "get_symbol"]);
    lines.forEach((l, i) => {
      expect(Object.keys(l).sort()).toEqual(["arguments", "durationMs", "error", "resultTokens", "time", "tool", ...(l.error === null ? ["fileTokens"] : [])].sort());
      expect(new Date(l.time).toISOString()).toBe(l.time);
      expect(l.resultTokens).toBe(Math.ceil(answers[i].length / 4));
      expect(l.durationMs).toBeGreaterThanOrEqual(0);
    });
    expect(lines[1].arguments).toEqual({ path: "store.py", name: "check" });
    expect(lines[0].fileTokens).toBe(Math.ceil(SOURCE.length / 4));
    expect(lines[3].error).toContain("no symbol `nope`");

    const text = await runCli(["stats", "access.log"], ws.path);
    expect(text.code).toBe(0);
    const total = lines.reduce((n, l) => n + l.resultTokens, 0);
    expect(text.stdout).toContain("4 calls (1 error)");
    expect(text.stdout).toContain(`tokens returned: ${total}`);
    expect(text.stdout).toContain(`those files whole: ${3 * Math.ceil(SOURCE.length / 4)} tokens (one read per call), ${Math.ceil(SOURCE.length / 4)} (1 file, once each)`);
    const json = JSON.parse((await runCli(["stats", "access.log", "--format", "json"], ws.path)).stdout);
    expect(json.calls).toBe(4);
    expect(json.byTool.get_symbol).toEqual({ calls: 2, errors: 1, resultTokens: lines[1].resultTokens + lines[3].resultTokens });
  } finally {
    ws.cleanup();
  }
}, 60000);

test("stats names lines that are not log lines; a file with none is an input error", async () => {
  const good = JSON.stringify({ time: "2026-01-01T00:00:00.000Z", tool: "get_outline", arguments: { path: "a.py" }, resultTokens: 10, durationMs: 1, error: null, fileTokens: 100 });
  const s = accessStats(`${good}\nnot json\n{"tool": 3}\n${good}\n`);
  expect(s.calls).toBe(2);
  expect(s.badLines).toEqual([2, 3]);
  expect(s.wholeFileTokensPerCall).toBe(200);
  expect(s.wholeFileTokensOnce).toBe(100);
  const ws = tempDir("ast-outline-log-");
  try {
    writeFileSync(join(ws.path, "notes.txt"), "hello\nworld\n");
    const r = await runCli(["stats", "notes.txt"], ws.path);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is not an access log");
    expect((await runCli(["stats", "missing.log"], ws.path)).code).toBe(2);
    const bad = await runCli(["mcp", "--log", join(ws.path, "no", "such", "dir", "x.log")], ws.path);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("cannot write the log");
  } finally {
    ws.cleanup();
  }
});

test("a tool name from the log is only a name: `__proto__` and `constructor` are counted like any other", () => {
  const line = (tool: string) => JSON.stringify({ time: "2026-12-01T00:00:00.000Z", tool, arguments: {}, resultTokens: 5, durationMs: 1, error: null });
  const s = accessStats([line("__proto__"), line("constructor"), line("constructor")].join("\n"));
  expect(s.calls).toBe(3);
  expect(s.byTool["__proto__"]).toEqual({ calls: 1, errors: 0, resultTokens: 5 });
  expect(s.byTool["constructor"]).toEqual({ calls: 2, errors: 0, resultTokens: 10 });
  expect(({} as Record<string, unknown>).calls).toBeUndefined();
});

test("arguments are logged with line separators, bidi controls and C0/C1 controls as JSON escapes, the same text once parsed", async () => {
  const ws = tempDir("ast-outline-log-");
  try {
    writeFileSync(join(ws.path, "store.py"), SOURCE);
    const client = new Client({ name: "test", version: "0" });
    await client.connect(new StdioClientTransport({ command: BUN, args: [CLI, "mcp", "--log", "access.log"], cwd: ws.path, stderr: "pipe" }));
    // C0/C1 controls are refused before a tool runs (and before the log); these pass.
    const name = "a\u2028b\u2029c\u202ad\u202ee\u2066f\u2069g\u200bk\u00e9\u4e2d";
    await client.callTool({ name: "get_symbol", arguments: { path: "store.py", name } });
    await client.close();
    const raw = readFileSync(join(ws.path, "access.log"), "utf8");
    expect(raw.split("\n")).toHaveLength(2);
    expect(raw).not.toMatch(/[\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b]/);
    for (const e of ["\\u2028", "\\u2029", "\\u202a", "\\u202e", "\\u2066", "\\u2069", "\\u200b"]) expect(raw).toContain(e);
    expect(raw).toContain("k\u00e9\u4e2d"); // printable non-ASCII stays as it is
    expect(JSON.parse(raw).arguments.name).toBe(name);
  } finally {
    ws.cleanup();
  }
}, 60000);

test("the log writer escapes C0 and C1 controls and DEL wherever they are in a line", () => {
  const ws = tempDir("ast-outline-log-");
  try {
    const path = join(ws.path, "access.log");
    const log = AccessLog.open(path);
    const odd = "\x1b[31m\x85\x7f\x00\u0090\u202e\r";
    log.write({ time: "2026-01-01T00:00:00.000Z", tool: "get_symbol", arguments: { name: odd, nested: [odd] }, resultTokens: 1, durationMs: 1, error: odd });
    log.close();
    const raw = readFileSync(path, "utf8");
    expect(raw).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/);
    for (const e of ["\\u001b", "\\u0085", "\\u007f", "\\u0000", "\\u0090", "\\u202e", "\\r"]) expect(raw).toContain(e);
    const back = JSON.parse(raw);
    expect([back.arguments.name, back.arguments.nested[0], back.error]).toEqual([odd, odd, odd]);
  } finally {
    ws.cleanup();
  }
});

test("a log that cannot be opened is named escaped, on one line", async () => {
  const out = await runCli(["mcp", "--log", "/nonexistent-dir/\x1b[2Jx.log"]);
  expect(out.code).toBe(2);
  expect(out.stderr).toStartWith('ast-outline: cannot write the log "/nonexistent-dir/\\033[2Jx.log": ');
  expect(out.stderr.trimEnd().split("\n")).toHaveLength(1);
});
