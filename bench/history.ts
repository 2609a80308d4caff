// bench/history.ts: `history` against an oracle on real histories, `git log -L` beside it, and
// the time of one long history with a warm cache.
//   npm run bench -- history [--repos /work/data/history-bench] [--binary dist/ast-outline] [--per-repo 7] [--verbose]
// The repositories are clones under --repos (data, never part of this project): psf+requests,
// pallets+flask (Python), honojs+hono (TypeScript); see bench/README.md.
//
// The oracle, independent of ast-outline: CPython's `ast` (scripts/oracle/py_symbols.py) or the
// TypeScript compiler (test/conformance/typescript-defs.ts) names every definition of each
// version of a file. A symbol's own text is its lines (decorators to its end; TS with the JSDoc
// right above it) minus its nested definitions' lines, blank lines dropped. Walking the
// repository's non-merge commits newest first from HEAD, a commit is an event of the symbol
// when its own text changed, it was renamed (a definition gone from the old version with the
// same body, or clearly the most similar one, Dice >= 0.7 over lines), it moved (a definition of
// the same name gone from another file of the commit, same body or similar), its file was
// renamed, or it was added (none of these: the walk ends). A container's rename renames its
// members without being their event (their own text is the same).
// Symbols: the functions and methods of each repository's most-changed
// files whose oracle history holds a rename or a move of the symbol itself (a file rename only
// when there are not enough of those), the most events first.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseLog, type LogCommit } from "../src/io/git.ts";
import { typescriptDefs } from "../test/conformance/typescript-defs.ts";

const ROOT = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const verbose = args.includes("--verbose");
const reposDir = resolve(flag("--repos", "/work/data/history-bench"));
const binary = resolve(flag("--binary", join(ROOT, "dist", "ast-outline")));
const perRepo = Number(flag("--per-repo", "7"));
const REPOS: { name: string; lang: "python" | "typescript"; files: number; take: number }[] = [
  { name: "psf+requests", lang: "python", files: 6, take: perRepo },
  { name: "pallets+flask", lang: "python", files: 6, take: perRepo },
  { name: "honojs+hono", lang: "typescript", files: 8, take: 20 - 2 * perRepo },
];

interface Def {
  kind: string;
  name: string;
  own: string;
  body: string;
}
type Table = Map<string, Def>;

