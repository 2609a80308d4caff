// Bench: does `index` stay flat in memory and linear in time as a repository grows? The same
// tree is copied N times into a fresh git repository for each N of --copies (copy k of a file
// ends with k extra newlines, so every object is new to the cache and every outline the same),
// then each is timed: cold `index` (CPU, wall, peak RSS, cache bytes), ast-grep's `outline` on
// the same files beside it, warm `index`, `search`, and `hook run` for 3 staged files.
//   npm run bench -- scale [--tree DIR] [--copies 1,4,16] [--exclude SUBSTRING] [--ast-grep PATH] [--keep] [--reuse DIR]
// --keep leaves each repository built (its path on stderr); --reuse DIR measures such a one again
// (built from --tree with the one count --copies names; the cache is removed first).
// CPU is user+sys from /usr/bin/time; on a loaded machine compare CPU, not wall. Cache bytes are
// the cache folder's apparent size (sum of file sizes) and what it takes on disk (blocks, `du`).
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { languageByName } from "../src/core/languages/detect.ts";
import { median, treeFiles } from "./lib.ts";

const ROOT = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const tree = opt("--tree", "/work/data/scala3-6500");
// One number N means 1 and N (the earlier form); a list is taken as given.
const copiesArg = opt("--copies", "8");
const counts = copiesArg.includes(",") ? copiesArg.split(",").map(Number) : args.includes("--reuse") ? [Number(copiesArg)] : [1, Number(copiesArg)];
const exclude = opt("--exclude", "");
const bin = process.env.AST_OUTLINE_BIN ?? join(ROOT, "dist", "ast-outline");
const astGrep = [opt("--ast-grep", ""), join(ROOT, "node_modules/.bin/ast-grep"), "ast-grep"].find((p) => p && spawnSync(p, ["--version"]).status === 0);
const keep = args.includes("--keep");
const reuse = opt("--reuse", "");

interface Run { wall: number; cpu: number; rssMB: number }
function timed(cwd: string, cmd: string, ...argv: string[]): Run {
  const out = join(tmpdir(), `ast-outline-scale-${process.pid}.time`);
  const t = performance.now();
  // The parse budget lifted: on a loaded machine a large file would be skipped in one run and not another.
  const env = { ...process.env, AST_OUTLINE_PARSE_BUDGET_MS: "600000" };
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S %M", "-o", out, cmd, ...argv], { cwd, env, stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 26 });
  const wall = (performance.now() - t) / 1000;
  if (r.status !== 0 && !(argv[0] === "search" && r.status === 1)) throw new Error(`${argv.join(" ")} exited ${r.status}: ${r.stderr}`);
  const [u, s, kb] = readFileSync(out, "utf8").trim().split("\n").pop()!.split(" ").map(Number);
  rmSync(out, { force: true });
  return { wall, cpu: u + s, rssMB: kb / 1024 };
}
const git = (cwd: string, ...a: string[]) => spawnSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", ...a], { cwd, encoding: "utf8", maxBuffer: 1 << 28 });

const files = treeFiles(tree).filter((f) => languageByName(f) && (!exclude || !f.includes(exclude)) && statSync(join(tree, f), { throwIfNoEntry: false })?.isFile());
if (!files.length) throw new Error(`scale: no source files git lists in ${tree}`);

function build(n: number): { dir: string; bytes: number } {
  if (reuse) {
    rmSync(join(reuse, ".ast_outline_cache"), { recursive: true, force: true });
    let bytes = 0;
    for (let k = 0; k < n; k++) for (const f of files) bytes += statSync(join(reuse, `copy${k}`, f)).size;
    return { dir: reuse, bytes };
  }
  const dir = mkdtempSync(join(tmpdir(), `scale-${n}-`));
  let bytes = 0;
  for (let k = 0; k < n; k++) {
    for (const f of files) {
      const to = join(dir, `copy${k}`, f);
      mkdirSync(dirname(to), { recursive: true });
      const data = Buffer.concat([readFileSync(join(tree, f)), Buffer.from("\n".repeat(k))]);
      writeFileSync(to, data);
      bytes += data.length;
    }
  }
  git(dir, "init", "-q");
  git(dir, "add", "-A");
  git(dir, "commit", "-qm", "scale");
  return { dir, bytes };
}

/** Apparent bytes and on-disk bytes (blocks) of a folder. */
function folderBytes(dir: string): { apparent: number; disk: number } {
  const a = spawnSync("du", ["-sb", dir], { encoding: "utf8" }).stdout.split("\t")[0];
  const d = spawnSync("du", ["-sk", dir], { encoding: "utf8" }).stdout.split("\t")[0];
  return { apparent: Number(a), disk: Number(d) * 1024 };
}

const rows: string[][] = [];
for (const n of counts) {
  const { dir, bytes } = build(n);
  const cold = timed(dir, bin, "index");
  const cache = folderBytes(join(dir, ".ast_outline_cache"));
  // ast-grep reads the same files (it skips what .gitignore names, and our cache is in .git/info/exclude).
  const ag = astGrep ? timed(dir, astGrep, "outline", "--json=stream", ".") : undefined;
  const warm = median([0, 1, 2].map(() => timed(dir, bin, "index").wall));
  const search = median([0, 1, 2, 3, 4].map(() => timed(dir, bin, "search", "parse").wall));
  const three = files.slice(0, 3).map((f) => join("copy0", f));
  for (const f of three) appendFileSync(join(dir, f), "\n");
  git(dir, "add", "--", ...three);
  const hook = median([0, 1, 2].map(() => timed(dir, bin, "hook", "run").wall));
  if (keep || reuse) console.error(`scale: kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  const mb = bytes / 1e6;
  rows.push([`${n} x`, (files.length * n).toLocaleString("en"), mb.toFixed(1), cold.cpu.toFixed(1), cold.wall.toFixed(1),
    (cold.cpu / mb).toFixed(3), cold.rssMB.toFixed(0),
    `${(cache.apparent / 1e6).toFixed(1)} / ${(cache.disk / 1e6).toFixed(1)} (${((100 * cache.disk) / bytes).toFixed(0)}%)`,
    ag ? `${ag.cpu.toFixed(1)} / ${ag.wall.toFixed(1)} / ${ag.rssMB.toFixed(0)}` : "n/a", ag ? `${(cold.wall / ag.wall).toFixed(1)}x` : "n/a",
    warm.toFixed(2), search.toFixed(3), hook.toFixed(2)]);
  console.error(`scale: ${n} x done: ${rows[rows.length - 1].join(" | ")}`);
}
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const head = ["copies", "files", "MB", "cold index cpu s", "wall s", "cpu s/MB", "peak RSS MB", "cache MB bytes / disk (% of source)",
  "ast-grep outline cpu / wall s / RSS MB", "wall / ast-grep", "warm index s", "search s", "hook run (3 files) s"];
console.log(`${tree}${exclude ? ` (without *${exclude}*)` : ""}; ${bin}; ast-grep ${astGrep ?? "not found"}; load average ${load}`);
console.log(`| ${head.join(" | ")} |\n|${head.map(() => "---").join("|")}|`);
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
console.log(`RESULT scale: ${rows.map((r) => `${r[0]} ${r[6]} MB RSS`).join(", ")}`);
