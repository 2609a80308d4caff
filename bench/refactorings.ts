// bench/refactorings.ts: `changed`'s renamed / moved reports against RefactoringMiner's public,
// validated oracle (rename, move, move-and-rename, pull-up, push-down of methods, classes and
// attributes), per language and per refactoring type: recall and precision.
//   bun bench/refactorings.ts --oracle PATH [--binary dist/ast-outline] [--baseline OTHER]
//        [--lang python,javascript,kotlin,java,java-tse] [--limit N] [--misses python,kotlin] [--extra python,kotlin]
// PATH (or env AST_OUTLINE_RM_ORACLE): RefactoringMiner's `src/test/resources/oracle` folder, or a
// bare git dir of the RefactoringMiner repository (the folder is read from its HEAD). The data is
// never part of this project. Each oracle commit is recreated as two commits of a temporary
// repository (the stored before files, then the after files) and `changed --base HEAD~1 --head
// HEAD --format json` is run on it.
// Scoring (bench/README.md, "refactorings"): an oracle entry (validation TP or CTP) is found when a
// report on a file of the dataset's language names the same old and new symbol name with the same
// old and new enclosing class (last segment; a top-level symbol's "class" is its file's stem). A
// module moved with its file (`X.__module__ moved to Y.__module__`) is found by the file rename.
// Precision: of the renamed / moved reports on files of that language, the share that match a
// validated entry; a member that moved with its container under its own name is the container's
// move, not a report of its own, and is not counted.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const ROOT = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : fallback;
};
const oracleArg = flag("--oracle", process.env.AST_OUTLINE_RM_ORACLE ?? "");
const binary = resolve(flag("--binary", join(ROOT, "dist", "ast-outline")));
const baselineArg = flag("--baseline", existsSync("/tmp/main-ast-outline") ? "/tmp/main-ast-outline" : "");
const langs = flag("--lang", "python,javascript,kotlin").split(",");
const limit = Number(flag("--limit", "0"));
const missesOf = flag("--misses", "");
const extraOf = flag("--extra", "");
/** Only commits whose folder name contains this; --keep leaves their repositories in place (paths printed). */
const only = flag("--only", "");
const keep = args.includes("--keep");
/** Every Nth commit of each language, in the dataset's order (a deterministic sample for iteration; the tables in bench/README.md use all). */
const sample = Number(flag("--sample", "1"));
if (!oracleArg) {
  console.error("refactorings: no oracle (--oracle PATH or AST_OUTLINE_RM_ORACLE: RefactoringMiner's src/test/resources/oracle, or its bare git dir)");
  process.exit(2);
}
if (!existsSync(binary)) throw new Error(`no binary at ${binary} (npm run build)`);
const binaries = [binary, ...(baselineArg && existsSync(baselineArg) ? [resolve(baselineArg)] : [])];

// The Kotlin dataset's projects mix Kotlin and Java (an Android app module in Java): its oracle names both.
const EXT: Record<string, RegExp> = { python: /\.py$/, javascript: /\.(js|jsx|mjs|cjs)$/, kotlin: /\.(kts?|java)$/, java: /\.java$/, "java-tse": /\.java$/ };
/** Languages whose top-level classes the oracle places in their package (`a.b.C`: parent `b`), not in their file. */
const PACKAGED = new Set(["kotlin", "java", "java-tse"]);
const TYPE = /^(Rename|Move|Move And Rename|Pull Up|Push Down) (Method|Class|Attribute)$/;

/** The oracle folder: as given, or extracted from the git dir once (only the datasets and commits asked). */
const work = mkdtempSync(join(tmpdir(), "ast-outline-rm-"));
let oracleDir = oracleArg;
const fromGit = !existsSync(join(oracleArg, "commits")) && existsSync(join(oracleArg, "HEAD"));
const ORACLE_IN_GIT = "src/test/resources/oracle";
const gitShow = (path: string) => execFileSync("git", [`--git-dir=${oracleArg}`, "show", `HEAD:${ORACLE_IN_GIT}/${path}`], { maxBuffer: 1 << 30 });
const readOracle = (path: string) => (fromGit ? gitShow(path) : readFileSync(join(oracleDir, path)));
if (fromGit) oracleDir = join(work, "oracle");

