// Bench: `changed --impact` on a fresh clone (no cache), over real commit ranges, beside the same
// command with a full index (a warm cache) and, optionally, another build: wall, CPU, peak RSS,
// and whether every run reports the same call sites: the same build's fresh and warm runs compared
// as whole JSON; against the baseline only the call sites (another build may classify a change
// differently: a value change, a body change).
//   npm run bench -- impact-fresh --repo DIR [--ranges A..B,C..D] [--last N] [--span K] [--baseline BINARY] [--no-index]
// DIR is a git work tree (a `git clone --shared` of a mirror). Ranges default to the last N
// (5) windows of K (5) commits before HEAD. The parse budget is lifted for every run, so a
// loaded machine cannot make one run skip a file the other parsed. The warm-cache run indexes
// DIR first (`index`), and removes the cache afterwards: DIR is left as it was.
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const repo = opt("--repo", "");
if (!repo) throw new Error("impact-fresh: --repo DIR (a git work tree) is required");
const bin = process.env.AST_OUTLINE_BIN ?? join(ROOT, "dist", "ast-outline");
const baseline = opt("--baseline", "");
const last = Number(opt("--last", "5"));
const span = Number(opt("--span", "5"));
const withIndex = !args.includes("--no-index");
const ranges = opt("--ranges", "") ? opt("--ranges", "").split(",") : Array.from({ length: last }, (_, i) => `HEAD~${(i + 1) * span}..HEAD~${i * span}`);

interface Run { wall: number; cpu: number; rssMB: number; out: string }
function timed(cmd: string, argv: string[]): Run {
  const file = join(tmpdir(), `impact-fresh-${process.pid}.time`);
  const t = performance.now();
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S %M", "-o", file, cmd, ...argv], {
    cwd: repo, encoding: "utf8", maxBuffer: 1 << 28, env: { ...process.env, AST_OUTLINE_PARSE_BUDGET_MS: "600000" },
  });
  const wall = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} exited ${r.status}: ${r.stderr}`);
  const [u, s, kb] = readFileSync(file, "utf8").trim().split("\n").pop()!.split(" ").map(Number);
  rmSync(file, { force: true });
  return { wall, cpu: u + s, rssMB: kb / 1024, out: r.stdout };
}
const cache = join(repo, ".ast_outline_cache");
const impact = (b: string, range: string) => {
  const [base, head] = range.split("..");
  return timed(b, ["changed", "--base", base, "--head", head, "--impact", "--format", "json"]);
};
/** Every call site as a sorted list of its changed symbol and the site's JSON. */
const siteList = (json: string) =>
  (JSON.parse(json) as { files: { path: string; symbols: { qualifiedName?: string; name: string; callers?: unknown[] }[] }[] }).files
    .flatMap((f) => f.symbols.flatMap((s) => (s.callers ?? []).map((c) => `${f.path} ${s.qualifiedName ?? s.name} ${JSON.stringify(c)}`)))
    .sort();
const sameSites = (a: string, b: string) => JSON.stringify(siteList(a)) === JSON.stringify(siteList(b));
const sites = (json: string) => (JSON.parse(json) as { files: { symbols: { callers?: unknown[] }[] }[] }).files.flatMap((f) => f.symbols).reduce((n, s) => n + (s.callers?.length ?? 0), 0);
const cell = (r: Run) => `${r.wall.toFixed(1)} / ${r.cpu.toFixed(1)} / ${r.rssMB.toFixed(0)}`;

rmSync(cache, { recursive: true, force: true });
const rows: string[][] = [];
const fresh = ranges.map((range) => ({ range, ours: impact(bin, range), base: baseline ? impact(baseline, range) : undefined }));
const warm: (Run | undefined)[] = [];
if (withIndex) {
  timed(bin, ["index"]);
  for (const { range } of fresh) warm.push(impact(bin, range));
  rmSync(cache, { recursive: true, force: true });
}
let same = 0;
fresh.forEach(({ range, ours, base }, i) => {
  const asBase = !base || sameSites(base.out, ours.out);
  const asWarm = !warm[i] || warm[i]!.out === ours.out;
  if (asBase && asWarm) same++;
  const said = (ok: boolean, given: boolean) => (!given ? "" : ok ? "yes" : "NO");
  rows.push([range, String(sites(ours.out)), cell(ours), base ? cell(base) : "", warm[i] ? cell(warm[i]!) : "", said(asWarm, !!warm[i]), said(asBase, !!base)]);
});
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const head = ["range", "call sites", "fresh clone wall / cpu s / RSS MB", "baseline (fresh) wall / cpu / RSS", "full index (warm) wall / cpu / RSS", "same JSON as the full index", "same call sites as the baseline"];
console.log(`${repo}; ${bin}${baseline ? `; baseline ${baseline}` : ""}; load average ${load}`);
console.log(`| ${head.join(" | ")} |\n|${head.map(() => "---").join("|")}|`);
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
console.log(`RESULT impact-fresh: ${same}/${rows.length} ranges with the same call sites; max fresh CPU ${Math.max(...fresh.map((f) => f.ours.cpu)).toFixed(1)} s, max RSS ${Math.max(...fresh.map((f) => f.ours.rssMB)).toFixed(0)} MB`);
