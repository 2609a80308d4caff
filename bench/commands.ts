// Two compiled binaries, command by command (issue 12: no command may be slower than the
// baseline by more than MARGIN). Every round runs each (command, binary) pair once, in an order
// shuffled by a seeded generator (the same seed gives the same orders), after one unmeasured
// round that checks exit codes and warms the page cache. CPU is user+sys of the process and its
// children (`perf stat -e task-clock` when perf works, else /usr/bin/time), the figure to read
// on a busy machine; wall time is shown beside it.
//   npm run build && npm run bench -- commands -- --baseline <binary> [--binary dist/ast-outline]
//     [--rounds 25] [--seed 1] [--requests DIR] [--large DIR] [--work DIR] [--keep]
//     [--only WORDS] [--json FILE]
//   npm run bench -- commands -- --pool a.json,b.json   (one table of earlier runs' --json samples)
// --requests: a psf/requests checkout; its src/requests is copied into a new git repository
// (src/requests/ at its top) of two commits, the second changing one function's signature; the
// commands on one file run in its src/requests folder, the others at its top. --large: a large
// git work tree (bench/mcp-search.ts says how /work/data/scala3-6500 was made), copied with
// `cp -a` and never run in. Each binary gets its own copy of each repository and of the file
// outlined cold, and indexes its copies itself, so the two caches never mix. --work: where the
// copies go (default: a new temporary folder); the copies are removed at the end unless --keep.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";

const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
/** Issue 12's limit: a command's median CPU may grow by this share at most. */
const MARGIN = 0.05;

/** mulberry32: a small seeded generator, so a round's order can be replayed. */
function generator(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher-Yates with the seeded generator. */
function shuffle<T>(xs: T[], rnd: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Linear interpolation between the closest ranks. */
function quantile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  return s[lo] + (h - lo) * ((s[Math.min(lo + 1, s.length - 1)] ?? s[lo]) - s[lo]);
}

const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "-");
const pct = (a: number, b: number) => `${b >= a ? "+" : ""}${(((b - a) / a) * 100).toFixed(1)}%`;
const summary = (xs: number[]) => ({ med: quantile(xs, 0.5), q1: quantile(xs, 0.25), q3: quantile(xs, 0.75) });

type Row = { label: string; cpu: [number[], number[]]; wall: [number[], number[]] };

