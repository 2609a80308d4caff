// bench/map.ts: does the ranked `digest` point at what a change goes on to touch?
//   npm run bench -- map [-- --repos psf+requests,gin-gonic+gin,honojs+hono] [--commits 40] [--tokens 1000] [--binary dist/ast-outline]
// For each repository (a git mirror under /work/.mirror/<name>/repo, cloned to a scratch folder),
// walking back from its newest non-merge commits: `changed --base C~1 --head C` names the
// definitions C changed. The focus file is the first file (in that order) with a changed
// definition that existed before C; the commit counts when some other file had one too. At C~1
// (checked out, `index` refreshed) a `digest --focus <file> --max-tokens N` is asked, and
// the share of those other definitions (modified, removed, renamed or moved: added ones did not
// exist yet) whose name it lists under their file is taken. Beside it: the same for the digest
// without a focus, and for the flat digest (`--flat`). Reported per repository (the mean over
// commits, and the share of commits where at least half were named) and in all.
// The repositories are data, never part of this project.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";

const ROOT = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const binary = resolve(flag("--binary", join(ROOT, "dist", "ast-outline")));
const repos = flag("--repos", "psf+requests,gin-gonic+gin,honojs+hono").split(",");
const commitCount = Number(flag("--commits", "40"));
const tokens = flag("--tokens", "1000");
const mirrors = flag("--mirrors", "/work/.mirror");
const scratch = flag("--scratch", join(tmpdir(), "ast-outline-bench-map"));
if (!existsSync(binary)) throw new Error(`no binary at ${binary} (npm run build)`);

interface Definition {
  path: string;
  name: string;
}

const run = (cwd: string, cmd: string, argv: string[]) => {
  const r = spawnSync(cmd, argv, { cwd, encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
};

/** The definitions C changed that existed at C~1, by file, in `changed`'s file order. */
function changedBefore(dir: string, commit: string): Map<string, string[]> {
  const json = JSON.parse(run(dir, binary, ["changed", "--base", `${commit}~1`, "--head", commit, "--format", "json"]));
  const out = new Map<string, string[]>();
  for (const file of json.files as { path: string; oldPath?: string; symbols: { change: string; qualifiedName: string; oldQualifiedName?: string; oldPath?: string }[] }[]) {
    for (const s of file.symbols) {
      if (s.change === "added") continue;
      const path = s.oldPath ?? file.oldPath ?? file.path;
      const name = (s.oldQualifiedName ?? s.qualifiedName).split(/\.|::|#/).pop()!;
      if (!name || name.startsWith("<")) continue; // `<module>`: top-level code, not a definition
      const list = out.get(path) ?? [];
      if (!list.includes(name)) list.push(name);
      out.set(path, list);
    }
  }
  return out;
}

/** Whether the digest lists `name` under `path`: on the file's line, or the indented lines after it. */
function names(digest: string, d: Definition): boolean {
  const lines = digest.split("\n");
  const word = new RegExp(`(^|[^\\w$])${d.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^\\w$]|$)`);
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith(`${d.path} [`)) continue;
    const head = lines[i].slice(lines[i].indexOf("]") + 1);
    if (word.test(head.replace(/^:? *\d+ of \d+ symbols/, ""))) return true;
    for (let j = i + 1; j < lines.length && lines[j].startsWith(" "); j++) {
      if (word.test(lines[j].replace(/^\s*\d+-\d+ /, ""))) return true;
    }
  }
  return false;
}

interface Row {
  commit: string;
  focus: string;
  others: number;
  focused: number;
  ranked: number;
  flat: number;
}

function bench(name: string): Row[] {
  const dir = join(scratch, name);
  if (!existsSync(join(dir, ".git"))) {
    mkdirSync(scratch, { recursive: true });
    execFileSync("git", ["clone", "-q", join(mirrors, name, "repo"), dir]);
  }
  const head = run(dir, "git", ["rev-parse", "origin/HEAD"]).trim();
  const commits = run(dir, "git", ["log", "--first-parent", "--no-merges", "-n3000", "--format=%H", head]).trim().split("\n");
  const rows: Row[] = [];
  for (const commit of commits) {
    if (rows.length >= commitCount) break;
    let before: Map<string, string[]>;
    try {
      before = changedBefore(dir, commit);
    } catch {
      continue; // a root commit, or one `changed` cannot read
    }
    const [focus] = before.keys();
    if (!focus) continue;
    const others: Definition[] = [...before].filter(([p]) => p !== focus).flatMap(([path, ns]) => ns.map((n) => ({ path, name: n })));
    if (!others.length) continue;
    run(dir, "git", ["checkout", "-q", "--detach", `${commit}~1`]);
    run(dir, binary, ["index"]);
    const ask = (extra: string[]) => run(dir, binary, ["digest", "--max-tokens", tokens, ...extra]);
    const share = (text: string) => others.filter((d) => names(text, d)).length / others.length;
    rows.push({ commit: commit.slice(0, 10), focus, others: others.length, focused: share(ask(["--focus", focus])), ranked: share(ask([])), flat: share(ask(["--flat"])) });
  }
  return rows;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const summary = (rows: Row[], key: "focused" | "ranked" | "flat") => `${pct(mean(rows.map((r) => r[key])))} (>= 50% in ${rows.filter((r) => r[key] >= 0.5).length}/${rows.length})`;

console.log(`ranked map vs co-changed definitions: ${tokens}-token digest at C~1, ${commitCount} commits per repository`);
console.log("repository | commits | focused on the first changed file | ranked, no focus | flat");
const all: Row[] = [];
for (const name of repos) {
  const rows = bench(name);
  all.push(...rows);
  if (process.env.BENCH_MAP_ROWS) for (const r of rows) console.error(JSON.stringify(r));
  console.log(`${name} | ${rows.length} | ${summary(rows, "focused")} | ${summary(rows, "ranked")} | ${summary(rows, "flat")}`);
}
console.log(`all | ${all.length} | ${summary(all, "focused")} | ${summary(all, "ranked")} | ${summary(all, "flat")}`);
