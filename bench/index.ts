// Bench: `index` cold / warm / one file changed, `hook run` for a 3-file commit, and `search`
// from a warm cache, on the CPython stdlib as a git repo, beside `ctags -R` on the same tree.
//   bun bench/index.ts [REPO]   (default /work/data/stdlib-repo; AST_OUTLINE_BIN=path times another build)
// The repo: copy the stdlib (without site-packages and __pycache__), `git init`, commit.
// Each row shows wall time and CPU time (user+sys, from /usr/bin/time): on a loaded machine
// compare CPU times, wall time is whatever the neighbours left over.
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const repo = process.argv[2] ?? "/work/data/stdlib-repo";
const bin = process.env.AST_OUTLINE_BIN ?? join(import.meta.dir, "..", "dist", "ast-outline");
const TIME = "/usr/bin/time";
const CPU_FILE = "/tmp/ast-outline-bench.cpu";

interface Sample { wall: number; cpu: number }

function time(cmd: string, args: string[], env: Record<string, string> = {}): Sample {
  const timed = existsSync(TIME);
  const t = performance.now();
  const r = timed
    ? spawnSync(TIME, ["-f", "%U %S", "-o", CPU_FILE, cmd, ...args], { cwd: repo, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...env } })
    : spawnSync(cmd, args, { cwd: repo, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...env } });
  const wall = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  const cpu = timed ? readFileSync(CPU_FILE, "utf8").trim().split("\n").pop()!.split(" ").reduce((n, x) => n + Number(x), 0) : NaN;
  return { wall, cpu };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const med = (samples: Sample[]): Sample => ({ wall: median(samples.map((s) => s.wall)), cpu: median(samples.map((s) => s.cpu)) });
const runs = (n: number, f: () => Sample) => med(Array.from({ length: n }, f));
const git = (...args: string[]) => spawnSync("git", args, { cwd: repo, encoding: "utf8" });

const rows: [string, Sample][] = [];
// The same files for both: ctags must not read the cache (thousands of JSON files) or .git.
const ctags = runs(3, () => time("ctags", ["-R", "--exclude=.ast_outline_cache", "--exclude=.git", "-f", "/tmp/ast-outline-bench.tags", "."]));
rows.push(["ctags -R", ctags]);
rmSync(join(repo, ".ast_outline_cache"), { recursive: true, force: true });
rows.push(["index (cold)", time(bin, ["index"])]);
rows.push(["index (warm, nothing changed)", runs(3, () => time(bin, ["index"]))]);
const one = join(repo, "json", "encoder.py");
const orig = readFileSync(one);
rows.push(["index (one file changed)", runs(3, () => {
  appendFileSync(one, "\n\ndef bench_added():\n    pass\n");
  const s = time(bin, ["index"]);
  writeFileSync(one, orig);
  time(bin, ["index"]);
  return s;
})]);
// hook run for a commit touching 3 files (staged, not committed; restored after).
const three = ["json/decoder.py", "csv.py", "abc.py"];
for (const p of three) appendFileSync(join(repo, p), "\n# bench\n");
git("add", ...three);
rows.push(["hook run (3 staged files)", runs(3, () => time(bin, ["hook", "run"]))]);
git("reset", "-q", "--", ...three);
git("checkout", "--", ...three);
time(bin, ["index"]);
// The checkout just rewrote files: past the racy window (1 s) a warm run can record the git
// listing snapshot (src/app/index/listing.ts), as any run a second after the last edit does.
await new Promise((r) => setTimeout(r, 1100));
time(bin, ["search", "parse_args"]);
rows.push(["search parse_args (warm)", runs(9, () => time(bin, ["search", "parse_args"]))]);
rows.push(["digest (warm)", runs(5, () => time(bin, ["digest"]))]);

const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`repo ${repo}; load average ${load}`);
console.log(`${"".padEnd(32)} ${"wall".padStart(9)} ${"cpu".padStart(9)}`);
for (const [name, s] of rows) {
  const vs = name.startsWith("index (cold)") ? `  (${(s.wall / ctags.wall).toFixed(1)}x ctags wall, ${(s.cpu / ctags.cpu).toFixed(1)}x cpu)` : "";
  console.log(`${name.padEnd(32)} ${s.wall.toFixed(3).padStart(7)} s ${s.cpu.toFixed(2).padStart(7)} s${vs}`);
}