interface Entry { lang: string; type: string; group: string; oldName: string; newName: string; oldParent: string; newParent: string; moduleMove?: boolean; description: string }
interface Commit { lang: string; sha: string; parent: string; dir: string; entries: Entry[]; all: Entry[] }

const last = (q: string) => q.split(".").filter(Boolean).pop() ?? "";
/** `a.b.C` -> C; `a.b.__module__` / `a.b.X.module` (Kotlin's file facade) -> the file's stem. */
function parentOf(q: string): string {
  const parts = q.split(".");
  if (parts[parts.length - 1] === "__module__" || parts[parts.length - 1] === "module") parts.pop();
  // Kotlin: the members of `X`'s unnamed companion object (`a.X.Companion`) are X's in the outline.
  else if (parts[parts.length - 1] === "Companion" && parts.length > 1) parts.pop();
  return parts[parts.length - 1] ?? "";
}
/** The name in a method description: `public a.b.name(args) : T` -> name. */
const methodName = (s: string) => last(s.replace(/\(.*$/s, "").trim().split(/\s+/).pop() ?? "");
const attrName = (s: string) => last(s.replace(/\s*:.*$/s, "").trim().split(/\s+/).pop() ?? "");

function parse(lang: string, type: string, d: string): Entry | undefined {
  const [, verb, what] = TYPE.exec(type)!;
  const group = what.toLowerCase();
  const base = { lang, type, group, description: d };
  let m: RegExpExecArray | null;
  if (what === "Class") {
    m = /^(?:Move And Rename|Move|Rename) Class (\S+) (?:moved and renamed|moved|renamed) to (\S+)$/.exec(d);
    if (!m) return undefined;
    const [o, n] = [m[1], m[2]];
    if (/(\.__module__|\.module)$/.test(o) && /(\.__module__|\.module)$/.test(n)) return { ...base, oldName: parentOf(o), newName: parentOf(n), oldParent: "", newParent: "", moduleMove: true };
    const op = o.split("."), np = n.split(".");
    return { ...base, oldName: op.pop()!, newName: np.pop()!, oldParent: op.pop() ?? "", newParent: np.pop() ?? "" };
  }
  const nameOf = what === "Method" ? methodName : attrName;
  if (verb === "Rename") {
    m = /^Rename (?:Method|Attribute) (.+?) (?:renamed )?to (.+) in class (\S+)$/.exec(d);
    if (!m) return undefined;
    return { ...base, oldName: nameOf(m[1]), newName: nameOf(m[2]), oldParent: parentOf(m[3]), newParent: parentOf(m[3]) };
  }
  m = /^Move And Rename Attribute (.+?) renamed to (.+?) and moved from class (\S+) to class (\S+)$/.exec(d);
  if (m) return { ...base, oldName: nameOf(m[1]), newName: nameOf(m[2]), oldParent: parentOf(m[3]), newParent: parentOf(m[4]) };
  m = /^(?:Move And Rename|Move|Pull Up|Push Down) (?:Method|Attribute) (.+?) from class (\S+) to (.+) from class (\S+)$/.exec(d);
  if (!m) return undefined;
  return { ...base, oldName: nameOf(m[1]), newName: nameOf(m[3]), oldParent: parentOf(m[2]), newParent: parentOf(m[4]) };
}

interface OracleCommit { sha1: string; refactorings: { type: string; description: string; validation: string }[] }

/**
 * One language's validated commits. Python, JavaScript, Kotlin: `<lang>-dataset/data.json`. Java:
 * the root `data.json` (RefactoringMiner's own Java oracle); `java-tse`: the 400 commits of 20
 * Java projects in `tse-dataset/*.json` (each refactoring found by RefactoringMiner, by RefDiff or
 * by both, validated true or false), in data.json's shape: TP for true, FP for false.
 */
function dataset(lang: string): OracleCommit[] {
  if (lang === "java-tse") {
    const names = fromGit
      ? execFileSync("git", [`--git-dir=${oracleArg}`, "ls-tree", "--name-only", `HEAD:${ORACLE_IN_GIT}/tse-dataset`], { encoding: "utf8" }).split("\n").filter(Boolean)
      : readdirSync(join(oracleDir, "tse-dataset"));
    const out: OracleCommit[] = [];
    for (const n of names.filter((x) => x.endsWith(".json")).sort()) {
      const project = JSON.parse(readOracle(`tse-dataset/${n}`).toString()) as { results: ({ sha1: string } & Record<string, { type: string; description: string; validation: boolean }[]>)[] };
      for (const r of project.results) {
        const seen = new Set<string>();
        const refactorings: OracleCommit["refactorings"] = [];
        for (const x of [...r.commonRefactoring, ...r.ourApproach, ...r.baseline]) {
          // "Rename Method\tpublic a() : void renamed to …": the type is the text before the tab.
          const description = x.description.replace("\t", " ");
          if (seen.has(description)) continue;
          seen.add(description);
          refactorings.push({ type: x.description.split("\t")[0], description, validation: x.validation ? "TP" : "FP" });
        }
        out.push({ sha1: r.sha1, refactorings });
      }
    }
    return out;
  }
  const file = lang === "java" ? "data.json" : `${lang}-dataset/data.json`;
  let text: string;
  try {
    text = readOracle(file).toString();
  } catch {
    console.error(`refactorings: ${file} cannot be read from the oracle (a mirror may list a large blob it does not hold); --lang java-tse measures the Java TSE dataset instead`);
    process.exit(2);
  }
  return JSON.parse(text) as OracleCommit[];
}

function loadCommits(): Commit[] {
  const out: Commit[] = [];
  const names = fromGit
    ? execFileSync("git", [`--git-dir=${oracleArg}`, "ls-tree", "--name-only", `HEAD:${ORACLE_IN_GIT}/commits`], { encoding: "utf8", maxBuffer: 1 << 30 }).split("\n")
    : readdirSync(join(oracleDir, "commits"));
  const dirOf = new Map<string, string>();
  for (const n of names) if (n && !n.endsWith(".json")) dirOf.set(n.slice(n.lastIndexOf("-") + 1), n);
  for (const lang of langs) {
    let seen = 0;
    for (const c of dataset(lang)) {
      const dir = dirOf.get(c.sha1);
      if (!dir) continue;
      const meta = JSON.parse(readOracle(`commits/${dir}.json`).toString()) as { parentCommitId: string };
      const all: Entry[] = [];
      for (const r of c.refactorings) {
        if (!TYPE.test(r.type) || !["TP", "CTP"].includes(r.validation)) continue;
        const e = parse(lang, r.type, r.description);
        if (e) all.push(e);
        else console.error(`refactorings: unparsed ${r.type}: ${r.description}`);
      }
      if (only && !dir.includes(only)) continue;
      if (sample > 1 && seen++ % sample !== 0) continue;
      out.push({ lang, sha: c.sha1, parent: meta.parentCommitId, dir, entries: all, all });
      if (limit && out.filter((x) => x.lang === lang).length >= limit) break;
    }
  }
  return out;
}

const commits = loadCommits();
if (fromGit) {
  // One archive of every commit folder needed (before and after).
  const paths = commits.flatMap((c) => [c.dir, c.dir.slice(0, c.dir.lastIndexOf("-") + 1) + c.parent]).map((d) => `${ORACLE_IN_GIT}/commits/${d}`);
  mkdirSync(oracleDir, { recursive: true });
  const listed = new Set(execFileSync("git", [`--git-dir=${oracleArg}`, "ls-tree", "--name-only", `HEAD:${ORACLE_IN_GIT}/commits`], { encoding: "utf8", maxBuffer: 1 << 30 }).split("\n").map((n) => `${ORACLE_IN_GIT}/commits/${n}`));
  // One archive per folder: a blob missing from the mirror spoils only its own commit.
  for (const p of paths.filter((x) => listed.has(x))) {
    const r = spawnSync("git", [`--git-dir=${oracleArg}`, "archive", "HEAD", p], { maxBuffer: 2 ** 32 });
    if (r.status !== 0) console.error(`refactorings: ${p}: ${r.stderr.toString().trim().split("\n")[0]}`);
    spawnSync("tar", ["-x", "-C", oracleDir, "--strip-components=4"], { input: r.stdout });
  }
}

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p, rel + n + "/");
      else out.push(rel + n);
    }
  };
  walk(dir, "");
  return out;
}

