// Every MCP tool's later calls on a large repository with a warm cache (issue 16: every new tool
// answers in <= 100 ms, history excepted; issue 12: search_symbols later calls <= 100 ms,
// get_outline <= 20 ms). One server per run; each tool is called once to warm it, then timed.
//   npm run build && npm run bench -- mcp-tools [-- REPO] [--binary B] [--runs N] [--calls N] [--file F]
// REPO (default /work/data/scala3-6500; how it was made: the top of bench/mcp-search.ts) is
// indexed first. Wall time of each call as the client sees it, and the server's CPU for it
// (from /proc, 10 ms ticks). The symbols read are picked from the file's own outline: the
// methods of 40-400 lines, spread through the file.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { spawnSync } from "node:child_process";
import { median } from "./lib.ts";
import { cpuOf, mcpBench } from "./mcp-lib.ts";

const { repo, binary, opt } = mcpBench("mcp-tools", process.argv.slice(2));
const runs = Number(opt("--runs") ?? 2);
const calls = Number(opt("--calls") ?? 5);
const file = opt("--file") ?? "compiler/src/dotty/tools/dotc/typer/Typer.scala";
/** A file of a language with skeletons (Scala has none), for the focused skeleton. */
const skeletonFile = opt("--skeleton-file") ?? "library/src/scala/runtime/BoxesRunTime.java";

interface Sym {
  qualifiedName: string;
  startLine: number;
  endLine: number;
  children?: Sym[];
}
/** `calls` symbols of `min`-400 lines spread through the file, from its outline. */
function pickSymbols(path: string, min: number): Sym[] {
  const outline = spawnSync(binary, ["outline", path, "--format", "json"], { cwd: repo, encoding: "utf8", maxBuffer: 64 << 20 });
  if (outline.status !== 0) throw new Error(`outline failed: ${outline.stderr}`);
  const flat: Sym[] = [];
  const visit = (list: Sym[]) => list.forEach((s) => (flat.push(s), s.children && visit(s.children)));
  visit(JSON.parse(outline.stdout).symbols);
  const sized = flat.filter((s) => s.endLine - s.startLine + 1 >= min && s.endLine - s.startLine < 400);
  const n = Math.min(calls, sized.length);
  if (!n) throw new Error(`no symbol of ${min}-400 lines in ${path}`);
  const picked = Array.from({ length: n }, (_, i) => sized[Math.floor((i * sized.length) / n)]);
  console.log(`${path}: ${picked.map((s) => `${s.qualifiedName} (${s.endLine - s.startLine + 1} lines)`).join(", ")}`);
  return picked;
}
const picks = pickSymbols(file, 40);
/** Files to focus a digest on, a new one each call (a question the server was never asked). */
const listed = spawnSync("git", ["ls-files", "*.scala", "*.java", "*.py", "*.ts", "*.go"], { cwd: repo, encoding: "utf8", maxBuffer: 64 << 20 }).stdout.split("\n").filter(Boolean);
const focusFiles = Array.from({ length: runs * (calls + 1) }, (_, i) => listed[Math.floor(((i + 0.5) * listed.length) / (runs * (calls + 1)))]);
let nextFocus = 0;
let nextBudget = 0;
const skeletonPicks = pickSymbols(skeletonFile, 15);

