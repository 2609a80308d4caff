// Bench: does `index` stay flat in memory and linear in time as a repository grows? The same
// tree is copied 1 and N times into fresh git repositories (copy k of a file ends with k extra
// newlines, so every object is new to the cache and every outline the same), then each is timed:
// cold `index` (CPU, wall, peak RSS), warm `index`, `search`, and `hook run` for 3 staged files.
//   npm run bench -- scale [--tree DIR] [--copies 8]
// CPU is user+sys from /usr/bin/time; on a loaded machine compare CPU, not wall.
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
const copies = Number(opt("--copies", "8"));
const bin = process.env.AST_OUTLINE_BIN ?? join(ROOT, "dist", "ast-outline");

interface Run { wall: number; cpu: number; rssMB: number }
function timed(cwd: string, ...argv: string[]): Run {
  const out = join(tmpdir(), `ast-outline-scale-${process.pid}.time`);
  const t = performance.now();
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S %M", "-o", out, bin, ...argv], { cwd, stdio: ["ignore", "ignore", "pipe"] });
  const wall = (performance.now() - t) / 1000;
  if (r.status !== 0 && !(argv[0] === "search" && r.status === 1)) throw new Error(`${argv.join(" ")} exited ${r.status}: ${r.stderr}`);
  const [u, s, kb] = readFileSync(out, "utf8").trim().split("\n").pop()!.split(" ").map(Number);
  return { wall, cpu: u + s, rssMB: kb / 1024 };
}
const git = (cwd: string, ...a: string[]) => spawnSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", ...a], { cwd, encoding: "utf8", maxBuffer: 1 << 28 });

const files = treeFiles(tree).filter((f) => languageByName(f) && statSync(join(tree, f), { throwIfNoEntry: false })?.isFile());
if (!files.length) throw new Error(`scale: no source files git lists in ${tree}`);

function build(n: number): { dir: string; bytes: number } {
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

const rows: string[][] = [];
for (const n of [1, copies]) {
  const { dir, bytes } = build(n);
  const cold = timed(dir, "index");
  const warm = median([0, 1, 2].map(() => timed(dir, "index").wall));
  const search = median([0, 1, 2, 3, 4].map(() => timed(dir, "search", "parse").wall));
  const three = files.slice(0, 3).map((f) => join("copy0", f));
  for (const f of three) appendFileSync(join(dir, f), "\n");
  git(dir, "add", "--", ...three);
  const hook = median([0, 1, 2].map(() => timed(dir, "hook", "run").wall));
  rmSync(dir, { recursive: true, force: true });
  rows.push([`${n} x`, String(files.length * n), (bytes / 1e6).toFixed(1), cold.cpu.toFixed(1), cold.wall.toFixed(1),
    (cold.cpu / (bytes / 1e6)).toFixed(3), cold.rssMB.toFixed(0), warm.toFixed(2), search.toFixed(3), hook.toFixed(2)]);
}
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const head = ["copies", "files", "MB", "cold index cpu s", "wall s", "cpu s/MB", "peak RSS MB", "warm index s", "search s", "hook run (3 files) s"];
console.log(`${tree}; ${bin}; load average ${load}`);
console.log(`| ${head.join(" | ")} |\n|${head.map(() => "---").join("|")}|`);
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