/** Prints the table (CPU, the paired ratio, the flag, wall) and returns the flagged commands' labels. */
function printTable(rows: Row[]): string[] {
  console.log(`\nCPU ms, median (q1-q3); paired: the median over rounds of current / baseline within the round (a`);
  console.log(`load that drifts between rounds cancels out); flag: change over ${MARGIN * 100}% with the quartile ranges apart\n`);
  console.log("| command | baseline | current | change | paired | flag | wall baseline | wall current | wall change |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  const flagged: string[] = [];
  for (const row of rows) {
    const [base, cur] = [summary(row.cpu[0]), summary(row.cpu[1])];
    const [wb, wc] = [quantile(row.wall[0], 0.5), quantile(row.wall[1], 0.5)];
    const change = (cur.med - base.med) / base.med;
    const paired = quantile(row.cpu[1].map((x, r) => x / row.cpu[0][r]), 0.5) - 1;
    const apart = cur.q1 > base.q3 || cur.q3 < base.q1;
    const flag = change > MARGIN && apart ? "**slower**" : change < -MARGIN && apart ? "faster" : "";
    if (flag === "**slower**") flagged.push(row.label);
    console.log(`| ${row.label} | ${ms(base.med)} (${ms(base.q1)}-${ms(base.q3)}) | ${ms(cur.med)} (${ms(cur.q1)}-${ms(cur.q3)}) | ${pct(base.med, cur.med)} | ${pct(1, 1 + paired)} | ${flag} | ${ms(wb)} | ${ms(wc)} | ${pct(wb, wc)} |`);
  }
  return flagged;
}

const verdict = (flagged: string[]) =>
  `\n${flagged.length ? `slower by more than ${MARGIN * 100}% with the quartiles apart: ${flagged.join("; ")}` : `no command is slower by more than ${MARGIN * 100}% with the quartiles apart`}`;

// --pool a.json,b.json: one table of the samples of earlier runs' --json files together (rounds
// stay paired within each run); nothing is run.
const poolArg = opt("--pool");
if (poolArg) {
  const rows = new Map<string, Row>();
  for (const file of poolArg.split(",")) {
    const run = JSON.parse(readFileSync(resolve(file), "utf8"));
    console.log(`${file}: ${run.date}, ${run.rounds} rounds, seed ${run.seed}, CPU by ${run.cpuBy}; 1-minute load after each round ${Math.min(...run.loads).toFixed(2)}-${Math.max(...run.loads).toFixed(2)}`);
    for (const s of run.samples) {
      const row: Row = rows.get(s.command) ?? { label: s.label ?? `\`${s.command}\``, cpu: [[], []], wall: [[], []] };
      row.cpu[0].push(...s.cpu.baseline);
      row.cpu[1].push(...s.cpu.current);
      row.wall[0].push(...s.wall.baseline);
      row.wall[1].push(...s.wall.current);
      rows.set(s.command, row);
    }
  }
  console.log(verdict(printTable([...rows.values()])));
  process.exit(0);
}

const baselineArg = opt("--baseline");
if (!baselineArg) {
  console.error("commands: --baseline <binary> is required (a build of the revision to compare against)");
  process.exit(2);
}
const BINARIES = [
  { name: "baseline", path: resolve(baselineArg) },
  { name: "current", path: resolve(opt("--binary") ?? join(import.meta.dirname, "..", "dist", "ast-outline")) },
];
for (const b of BINARIES) if (!existsSync(b.path)) throw new Error(`commands: ${b.path} is missing (build it first)`);
const rounds = Number(opt("--rounds") ?? 25);
const seed = Number(opt("--seed") ?? 1);
const requestsDir = resolve(opt("--requests") ?? "/work/data/psf+requests");
const largeDir = resolve(opt("--large") ?? "/work/data/scala3-6500");
const keep = args.includes("--keep");

const PERF = spawnSync("perf", ["stat", "-x,", "-e", "task-clock", "--", "true"], { encoding: "utf8" }).status === 0;
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;
if (!PERF && !TIME) throw new Error("commands: neither perf nor /usr/bin/time works: no CPU time to measure");

// The tool's own switches (no cache, no restart, ...) and Bun's and JavaScriptCore's settings
// are left out of the children's environment, so both binaries run as a user runs them.
const ENV = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith("AST_OUTLINE_") && !k.startsWith("BUN_JSC_") && k !== "BUN_OPTIONS"),
) as Record<string, string>;