const git = (cwd: string, ...a: string[]) => execFileSync("git", a, { cwd, encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, GIT_AUTHOR_NAME: "b", GIT_AUTHOR_EMAIL: "b@b", GIT_COMMITTER_NAME: "b", GIT_COMMITTER_EMAIL: "b@b" } });

/** The temporary repository of one oracle commit: the before files, then the after files. */
function recreate(c: Commit): string {
  const repo = join(work, "repos", c.dir);
  mkdirSync(repo, { recursive: true });
  git(repo, "init", "-q");
  const copy = (from: string) => {
    for (const f of files(from)) {
      mkdirSync(dirname(join(repo, f)), { recursive: true });
      writeFileSync(join(repo, f), readFileSync(join(from, f)));
    }
  };
  const project = c.dir.slice(0, c.dir.lastIndexOf("-") + 1);
  copy(join(oracleDir, "commits", project + c.parent));
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "--allow-empty", "-m", "before");
  for (const n of readdirSync(repo)) if (n !== ".git") rmSync(join(repo, n), { recursive: true, force: true });
  copy(join(oracleDir, "commits", c.dir));
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "--allow-empty", "-m", "after");
  return repo;
}

interface Report { parentsPaired?: boolean; implied?: boolean; oldQualified?: string; newQualified?: string; parents?: [string[], string[]]; group: string; change: string; oldName: string; newName: string; oldParent: string; newParent: string; path: string; oldPath: string; follows: boolean; pairedBy?: string; similarity?: number; fileRename?: boolean }