class Repo {
  readonly commits: LogCommit[];
  /** null: the version does not parse (the oracle cannot judge commits next to it). */
  private tables = new Map<string, Table | null>();
  constructor(readonly dir: string, readonly lang: "python" | "typescript") {
    const out = execFileSync("git", ["log", "--no-merges", "-M", "-z", "--raw", "--no-abbrev", "--format=%x1e%H%x00%P%x00%ct%x00%an%x00%s%x00", "HEAD"], { cwd: dir, maxBuffer: 1 << 30 });
    this.commits = parseLog(out);
  }
  ours(path: string): boolean {
    return this.lang === "python" ? path.endsWith(".py") : /\.tsx?$/.test(path) && !path.endsWith(".d.ts");
  }
  blobs(ids: string[]): Map<string, string> {
    const unique = [...new Set(ids)];
    const out = new Map<string, string>();
    if (!unique.length) return out;
    const r = spawnSync("git", ["cat-file", "--batch"], { cwd: this.dir, input: unique.join("\n") + "\n", maxBuffer: 1 << 30 });
    let pos = 0;
    const buf = r.stdout;
    for (const id of unique) {
      const nl = buf.indexOf(0x0a, pos);
      const size = Number(buf.subarray(pos, nl).toString().split(" ")[2]);
      out.set(id, buf.subarray(nl + 1, nl + 1 + size).toString("utf8"));
      pos = nl + 1 + size + 1;
    }
    return out;
  }
  /** The definitions of these blobs (each parsed once per run). */
  load(items: { id: string; path: string }[]): void {
    const todo = items.filter((i) => !this.tables.has(i.id));
    if (!todo.length) return;
    const texts = this.blobs(todo.map((t) => t.id));
    if (this.lang === "python") {
      const r = spawnSync("python3", [join(ROOT, "scripts", "oracle", "py_symbols.py")], { input: JSON.stringify(todo.map((t) => texts.get(t.id)!)), maxBuffer: 1 << 30, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`oracle failed: ${r.stderr}`);
      const tables = JSON.parse(r.stdout) as (Record<string, Def> | null)[];
      todo.forEach((t, i) => this.tables.set(t.id, tables[i] ? new Map(Object.entries(tables[i]!)) : null));
    } else for (const t of todo) this.tables.set(t.id, tsTable(t.path, texts.get(t.id)!));
  }
  /** Every version of these files and of the files they were renamed from, in one batch. */
  preload(paths: string[]): void {
    const interest = new Set(paths);
    const items: { id: string; path: string }[] = [];
    for (const c of this.commits) {
      for (const p of c.paths) {
        if (!interest.has(p.path)) continue;
        if (p.oldPath) interest.add(p.oldPath);
        if (p.newBlob) items.push({ id: p.newBlob, path: p.path });
        if (p.oldBlob) items.push({ id: p.oldBlob, path: p.oldPath ?? p.path });
      }
    }
    const seen = new Set<string>();
    this.load(items.filter((i) => !seen.has(i.id) && (seen.add(i.id), true)));
  }
  table(id: string | undefined, path: string): Table | null {
    if (!id) return new Map();
    this.load([{ id, path }]);
    return this.tables.get(id)!;
  }
}

function tsTable(path: string, text: string): Table | null {
  const lines = text.split("\n");
  const defs = typescriptDefs(path, text);
  const table: Table = new Map();
  for (const d of defs) {
    let start = d.start;
    // The JSDoc block right above (the compiler's getJSDocCommentsAndTags attaches exactly that one).
    if (lines[start - 2]?.trim().endsWith("*/")) {
      let s = start - 2;
      while (s > 0 && !lines[s - 1].trim().startsWith("/**") && !lines[s - 1].includes("*/")) s--;
      if (lines[s - 1]?.trim().startsWith("/**")) start = s;
      else if (lines[start - 2].trim().startsWith("/**")) start = start - 1;
    }
    const inner = defs.filter((x) => x !== d && x.name.startsWith(`${d.name}.`) && x.start >= d.start && x.end <= d.end && x.name.split(".").length === d.name.split(".").length + 1);
    const cut = new Set<number>();
    for (const x of inner) for (let l = x.start; l <= x.end; l++) cut.add(l);
    const own: string[] = [];
    for (let l = start; l <= d.end; l++) if (!cut.has(l) && lines[l - 1].trim()) own.push(lines[l - 1]);
    const name = d.name.split(".").pop()!;
    let key = d.name;
    for (let n = 2; table.has(key); n++) key = `${d.name}#${n}`;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    table.set(key, { kind: /Class|Interface|Enum|TypeAlias|Module/.test(d.kind) ? "class" : "function", name, own: own.join("\n"), body: own.slice(1).join("\n").replace(new RegExp(`\\b${escaped}\\b`, "g"), "") });
  }
  return table;
}

function dice(a: string, b: string): number {
  const la = a.split("\n").map((l) => l.trim()).filter(Boolean);
  const lb = b.split("\n").map((l) => l.trim()).filter(Boolean);
  if (la.length < 3 || lb.length < 3) return 0;
  const counts = new Map<string, number>();
  for (const l of la) counts.set(l, (counts.get(l) ?? 0) + 1);
  let common = 0;
  for (const l of lb) {
    const c = counts.get(l) ?? 0;
    if (c > 0) {
      common++;
      counts.set(l, c - 1);
    }
  }
  return (2 * common) / (la.length + lb.length);
}

/** The one candidate with the same body, else the clear best by similarity. */
function bestMatch(target: Def, candidates: [string, Def][]): [string, Def] | undefined {
  const same = candidates.filter(([, d]) => d.kind === target.kind && d.body !== "" && d.body === target.body);
  if (same.length === 1) return same[0];
  const scored = candidates.filter(([, d]) => d.kind === target.kind).map((c) => ({ c, s: dice(c[1].own, target.own) })).sort((a, b) => b.s - a.s);
  if (scored.length && scored[0].s >= 0.7 && (scored.length === 1 || scored[0].s - scored[1].s >= 0.1)) return scored[0].c;
  return undefined;
}

interface OracleEvent {
  sha: string;
  what: "modified" | "renamed" | "moved" | "file-renamed" | "added" | "unjudged";
}

function oracle(repo: Repo, path: string, name: string): OracleEvent[] {
  const events: OracleEvent[] = [];
  let cur = { path, name };
  for (const c of repo.commits) {
    const ch = c.paths.find((p) => p.path === cur.path && p.status !== "deleted");
    if (!ch) continue;
    const before = ch.oldPath ?? ch.path;
    const newT = repo.table(ch.newBlob, ch.path);
    const oldT = repo.table(ch.oldBlob, before);
    // A side that does not parse (a commit that broke or fixed the syntax): not judged, followed by name.
    if (!newT || !oldT) {
      events.push({ sha: c.sha, what: "unjudged" });
      cur = { path: before, name: cur.name };
      continue;
    }
    const n = newT.get(cur.name);
    if (!n) continue;
    const o = oldT.get(cur.name);
    if (o) {
      if (o.own !== n.own) events.push({ sha: c.sha, what: "modified" });
      else if (before !== ch.path) events.push({ sha: c.sha, what: "file-renamed" });
      cur = { path: before, name: cur.name };
      continue;
    }
    const gone = [...oldT].filter(([k]) => !newT.has(k));
    const renamed = bestMatch(n, gone);
    if (renamed) {
      // Only the qualifier changed (its container was renamed): the same own text, no event of its own.
      if (renamed[1].own !== n.own || renamed[1].name !== n.name) events.push({ sha: c.sha, what: "renamed" });
      else if (before !== ch.path) events.push({ sha: c.sha, what: "file-renamed" });
      cur = { path: before, name: renamed[0] };
      continue;
    }
    const others = c.paths.filter((p) => p !== ch && p.oldBlob && repo.ours(p.oldPath ?? p.path));
    repo.load(others.flatMap((p) => [{ id: p.oldBlob!, path: p.oldPath ?? p.path }, ...(p.newBlob ? [{ id: p.newBlob, path: p.path }] : [])]));
    const candidates: [string, Def, string][] = [];
    for (const p of others) {
      const oT = repo.table(p.oldBlob, p.oldPath ?? p.path);
      const nT = p.status === "deleted" ? new Map() : repo.table(p.newBlob, p.path) ?? new Map();
      if (oT) for (const [k, d] of oT) if (d.name === n.name && !nT.has(k)) candidates.push([k, d, p.oldPath ?? p.path]);
    }
    const moved = bestMatch(n, candidates.map(([k, d]) => [k, d]));
    if (moved) {
      const from = candidates.find(([k, d]) => k === moved[0] && d === moved[1])!;
      events.push({ sha: c.sha, what: "moved" });
      cur = { path: from[2], name: from[0] };
      continue;
    }
    events.push({ sha: c.sha, what: "added" });
    break;
  }
  return events;
}

function mostChanged(repo: Repo, count: number): string[] {
  const tally = new Map<string, number>();
  for (const c of repo.commits) for (const p of c.paths) if (p.status !== "deleted" && repo.ours(p.path) && !/(^|\/)(tests?|docs?|examples?)\//.test(p.path) && !/\.test\.tsx?$/.test(p.path)) tally.set(p.path, (tally.get(p.path) ?? 0) + 1);
  const existing = new Set(execFileSync("git", ["ls-files", "-z"], { cwd: repo.dir, encoding: "utf8" }).split("\0"));
  return [...tally].filter(([p]) => existing.has(p)).sort((a, b) => b[1] - a[1]).slice(0, count).map(([p]) => p);
}

function historyOf(dir: string, path: string, name: string): { shas: string[]; json: any } {
  const r = spawnSync(binary, ["history", path, name, "--format", "json"], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`history ${path} ${name}: ${r.stderr}`);
  const json = JSON.parse(r.stdout);
  return { shas: json.commits.map((c: any) => c.commit), json };
}

function logL(dir: string, path: string, name: string): string[] {
  const bare = name.split(".").pop()!;
  // As a user would ask: the bare name, with git's python driver for .py (else no indented method matches).
  const r = spawnSync("git", ["-c", `core.attributesFile=${ATTRIBUTES}`, "log", "--no-merges", "-s", "--format=%H", `-L:${bare}:${path}`], { cwd: dir, encoding: "utf8", maxBuffer: 1 << 30 });
  return r.status === 0 ? r.stdout.split("\n").filter(Boolean) : [];
}

function cpuOf(cmd: string, argv: string[], cwd: string): { user: number; sys: number; wall: number } {
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S %e", cmd, ...argv], { cwd, encoding: "utf8", maxBuffer: 1 << 30 });
  const [user, sys, wall] = r.stderr.trim().split("\n").pop()!.split(" ").map(Number);
  return { user, sys, wall };
}

if (!existsSync(binary)) throw new Error(`no binary at ${binary} (npm run build)`);
const ATTRIBUTES = join(mkdtempSync(join(tmpdir(), "history-bench-")), "attributes");
writeFileSync(ATTRIBUTES, "*.py diff=python\n");
const totals = { ours: { tp: 0, fp: 0, fn: 0 }, logL: { tp: 0, fp: 0, fn: 0 } };
const rows: string[] = [];
let totalUnjudged = 0;
for (const spec of REPOS) {
  const dir = join(reposDir, spec.name);
  if (!existsSync(join(dir, ".git"))) {
    console.log(`history: ${dir} is missing (git clone the repository there)`);
    continue;
  }
  const repo = new Repo(dir, spec.lang);
  // An indexed repository, so past versions' outlines are kept between runs (and symbols).
  if (!existsSync(join(dir, ".ast_outline_cache"))) execFileSync(binary, ["index"], { cwd: dir, stdio: "ignore" });
  const picked: { path: string; name: string; events: OracleEvent[]; own: boolean }[] = [];
  const files = mostChanged(repo, spec.files);
  repo.preload(files);
  for (const path of files) {
    const head = execFileSync("git", ["rev-parse", `HEAD:${path}`], { cwd: dir, encoding: "utf8" }).trim();
    for (const [key, def] of repo.table(head, path) ?? []) {
      // Functions and methods: a class's own text differs between the two sides (its fields are members for ast-outline, not for the oracle).
      if (key.includes("#") || def.kind !== "function") continue;
      const events = oracle(repo, path, key);
      const own = events.some((e) => e.what === "renamed" || e.what === "moved");
      if (own || events.some((e) => e.what === "file-renamed")) picked.push({ path, name: key, events, own });
    }
  }
  picked.sort((a, b) => Number(b.own) - Number(a.own) || b.events.length - a.events.length || a.name.localeCompare(b.name));
  for (const s of picked.slice(0, spec.take)) {
    const unjudged = new Set(s.events.filter((e) => e.what === "unjudged").map((e) => e.sha));
    const truth = new Set(s.events.filter((e) => e.what !== "unjudged").map((e) => e.sha));
    const ours = new Set(historyOf(dir, s.path, s.name).shas.filter((x) => !unjudged.has(x)));
    const theirs = new Set(logL(dir, s.path, s.name).filter((x) => !unjudged.has(x)));
    totalUnjudged += unjudged.size;
    const score = (got: Set<string>, t: { tp: number; fp: number; fn: number }) => {
      const tp = [...got].filter((x) => truth.has(x)).length;
      t.tp += tp;
      t.fp += got.size - tp;
      t.fn += truth.size - tp;
      return `${tp}/${truth.size} (+${got.size - tp})`;
    };
    const a = score(ours, totals.ours);
    const b = score(theirs, totals.logL);
    const kinds = [...new Set(s.events.map((e) => e.what))].filter((k) => k !== "unjudged").join(",");
    rows.push(`${spec.name} ${s.path} ${s.name} [${kinds}]: oracle ${truth.size}, history ${a}, git log -L ${b}`);
    console.log(rows[rows.length - 1]);
    if (verbose) {
      for (const x of truth) if (!ours.has(x)) console.log(`  missed ${x.slice(0, 12)} ${s.events.find((e) => e.sha === x)!.what}`);
      for (const x of ours) if (!truth.has(x)) console.log(`  extra  ${x.slice(0, 12)}`);
    }
  }
}
const pr = (t: { tp: number; fp: number; fn: number }) => `recall ${(t.tp / (t.tp + t.fn)).toFixed(3)}, precision ${(t.tp / (t.tp + t.fp)).toFixed(3)} (${t.tp} of ${t.tp + t.fn} oracle commits, ${t.fp} extra)`;
console.log(`RESULT history vs oracle over ${rows.length} symbols: ${pr(totals.ours)}; ${totalUnjudged} commits not judged (a side that does not parse)`);
console.log(`RESULT git log -L :name:file over the same: ${pr(totals.logL)}`);

// One long history with a warm cache: the symbol is an argument (--time-repo, --time-file, --time-symbol).
const timeRepo = join(reposDir, flag("--time-repo", "psf+requests"));
const timeFile = flag("--time-file", "src/requests/models.py");
const timeSymbol = flag("--time-symbol", "Response");
if (existsSync(join(timeRepo, ".git"))) {
  if (!existsSync(join(timeRepo, ".ast_outline_cache"))) execFileSync(binary, ["index"], { cwd: timeRepo, stdio: "ignore" });
  const first = historyOf(timeRepo, timeFile, timeSymbol); // fills the cache with past versions
  const warm = cpuOf(binary, ["history", timeFile, timeSymbol, "--format", "json"], timeRepo);
  console.log(`RESULT history ${timeFile} ${timeSymbol}: ${first.json.examined} commits examined, ${first.json.commits.length} listed; warm cache: ${(warm.user + warm.sys).toFixed(2)} s CPU (user ${warm.user}, sys ${warm.sys}), ${warm.wall} s wall`);
  const l = cpuOf("git", ["log", "--no-merges", "-s", "--format=%H", `-L:${timeSymbol.split(".").pop()}:${timeFile}`], timeRepo);
  console.log(`RESULT git log -L :${timeSymbol.split(".").pop()}:${timeFile}: ${(l.user + l.sys).toFixed(2)} s CPU, ${l.wall} s wall`);
}