const loadavg = () => (existsSync("/proc/loadavg") ? readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ") : "?");
const load1 = () => Number(loadavg().split(" ")[0]);

/** The output as compared: `index` prints how long it took, which differs run to run. */
const comparable = (stdout: string) => stdout.replace(/ in \d+(\.\d+)? s: /g, " in - s: ");

/** Runs a setup step; any failure stops the benchmark (the measurements would mean nothing). */
function sh(cwd: string, cmd: string, argv: string[], env: Record<string, string> = {}): string {
  const r = spawnSync(cmd, argv, { cwd, env: { ...ENV, ...env }, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`commands: ${cmd} ${argv.join(" ")} in ${cwd} exited ${r.status}: ${r.stderr || r.error}`);
  return r.stdout;
}

const workGiven = opt("--work");
const work = workGiven ? resolve(workGiven) : mkdtempSync(join(tmpdir(), "ast-outline-commands-"));
mkdirSync(work, { recursive: true });
// The cold outline's folder is outside every git work tree, so no cache can answer it.
const coldRoot = mkdtempSync(join(tmpdir(), "ast-outline-commands-cold-"));
if (spawnSync("git", ["-C", coldRoot, "rev-parse", "--git-dir"], { encoding: "utf8" }).status === 0) {
  throw new Error(`commands: ${coldRoot} is inside a git repository; the cold outline needs a folder outside one`);
}
const statsFile = join(coldRoot, "cpu.txt");

/** One run: exit code, stdout, stderr, CPU ms (process and children) and wall ms. */
function timeOnce(bin: string, argv: string[], cwd: string): { code: number; stdout: string; stderr: string; cpu: number; wall: number } {
  rmSync(statsFile, { force: true });
  // The measurer writes to its own file, so the command's stderr stays its own.
  const [cmd, a] = PERF
    ? ["perf", ["stat", "-x,", "-e", "task-clock", "-o", statsFile, "--", bin, ...argv]]
    : [TIME!, ["-o", statsFile, "-f", "CPU %U %S", bin, ...argv]];
  const t0 = performance.now();
  const r = spawnSync(cmd, a, { cwd, env: ENV, encoding: "utf8", maxBuffer: 1 << 28 });
  const measured = performance.now() - t0;
  const stats = existsSync(statsFile) ? readFileSync(statsFile, "utf8") : "";
  const perf = /^([\d.]+),msec,task-clock,[^,]*,[^,]*,([\d.]+)/m.exec(stats);
  const time = /CPU ([\d.]+) ([\d.]+)\s*$/m.exec(stats);
  const cpu = perf ? Number(perf[1]) : time ? (Number(time[1]) + Number(time[2])) * 1000 : NaN;
  // perf's own wall time (task-clock over CPUs utilized) leaves out perf's start; without it
  // the wall is measured here, the measurer's start included (the same for both binaries).
  const wall = perf && Number(perf[2]) > 0 ? Number(perf[1]) / Number(perf[2]) : measured;
  // /usr/bin/time reports a child's non-zero exit as its own; a killed child has no status.
  return { code: r.status ?? 128, stdout: r.stdout, stderr: r.stderr, cpu, wall };
}

// --- The data, one copy per binary --------------------------------------------------------

const coldSource = sh(work, "python3", ["-c", "import asyncio.base_events as m; print(m.__file__)"]).trim();
const coldName = basename(coldSource);
const GIT_ID = { GIT_AUTHOR_NAME: "bench", GIT_AUTHOR_EMAIL: "bench@example.invalid", GIT_COMMITTER_NAME: "bench", GIT_COMMITTER_EMAIL: "bench@example.invalid" };

/** The small repository, made once: both copies then have the same commits (same hashes, same output). */
function makeSmall(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "src"), { recursive: true });
  sh(dir, "cp", ["-a", join(requestsDir, "src", "requests"), join(dir, "src")]);
  sh(dir, "git", ["init", "-q", "-b", "main"]);
  sh(dir, "git", ["add", "-A"]);
  sh(dir, "git", ["commit", "-q", "-m", "requests src"], { ...GIT_ID, GIT_AUTHOR_DATE: "2025-01-01T00:00:00Z", GIT_COMMITTER_DATE: "2025-01-01T00:00:00Z" });
  // The second commit changes one function's signature (a parameter added), which `changed` reports.
  const utils = join(dir, "src", "requests", "utils.py");
  const before = readFileSync(utils, "utf8");
  const after = before.replace(/^def requote_uri\(uri: str\) -> str:/m, 'def requote_uri(uri: str, safe: str = "") -> str:');
  if (after === before) throw new Error("commands: requote_uri's signature not found in utils.py (another requests revision?)");
  writeFileSync(utils, after);
  sh(dir, "git", ["commit", "-q", "-a", "-m", "requote_uri: a safe parameter"], { ...GIT_ID, GIT_AUTHOR_DATE: "2025-01-02T00:00:00Z", GIT_COMMITTER_DATE: "2025-01-02T00:00:00Z" });
}

