// bench/history-origins.ts: the data behind `history`'s origin floor and margin
// (src/core/history/origin.ts). Over every non-merge commit of each repository, every callable
// `changed` calls added that has at least one candidate origin (a definition of its family whose
// name is gone from that commit, from another file only under the same name): the best candidate's
// similarity (Dice over comment-free own lines), the runner-up's, and whether history links it.
//   npm run bench -- history-origins [--repos /work/data/history-bench] [--only honojs+hono] [--list 0.5-0.7]
// --list LO-HI prints the links made with a best similarity in [LO, HI), to be read by hand.
// The repositories are the `history` bench's clones (data, never part of this project).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { computeChangeWork, loadAskedComments } from "../src/app/changed/changes.ts";
import { originCandidates, targetNode } from "../src/app/history/history.ts";
import { group, similarity } from "../src/core/diff/match.ts";
import { ORIGIN_MARGIN, ORIGIN_SIMILAR, originOf } from "../src/core/history/origin.ts";
import { processEnv } from "../src/io/env.ts";

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const reposDir = resolve(flag("--repos", "/work/data/history-bench"));
const only = flag("--only", "").split(",").filter(Boolean);
const [listLo, listHi] = flag("--list", "").split("-").map(Number);
const REPOS = [
  { name: "psf+requests", globs: ["*.py"] },
  { name: "pallets+flask", globs: ["*.py"] },
  { name: "honojs+hono", globs: ["*.ts", "*.tsx", "*.js"] },
];

interface Seen {
  repo: string;
  sha: string;
  path: string;
  name: string;
  /** The origin linked, else the best candidate. */
  from: string;
  best: number;
  second: number;
  same: number;
  linked: boolean;
}

const seen: Seen[] = [];
for (const spec of REPOS) {
  if (only.length && !only.includes(spec.name)) continue;
  const dir = join(reposDir, spec.name);
  if (!existsSync(join(dir, ".git"))) {
    console.log(`history-origins: ${dir} is missing (see the history bench)`);
    continue;
  }
  const env = processEnv({ cwd: dir, warn: () => {} });
  const shas = execFileSync("git", ["log", "--no-merges", "--format=%H %P", "--", ...spec.globs], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 28 })
    .trim()
    .split("\n")
    .map((l) => l.split(" "))
    .filter((x) => x.length >= 2)
    .map((x) => x[0]);
  for (const sha of shas) {
    let work;
    try {
      work = await computeChangeWork({ env, base: `${sha}^`, head: sha });
    } catch {
      continue;
    }
    const added = work.set.files.flatMap((f) => f.symbols.filter((c) => c.change === "added").map((c) => ({ f, c })));
    if (!added.length) continue;
    const pass = () => {
      const out: Seen[] = [];
      for (const { f, c } of added) {
        const target = targetNode(work, f.path, c);
        if (!target || group(target) !== "callable") continue;
        const before = f.oldPath ?? f.path;
        const fits = originCandidates(work, before, c.name).filter((x) => group(x.node) === group(target));
        if (!fits.length) continue;
        const scored = fits.map((x) => ({ x, v: x.node.codeLines.length >= 3 && target.codeLines.length >= 3 ? similarity(x.node.codeLines, target.codeLines) : 0 })).sort((a, b) => b.v - a.v);
        const scores = scored.map((s) => s.v);
        const origin = originOf(target, before, fits);
        const shown = origin ?? scored[0].x;
        out.push({
          repo: spec.name,
          sha: sha.slice(0, 12),
          path: f.path,
          name: c.qualifiedName,
          from: `${shown.node.sym.qualifiedName}${shown.path !== before ? ` [${shown.path}]` : ""}`,
          best: scores[0],
          second: scores[1] ?? 0,
          same: fits.filter((x) => x.node.body !== "" && x.node.body === target.body).length,
          linked: origin !== undefined,
        });
      }
      return out;
    };
    pass();
    await loadAskedComments(work.ctx);
    seen.push(...pass());
  }
}

const band = (s: Seen) => (s.same ? "same body" : s.best >= 0.9 ? "0.9-1" : `${(Math.floor(s.best * 10) / 10).toFixed(1)}-${(Math.floor(s.best * 10) / 10 + 0.1).toFixed(1)}`);
const bands = ["same body", "0.9-1", "0.8-0.9", "0.7-0.8", "0.6-0.7", "0.5-0.6", "0.4-0.5", "0.3-0.4", "0.2-0.3", "0.1-0.2", "0.0-0.1"];
console.log(`added callables with a candidate origin: ${seen.length}; floor ${ORIGIN_SIMILAR}, margin ${ORIGIN_MARGIN}`);
console.log("| best candidate | added callables | linked | runner-up within 0.1 | within 0.1-0.15 |");
console.log("|---|---|---|---|---|");
for (const b of bands) {
  const rows = seen.filter((s) => band(s) === b);
  const gap = (lo: number, hi: number) => rows.filter((s) => !s.same && s.best - s.second >= lo && s.best - s.second < hi).length;
  console.log(`| ${b} | ${rows.length} | ${rows.filter((s) => s.linked).length} | ${gap(0, 0.1)} | ${gap(0.1, 0.15)} |`);
}
console.log(`RESULT history-origins: ${seen.length} added callables with a candidate, ${seen.filter((s) => s.linked).length} linked (${seen.filter((s) => s.linked && !s.same).length} by similarity, ${seen.filter((s) => s.linked && !s.same && s.best < 0.7).length} of them below changed's 0.7)`);
if (listLo !== undefined && !Number.isNaN(listLo)) {
  const hi = Number.isNaN(listHi) ? 1.01 : listHi;
  for (const s of seen.filter((x) => !x.same && x.best >= listLo && x.best < hi)) {
    console.log(`${s.linked ? "linked  " : "declined"} ${s.repo} ${s.sha} ${s.path} ${s.name} <- ${s.from} ${s.best.toFixed(3)} (next ${s.second.toFixed(3)})`);
  }
}