const stem = (p: string) => last(p.split("/").pop()!.replace(/\.[^.]+$/, ""));
const groupOfKind = (k: string) =>
  ["class", "interface", "struct", "enum", "trait", "object", "module", "namespace", "type"].includes(k) ? "class" : ["function", "method", "constructor"].includes(k) ? "method" : "attribute";

/** Whether a Kotlin declaration's signature puts a receiver before its name (`fun Fragment.getVm()`, `val <T> List<T>.second`). */
const hasReceiver = (signature: string, name: string) =>
  new RegExp(`\\b(?:fun|val|var)\\b[^(=:]*\\.\\s*\`?${name.replace(/[^\w]/g, "\\$&")}\`?\\s*[(:=<]`).test(signature);

/** The last segment of a Java or Kotlin file's `package` (its folder's name when it declares none). */
function packageOf(repo: string, rev: string, path: string): string {
  const r = spawnSync("git", ["show", `${rev}:${path}`], { cwd: repo, encoding: "utf8", maxBuffer: 1 << 30 });
  const m = /^\s*package\s+([\w.`]+)/m.exec(r.stdout ?? "");
  return m ? last(m[1].replace(/`/g, "")) : last(dirname(path).replace(/\//g, "."));
}

/**
 * Whether a renamed file is a module the oracle could name as moved: any Python or JavaScript
 * file (`a.b.__module__`); a Kotlin file with top-level code besides classes (`a.B.module`, its
 * file facade); never a Java file, whose classes move with it and are reported themselves.
 */
function namesModules(lang: string, repo: string, path: string): boolean {
  if (lang === "python" || lang === "javascript") return true;
  if (lang !== "kotlin") return false;
  const r = spawnSync(binary, ["outline", path, "--format", "json"], { cwd: repo, encoding: "utf8", maxBuffer: 1 << 30 });
  const symbols: { kind: string }[] = r.status === 0 ? JSON.parse(r.stdout).symbols ?? [] : [];
  return symbols.some((x) => groupOfKind(x.kind) !== "class");
}

interface Outlined { name: string; kind: string; qualifiedName: string; children?: Outlined[] }

/**
 * Files' symbols at HEAD (the work tree) or HEAD~1 (written beside the repository), outlined by
 * the build under test in one run per revision, by path.
 */
function outlineAt(repo: string, rev: "HEAD" | "HEAD~1", paths: string[]): Map<string, Outlined[]> {
  const out = new Map<string, Outlined[]>();
  const root = rev === "HEAD" ? repo : `${repo}.old`;
  const files: string[] = [];
  for (const path of new Set(paths)) {
    if (rev !== "HEAD") {
      const r = spawnSync("git", ["show", `${rev}:${path}`], { cwd: repo, maxBuffer: 1 << 30 });
      if (r.status !== 0) continue;
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), r.stdout);
    }
    files.push(path);
  }
  if (!files.length) return out;
  const r = spawnSync(binary, ["outline", ...files, "--format", "jsonl"], { cwd: root, encoding: "utf8", maxBuffer: 1 << 30 });
  for (const line of (r.stdout ?? "").split("\n")) {
    if (!line.trim()) continue;
    const o = JSON.parse(line);
    if (o.path && o.symbols) out.set(o.path, o.symbols);
  }
  return out;
}