type Where = "cold" | "small" | "package" | "large" | "any";
const COMMANDS: { label: string; argv: string[]; where: Where }[] = [
  { label: "`--version`", argv: ["--version"], where: "any" },
  { label: `cold \`outline ${coldName}\` (outside a repository)`, argv: ["outline", coldName], where: "cold" },
  { label: `cold \`symbol ${coldName} BaseEventLoop.run_until_complete\``, argv: ["symbol", coldName, "BaseEventLoop.run_until_complete"], where: "cold" },
  { label: "`region utils.py 10 40`", argv: ["region", "utils.py", "10", "40"], where: "package" },
  { label: "`outline utils.py` from the cache", argv: ["outline", "utils.py"], where: "package" },
  { label: "`symbol utils.py get_netrc_auth` from the cache", argv: ["symbol", "utils.py", "get_netrc_auth"], where: "package" },
  { label: "`outline src/requests` (folder, cache)", argv: ["outline", "src/requests"], where: "small" },
  { label: "`index` warm", argv: ["index"], where: "small" },
  { label: "`search get` warm", argv: ["search", "get"], where: "small" },
  { label: "`digest` warm", argv: ["digest"], where: "small" },
  { label: "`changed --base HEAD~1` (one signature)", argv: ["changed", "--base", "HEAD~1"], where: "small" },
  { label: "`calls sessions.py Session.request`", argv: ["calls", "sessions.py", "Session.request"], where: "package" },
  { label: "`search Typer`, large repository", argv: ["search", "Typer"], where: "large" },
];
// --only a,b: the commands whose arguments contain one of these (`--only "outline utils.py,index"`),
// for a closer look at a few; the large repository is copied only when a command needs it.
const only = opt("--only")?.split(",").map((w) => w.trim()).filter(Boolean);
const selected = COMMANDS.filter((c) => !only || only.some((w) => c.argv.join(" ").includes(w)));
if (!selected.length) throw new Error(`commands: --only ${opt("--only")} matches no command`);
const haveLarge = selected.some((c) => c.where === "large") && existsSync(join(largeDir, ".git"));
if (!haveLarge && selected.some((c) => c.where === "large")) console.log(`(${largeDir} is not a git work tree: \`search Typer\` is left out)`);
const commands = selected.filter((c) => c.where !== "large" || haveLarge);

const startLoad = loadavg();
const started = new Date();
console.log(`load average at start: ${startLoad}`);
console.log(`CPU by ${PERF ? "perf stat -e task-clock" : "/usr/bin/time %U+%S"}; ${rounds} rounds, seed ${seed}; copies in ${work}`);
for (const b of BINARIES) console.log(`${b.name}: ${b.path} (${sh(work, b.path, ["--version"]).trim()})`);

const smallTemplate = join(work, "requests-template");
makeSmall(smallTemplate);
const dirs = BINARIES.map((b) => {
  const small = join(work, `requests-${b.name}`);
  rmSync(small, { recursive: true, force: true });
  sh(work, "cp", ["-a", smallTemplate, small]);
  const cold = join(coldRoot, b.name);
  mkdirSync(cold, { recursive: true });
  copyFileSync(coldSource, join(cold, coldName));
  let large = "";
  if (haveLarge) {
    large = join(work, `large-${b.name}`);
    rmSync(large, { recursive: true, force: true });
    sh(work, "cp", ["-a", largeDir, large]);
    // A cache that came with the source is not this binary's: it indexes its copy itself.
    rmSync(join(large, ".ast_outline_cache"), { recursive: true, force: true });
  }
  return { small, package: join(small, "src", "requests"), cold, large, any: cold };
});
rmSync(smallTemplate, { recursive: true, force: true });
BINARIES.forEach((b, i) => {
  for (const repo of [dirs[i].small, dirs[i].large].filter(Boolean)) {
    const t0 = performance.now();
    const out = sh(repo, b.path, ["index"]);
    console.log(`${b.name} index ${basename(repo)}: ${((performance.now() - t0) / 1000).toFixed(1)} s wall; ${out.trim().split("\n").pop()}`);
  }
});

// --- The rounds ---------------------------------------------------------------------------

type Pair = { c: number; b: number };
const pairs: Pair[] = commands.flatMap((_, c) => BINARIES.map((_, b) => ({ c, b })));
const cpu = commands.map(() => BINARIES.map(() => [] as number[]));
const wall = commands.map(() => BINARIES.map(() => [] as number[]));
const failures = commands.map(() => BINARIES.map(() => new Map<number, string>()));
// Each binary's first stdout per command, and whether a later round printed something else.
const firstOut = commands.map(() => BINARIES.map(() => undefined as string | undefined));
const unstable = commands.map(() => BINARIES.map(() => false));
const loads: number[] = [];
const rnd = generator(seed);

