// Bench: what compiling each language's outline query costs (CPU ms of this thread).
//   BUN_JSC_useOMGJIT=0 bun bench/query-cost.ts [LANG...] [--patterns] [--definitions] [--runs N]
// Whole query: median of N compiles (the first compile of a process is what a cold run pays,
// later ones reuse warmed JIT code, so also run this script several times and compare).
// --patterns: each top-level pattern compiled alone, costliest first (where to restructure).
// --definitions: outline.scm alone, the query `changed` compiles (no imports.scm).
import { Query } from "web-tree-sitter";
import { outlineQuerySource } from "../src/core/parse/assets.ts";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { initRuntime, loadGrammar } from "../src/core/parse/parser.ts";

const args = process.argv.slice(2);
const patterns = args.includes("--patterns");
const definitionsOnly = args.includes("--definitions"); // the query `changed` compiles: no imports.scm
const runsAt = args.indexOf("--runs");
const runs = runsAt === -1 ? 1 : Number(args[runsAt + 1]);
const ids = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--runs");
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Top-level S-expressions of a query source (comments dropped). */
export function splitPatterns(source: string): string[] {
  const out: string[] = [];
  let depth = 0, start = -1, inString = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === ";") { while (i < source.length && source[i] !== "\n") i++; }
    else if (ch === "(" || ch === "[") { if (depth++ === 0 && start < 0) start = i; }
    else if (ch === ")" || ch === "]") {
      if (--depth === 0) {
        // A capture or quantifier may follow the closing paren: take the rest of the line's tokens.
        let j = i + 1;
        while (j < source.length && /[ \t]/.test(source[j])) j++;
        while (j < source.length && /[@\w.*+?]/.test(source[j])) { while (j < source.length && /[^\s()]/.test(source[j])) j++; while (j < source.length && /[ \t]/.test(source[j])) j++; }
        out.push(source.slice(start, j).trim());
        start = -1;
        i = j - 1;
      }
    }
  }
  return out;
}

await initRuntime();
const specs = ids.length ? ids.map((id) => REGISTRY.byId.get(id)!) : REGISTRY.all.filter((s) => !s.embedded);
for (const spec of specs) {
  const folder = spec.query ?? spec.id;
  const source = outlineQuerySource(folder, { imports: !definitionsOnly });
  let t = cpu();
  const lang = await loadGrammar(spec.grammar);
  const grammarMs = cpu() - t;
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    t = cpu();
    new Query(lang, source).delete();
    times.push(cpu() - t);
  }
  const first = times[0];
  times.sort((a, b) => a - b);
  console.log(`${spec.id.padEnd(11)} grammar ${grammarMs.toFixed(0).padStart(5)} ms  query first ${first.toFixed(0).padStart(5)} ms  median ${times[times.length >> 1].toFixed(0).padStart(5)} ms  (${splitPatterns(source).length} patterns)`);
  if (!patterns) continue;
  const rows = splitPatterns(source).map((p) => {
    const t0 = cpu();
    new Query(lang, p).delete();
    return { ms: cpu() - t0, p };
  });
  rows.sort((a, b) => b.ms - a.ms);
  for (const r of rows.slice(0, 12)) console.log(`  ${r.ms.toFixed(1).padStart(7)} ms  ${r.p.replace(/\s+/g, " ").slice(0, 150)}`);
}