const findQualified = (symbols: Outlined[], q: string): Outlined | undefined => {
  for (const s of symbols) {
    if (s.qualifiedName === q) return s;
    const inner = q.startsWith(`${s.qualifiedName}.`) ? findQualified(s.children ?? [], q) : undefined;
    if (inner) return inner;
  }
  return undefined;
};

/**
 * What reported container pairings say of their members: a member of the old class whose name
 * the new class has too is that member, moved (or renamed) with it (`changed` lists it only when
 * its own text changed). Each such pair, its parents the two classes, nested classes' members too.
 */
function impliedMembers(repo: string, containers: Report[]): Report[] {
  const olds = outlineAt(repo, "HEAD~1", containers.map((c) => c.oldPath));
  const news = outlineAt(repo, "HEAD", containers.map((c) => c.path));
  const out: Report[] = [];
  for (const c of containers) {
    const was = findQualified(olds.get(c.oldPath) ?? [], c.oldQualified!);
    const now = findQualified(news.get(c.path) ?? [], c.newQualified!);
    const walk = (a: Outlined, b: Outlined) => {
      const byName = new Map((b.children ?? []).map((x) => [x.name, x] as const));
      for (const x of a.children ?? []) {
        const y = byName.get(x.name);
        if (!y) continue;
        out.push({ group: groupOfKind(x.kind), change: "moved", oldName: x.name, newName: y.name, oldParent: a.name, newParent: b.name, parentsPaired: true, path: c.path, oldPath: c.oldPath, follows: true, implied: true, parents: [[a.name], [b.name]] });
        walk(x, y);
      }
    };
    if (was && now) walk(was, now);
  }
  return out;
}

