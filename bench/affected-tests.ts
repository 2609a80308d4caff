// bench/affected-tests.ts: which tests a change can reach, against per-test coverage (issue 28).
//   bun bench/run.ts affected-tests [--project click|picomatch|pflag ...] [--commits 30]
//                                   [--cache /tmp/ast-outline-affected-tests] [--binary dist/ast-outline] [--no-tool] [--cached-only] [--depth N]
// Per project (a public repository fetched into /work/.mirror, cloned into the cache folder, never
// committed), for the last N first-parent commits that change source (a merge as its change to the first parent):
//   truth: the tests whose per-test coverage ran a line the commit changed. A line the commit added
//     or modified counts in the head checkout's run; a line it deleted counts in the base
//     checkout's run (its base-side line). Lines run outside any test (imports, collection, module
//     loading) make no test affected. For pytest an edit to a function's header (decorators, the
//     `def` line, which runs only at import) counts as reaching the tests that ran its body.
//     Only tests that still exist in head count (a deleted test cannot be selected).
//   selections, each with safety recall (truth tests selected / truth tests, summed over commits)
//     and size (selected tests / head's suite, per commit, median and mean):
//     all: run everything; name: test files whose name carries a changed source file's name
//     (core.py -> test_core.py, scan.js -> api.scan.js, flag.go -> flag_test.go), plus changed test
//     files; tool: `ast-outline tests --base B --head H --format json` in the head checkout.
// Coverage per revision and the truth per commit are cached in the cache folder.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { type Coverage, goRunner, mochaRunner, pytestRunner, type Runner } from "./affected-tests-runs.ts";
import { CAUSES, type Cause, causeOf, changedSymbolView, type ChangedJson, functionOracle, type ToolWhy } from "./affected-tests-oracle.ts";
import { median } from "./lib.ts";

interface Project {
  name: string;
  mirror: string;
  /** pathspecs of the source a sampled commit must change (test files excluded by isTest). */
  source: string[];
  isTest: (path: string) => boolean;
  runner: Runner;
}

const PROJECTS: Project[] = [
  {
    name: "click", mirror: "/work/.mirror/pallets+click/repo", source: ["src/*.py"],
    isTest: (p) => p.startsWith("tests/"),
    runner: pytestRunner({ package: "click", testDir: "tests", srcPath: "src" }),
  },
  {
    name: "picomatch", mirror: "/work/.mirror/micromatch+picomatch/repo", source: ["lib/*.js", "index.js", "posix.js"],
    isTest: (p) => p.startsWith("test/"),
    runner: mochaRunner({ spec: ["test/*.js"], mocha: "10.8.2" }),
  },
  {
    name: "pflag", mirror: "/work/.mirror/spf13+pflag/repo", source: ["*.go"],
    isTest: (p) => p.endsWith("_test.go"),
    runner: goRunner({ module: "github.com/spf13/pflag" }),
  },
];

const args = process.argv.slice(2);
const values = (name: string): string[] => {
  const at = args.indexOf(name);
  if (at < 0) return [];
  const out: string[] = [];
  for (let i = at + 1; i < args.length && !args[i].startsWith("--"); i++) out.push(args[i]);
  return out;
};
const value = (name: string, fallback: string) => values(name)[0] ?? fallback;
const cache = resolve(value("--cache", "/tmp/ast-outline-affected-tests"));
const commitCount = Number(value("--commits", "30"));
const binary = resolve(value("--binary", join(import.meta.dir, "..", "dist", "ast-outline")));
const useTool = !args.includes("--no-tool") && existsSync(binary);
const wanted = values("--project");
/** Passed to the tool as --depth (its default otherwise). */
const depth = values("--depth")[0];
/** Only commits whose coverage is cached (so no suite runs: another run of this bench may be filling the cache). */
const cachedOnly = args.includes("--cached-only");

interface Diff { /** path -> lines added or modified, head side */ head: Map<string, number[]>; /** path -> lines deleted or modified, base side */ base: Map<string, number[]> }

function diffLines(repo: string, base: string, head: string): Diff {
  const text = execFileSync("git", ["diff", "-U0", "--no-color", "--no-ext-diff", "--no-renames", base, head], { cwd: repo, encoding: "utf8", maxBuffer: 1 << 30 });
  const diff: Diff = { head: new Map(), base: new Map() };
  let from = "";
  let to = "";
  for (const line of text.split("\n")) {
    if (line.startsWith("--- ")) from = line === "--- /dev/null" ? "" : line.slice(6);
    else if (line.startsWith("+++ ")) to = line === "+++ /dev/null" ? "" : line.slice(6);
    else if (line.startsWith("@@")) {
      const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
      if (!m) continue;
      const add = (map: Map<string, number[]>, path: string, start: number, count: number) => {
        if (!path || count === 0) return;
        const list = map.get(path) ?? [];
        for (let l = start; l < start + count; l++) list.push(l);
        map.set(path, list);
      };
      add(diff.base, from, Number(m[1]), m[2] === undefined ? 1 : Number(m[2]));
      add(diff.head, to, Number(m[3]), m[4] === undefined ? 1 : Number(m[4]));
    }
  }
  return diff;
}

