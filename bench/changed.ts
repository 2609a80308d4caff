// bench/changed.ts: `changed` on a real Python project's history.
//   bun bench/changed.ts [repo] [--binary dist/ast-outline] [--commits 40] [--baseline OTHER] [--rounds 1]
// 1. Agreement with the CPython-`ast` oracle (scripts/oracle/py_changed.py) under the CONTRACT
//    rule on the last N non-merge commits that touch .py files: micro F1 over
//    (change, path, qualified name) of def/class symbols. Target >= 0.98.
// 2. Median wall and CPU time (on a loaded machine compare CPU) of `changed --base C~1 --head C` per commit from the compiled binary
//    (target <= 150 ms), and a ~200-file range beside `git diff --stat` on the same range.
// --baseline OTHER: the timings of a second binary, interleaved with the first run by run (this
// VM's speed drifts, so an A/B from two separate runs misleads); --rounds N: N passes of the
// single-commit timings (alternating which binary goes first).
// The repository is data (e.g. a clone under /work/data), never part of this project.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { f1, python, score, type Sets } from "../test/helpers/oracle.ts";

const ROOT = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const binary = resolve(flag("--binary", join(ROOT, "dist", "ast-outline"))); // git runs in the repo: paths from here
const commitCount = Number(flag("--commits", "40"));
const baselineArg = flag("--baseline", "");
const baseline = baselineArg && resolve(baselineArg);
const rounds = Number(flag("--rounds", "1"));
if (baseline && !existsSync(baseline)) throw new Error(`no binary at ${baseline}`);
const repo = args[0] ?? "/work/data/requests";
if (!existsSync(binary)) throw new Error(`no binary at ${binary} (npm run build)`);
if (!existsSync(join(repo, ".git"))) throw new Error(`not a git clone: ${repo}`);