function reports(json: any, lang: string, repo: string): Report[] {
  const out: Report[] = [];
  const containers: Report[] = [];
  const packages = new Map<string, string>();
  const pkg = (rev: string, path: string) => {
    const k = `${rev}:${path}`;
    if (!packages.has(k)) packages.set(k, packageOf(repo, rev, path));
    return packages.get(k)!;
  };
  for (const f of json.files ?? []) {
    if (!EXT[lang].test(f.path)) continue;
    if (f.status === "renamed" && f.oldPath && namesModules(lang, repo, f.path)) out.push({ group: "module", change: "renamed", oldName: stem(f.oldPath), newName: stem(f.path), oldParent: "", newParent: "", path: f.path, oldPath: f.oldPath, follows: false, fileRename: true });
    const pairs = new Set<string>();
    for (const s of f.symbols) if (s.change === "renamed" || s.change === "moved") pairs.add(`${s.oldQualifiedName ?? s.qualifiedName}>${s.qualifiedName}`);
    for (const s of f.symbols) {
      if (s.change !== "renamed" && s.change !== "moved") continue;
      const oq: string = s.oldQualifiedName ?? s.qualifiedName;
      const nq: string = s.qualifiedName;
      const oldPath = s.oldPath ?? f.oldPath ?? f.path;
      const op = oq.split("."), np = nq.split(".");
      const oldName = op.pop()!, newName = np.pop()!;
      const group = groupOfKind(s.kind);
      // Kotlin: an extension's receiver is a segment of its qualified name (`Fragment.getVm`); the
      // oracle names the function's class, or its file (`FragmentExt.module`) for a top-level one.
      if (lang === "kotlin" && group !== "class") {
        if (hasReceiver(s.oldSignature ?? s.signature, oldName)) op.pop();
        if (hasReceiver(s.signature, newName)) np.pop();
      }
      const opq = op.join("."), npq = np.join(".");
      // A top-level class of Java or Kotlin is in its package (`a.b.C`), not in a file or class.
      const packaged = group === "class" && PACKAGED.has(lang);
      const oldParent = op.length ? op[op.length - 1] : packaged ? pkg("HEAD~1", oldPath) : stem(oldPath);
      const newParent = np.length ? np[np.length - 1] : packaged ? pkg("HEAD", f.path) : stem(f.path);
      const containerPaired = opq !== "" && npq !== "" && (pairs.has(`${opq}>${npq}`) || (opq === npq && oldPath !== f.path));
      // Not a report of its own: a member that kept its name inside a container paired elsewhere
      // (it follows the container), a constructor named after its class (renamed or moved with
      // it: the oracle lists the class), and a class whose name and package stay (moved with its
      // renamed file: the oracle has no such entry).
      const follows =
        (oldName === newName && containerPaired) ||
        (group === "method" && oldName === oldParent && newName === newParent) ||
        (packaged && oldName === newName && oldParent === newParent && !op.length && !np.length);
      out.push({
        group, change: s.change, oldName, newName, oldParent, newParent, parentsPaired: containerPaired && opq !== npq,
        path: f.path, oldPath, follows, pairedBy: s.evidence, similarity: s.similarity,
        // The oracle names a JavaScript function's "class" by its file; other languages by the class.
        parents: [[op.length ? op[op.length - 1] : stem(oldPath), stem(oldPath)], [np.length ? np[np.length - 1] : stem(f.path), stem(f.path)]],
      });
      if (group === "class") containers.push({ ...out[out.length - 1], oldQualified: oq, newQualified: nq });
    }
  }
  if (containers.length) out.push(...impliedMembers(repo, containers));
  return out;
}

/** Kotlin: RefactoringMiner names a property's accessor (`getItems()`, `setItems(v)`, `isEmpty()`); the outline, the property (`items`, `isEmpty`). */
const asProperty = (name: string) => {
  if (/^is[A-Z]/.test(name)) return name;
  const a = /^(?:get|set)([A-Z].*)$/.exec(name)?.[1];
  return a ? a[0].toLowerCase() + a.slice(1) : undefined;
};
const sameName = (e: Entry, r: Report) =>
  (r.oldName === e.oldName && r.newName === e.newName) ||
  (e.lang === "kotlin" && e.group === "method" && r.group === "attribute" && r.oldName === asProperty(e.oldName) && r.newName === asProperty(e.newName));

/**
 * An entry and a report name the same pair. A "Rename Method/Attribute … in class C" names its
 * class once, by its new name: inside a class the report pairs with another name (renamed with
 * it), the report's old parent is C's old name.
 */
const matches = (e: Entry, r: Report) =>
  // Kotlin: `X.Companion moved to Y.Companion` is the companion object's members moving from X to Y (the outline lists them under X and Y).
  e.lang === "kotlin" && e.group === "class" && e.oldName === "Companion" && e.newName === "Companion"
    ? !r.fileRename && r.group !== "class" && r.oldName === r.newName && r.oldParent === e.oldParent && r.newParent === e.newParent
    : e.moduleMove
    ? r.fileRename === true && r.oldName === e.oldName && r.newName === e.newName
    : !r.fileRename && sameName(e, r) &&
      (e.lang === "javascript"
        ? r.parents![0].includes(e.oldParent) && r.parents![1].includes(e.newParent)
        : r.newParent === e.newParent && (r.oldParent === e.oldParent || (e.type.startsWith("Rename ") && e.group !== "class" && r.parentsPaired === true)));

interface Tally { total: number; found: number; reports: number; correct: number; maxMs: number; slowest?: string; misses: string[]; extra: string[] }
const tallies = binaries.map(() => new Map<string, Tally>());
const tally = (i: number, key: string) => {
  let t = tallies[i].get(key);
  if (!t) tallies[i].set(key, (t = { total: 0, found: 0, reports: 0, correct: 0, maxMs: 0, misses: [], extra: [] }));
  return t;
};

