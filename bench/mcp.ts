// Agent-read benchmarks (issue 5). Run: node_modules/.bin/bun bench/mcp.ts [stdlib dir]
//   1. skeleton tokens / full tokens, every function >= 40 lines        (target: median <= 30%)
//   2. 200 seeded (file, function) pairs from files >= 300 lines:
//      outline + symbol tokens vs whole-file tokens                     (target: >= 80% saved, median)
//   3. MCP get_outline round trip on asyncio/base_events.py, after start-up (target: <= 50 ms median)
// Tokens: o200k. The stdlib is read, never copied (default /work/data/stdlib-repo).
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { join } from "node:path";
import { repoSymbols } from "../src/app/repo-symbols.ts";
import { flatten } from "../src/core/symbols/find.ts";
import { defaultView, fullView, skeletonView } from "../src/app/symbol-view.ts";
import { processEnv } from "../src/io/env.ts";
import { Workspace } from "../src/io/workspace.ts";
import { renderOutlineText } from "../src/render/outline/text.ts";
import { renderSymbolText } from "../src/render/symbol/text.ts";
import { decodeSource } from "../src/core/text/lines.ts";

const root = process.argv[2] ?? "/work/data/stdlib-repo";
const enc = new Tiktoken(o200k);
const tokens = (s: string) => enc.encode(s, "all").length;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

const FN = new Set(["function", "method"]);
const repo = repoSymbols(processEnv({ cwd: root }), new Workspace([root]));
const files = repo.files().filter((f) => f.endsWith(".py"));

// 1 + collecting candidates for 2.
const ratios: number[] = [];
const pairs: { path: string; name: string }[] = [];
let t0 = performance.now();
for (const path of files) {
  let parsed;
  try {
    parsed = await repo.parsed(path);
  } catch {
    continue;
  }
  const fns = flatten(parsed.outline.symbols).filter((s) => FN.has(s.kind));
  for (const s of fns) {
    if (s.endLine - s.startLine + 1 >= 40) {
      ratios.push(tokens(renderSymbolText(await skeletonView(parsed, s))) / tokens(renderSymbolText(await fullView(parsed, s))));
    }
    if (parsed.outline.lineCount >= 300) pairs.push({ path, name: s.qualifiedName });
  }
}
console.log(`files: ${files.length}, parse+skeleton pass ${((performance.now() - t0) / 1000).toFixed(1)} s`);
console.log(`1. skeleton/full tokens, ${ratios.length} functions >= 40 lines: median ${pct(median(ratios))}, p90 ${pct([...ratios].sort((a, b) => a - b)[Math.floor(ratios.length * 0.9)])} (target <= 30%)`);

// 2. Seeded sample (mulberry32).
let seed = 5;
const rand = () => {
  seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const savedFull: number[] = [];
const savedDefault: number[] = [];
for (let i = 0; i < 200 && pairs.length; i++) {
  const { path, name } = pairs[Math.floor(rand() * pairs.length)];
  const parsed = await repo.parsed(path);
  const s = flatten(parsed.outline.symbols).find((x) => x.qualifiedName === name)!;
  const whole = tokens(decodeSource(parsed.file.bytes));
  const outline = tokens(renderOutlineText(parsed.outline, { maxChildren: 40 }));
  const full = tokens(renderSymbolText(await fullView(parsed, s)));
  const lines = s.endLine - s.startLine + 1;
  const dflt = tokens(renderSymbolText(await defaultView(parsed, s)));
  savedFull.push(1 - (outline + full) / whole);
  savedDefault.push(1 - (outline + dflt) / whole);
}
console.log(`2. 200 (file, function) pairs, files >= 300 lines: outline + full symbol saves median ${pct(median(savedFull))} of whole-file tokens; outline + get_symbol default (skeleton > 80 lines when it saves >= 30%) saves ${pct(median(savedDefault))} (target >= 80%)`);

// 3. MCP round trip.
const repoRoot = join(import.meta.dir, "..");
const client = new Client({ name: "bench", version: "0" });
t0 = performance.now();
await client.connect(new StdioClientTransport({ command: join(repoRoot, "node_modules/.bin/bun"), args: [join(repoRoot, "src/cli/index.ts"), "mcp"], cwd: root }));
const startup = performance.now() - t0;
const target = "asyncio/base_events.py";
t0 = performance.now();
await client.callTool({ name: "get_outline", arguments: { path: target } });
const first = performance.now() - t0;
const times: number[] = [];
for (let i = 0; i < 30; i++) {
  const t = performance.now();
  await client.callTool({ name: "get_outline", arguments: { path: target } });
  times.push(performance.now() - t);
}
await client.close();
console.log(`3. MCP get_outline ${target}: start-up ${startup.toFixed(0)} ms, first call (parse) ${first.toFixed(1)} ms, then median ${median(times).toFixed(1)} ms over 30 calls (target <= 50 ms)`);