for (let round = 0; round <= rounds; round++) {
  // Round 0 is not measured: the page cache and each tool cache settle, outputs are recorded.
  for (const { c, b } of shuffle(pairs, rnd)) {
    const cmd = commands[c];
    const r = timeOnce(BINARIES[b].path, cmd.argv, dirs[b][cmd.where]);
    if (r.code !== 0) failures[c][b].set(r.code, r.stderr.trim().split("\n")[0] ?? "");
    const out = comparable(r.stdout);
    if (firstOut[c][b] === undefined) firstOut[c][b] = out;
    else if (firstOut[c][b] !== out) unstable[c][b] = true;
    if (round > 0) {
      cpu[c][b].push(r.cpu);
      wall[c][b].push(r.wall);
    }
  }
  loads.push(load1());
}

// --- The report ---------------------------------------------------------------------------

console.log(`\nload average at end: ${loadavg()} (1-minute load after each round: min ${Math.min(...loads).toFixed(2)}, median ${quantile(loads, 0.5).toFixed(2)}, max ${Math.max(...loads).toFixed(2)})`);
console.log(`${started.toISOString().slice(0, 10)}, ${rounds} rounds, ${((Date.now() - started.getTime()) / 60000).toFixed(1)} min`);
const flagged = printTable(commands.map((cmd, c) => ({ label: cmd.label, cpu: [cpu[c][0], cpu[c][1]], wall: [wall[c][0], wall[c][1]] })));

console.log("\nExit codes and output:");
let problems = 0;
commands.forEach((cmd, c) => {
  BINARIES.forEach((b, i) => {
    for (const [code, line] of failures[c][i]) {
      problems++;
      console.log(`  ${cmd.label}: ${b.name} exited ${code}: ${line}`);
    }
    if (unstable[c][i]) {
      problems++;
      console.log(`  ${cmd.label}: ${b.name}'s output changed between rounds`);
    }
  });
  const [a, z] = firstOut[c];
  if (a !== z) {
    problems++;
    const al = (a ?? "").split("\n");
    const zl = (z ?? "").split("\n");
    const k = al.findIndex((l, j) => l !== zl[j]);
    const line = k < 0 ? al.length : k;
    const differing = Array.from({ length: Math.max(al.length, zl.length) }, (_, j) => al[j] !== zl[j]).filter(Boolean).length;
    console.log(`  ${cmd.label}: stdout differs (${al.length} vs ${zl.length} lines, ${differing} differ), first at line ${line + 1}:`);
    console.log(`    baseline: ${(al[line] ?? "(end)").slice(0, 160)}`);
    console.log(`    current:  ${(zl[line] ?? "(end)").slice(0, 160)}`);
  }
});
if (!problems) console.log("  every command exited 0, and both binaries printed the same stdout in every round");
console.log(verdict(flagged));

// --json FILE: every sample, to pool runs or look at a distribution.
const jsonFile = opt("--json");
if (jsonFile) {
  const samples = commands.map((cmd, c) => ({ command: cmd.argv.join(" "), label: cmd.label, where: cmd.where, cpu: { baseline: cpu[c][0], current: cpu[c][1] }, wall: { baseline: wall[c][0], current: wall[c][1] } }));
  writeFileSync(resolve(jsonFile), JSON.stringify({ date: started.toISOString(), rounds, seed, cpuBy: PERF ? "perf" : "time", binaries: BINARIES, loads, samples }, null, 1));
}

rmSync(coldRoot, { recursive: true, force: true });
// Only what this run made is removed: a --work folder may hold other things.
if (!keep) {
  for (const d of dirs) for (const repo of [d.small, d.large].filter(Boolean)) rmSync(repo, { recursive: true, force: true });
  if (!workGiven) rmSync(work, { recursive: true, force: true });
}