/** Tests of `cov` that ran one of `lines` (for pytest, a header line reaches its body's tests). */
function reached(cov: Coverage, changed: Map<string, number[]>): Set<string> {
  const out = new Set<string>();
  for (const [path, lines] of changed) {
    const byLine = cov.files[path];
    if (!byLine) continue;
    const want = new Set(lines);
    for (const [first, last, end] of cov.headers?.[path] ?? []) {
      if (lines.some((l) => l >= first && l <= last)) for (let l = last + 1; l <= end; l++) want.add(l);
    }
    for (const l of want) for (const t of byLine[l] ?? []) out.add(cov.tests[t]);
  }
  return out;
}

/** The name-only baseline: test files named after a changed source file, and the changed test files. */
function byName(project: Project, suite: string[], diff: Diff): Set<string> {
  const changed = new Set([...diff.head.keys(), ...diff.base.keys()]);
  const stems = new Set<string>();
  for (const p of changed) {
    if (project.isTest(p)) continue;
    let stem = basename(p).replace(/\.[^.]+$/, "");
    if (stem === "__init__" || stem === "index") stem = basename(dirname(p));
    stems.add(stem.replace(/^_+/, ""));
  }
  const tokens = (file: string) => basename(file).replace(/\.[^.]+$/, "").split(/[._-]+/).filter((t) => t && !/^(test|tests|spec)$/.test(t));
  return new Set(suite.filter((id) => {
    const file = id.split("::")[0];
    return changed.has(file) || tokens(file).some((t) => stems.has(t));
  }));
}

/** The tool's selection as test ids of the project's runner (a test whose title is computed selects its file's tests). */
function byTool(checkout: string, base: string, head: string, suite: string[]): { ids: Set<string>; all: boolean; reason?: string; ms: number; why: Map<string, ToolWhy> } {
  const t0 = performance.now();
  const r = spawnSync(binary, ["tests", "--base", base, "--head", head, "--format", "json", ...(depth ? ["--depth", depth] : [])], { cwd: checkout, encoding: "utf8", maxBuffer: 1 << 28 });
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 1) throw new Error(`ast-outline tests exited ${r.status}: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as {
    wholeSuite?: { reason: string };
    tests: { path: string; qualifiedName: string; titles?: string[]; dynamicTitle?: boolean; sureness: string; chain: { qualifiedName: string }[] }[];
  };
  const why = new Map<string, ToolWhy>();
  const rank = (s: string) => ["resolved", "import", "name-only"].indexOf(s);
  const files = new Set<string>();
  for (const t of out.tests) {
    if (t.dynamicTitle) {
      files.add(t.path);
      continue;
    }
    const id = `${t.path}::${t.titles ? t.titles.join(" ") : t.qualifiedName.split(".").join("::")}`;
    const w = { sureness: t.sureness, module: t.chain[t.chain.length - 1]?.qualifiedName === "<module>", file: false };
    const had = why.get(id);
    if (!had || rank(w.sureness) < rank(had.sureness) || (had.module && !w.module)) why.set(id, w);
  }
  if (out.wholeSuite) return { ids: new Set(suite), all: true, reason: out.wholeSuite.reason, ms, why };
  const ids = new Set(suite.filter((id) => why.has(id) || files.has(id.slice(0, id.indexOf("::")))));
  for (const id of ids) if (!why.has(id)) why.set(id, { sureness: "name-only", module: false, file: true });
  return { ids, all: false, ms, why };
}

function git(repo: string, ...a: string[]): string {
  return execFileSync("git", a, { cwd: repo, encoding: "utf8", maxBuffer: 1 << 30 }).trim();
}

/** pytest ids without parameters (cut at the first bracket: a parameter may hold a bar or a bracket), as the dump now writes them. */
function normalized(cov: Coverage | null): Coverage | null {
  if (!cov || !cov.headers) return cov;
  return { ...cov, tests: cov.tests.map((t) => t.split("[", 1)[0]) };
}

function coverageAt(project: Project, repo: string, scratch: string, rev: string): Coverage | null {
  const file = join(cache, project.name, "coverage", `${rev}${project.runner.tag ?? ""}.json`);
  if (existsSync(file)) return normalized(JSON.parse(readFileSync(file, "utf8")) as Coverage | null);
  git(repo, "checkout", "-q", "--detach", "-f", rev);
  git(repo, "clean", "-q", "-fdx");
  const t0 = performance.now();
  const cov = project.runner.cover(repo, scratch);
  console.error(`  ${project.name} ${rev.slice(0, 10)}: ${cov ? `${cov.tests.length} tests` : "no run"} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  writeFileSync(file, JSON.stringify(cov));
  return cov;
}