const git = (...a: string[]) => execFileSync("git", a, { cwd: repo, encoding: "utf8", maxBuffer: 1 << 30 });
const show = (rev: string, path: string): string | null => {
  const r = spawnSync("git", ["show", `${rev}:${path}`], { cwd: repo, encoding: "utf8", maxBuffer: 1 << 30 });
  return r.status === 0 ? r.stdout : null;
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
/** Wall time and CPU time (user + sys of the process and what it waited for: git, the re-run). */
function timed(cmd: string, argv: string[]): { ms: number; cpuMs: number; stdout: string } {
  const t0 = performance.now();
  const r = Bun.spawnSync([cmd, ...argv], { cwd: repo, stdout: "pipe", stderr: "pipe" });
  const ms = performance.now() - t0;
  if (r.exitCode !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed: ${r.stderr.toString()}`);
  const cpu = r.resourceUsage?.cpuTime;
  const cpuMs = cpu ? (Number(cpu.user) + Number(cpu.system)) / 1000 : NaN;
  return { ms, cpuMs, stdout: r.stdout.toString() };
}

const DEF_KINDS = new Set(["class", "function", "method", "constructor"]);
const commits = git("log", "--no-merges", `-n${commitCount}`, "--format=%H", "--", "*.py").trim().split("\n");

let tp = 0, fp = 0, fn = 0;
const times: number[] = [];
const cpuTimes: number[] = [];
const baseTimes: number[] = [];
const baseCpuTimes: number[] = [];
const disagreements: string[] = [];
const commitArgs = (c: string) => ["changed", "--base", `${c}~1`, "--head", c, "--format", "json"];
/** The baseline's run of the same commit, before or after ours (alternating: neither always goes first). */
const baselineRun = (c: string) => {
  if (!baseline) return;
  const b = timed(baseline, commitArgs(c));
  baseTimes.push(b.ms);
  baseCpuTimes.push(b.cpuMs);
};
let files = 0;
for (const [k, c] of commits.entries()) {
  if (k % 2) baselineRun(c);
  const run = timed(binary, commitArgs(c));
  times.push(run.ms);
  cpuTimes.push(run.cpuMs);
  if (!(k % 2)) baselineRun(c);
  const set = JSON.parse(run.stdout);
  // Ours, keyed by path: a move is a removal from its old file and an addition to its new one.
  const ours: Sets = { added: [], removed: [], modified: [] };
  const cases: { id: string; old: string | null; new: string | null }[] = [];
  for (const f of set.files) {
    if (f.language !== "python" || f.skipped) continue;
    files++;
    cases.push({ id: f.path, old: f.status === "added" ? null : show(`${c}~1`, f.oldPath ?? f.path), new: f.status === "deleted" ? null : show(c, f.path) });
    for (const s of f.symbols) {
      if (!DEF_KINDS.has(s.kind)) continue;
      if (s.change === "renamed" || s.change === "moved") {
        ours.removed.push(`${s.change === "moved" ? s.oldPath : f.path}:${s.oldQualifiedName ?? s.qualifiedName}`);
        ours.added.push(`${f.path}:${s.qualifiedName}`);
      } else ours[s.change === "modified" ? "modified" : (s.change as "added" | "removed")].push(`${f.path}:${s.qualifiedName}`);
    }
  }
  const truth: Sets = { added: [], removed: [], modified: [] };
  for (const o of cases.length ? python("oracle", cases) : []) {
    if (o.error) {
      console.error(`oracle: ${c.slice(0, 10)} ${o.id}: ${o.error} (file left out)`);
      for (const k of ["added", "removed", "modified"] as const) ours[k] = ours[k].filter((x) => !x.startsWith(`${o.id}:`));
      continue;
    }
    for (const k of ["added", "removed", "modified"] as const) truth[k].push(...o[k].map((q: string) => `${o.id}:${q.replace(/#\d+$/, "")}`));
  }
  const s = score(ours, truth);
  tp += s.tp; fp += s.fp; fn += s.fn;
  if (s.diffs.length) disagreements.push(`${c.slice(0, 10)}: ${s.diffs.join(" ")}`);
}

// More passes of the timings alone.
for (let round = 1; round < rounds; round++) {
  for (const [k, c] of commits.entries()) {
    if ((k + round) % 2) baselineRun(c);
    const run = timed(binary, commitArgs(c));
    times.push(run.ms);
    cpuTimes.push(run.cpuMs);
    if (!((k + round) % 2)) baselineRun(c);
  }
}

// A range of about 200 changed files: walk back along first parents from HEAD.
const firstParents = git("rev-list", "--first-parent", "-n2000", "HEAD").trim().split("\n");
let rangeBase = firstParents[firstParents.length - 1];
let rangeFiles = 0;
for (let lo = 0, hi = firstParents.length - 1; lo <= hi; ) {
  const mid = (lo + hi) >> 1;
  const n = git("diff", "--name-only", firstParents[mid], "HEAD").trim().split("\n").filter(Boolean).length;
  if (n >= 200) {
    rangeBase = firstParents[mid];
    rangeFiles = n;
    hi = mid - 1;
  } else lo = mid + 1;
}
const rangeChanged: number[] = [];
const rangeStat: number[] = [];
const rangeCpu: number[] = [];
const rangeStatCpu: number[] = [];
const baseRange: number[] = [];
const baseRangeCpu: number[] = [];
let rangeSymbols = 0;
for (let i = 0; i < 5; i++) {
  const r = timed(binary, ["changed", "--base", rangeBase, "--head", "HEAD", "--format", "json"]);
  rangeChanged.push(r.ms);
  rangeCpu.push(r.cpuMs);
  if (baseline) {
    const b = timed(baseline, ["changed", "--base", rangeBase, "--head", "HEAD", "--format", "json"]);
    baseRange.push(b.ms);
    baseRangeCpu.push(b.cpuMs);
  }
  rangeSymbols = JSON.parse(r.stdout).files.reduce((n: number, f: any) => n + f.symbols.length, 0);
  const st = timed("git", ["diff", "--stat", rangeBase, "HEAD"]);
  rangeStat.push(st.ms);
  rangeStatCpu.push(st.cpuMs);
}

const head = git("rev-parse", "--short", "HEAD").trim();
// Other work on the machine slows every timing: say how much there was (Linux).
const load = existsSync("/proc/loadavg") ? ` (load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")})` : "";
console.log(`changed bench on ${repo} @ ${head}${load}`);
console.log(`  oracle agreement: ${commits.length} commits touching .py, ${files} Python file versions: tp ${tp}, fp ${fp}, fn ${fn}, F1 ${f1(tp, fp, fn).toFixed(4)} (target >= 0.98)`);
for (const d of disagreements.slice(0, 20)) console.log(`    ${d}`);
console.log(`  single commit: median ${median(times).toFixed(0)} ms (CPU ${median(cpuTimes).toFixed(0)} ms), max ${Math.max(...times).toFixed(0)} ms over ${times.length} commits (target <= 150 ms)`);
if (baseline) console.log(`  baseline ${baseline}, interleaved: single commit median ${median(baseTimes).toFixed(0)} ms (CPU ${median(baseCpuTimes).toFixed(0)} ms); range median ${median(baseRange).toFixed(0)} ms (CPU ${median(baseRangeCpu).toFixed(0)} ms)`);
console.log(`  ${rangeFiles}-file range ${rangeBase.slice(0, 10)}..HEAD (${rangeSymbols} symbol changes): changed median ${median(rangeChanged).toFixed(0)} ms (CPU ${median(rangeCpu).toFixed(0)} ms), git diff --stat median ${median(rangeStat).toFixed(0)} ms (CPU ${median(rangeStatCpu).toFixed(0)} ms)`);
