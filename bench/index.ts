// Bench: `index` cold / warm / one file changed, `hook run` for a 3-file commit, and `search`
// from a warm cache, on the CPython stdlib as a git repo, beside `ctags -R` on the same tree.
//   bun bench/index.ts [REPO]   (default /work/data/stdlib-repo; AST_OUTLINE_BIN=path times another build)
// The repo: copy the stdlib (without site-packages and __pycache__), `git init`, commit.
import { spawnSync } from "node:child_process";
import { appendFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const repo = process.argv[2] ?? "/work/data/stdlib-repo";
const bin = process.env.AST_OUTLINE_BIN ?? join(import.meta.dir, "..", "dist", "ast-outline");

function time(cmd: string, args: string[], env: Record<string, string> = {}): number {
  const t = performance.now();
  const r = spawnSync(cmd, args, { cwd: repo, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return (performance.now() - t) / 1000;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const git = (...args: string[]) => spawnSync("git", args, { cwd: repo, encoding: "utf8" });

const rows: [string, number][] = [];
const ctags = median([1, 2, 3].map(() => time("ctags", ["-R", "-f", "/tmp/ast-outline-bench.tags", "."])));
rows.push(["ctags -R", ctags]);
rmSync(join(repo, ".ast_outline_cache"), { recursive: true, force: true });
rows.push(["index (cold)", time(bin, ["index"])]);
rows.push(["index (warm, nothing changed)", median([1, 2, 3].map(() => time(bin, ["index"])))]);
const one = join(repo, "json", "encoder.py");
const orig = readFileSync(one);
appendFileSync(one, "\n\ndef bench_added():\n    pass\n");
rows.push(["index (one file changed)", time(bin, ["index"])]);
writeFileSync(one, orig);
time(bin, ["index"]);
// hook run for a commit touching 3 files (staged, not committed; restored after).
const three = ["json/decoder.py", "csv.py", "abc.py"];
for (const p of three) appendFileSync(join(repo, p), "\n# bench\n");
git("add", ...three);
rows.push(["hook run (3 staged files)", median([1, 2, 3].map(() => time(bin, ["hook", "run"])))]);
git("reset", "-q", "--", ...three);
git("checkout", "--", ...three);
time(bin, ["index"]);
rows.push(["search parse_args (warm)", median([1, 2, 3, 4, 5].map(() => time(bin, ["search", "parse_args"])))]);

const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`repo ${repo}; load average ${load}`);
for (const [name, s] of rows) console.log(`${name.padEnd(32)} ${s.toFixed(3)} s${name.startsWith("index (cold)") ? `  (${(s / ctags).toFixed(1)}x ctags)` : ""}`);