interface Row {
  commit: string; truth: number; suite: number; sel: Record<string, { hit: number; size: number; all?: boolean }>; missed: string[]; toolMs?: number; reason?: string;
  /** The tool's selected tests outside the truth, per cause. */
  over?: Partial<Record<Cause, number>>;
}

async function measure(project: Project): Promise<void> {
  if (!existsSync(project.mirror)) {
    console.log(`${project.name}: no mirror at ${project.mirror} (fetch github:${basename(dirname(project.mirror)).replace("+", "/")})`);
    return;
  }
  const root = join(cache, project.name);
  const repo = join(root, "repo");
  const scratch = join(root, "scratch");
  mkdirSync(join(root, "coverage"), { recursive: true });
  mkdirSync(join(root, "truth"), { recursive: true });
  mkdirSync(scratch, { recursive: true });
  // The suite runs in one clone, the tool in another: a tool run never waits for (or disturbs) a suite run.
  const toolRepo = join(root, "tool");
  for (const dir of [repo, toolRepo]) if (!existsSync(dir)) execFileSync("git", ["clone", "-q", "--shared", project.mirror, dir]);
  project.runner.prepare(repo, scratch);
  const tip = git(repo, "rev-parse", "origin/HEAD");
  const candidates = git(repo, "log", "--first-parent", "--format=%H", tip, "--", ...project.source).split("\n").filter(Boolean);
  const rows: Row[] = [];
  for (const commit of candidates) {
    if (rows.length >= commitCount) break;
    const parent = spawnSync("git", ["rev-parse", "-q", "--verify", `${commit}^`], { cwd: repo, encoding: "utf8" });
    if (parent.status !== 0) continue; // the first commit: nothing to compare with
    const baseSha = parent.stdout.trim();
    const diff = diffLines(repo, baseSha, commit);
    if (![...diff.head.keys(), ...diff.base.keys()].some((p) => !project.isTest(p))) continue;
    const truthFile = join(root, "truth", `${commit}${project.runner.tag ?? ""}.json`);
    let truth: { suite: string[]; truth: string[] } | null;
    if (existsSync(truthFile)) truth = JSON.parse(readFileSync(truthFile, "utf8"));
    else {
      if (cachedOnly && ![commit, baseSha].every((rev) => existsSync(join(root, "coverage", `${rev}${project.runner.tag ?? ""}.json`)))) continue;
      const headCov = coverageAt(project, repo, scratch, commit);
      const baseCov = headCov && coverageAt(project, repo, scratch, baseSha);
      if (!headCov || !baseCov) truth = null;
      else {
        const suite = new Set(headCov.tests);
        const hit = new Set([...reached(headCov, diff.head), ...reached(baseCov, diff.base)].filter((t) => suite.has(t)));
        truth = { suite: [...suite], truth: [...hit].sort() };
      }
      writeFileSync(truthFile, JSON.stringify(truth));
    }
    if (!truth) continue;
    const suite = truth.suite;
    const sel: Row["sel"] = {};
    const truthSet = new Set(truth.truth);
    const score = (name: string, ids: Set<string>, all = false) => {
      sel[name] = { hit: truth!.truth.filter((t) => ids.has(t)).length, size: suite.filter((t) => ids.has(t)).length / suite.length, all };
    };
    score("all", new Set(suite));
    score("name", byName(project, suite, diff));
    score("truth", truthSet);
    git(toolRepo, "checkout", "-q", "--detach", "-f", commit);
    const headCov = coverageAt(project, repo, scratch, commit);
    const baseCov = coverageAt(project, repo, scratch, baseSha);
    const suiteSet = new Set(suite);
    const inSuite = (ids: Set<string>) => new Set([...ids].filter((t) => suiteSet.has(t)));
    let fnOracle = new Set<string>();
    let symView = new Set<string>();
    if (headCov && baseCov) {
      fnOracle = inSuite(await functionOracle(toolRepo, baseSha, diff, headCov, baseCov));
      score("function oracle", fnOracle);
      if (existsSync(binary)) {
        const changed = JSON.parse(execFileSync(binary, ["changed", "--base", baseSha, "--head", commit, "--format", "json"], { cwd: toolRepo, encoding: "utf8", maxBuffer: 1 << 28 })) as ChangedJson;
        symView = inSuite(changedSymbolView(changed, headCov, baseCov));
        score("changed-symbol view", symView);
      }
    }
    const missed: string[] = [];
    const over: Partial<Record<Cause, number>> = {};
    let toolMs: number | undefined;
    let reason: string | undefined;
    if (useTool) {
      const tool = byTool(toolRepo, baseSha, commit, suite);
      score("tool", tool.ids, tool.all);
      toolMs = tool.ms;
      reason = tool.reason;
      for (const t of truthSet) if (!tool.ids.has(t)) missed.push(t);
      for (const t of tool.ids) {
        if (truthSet.has(t)) continue;
        const cause = causeOf(t, tool.all, fnOracle, symView, tool.why.get(t));
        over[cause] = (over[cause] ?? 0) + 1;
      }
    }
    rows.push({ commit, truth: truth.truth.length, suite: suite.length, sel, missed, toolMs, reason, over });
  }
  report(project, rows);
}

