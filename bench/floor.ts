// Bench: per language present in a tree, how far a cold `index` is above the parse floor, beside
// ast-grep's `outline` and `ctags -R` on the same files, in one run.
//   npm run bench -- floor [--trees DIR...] [--ast-grep PATH] [--langs id,id]
// Each language's files are hard-linked into a fresh git repository of their own, so every
// column reads the same bytes and `index` builds a cache for that language alone. Columns:
// bytes; the parse floor (bench/floor-parse.ts: the product's grammar, parse only, one thread,
// CPU); cold `index` CPU, wall and peak RSS (all cores); ast-grep `outline` CPU and wall;
// ctags CPU and wall. CPU is user+sys from /usr/bin/time: on a loaded machine compare CPU.
import { spawnSync } from "node:child_process";
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { languageByName } from "../src/core/languages/detect.ts";
import { treeFiles } from "./lib.ts";

const ROOT = join(import.meta.dir, "..");
const TIME = "/usr/bin/time";

interface Run { wall: number; cpu: number; rssMB: number; ok: boolean }

function timed(cmd: string, args: string[], cwd: string): Run {
  const out = join(tmpdir(), `ast-outline-floor-${process.pid}.time`);
  const t = performance.now();
  const r = spawnSync(TIME, ["-f", "%U %S %M", "-o", out, cmd, ...args], { cwd, stdio: ["ignore", "ignore", "pipe"], maxBuffer: 1 << 26 });
  const wall = (performance.now() - t) / 1000;
  const [u, s, kb] = readFileSync(out, "utf8").trim().split("\n").pop()!.split(" ").map(Number);
  rmSync(out, { force: true });
  if (r.status !== 0) process.stderr.write(`floor: ${cmd} ${args.join(" ")} exited ${r.status}: ${String(r.stderr).split("\n")[0]}\n`);
  return { wall, cpu: u + s, rssMB: kb / 1024, ok: r.status === 0 };
}

const args = process.argv.slice(2);
const opt = (name: string) => { const i = args.indexOf(name); return i >= 0 ? args.splice(i, 2)[1] : undefined; };
const astGrep = opt("--ast-grep") ?? [join("/work/scratch/astgrep/node_modules/.bin/ast-grep"), "ast-grep"].find((p) => spawnSync(p, ["--version"]).status === 0);
const only = opt("--langs")?.split(",");
const bin = process.env.AST_OUTLINE_BIN ?? join(ROOT, "dist", "ast-outline");
const treesAt = args.indexOf("--trees");
const trees = treesAt >= 0 ? args.slice(treesAt + 1).filter((a, i, all) => !all.slice(0, i + 1).some((x) => x.startsWith("-"))) : ["/work/data/scala3-6500"];
const bun = process.execPath;

const rows: string[][] = [];
for (const tree of trees) {
  const byLang = new Map<string, string[]>();
  for (const rel of treeFiles(tree)) {
    const lang = languageByName(rel);
    const abs = join(tree, rel);
    if (!lang || (only && !only.includes(lang.id)) || !existsSync(abs) || !statSync(abs).isFile()) continue;
    byLang.set(lang.id, [...(byLang.get(lang.id) ?? []), rel]);
  }
  for (const [id, rels] of [...byLang].sort((a, b) => b[1].length - a[1].length)) {
    if (rels.length < 20) continue; // a handful of files measures start-up, not the engine
    const dir = mkdtempSync(join(tmpdir(), `floor-${id}-`));
    let bytes = 0;
    for (const rel of rels) {
      mkdirSync(dirname(join(dir, rel)), { recursive: true });
      linkSync(join(tree, rel), join(dir, rel));
      bytes += statSync(join(dir, rel)).size;
    }
    spawnSync("git", ["init", "-q"], { cwd: dir });
    spawnSync("git", ["add", "-A"], { cwd: dir });
    spawnSync("git", ["-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "bench"], { cwd: dir });
    const list = join(dir, ".floor-files");
    writeFileSync(list, rels.map((r) => join(dir, r)).join("\n"));
    const floor = timed(bun, [join(import.meta.dir, "floor-parse.ts"), id, list], dir);
    const index = timed(bin, ["index"], dir);
    const ag = astGrep ? timed(astGrep, ["outline", "--json=stream", "."], dir) : undefined;
    const ctags = timed("ctags", ["-R", "--exclude=.ast_outline_cache", "--exclude=.git", "-f", "-", "."], dir);
    rmSync(dir, { recursive: true, force: true });
    const s = (x: number) => x.toFixed(2);
    rows.push([
      `${tree.split("/").pop()} ${id}`, String(rels.length), (bytes / 1e6).toFixed(1),
      s(floor.cpu), s(index.cpu), `${(index.cpu / floor.cpu).toFixed(2)}x`, s(index.wall), index.rssMB.toFixed(0),
      ag?.ok ? `${s(ag.cpu)} / ${s(ag.wall)}` : "n/a", ag?.ok ? `${(index.wall / ag.wall).toFixed(1)}x` : "n/a",
      `${s(ctags.cpu)} / ${s(ctags.wall)}`,
    ]);
  }
}

const head = ["tree language", "files", "MB", "floor cpu s", "index cpu s", "/floor", "index wall s", "index RSS MB", "ast-grep cpu/wall s", "wall/ast-grep", "ctags cpu/wall s"];
const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`ast-outline ${bin}; ast-grep ${astGrep ?? "not found"}; load average ${load}`);
console.log(`| ${head.join(" | ")} |`);
console.log(`|${head.map(() => "---").join("|")}|`);
for (const r of rows) console.log(`| ${r.join(" | ")} |`);
