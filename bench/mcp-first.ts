// The first answers of the MCP server on a repository it has never indexed (issue 27): a fresh
// copy of the tree each run (no .ast_outline_cache), a fresh server, then as an agent would
// begin: get_outline of one file, get_symbol, read_region, get_outline of ".", then
// search_symbols and digest with a progress token (the SDK client's onprogress): when the first
// progress notification arrives, when the answer does, and what it says it covered.
//   npm run build && bun bench/run.ts mcp-first [TREE] [--binary B] [--runs N] [--file F --symbol S] [--query Q] [--patience S] [--server-env K=V,...]
// TREE (default /work/data/git-git): a git work tree, never committed here, copied (cp -a) to a
// temporary folder for each run. How it was made from the mirror:
//   mkdir TREE && git --git-dir=/work/.mirror/git+git/repo archive HEAD | tar -x -C TREE
//   cd TREE && git init -q && git add -A && git commit -qm snapshot
// Wall times as the client (the real MCP SDK client over stdio) sees them, and the server's CPU
// time during each call (from /proc: the steadier figure on a busy machine); tokens are o200k.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { median } from "./lib.ts";
import { cpuOf } from "./mcp-lib.ts";

const argv = process.argv.slice(2);
const opt = (o: string) => (argv.includes(o) ? argv[argv.indexOf(o) + 1] : undefined);
const tree = argv.find((a, i) => !a.startsWith("--") && !(i > 0 && argv[i - 1].startsWith("--"))) ?? "/work/data/git-git";
const binary = opt("--binary") ?? join(import.meta.dirname, "..", "dist", "ast-outline");
const runs = Number(opt("--runs") ?? 3);
const file = opt("--file") ?? "builtin/grep.c";
const symbol = opt("--symbol") ?? "grep_tree";
const query = opt("--query") ?? "strbuf_add";
const patience = opt("--patience");
/** `--server-env K=V,K2=V2`: variables for the server process (e.g. JSC settings to compare). */
const serverEnv = Object.fromEntries((opt("--server-env") ?? "").split(",").filter(Boolean).map((kv) => kv.split("=", 2) as [string, string]));
if (!existsSync(join(tree, ".git"))) {
  console.error(`mcp-first: ${tree} is not a git work tree (see the top of bench/mcp-first.ts)`);
  process.exit(2);
}
const enc = new Tiktoken(o200k);
const tokens = (s: string) => enc.encode(s, "all").length;

const rows: Record<string, number[]> = {};
const add = (k: string, v: number) => (rows[k] ??= []).push(v);
for (let run = 0; run < runs; run++) {
  const tmp = mkdtempSync(join(tmpdir(), "mcp-first-"));
  const copy = join(tmp, "tree");
  spawnSync("cp", ["-a", tree, copy]);
  const client = new Client({ name: "bench", version: "0" });
  const t0 = performance.now();
  const transport = new StdioClientTransport({ command: binary, args: ["mcp", ...(patience ? ["--patience", patience] : [])], cwd: copy, stderr: "ignore", env: { ...(process.env as Record<string, string>), ...serverEnv } });
  await client.connect(transport);
  add("connect ms", performance.now() - t0);
  const timed = async (name: string, args: Record<string, unknown>, key: string) => {
    const cpu = cpuOf(transport.pid);
    const t = performance.now();
    let firstProgress: number | undefined;
    let notes = 0;
    const r: any = await client.callTool({ name, arguments: args }, undefined, {
      timeout: 600_000,
      onprogress: () => {
        notes++;
        firstProgress ??= performance.now() - t;
      },
    });
    const ms = performance.now() - t;
    const cpu2 = cpuOf(transport.pid);
    if (cpu !== undefined && cpu2 !== undefined) add(`${key} server cpu ms`, cpu2 - cpu);
    const text: string = r.content.map((c: { text?: string }) => c.text ?? "").join("");
    if (r.isError) throw new Error(`${name} failed: ${text}`);
    add(`${key} ms`, ms);
    if (firstProgress !== undefined) add(`${key} first progress ms`, firstProgress);
    add(`${key} progress notifications`, notes);
    add(`${key} tokens`, tokens(text));
    return text;
  };
  await timed("get_outline", { path: file }, "get_outline file");
  await timed("get_symbol", { path: file, name: symbol }, "get_symbol");
  await timed("read_region", { path: file, start: 1, end: 40 }, "read_region");
  const folder = await timed("get_outline", { path: "." }, "get_outline .");
  const search = await timed("search_symbols", { query }, "search_symbols");
  const digest = await timed("digest", {}, "digest");
  const again = await timed("search_symbols", { query }, "search_symbols again");
  if (run === 0) {
    console.log(`get_outline "." begins:\n${folder.split("\n").slice(0, 4).join("\n")}\n… ends:\n${folder.trimEnd().split("\n").slice(-2).join("\n")}`);
    console.log(`search_symbols (first) ends: ${search.trimEnd().split("\n").slice(-1)[0]}`);
    console.log(`digest ends: ${digest.trimEnd().split("\n").slice(-1)[0]}`);
    console.log(`search_symbols (again) ends: ${again.trimEnd().split("\n").slice(-1)[0]}`);
  }
  await client.close();
  rmSync(tmp, { recursive: true, force: true });
}
for (const [k, xs] of Object.entries(rows)) console.log(`${k}: median ${median(xs).toFixed(0)} (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}; ${xs.length} runs)`);
console.log(`RESULT mcp-first: get_outline ${median(rows["get_outline file ms"]).toFixed(0)} ms, get_symbol ${median(rows["get_symbol ms"]).toFixed(0)} ms, search first progress ${rows["search_symbols first progress ms"] ? median(rows["search_symbols first progress ms"]).toFixed(0) + " ms" : "none"}`);