type Args = Record<string, unknown>;
interface Case {
  label: string;
  tool: string;
  /** The arguments of the i-th timed call (given the answers of earlier calls where needed). */
  args: (i: number) => Args;
  target?: number;
}
const focusWords = "null equals";
const symbolHash = new Map<string, string>();
const CASES: Case[] = [
  { label: "get_outline (the file)", tool: "get_outline", args: () => ({ path: file }), target: 20 },
  { label: "get_symbol (default mode)", tool: "get_symbol", args: (i) => ({ path: file, name: picks[i % picks.length].qualifiedName }), target: 100 },
  { label: "get_symbol skeleton + focus (Java)", tool: "get_symbol", args: (i) => ({ path: skeletonFile, name: skeletonPicks[i % skeletonPicks.length].qualifiedName, mode: "skeleton", focus: focusWords }), target: 100 },
  { label: "get_symbol with its symbol hash (unchanged)", tool: "get_symbol", args: (i) => ({ path: file, name: picks[i % picks.length].qualifiedName, hash: symbolHash.get(picks[i % picks.length].qualifiedName) }), target: 100 },
  { label: "read_region (a symbol's lines)", tool: "read_region", args: (i) => ({ path: file, start: picks[i % picks.length].startLine, end: picks[i % picks.length].endLine }), target: 100 },
  { label: "read_region with the symbol hash", tool: "read_region", args: (i) => ({ path: file, start: picks[i % picks.length].startLine, end: picks[i % picks.length].endLine, hash: symbolHash.get(picks[i % picks.length].qualifiedName) }), target: 100 },
  { label: "search_symbols", tool: "search_symbols", args: (i) => ({ query: ["typedApply", "Symbol", "adapt", "Denotation", "erasure"][i % 5] }), target: 100 },
  { label: "digest 1,000 tokens (asked again)", tool: "digest", args: () => ({ max_tokens: 1000 }), target: 100 },
  { label: "digest, a new budget each call", tool: "digest", args: () => ({ max_tokens: 1050 + 50 * nextBudget++ }), target: 100 },
  { label: "digest 1,000 tokens, focus the file (asked again)", tool: "digest", args: () => ({ max_tokens: 1000, focus: [file] }), target: 100 },
  { label: "digest 1,000 tokens, a new focus file each call", tool: "digest", args: () => ({ max_tokens: 1000, focus: [focusFiles[nextFocus++ % focusFiles.length]] }), target: 100 },
  { label: "get_calls (depth 2)", tool: "get_calls", args: (i) => ({ path: file, name: picks[i % picks.length].qualifiedName }) },
  { label: "get_callers", tool: "get_callers", args: (i) => ({ name: picks[i % picks.length].qualifiedName }) },
  { label: "symbol_history (excepted from the target)", tool: "symbol_history", args: (i) => ({ path: file, name: picks[i % picks.length].qualifiedName, limit: 5 }) },
];

const wall = new Map<string, number[]>(CASES.map((c) => [c.label, []]));
const cpu = new Map<string, number[]>(CASES.map((c) => [c.label, []]));
for (let run = 0; run < runs; run++) {
  const client = new Client({ name: "bench", version: "0" });
  const transport = new StdioClientTransport({ command: binary, args: ["mcp"], cwd: repo });
  await client.connect(transport);
  const call = async (tool: string, a: Args) => {
    const r: any = await client.callTool({ name: tool, arguments: a });
    if (r.isError) throw new Error(`${tool} ${JSON.stringify(a)} failed: ${r.content[0].text}`);
    return r.content[0].text as string;
  };
  // The symbol hashes an agent would hold from its first read.
  for (const s of picks) {
    const hash = /symbol:[0-9a-f]+/.exec(await call("get_symbol", { path: file, name: s.qualifiedName, mode: "full" }))?.[0];
    if (!hash) throw new Error(`get_symbol gave no symbol hash for ${s.qualifiedName}`);
    symbolHash.set(s.qualifiedName, hash);
  }
  for (const c of CASES) {
    await call(c.tool, c.args(0));
    for (let i = 0; i < calls; i++) {
      const c0 = cpuOf(transport.pid);
      const t = performance.now();
      await call(c.tool, c.args(i));
      wall.get(c.label)!.push(performance.now() - t);
      const c1 = cpuOf(transport.pid);
      if (c0 !== undefined && c1 !== undefined) cpu.get(c.label)!.push(c1 - c0);
    }
  }
  await client.close();
}

console.log(`\n| tool | wall median (min-max), ms | server CPU median, ms | target |`);
console.log(`|---|---|---|---|`);
for (const c of CASES) {
  const w = wall.get(c.label)!;
  const p = cpu.get(c.label)!;
  const verdict = c.target === undefined ? "" : median(w) <= c.target ? `<= ${c.target}: met` : `<= ${c.target}: **not met**`;
  console.log(`| ${c.label} | ${median(w).toFixed(1)} (${Math.min(...w).toFixed(1)}-${Math.max(...w).toFixed(1)}) | ${p.length ? median(p).toFixed(0) : "n/a"} | ${verdict} |`);
}
