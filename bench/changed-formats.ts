// bench/changed-formats.ts: every `changed` format on a real project's history, from the binary.
//   bun bench/changed-formats.ts [repo] [--binary dist/ast-outline] [--commits 40] [--no-size]
// The same commits as bench/changed.ts (the last N non-merge commits touching .py files), each
// compared with its parent in text, json, markdown, github, sarif, rdjson and patch:
//   - every run exits 0 with nothing on stderr (but rdjson's one note naming the files without symbols);
//   - SARIF is valid against the official 2.1.0 schema, rdjson against reviewdog's (and closed),
//     each with one result per changed symbol of the JSON;
//   - the Markdown has no broken table row (test/helpers/gfm.ts);
//   - the patch passes `git apply --check` on a checkout of the parent, and applied there gives
//     the commit's tree but for the files it names as left out.
// Then the download size: the binary gzip -9 (what a release's .gz holds), target <= 60 MB.
// The repository is data (e.g. a clone under /work/data), never part of this project.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { markdownProblems } from "../test/helpers/gfm.ts";
import { validateRdjson, validateRdjsonStrict, validateSarif } from "../test/helpers/schemas.ts";

const ROOT = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const binary = resolve(flag("--binary", join(ROOT, "dist", "ast-outline")));
const commitCount = Number(flag("--commits", "40"));
const noSize = args.includes("--no-size");
const repo = resolve(args.filter((a) => !a.startsWith("--"))[0] ?? "/work/data/requests");
if (!existsSync(binary)) throw new Error(`no binary at ${binary} (npm run build)`);
if (!existsSync(join(repo, ".git"))) throw new Error(`not a git clone: ${repo}`);

const git = (cwd: string, ...a: string[]) => execFileSync("git", a, { cwd, encoding: "utf8", maxBuffer: 1 << 30 });
const commits = git(repo, "log", "--no-merges", `-n${commitCount}`, "--format=%H", "--", "*.py").trim().split("\n");
const FORMATS = ["text", "json", "markdown", "github", "sarif", "rdjson", "patch"] as const;

const problems: string[] = [];
const counts = { runs: 0, results: 0, patches: 0, applied: 0, hunks: 0, namedHunks: 0, leftOut: 0 };
const work = mkdtempSync(join(tmpdir(), "ast-outline-formats-"));
const wt = join(work, "wt");
git(repo, "worktree", "add", "-q", "--detach", wt, commits[0]);
try {
  for (const c of commits) {
    const out: Partial<Record<(typeof FORMATS)[number], Buffer>> = {};
    for (const format of FORMATS) {
      const env = { ...process.env };
      delete env.GITHUB_STEP_SUMMARY;
      const r = spawnSync(binary, ["changed", "--base", `${c}~1`, "--head", c, "--format", format], { cwd: repo, env, maxBuffer: 1 << 30 });
      counts.runs++;
      // rdjson's one note naming the files without symbols is expected; nothing else may be on stderr.
      const stderr = r.stderr.toString().replace(/^ast-outline: symbols not compared in \d+ files?: .*\n$/, "");
      if (r.status !== 0 || stderr.length) problems.push(`${c.slice(0, 10)} ${format}: exit ${r.status} ${r.stderr.toString().trim().slice(0, 200)}`);
      out[format] = r.stdout;
    }
    const set = JSON.parse(out.json!.toString());
    const symbols = set.files.reduce((n: number, f: any) => n + f.symbols.length, 0);
    const sarif = JSON.parse(out.sarif!.toString());
    const rdjson = JSON.parse(out.rdjson!.toString());
    for (const [what, errors] of [["sarif", validateSarif(sarif)], ["rdjson", validateRdjson(rdjson)], ["rdjson (closed)", validateRdjsonStrict(rdjson)]] as const) {
      if (errors.length) problems.push(`${c.slice(0, 10)} ${what}: ${errors.slice(0, 3).join("; ")}`);
    }
    if (sarif.runs[0].results.length !== symbols || rdjson.diagnostics.length !== symbols) problems.push(`${c.slice(0, 10)}: ${symbols} symbols, ${sarif.runs[0].results.length} SARIF results, ${rdjson.diagnostics.length} rdjson diagnostics`);
    counts.results += symbols;
    const md = markdownProblems(out.markdown!.toString(), 4);
    if (md.length) problems.push(`${c.slice(0, 10)} markdown: ${md.slice(0, 3).join("; ")}`);

    // The patch, on a checkout of the parent.
    counts.patches++;
    const patchText = out.patch!.toString("latin1");
    counts.hunks += (patchText.match(/^@@ /gm) ?? []).length;
    counts.namedHunks += (patchText.match(/^@@ -\S+ \+\S+ @@ \S/gm) ?? []).length;
    const leftOut = [...patchText.matchAll(/^# not in this patch: (.*) \([^)]*\)$/gm)].map((m) => m[1]);
    counts.leftOut += leftOut.length;
    const file = join(work, "p.diff");
    writeFileSync(file, out.patch!);
    git(wt, "checkout", "-q", "--detach", "-f", `${c}~1`);
    git(wt, "clean", "-q", "-fdx");
    const check = spawnSync("git", ["apply", "--check", file], { cwd: wt, encoding: "utf8" });
    if (check.status !== 0) {
      problems.push(`${c.slice(0, 10)} patch: git apply --check: ${check.stderr.trim().slice(0, 300)}`);
      continue;
    }
    spawnSync("git", ["apply", file], { cwd: wt });
    git(wt, "add", "-A");
    const differ = git(wt, "diff", "--cached", "--name-only", "-z", c).split("\0").filter(Boolean);
    const unexpected = differ.filter((p) => !leftOut.includes(p));
    if (unexpected.length) problems.push(`${c.slice(0, 10)} patch: applied, but differs from the commit in ${unexpected.slice(0, 5).join(", ")}`);
    else counts.applied++;
  }
} finally {
  git(repo, "worktree", "remove", "--force", wt);
  rmSync(work, { recursive: true, force: true });
}

const head = git(repo, "rev-parse", "--short", "HEAD").trim();
console.log(`changed formats on ${repo} @ ${head}: ${commits.length} commits x ${FORMATS.length} formats = ${counts.runs} runs`);
console.log(`  problems: ${problems.length}${problems.length ? "" : " (every run exit 0, nothing on stderr; SARIF and rdjson schema-valid; Markdown rows whole)"}`);
for (const p of problems.slice(0, 30)) console.log(`    ${p}`);
console.log(`  SARIF results = rdjson diagnostics = JSON symbol changes: ${counts.results}`);
console.log(`  patch: ${counts.applied}/${counts.patches} pass git apply --check and give the commit's tree (${counts.hunks} hunks, ${counts.namedHunks} named by a symbol; ${counts.leftOut} files left out and named)`);
let size = "";
if (!noSize) {
  const bytes = readFileSync(binary);
  const gz = gzipSync(bytes, { level: 9 });
  console.log(`  download: ${binary} ${(bytes.length / 1e6).toFixed(1)} MB, gzip -9 ${(gz.length / 1e6).toFixed(1)} MB (target <= 60 MB)`);
  size = `, download ${(gz.length / 1e6).toFixed(1)} MB gzipped`;
}
console.log(`RESULT changed-formats: ${problems.length} problems in ${counts.runs} runs, ${counts.applied}/${counts.patches} patches apply${size}`);
if (problems.length) process.exitCode = 1;