const results: string[] = [];

function report(project: Project, rows: Row[]): void {
  const withTruth = rows.filter((r) => r.truth > 0);
  const truthTotal = withTruth.reduce((s, r) => s + r.truth, 0);
  console.log(`\n${project.name}: ${rows.length} commits, ${withTruth.length} whose change some test ran, ${truthTotal} truth tests in all; suite ${median(rows.map((r) => r.suite))} tests (median)`);
  console.log("| selection | safety recall | commits fully covered | selection size median | mean | whole suite chosen |");
  console.log("|---|---|---|---|---|---|");
  for (const name of Object.keys(rows[0]?.sel ?? {})) {
    const hit = withTruth.reduce((s, r) => s + r.sel[name].hit, 0);
    const full = withTruth.filter((r) => r.sel[name].hit === r.truth).length;
    const sizes = rows.map((r) => r.sel[name].size);
    const all = rows.filter((r) => r.sel[name].all).length;
    console.log(`| ${name} | ${truthTotal ? (hit / truthTotal).toFixed(3) : "-"} (${hit}/${truthTotal}) | ${full}/${withTruth.length} | ${(100 * median(sizes)).toFixed(1)}% | ${(100 * sizes.reduce((a, b) => a + b, 0) / sizes.length).toFixed(1)}% | ${all}/${rows.length} |`);
  }
  const tool = rows[0]?.sel.tool;
  if (tool) {
    const hit = withTruth.reduce((s, r) => s + r.sel.tool.hit, 0);
    const oracle = rows[0]?.sel["function oracle"] ? `, function oracle median ${(100 * median(rows.map((r) => r.sel["function oracle"]?.size ?? 0))).toFixed(1)}%` : "";
    results.push(`${project.name} recall ${truthTotal ? (hit / truthTotal).toFixed(3) : "-"} size median ${(100 * median(rows.map((r) => r.sel.tool.size))).toFixed(1)}%${oracle} (${rows.length} commits)`);
  }
  const overTotal = rows.reduce((s, r) => s + Object.values(r.over ?? {}).reduce((a, b) => a + b, 0), 0);
  if (overTotal) {
    console.log(`tool's selected tests outside the truth: ${overTotal} (test, commit) pairs, by cause`);
    console.log("| cause | pairs | share | commits |");
    console.log("|---|---|---|---|");
    for (const cause of CAUSES) {
      const n = rows.reduce((s, r) => s + (r.over?.[cause] ?? 0), 0);
      if (n) console.log(`| ${cause} | ${n} | ${((100 * n) / overTotal).toFixed(1)}% | ${rows.filter((r) => r.over?.[cause]).length} |`);
    }
  }
  const ms = rows.flatMap((r) => (r.toolMs === undefined ? [] : [r.toolMs]));
  if (ms.length) console.log(`tool wall time per commit (cold process, no cache): median ${median(ms).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`);
  for (const r of rows.filter((r) => r.reason)) console.log(`  whole suite ${r.commit.slice(0, 10)}: ${r.reason}`);
  for (const r of rows.filter((r) => r.missed.length)) console.log(`  missed ${r.commit.slice(0, 10)}: ${r.missed.slice(0, 5).join(", ")}${r.missed.length > 5 ? ` (+${r.missed.length - 5})` : ""}`);
  writeFileSync(join(cache, project.name, "rows.json"), JSON.stringify(rows, null, 1));
}

for (const project of PROJECTS.filter((p) => !wanted.length || wanted.includes(p.name))) await measure(project);
console.log(`RESULT affected-tests: ${results.join("; ") || "no tool run"}`);