let done = 0;
for (const c of commits) {
  const repo = recreate(c);
  binaries.forEach((bin, i) => {
    const t0 = performance.now();
    const r = spawnSync(bin, ["changed", "--base", "HEAD~1", "--head", "HEAD", "--format", "json"], { cwd: repo, encoding: "utf8", maxBuffer: 1 << 30 });
    const ms = performance.now() - t0;
    if (r.status !== 0 && r.status !== 1) {
      console.error(`refactorings: ${c.dir}: exit ${r.status}: ${r.stderr.trim()}`);
      return;
    }
    const reps = reports(JSON.parse(r.stdout), c.lang, repo);
    const total = tally(i, `${c.lang}|all`);
    if (ms > total.maxMs) total.slowest = c.dir;
    total.maxMs = Math.max(total.maxMs, ms);
    for (const e of c.entries) {
      const hit = reps.some((x) => matches(e, x));
      for (const key of [`${c.lang}|all`, `${c.lang}|${e.type}`]) {
        const t = tally(i, key);
        t.total++;
        if (hit) t.found++;
      }
      if (!hit) total.misses.push(`${c.dir.slice(0, 24)} ${e.description}`);
    }
    for (const x of reps) {
      if (x.follows) continue;
      const ok = c.all.some((e) => matches(e, x));
      total.reports++;
      if (ok) total.correct++;
      else total.extra.push(`${c.dir.slice(0, 24)} ${x.change} ${x.group} ${x.oldPath}:${x.oldParent}.${x.oldName} -> ${x.path}:${x.newParent}.${x.newName} ${x.pairedBy ?? ""} ${x.similarity ?? ""}`);
    }
  });
  if (keep) console.error(`refactorings: kept ${repo}`);
  else for (const d of [repo, `${repo}.old`]) rmSync(d, { recursive: true, force: true });
  if (++done % 25 === 0) console.error(`refactorings: ${done}/${commits.length} commits`);
}
if (!keep) rmSync(work, { recursive: true, force: true });

const pct = (a: number, b: number) => (b ? (a / b).toFixed(3) : "-");
const heads = binaries.map((b, i) => (i === 0 ? "this build" : `baseline (${b})`));
console.log(`\nrefactorings: ${commits.length} commits; recall = found / oracle entries, precision = matching reports / reports`);
console.log(`| language | type | oracle | ${heads.map((h) => `recall ${h} | precision ${h}`).join(" | ")} |`);
console.log(`|---|---|---:|${heads.map(() => "---:|---:").join("|")}|`);
const keys = [...tallies[0].keys()].sort((a, b) => (a.endsWith("|all") ? -1 : 0) - (b.endsWith("|all") ? -1 : 0) || a.localeCompare(b));
for (const lang of langs) {
  for (const key of keys.filter((k) => k.startsWith(lang + "|")).sort((a, b) => Number(b.endsWith("|all")) - Number(a.endsWith("|all")) || a.localeCompare(b))) {
    const all = key.endsWith("|all");
    const cells = tallies.map((m) => {
      const t = m.get(key) ?? { total: 0, found: 0, reports: 0, correct: 0 };
      return `${pct(t.found, t.total)} | ${all ? `${pct(t.correct, t.reports)} (${t.correct}/${t.reports})` : ""}`;
    });
    console.log(`| ${all ? `**${lang}**` : lang} | ${all ? "all" : key.split("|")[1]} | ${tallies[0].get(key)!.total} | ${cells.join(" | ")} |`);
  }
}
for (const lang of langs) {
  const t = tallies[0].get(`${lang}|all`);
  if (t) console.log(`${lang}: slowest commit ${heads.map((h, i) => `${h} ${Math.round(tallies[i].get(`${lang}|all`)?.maxMs ?? 0)} ms (${tallies[i].get(`${lang}|all`)?.slowest})`).join(", ")}`);
}
for (const l of missesOf.split(",").filter(Boolean)) console.log(`\nmisses (${l}):\n` + (tallies[0].get(`${l}|all`)?.misses ?? []).join("\n"));
for (const l of extraOf.split(",").filter(Boolean)) console.log(`\nreports matching no entry (${l}):\n` + (tallies[0].get(`${l}|all`)?.extra ?? []).join("\n"));
