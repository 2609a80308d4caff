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
// With --explain: each of those definitions by how its file stands to the focus file in the
// references the index holds (its file uses a name the focus file defines, the focus file uses
// its name, both, or neither: the last no reference-based map can find but by chance), and
// how many of each the focused digest named; and apart from that, whether its file changed with
// the focus file in the newest commits before C (what `digest --focus` reads from git,
// core/rank/co-change.ts), and how many of those were named.
// Only code counts, for the focus and the others: files of a language with a references query
// (grammars/<lang>/references.scm), since a YAML key or a Markdown heading changed beside code is
// not a definition a map of code is for.
// The repositories are data, never part of this project.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";
import { refreshRepo } from "../src/app/index/repo-index.ts";
import { parseReferences } from "../src/core/outline/references.ts";
import { parseNameRow } from "../src/core/cache/pack.ts";
import { envAt, processEnv } from "../src/io/env.ts";
import { detectLanguage } from "../src/core/languages/detect.ts";
import { CO_CHANGE_COMMITS, coChanged } from "../src/core/rank/co-change.ts";
import { recentCommitFiles } from "../src/io/git.ts";

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
const explain = args.includes("--explain");
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

/**
 * The definitions C changed that existed at C~1, by file, in `changed`'s file order (kept in
 * <scratch>/<repo>.changed.json by commit: the ranking does not change them; delete it after
 * changing `changed`).
 */
function changedBefore(dir: string, commit: string): Map<string, string[]> {
  const file = `${dir}.changed.json`;
  const known: Record<string, [string, string[]][] | null> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  if (!(commit in known)) {
    try {
      known[commit] = [...changedBeforeNow(dir, commit)];
    } catch {
      known[commit] = null; // a root commit, or one `changed` cannot read
    }
    writeFileSync(file, JSON.stringify(known));
  }
  if (!known[commit]) throw new Error(`changed: ${commit} not readable`);
  return new Map(known[commit]);
}

/** Whether the ranked map links this file by its references: a language with a references query. */
function isCode(path: string): boolean {
  const spec = detectLanguage(path, new Uint8Array());
  return spec !== undefined && existsSync(join(ROOT, "grammars", spec.query ?? spec.id, "references.scm"));
}

function changedBeforeNow(dir: string, commit: string): Map<string, string[]> {
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
  /** --explain: per relation to the focus file, [definitions, of them named by the focused digest]. */
  relations?: Record<string, [number, number]>;
}

type Relation = "uses the focus" | "used by the focus" | "both" | "neither";

/** How each definition's file stands to the focus file in the index's references (see the top). */
async function relations(dir: string, focus: string, others: Definition[]): Promise<Relation[]> {
  const index = await refreshRepo(envAt(processEnv(), dir), { isIndex: false, verifyObjects: false });
  const paths = [focus, ...new Set(others.map((d) => d.path))].filter((p) => index.keys.has(p));
  const keys = paths.map((p) => index.keys.get(p)!);
  const names = index.loadNames(keys);
  const refs = index.loadRefs(keys);
  const defined = (p: string) => new Set((names.get(index.keys.get(p)!)?.rows ?? "").split("\n").map((l) => parseNameRow(l)?.name).filter((n) => n !== undefined));
  const uses = (p: string) => parseReferences(refs.get(index.keys.get(p)!)?.refs);
  if (!index.keys.has(focus)) return others.map(() => "neither");
  const focusDefines = defined(focus);
  const focusUses = uses(focus);
  return others.map((d) => {
    if (!index.keys.has(d.path)) return "neither";
    const usesFocus = [...uses(d.path).keys()].some((n) => focusDefines.has(n));
    const usedByFocus = [...defined(d.path)].some((n) => focusUses.has(n));
    return usesFocus && usedByFocus ? "both" : usesFocus ? "uses the focus" : usedByFocus ? "used by the focus" : "neither";
  });
}

async function bench(name: string): Promise<Row[]> {
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
    for (const path of [...before.keys()]) if (!isCode(path)) before.delete(path);
    const [focus] = before.keys();
    if (!focus) continue;
    const others: Definition[] = [...before].filter(([p]) => p !== focus).flatMap(([path, ns]) => ns.map((n) => ({ path, name: n })));
    if (!others.length) continue;
    run(dir, "git", ["checkout", "-q", "--detach", `${commit}~1`]);
    run(dir, binary, ["index"]);
    const ask = (extra: string[]) => run(dir, binary, ["digest", "--max-tokens", tokens, ...extra]);
    const share = (text: string) => others.filter((d) => names(text, d)).length / others.length;
    const focusedText = ask(["--focus", focus]);
    const row: Row = { commit: commit.slice(0, 10), focus, others: others.length, focused: share(focusedText), ranked: share(ask([])), flat: share(ask(["--flat"])) };
    if (explain) {
      row.relations = {};
      const rel = await relations(dir, focus, others);
      const co = coChanged(await recentCommitFiles(envAt(processEnv(), dir), dir, CO_CHANGE_COMMITS), [focus]);
      others.forEach((d, i) => {
        for (const key of [rel[i], co.has(d.path) ? "changed with the focus before" : "never changed with the focus before"]) {
          const cell = (row.relations![key] ??= [0, 0]);
          cell[0]++;
          if (names(focusedText, d)) cell[1]++;
        }
      });
    }
    rows.push(row);
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
  const rows = await bench(name);
  all.push(...rows);
  if (process.env.BENCH_MAP_ROWS) for (const r of rows) console.error(JSON.stringify(r));
  console.log(`${name} | ${rows.length} | ${summary(rows, "focused")} | ${summary(rows, "ranked")} | ${summary(rows, "flat")}`);
}
console.log(`all | ${all.length} | ${summary(all, "focused")} | ${summary(all, "ranked")} | ${summary(all, "flat")}`);
if (explain) {
  // Summed over definitions (not averaged per commit): how many stand in each relation, and how many the focused digest named.
  console.log("relation to the focus file | definitions (share) | named by the focused digest");
  const total = new Map<string, [number, number]>();
  for (const r of all) for (const [k, [n, hit]] of Object.entries(r.relations ?? {})) {
    const t = total.get(k) ?? [0, 0];
    total.set(k, [t[0] + n, t[1] + hit]);
  }
  const sum = [...total].filter(([k]) => !k.includes("changed with")).reduce((a, [, [n]]) => a + n, 0);
  for (const [k, [n, hit]] of [...total].sort()) console.log(`${k} | ${n} (${pct(n / sum)}) | ${hit} (${pct(hit / n)})`);
}
