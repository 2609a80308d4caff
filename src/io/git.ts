// The one place that runs git, and the one place its failures become errors. No shell;
// revisions always after `--end-of-options`; a value that starts with `-` is refused before git
// sees it. Every failure becomes a one-line input error (gitFailure): a failed git call is never
// read as "nothing changed". Async calls serve `changed` and the listing; the sync ones serve
// the cache's trust check and the hook, whose callers are synchronous file walks. Processes
// start through the run's Env (env.ts), with its variables.
import { inputError, OutlineError, problemOf } from "../core/errors.ts";
import { pathFromBytes, splitNulPaths } from "./names.ts";
import type { Env } from "./env.ts";
import type { Exit } from "./process.ts";

export interface GitResult {
  stdout: Buffer;
  stderr: string;
}

/** Run git with `args` in `cwd`; reject with an OutlineError on a non-zero exit. */
export async function git(env: Env, cwd: string, args: string[], what: string): Promise<GitResult> {
  const exit = await env.processes.start("git", guarded(args), { cwd, env: gitEnv(env) }).finish("");
  checkExit(exit, what);
  return { stdout: exit.stdout, stderr: exit.stderr.toString("utf8").trim() };
}

/** Throw the input error for a git that did not run or failed (gitFailure). */
function checkExit(exit: Exit, what: string): void {
  const failure = gitFailure(exit, what);
  if (failure) throw failure;
}

/**
 * The one mapping from how git ended to an error: not started (missing from PATH, or another
 * reason), not a repository, or failed with the first `fatal:`/`error:` line it printed.
 * Undefined when it exited 0.
 */
export function gitFailure(exit: Exit, what: string): OutlineError | undefined {
  if (exit.code instanceof Error) {
    const code = (exit.code as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return new OutlineError({ kind: "git-missing" });
    return new OutlineError({ kind: "git-unstartable", cause: code ?? exit.code.message });
  }
  if (exit.code === 0) return undefined;
  const stderr = exit.stderr.toString("utf8").trim();
  if (/not a git repository/i.test(stderr)) return notARepository();
  const fallback = `exit ${exit.code}`;
  const first = (stderr.split("\n").find((l) => /^(fatal|error):/.test(l)) ?? stderr.split("\n")[0] ?? fallback).replace(/^(fatal|error):\s*/, "");
  return new OutlineError({ kind: "git-failed", what, reason: first || fallback });
}

/** The error for a folder outside every git work tree; `hint` says what to do instead. */
export function notARepository(hint = "run it inside a git work tree"): OutlineError {
  return new OutlineError({ kind: "not-a-repository", hint });
}

function gitEnv(env: Env): NodeJS.ProcessEnv {
  // Plain, stable output whatever the user's configuration or locale says; never a prompt (a
  // lazy fetch in a partial clone asking for a password would hang the run).
  return { ...env.vars, LC_ALL: "C", GIT_PAGER: "cat", GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", SSH_ASKPASS: "", GIT_ALLOW_PROTOCOL: "https:http" };
}

/**
 * Settings given to every git call, over whatever the repository's own `.git/config` says. A
 * folder that arrived as files (an archive, a shared folder, a CI artifact) brings its config
 * with it, and git's safe.directory check passes for it (the user owns the extracted files): so
 * no setting that makes git start a program may come from there. `-c` outranks every config
 * file and reaches the git processes git itself starts (a submodule's status) through
 * GIT_CONFIG_PARAMETERS. What git runs otherwise, per command: an external diff and textconv
 * (`--no-ext-diff --no-textconv` on every diff and log, diff.external emptied as well), the
 * clean/smudge/process filters of `.gitattributes` (emptied by name where git reads the work
 * tree: filterOverrides), a pager (none: `--no-pager`, GIT_PAGER=cat). Network: the only fetch
 * git may make by itself is a partial clone's lazy fetch of a missing blob; it may use https or
 * http only (no ssh command, no `ext::`, no local upload-pack), with no credential helper:
 * GIT_ALLOW_PROTOCOL (gitEnv) overrides every protocol.<name>.allow a config file sets.
 */
export const GUARD_CONFIG: readonly string[] = [
  "core.fsmonitor=false",
  "core.hooksPath=/dev/null",
  "core.pager=cat",
  "core.sshCommand=false",
  "core.gitProxy=",
  "core.askPass=",
  "core.alternateRefsCommand=",
  "diff.external=",
  "uploadpack.packObjectsHook=",
  "credential.helper=",
  "gpg.program=false",
  "log.showSignature=false",
  "protocol.allow=never",
  "protocol.https.allow=always",
  "protocol.http.allow=always",
];

/** `args` behind the guard settings. */
function guarded(args: string[], extra: readonly string[] = [], keep?: string): string[] {
  const out = ["--no-pager"];
  for (const kv of GUARD_CONFIG) if (!keep || !kv.startsWith(`${keep}=`)) out.push("-c", kv);
  for (const kv of extra) out.push("-c", kv);
  out.push(...args);
  return out;
}

/**
 * The clean, smudge and process commands of every filter driver the repository's config names,
 * emptied (an empty command is no filter to git). Driver names are the config's to choose and
 * cannot be listed in advance, so they are read first (reading config starts nothing). Needed
 * where git reads the work tree's content (a work-tree diff hashes files whose stat changed).
 */
async function filterOverrides(env: Env, cwd: string): Promise<string[]> {
  const exit = await env.processes.start("git", guarded(["config", "-z", "--name-only", "--get-regexp", "^filter\\."]), { cwd, env: gitEnv(env) }).finish("");
  if (exit.code !== 0) return []; // 1: no filter configured
  const drivers = new Set<string>();
  for (const key of exit.stdout.toString("utf8").split("\0")) {
    const m = /^filter\.(.+)\.[^.]+$/s.exec(key);
    if (m) drivers.add(m[1]);
  }
  return [...drivers].flatMap((d) => [`filter.${d}.clean=`, `filter.${d}.smudge=`, `filter.${d}.process=`, `filter.${d}.required=false`]);
}

/** A revision from the user (maybe from untrusted PR metadata). */
export function checkRevision(rev: string, flag: string): string {
  if (rev === "") throw new OutlineError({ kind: "empty-revision", flag });
  if (rev.startsWith("-")) throw new OutlineError({ kind: "dash-revision", flag, rev });
  if (/[\0\n]/.test(rev)) throw new OutlineError({ kind: "bad-revision", rev });
  return rev;
}

export async function repoRoot(env: Env, cwd: string): Promise<string> {
  const r = await git(env, cwd, ["rev-parse", "--show-toplevel"], "rev-parse");
  const root = r.stdout.toString("utf8").trim();
  if (!root) throw notARepository();
  return root;
}

/** A revision to resolve: `given` false when it is the default (HEAD), not something the user typed. */
export interface Revision {
  rev: string;
  flag: string;
  given?: boolean;
}

/**
 * The commit a revision names, as a full sha. For `--base`, git's empty tree also stands for
 * "before the first commit": the default base in a repository without commits, and the value
 * to pass to see what the first commit added.
 */
export async function resolveCommit(env: Env, root: string, rev: string, flag: string, given = true): Promise<string> {
  checkRevision(rev, flag);
  const sha = await verify(env, root, `${rev}^{commit}`);
  if (sha) return sha;
  if (flag === "--base") {
    const empty = await emptyTree(env, root);
    if (given ? (await verify(env, root, `${rev}^{tree}`)) === empty : await unborn(env, root)) return empty;
  }
  throw await unresolved(env, root, { rev, flag, given });
}

async function verify(env: Env, root: string, spec: string): Promise<string | undefined> {
  try {
    const r = await git(env, root, ["rev-parse", "--verify", "--quiet", "--end-of-options", spec], "rev-parse");
    const sha = r.stdout.toString("utf8").trim();
    return /^[0-9a-f]{40,64}$/.test(sha) ? sha : undefined;
  } catch (e) {
    if (problemOf(e, "not-a-repository")) throw e;
    return undefined;
  }
}

/** Git's empty tree id in this repository's hash (it exists in every repository without being stored). */
export async function emptyTree(env: Env, root: string): Promise<string> {
  const r = await git(env, root, ["hash-object", "-t", "tree", "--stdin"], "hash-object");
  return r.stdout.toString("utf8").trim();
}

/** HEAD names a branch that has no commit yet (a new repository). */
async function unborn(env: Env, root: string): Promise<boolean> {
  if (await verify(env, root, "HEAD")) return false;
  try {
    await git(env, root, ["symbolic-ref", "--quiet", "HEAD"], "symbolic-ref");
    return true;
  } catch {
    return false;
  }
}

/** The error for a revision that names no commit, saying which option it came from. */
async function unresolved(env: Env, root: string, r: Revision & { given: boolean }): Promise<OutlineError> {
  if (!r.given || r.rev === "HEAD") {
    if (await unborn(env, root) && r.given) return new OutlineError({ kind: "unborn-revision", flag: r.flag });
    // Nothing the user typed: the message names HEAD, no option.
    if (await unborn(env, root)) return new OutlineError({ kind: "no-commits" });
    return new OutlineError({ kind: "head-not-a-commit", flag: r.flag });
  }
  // `X~1`, `X^`: X exists, the walk back ran out of history.
  const walk = /^(.+?)((?:[~^]\d*)+)$/.exec(r.rev);
  if (walk && (await verify(env, root, `${walk[1]}^{commit}`))) {
    const emptyTreeId = r.flag === "--base" ? await emptyTree(env, root) : undefined;
    return new OutlineError({ kind: "past-first-commit", flag: r.flag, rev: r.rev, emptyTree: emptyTreeId });
  }
  return new OutlineError({ kind: "unknown-revision", flag: r.flag, rev: r.rev });
}

/**
 * The repository root and the commits `revs` name, in one `git rev-parse` (a process less per
 * revision on the hot path of `changed`). Anything unexpected (an unknown revision, a range,
 * not a repository, no commit yet) falls back to the one-call-per-question path for its exact
 * error or its empty-tree base.
 */
export async function resolveCommits(env: Env, cwd: string, revs: Revision[]): Promise<{ root: string; shas: string[] }> {
  for (const r of revs) checkRevision(r.rev, r.flag);
  try {
    const r = await git(env, cwd, ["rev-parse", "--show-toplevel", "--end-of-options", ...revs.map((x) => `${x.rev}^{commit}`)], "rev-parse");
    // Some git versions echo `--end-of-options` when not in --verify mode.
    const lines = r.stdout.toString("utf8").split("\n").filter((l) => l !== "" && l !== "--end-of-options");
    const shas = lines.slice(1);
    if (lines[0] && shas.length === revs.length && shas.every((s) => /^[0-9a-f]{40,64}$/.test(s))) return { root: lines[0], shas };
  } catch {
    // fall through for the precise error
  }
  const root = await repoRoot(env, cwd);
  const shas: string[] = [];
  for (const r of revs) shas.push(await resolveCommit(env, root, r.rev, r.flag, r.given ?? true));
  return { root, shas };
}

export async function mergeBase(env: Env, root: string, a: string, b: string): Promise<string> {
  try {
    const r = await git(env, root, ["merge-base", "--end-of-options", a, b], "merge-base");
    const sha = r.stdout.toString("utf8").trim();
    if (sha) return sha;
  } catch {
    // fall through: no common ancestor is the one expected failure
  }
  throw new OutlineError({ kind: "no-merge-base", a, b });
}

export type ChangeStatus = "added" | "deleted" | "modified" | "renamed" | "copied" | "type-changed";

export interface ChangedPath {
  status: ChangeStatus;
  path: string;
  oldPath?: string;
  /** Blob ids; undefined for the missing side and for the work tree (read from disk). */
  oldBlob?: string;
  newBlob?: string;
  oldMode: string;
  newMode: string;
}

const ZERO = /^0+$/;

/**
 * What changed between two trees, with git's rename detection.
 * `head` undefined: the work tree (or the index with `cached`). Any `cwd` inside the work tree.
 * `pathspec`: only these paths (literal, relative to `cwd`); empty: the whole repository.
 */
/** `pathspec`: paths taken literally, relative to the root; `userPathspec`: git pathspecs as the user wrote them, relative to `cwd`. */
export async function diffPaths(env: Env, cwd: string, base: string, head: string | undefined, cached: boolean, pathspec: string[] = [], userPathspec: readonly string[] = []): Promise<ChangedPath[]> {
  // --no-relative: paths from the root even when run from a subfolder with diff.relative set.
  const args = ["diff", "--raw", "-z", "--no-abbrev", "-M", "--no-ext-diff", "--no-textconv", "--no-color", "--ignore-submodules=none", "--no-relative"];
  if (cached) args.push("--cached");
  args.push("--end-of-options", base);
  if (head) args.push(head);
  args.push("--", ...pathspec.map((p) => `:(literal)${p}`), ...userPathspec);
  const extra = head === undefined && !cached ? await filterOverrides(env, cwd) : [];
  const exit = await env.processes.start("git", guarded(args, extra), { cwd, env: gitEnv(env) }).finish("");
  checkExit(exit, "diff");
  return parseRaw(exit.stdout);
}

/**
 * `:100644 100644 <old> <new> M\0path\0` records; R/C records carry two paths. Paths that are
 * not UTF-8 come quoted (names.ts).
 */
export function parseRaw(out: Uint8Array): ChangedPath[] {
  const parts = splitNulPaths(out);
  const result: ChangedPath[] = [];
  for (let i = 0; i < parts.length; ) {
    const head = parts[i++];
    const m = /^:(\d+) (\d+) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])(\d*)$/.exec(head);
    if (!m) throw new OutlineError({ kind: "internal", message: `unexpected git diff output: ${head.slice(0, 80)}` });
    const [, oldMode, newMode, oldSha, newSha, letter] = m;
    const first = parts[i++];
    const second = letter === "R" || letter === "C" ? parts[i++] : undefined;
    const oldBlob = ZERO.test(oldSha) ? undefined : oldSha;
    const newBlob = ZERO.test(newSha) ? undefined : newSha;
    const status: ChangeStatus =
      letter === "A" ? "added" : letter === "D" ? "deleted" : letter === "R" ? "renamed" : letter === "C" ? "copied" : letter === "T" ? "type-changed" : "modified";
    result.push({
      status,
      path: second ?? first,
      oldPath: second !== undefined ? first : undefined,
      oldBlob: status === "added" ? undefined : oldBlob,
      newBlob: status === "deleted" ? undefined : newBlob,
      oldMode,
      newMode,
    });
  }
  return result;
}

/** Read many blobs with one `git cat-file --batch` process. Missing objects are an error. */
export function readBlobs(env: Env, root: string, ids: string[]): Promise<Map<string, Buffer>> {
  if (!ids.length) return Promise.resolve(new Map());
  return startBlobReader(env, root)(ids);
}

/** Each blob's size from one `git cat-file --batch-check` (to leave out what is too large before reading it). */
export async function blobSizes(env: Env, root: string, ids: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const unique = [...new Set(ids)];
  if (!unique.length) return sizes;
  const exit = await env.processes.start("git", guarded(["cat-file", "--batch-check"]), { cwd: root, env: gitEnv(env) }).finish(unique.join("\n") + "\n");
  checkExit(exit, "cat-file --batch-check");
  for (const line of exit.stdout.toString("utf8").split("\n")) {
    const m = /^([0-9a-f]+) \w+ (\d+)$/.exec(line);
    if (m) sizes.set(m[1], Number(m[2]));
  }
  return sizes;
}

/**
 * Start `git cat-file --batch` now, ask for the blobs later (once): the process starts while
 * the caller still waits for other git calls, so its start is off the critical path. The first
 * call asks (no ids: just lets git go); later calls return its answer.
 */
export function startBlobReader(env: Env, cwd: string): (ids: string[]) => Promise<Map<string, Buffer>> {
  const child = env.processes.start("git", guarded(["cat-file", "--batch"]), { cwd, env: gitEnv(env) });
  let answer: Promise<Map<string, Buffer>> | undefined;
  return (ids) => {
    if (answer) return answer; // asked already: a later call (a cleanup) changes nothing
    const unique = [...new Set(ids)];
    return (answer = child.finish(unique.length ? unique.join("\n") + "\n" : "").then((exit) => parseBatch(exit, unique)));
  };
}

function parseBatch(exit: Exit, unique: string[]): Map<string, Buffer> {
  const result = new Map<string, Buffer>();
  if (!unique.length && !(exit.code instanceof Error)) return result; // nothing asked: how git ended does not matter
  checkExit(exit, "cat-file");
  const out = exit.stdout;
  let pos = 0;
  for (const id of unique) {
    const nl = out.indexOf(0x0a, pos);
    const header = out.subarray(pos, nl).toString("utf8");
    const m = /^([0-9a-f]+) (\w+) (\d+)$/.exec(header);
    if (!m) throw inputError(`git cat-file could not read ${id}: ${header}`);
    const size = Number(m[3]);
    result.set(id, out.subarray(nl + 1, nl + 1 + size));
    pos = nl + 1 + size + 1; // content, then a newline
  }
  return result;
}

/** Synchronous git for the cache and the hook; same error rules as `git()`. */
export function gitSync(env: Env, cwd: string, args: string[], input?: Uint8Array, keep?: string): Buffer {
  const exit = env.processes.runSync("git", guarded(args, [], keep), { cwd, input, env: gitEnv(env) });
  checkExit(exit, args[0]);
  return exit.stdout;
}

/** The work-tree root of the repository around cwd, or undefined outside one. */
export function findRepoRoot(env: Env, cwd: string): string | undefined {
  const r = env.processes.runSync("git", guarded(["rev-parse", "--show-toplevel"]), { cwd, env: gitEnv(env) });
  return r.code === 0 ? r.stdout.toString("utf8").trim() || undefined : undefined;
}

/** Files added, copied, modified or renamed in the index (what a commit would record). */
export function stagedFiles(env: Env, root: string): string[] {
  return splitNulPaths(gitSync(env, root, ["diff", "--cached", "--name-only", "-z", "--diff-filter=ACMR", "--no-renames"]));
}

/** The index's blob ids for the given paths (`git ls-files -s`); submodules left out. */
export function stagedBlobIds(env: Env, root: string, paths: string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (!paths.length) return out;
  // `:(literal)`: a name with `*`, `?` or `[` is that file, not a pattern.
  const records = gitSync(env, root, ["ls-files", "-s", "-z", "--", ...paths.map((p) => `:(literal)${p}`)]);
  for (let start = 0; start < records.length; ) {
    let end = records.indexOf(0, start);
    if (end < 0) end = records.length;
    const tab = records.indexOf(0x09, start);
    const m = tab > start && tab < end ? /^(\d+) ([0-9a-f]+) (\d)$/.exec(records.subarray(start, tab).toString("latin1")) : null;
    if (m && m[3] === "0" && m[1] !== "160000") out.set(pathFromBytes(records.subarray(tab + 1, end)), m[2]);
    start = end + 1;
  }
  return out;
}

/**
 * Settings over the user's for `git grep` (wordFiles, gitGrep): its output is parsed, so nothing
 * the options leave open may add line numbers, columns or other paths, or search something else
 * than the work tree (a folder outside git, submodules: with submodule.recurse set, git refuses
 * `--untracked` outright).
 */
const GREP_CONFIG = ["grep.lineNumber=false", "grep.column=false", "grep.fullName=false", "grep.fallbackToNoIndex=false", "submodule.recurse=false"];

/** What `wordFiles` found: which files hold a word, and which files git searched. */
export interface WordFiles {
  /** Files holding at least one of the words as a whole word, relative to the root. */
  hits: Set<string>;
  /** Every file git searched (tracked ones present in the work tree, and untracked ones it does not ignore), relative to the root. */
  searched: Set<string>;
}

/**
 * The work-tree files that hold any of `words` as a whole word, by git's `grep -w -F` (a match
 * not preceded or followed by a letter, digit or underscore), in one pass of git's native,
 * threaded search: a cheap filter before reading and parsing files. Binary-looking files are
 * searched as text. Alongside, the files git searched (`ls-files -co --exclude-standard`), so a
 * caller can tell "no match" from "not searched" (an ignored file, a submodule's).
 */
export async function wordFiles(env: Env, root: string, words: string[]): Promise<WordFiles> {
  const patterns = [...new Set(words)].filter((w) => w !== "" && !/[\0\n]/.test(w));
  const grepArgs = ["grep", "-l", "-z", "-w", "-F", "--untracked", "--text", "--no-color", ...patterns.flatMap((w) => ["-e", w])];
  const [grep, listing] = await Promise.all([
    patterns.length ? env.processes.start("git", guarded(grepArgs, GREP_CONFIG), { cwd: root, env: gitEnv(env) }).finish("") : undefined,
    git(env, root, ["ls-files", "-co", "--exclude-standard", "-z"], "ls-files"),
  ]);
  // 1: nothing matched; anything else but 0 is a failure, never "no file holds it".
  if (grep && grep.code !== 1) checkExit(grep, "grep");
  return {
    hits: new Set(grep && grep.code === 0 ? splitNulPaths(grep.stdout) : []),
    searched: new Set(splitNulPaths(listing.stdout)),
  };
}

/**
 * The index written as a tree object (what `git commit` writes next: the same objects), or
 * undefined when it cannot be one (unmerged paths).
 */
export function indexTree(env: Env, root: string): string | undefined {
  const r = env.processes.runSync("git", guarded(["write-tree"]), { cwd: root, env: gitEnv(env) });
  const id = r.code === 0 ? r.stdout.toString("utf8").trim() : "";
  return /^[0-9a-f]{40,64}$/.test(id) ? id : undefined;
}

/** The tree of HEAD's commit, or undefined before the first commit. */
export function headTree(env: Env, root: string): string | undefined {
  const r = env.processes.runSync("git", guarded(["rev-parse", "-q", "--verify", "--end-of-options", "HEAD^{tree}"]), { cwd: root, env: gitEnv(env) });
  const id = r.code === 0 ? r.stdout.toString("utf8").trim() : "";
  return /^[0-9a-f]{40,64}$/.test(id) ? id : undefined;
}

/** Files added, copied or modified from tree `from` to tree `to` (every file of `to` when `from` is undefined): stagedFiles, between trees. */
export function treeChanges(env: Env, root: string, from: string | undefined, to: string): string[] {
  for (const t of [from, to]) if (t !== undefined && !/^[0-9a-f]{40,64}$/.test(t)) throw inputError(`not a tree id: ${JSON.stringify(t)}`);
  const args = from === undefined
    ? ["ls-tree", "-r", "-z", "--name-only", "--full-tree", "--end-of-options", to]
    : ["diff-tree", "-r", "-z", "--name-only", "--diff-filter=ACMR", "--no-renames", "--no-ext-diff", "--no-textconv", "--end-of-options", from, to];
  return splitNulPaths(gitSync(env, root, args));
}

/** The blob ids of the given paths in a tree (`git ls-tree`); submodules left out: stagedBlobIds, from a tree. */
export function treeBlobIds(env: Env, root: string, tree: string, paths: string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (!paths.length) return out;
  if (!/^[0-9a-f]{40,64}$/.test(tree)) throw inputError(`not a tree id: ${JSON.stringify(tree)}`);
  const records = gitSync(env, root, ["ls-tree", "-r", "-z", "--full-tree", "--end-of-options", tree, "--", ...paths.map((p) => `:(literal)${p}`)]);
  for (let start = 0; start < records.length; ) {
    let end = records.indexOf(0, start);
    if (end < 0) end = records.length;
    const tab = records.indexOf(0x09, start);
    const m = tab > start && tab < end ? /^(\d+) (\w+) ([0-9a-f]+)$/.exec(records.subarray(start, tab).toString("latin1")) : null;
    if (m && m[2] === "blob") out.set(pathFromBytes(records.subarray(tab + 1, end)), m[3]);
    start = end + 1;
  }
  return out;
}

/** A path git resolves inside its own directory (`hooks`, `info/exclude`), absolute. */
export function gitPath(env: Env, root: string, name: string): string {
  // The hooks folder is where `hook install` writes: the one question that needs core.hooksPath as configured.
  return gitSync(env, root, ["rev-parse", "--path-format=absolute", "--git-path", name], undefined, name === "hooks" ? "core.hooksPath" : undefined).toString("utf8").trim();
}

/** The repository's git directories, absolute: its own (a linked worktree's) and the common one (hooks, config). */
export function gitDirs(env: Env, root: string): string[] {
  return gitSync(env, root, ["rev-parse", "--path-format=absolute", "--git-dir", "--git-common-dir"]).toString("utf8").split("\n").filter(Boolean);
}

/** One commit of a file's log: who, when, why, and the raw record of the followed file. */
export interface LogCommit {
  sha: string;
  /** Parent shas (none for a root commit). */
  parents: string[];
  /** Committer time, seconds since the epoch. */
  time: number;
  author: string;
  subject: string;
  /** The followed file's record(s) in this commit (a rename names the path before it). */
  paths: ChangedPath[];
}

/** Starts each commit in `fileLog`'s output. */
const RECORD = "\x1e";

/**
 * The non-merge commits reachable from `from` that changed `path` (relative to the root),
 * newest first, following the file across renames (git's `--follow`), each with the file's raw
 * record. `since`: seconds since the epoch, given in git's internal date form (`@<seconds> +0000`),
 * the one git reads without guessing.
 */
export async function fileLog(env: Env, root: string, from: string, path: string, since?: number): Promise<LogCommit[]> {
  const args = [
    "log", "--no-merges", "--follow", "-M", "-z", "--raw", "--no-abbrev", "--no-ext-diff", "--no-textconv", "--no-color",
    "--no-show-signature", "--no-relative", `--format=${RECORD}%H%x00%P%x00%ct%x00%an%x00%s%x00`,
  ];
  if (since !== undefined) args.push(`--since=@${since} +0000`);
  args.push("--end-of-options", from, "--", `:(literal)${path}`);
  const r = await git(env, root, args, "log");
  return parseLog(r.stdout);
}

/**
 * Read in order, never by searching for the separator: a subject or a file name may hold any
 * byte but NUL. Each commit: the separator, five NUL-terminated fields, then raw records
 * (`:<header>\0<path>\0`, two paths for a rename or copy) up to the next separator.
 */
export function parseLog(out: Buffer): LogCommit[] {
  const commits: LogCommit[] = [];
  const bad = () => new OutlineError({ kind: "internal", message: "unexpected git log output" });
  const upToNul = (from: number) => {
    const nul = out.indexOf(0, from);
    if (nul < 0) throw bad();
    return nul;
  };
  let pos = 0;
  while (pos < out.length) {
    if (out[pos] !== RECORD.charCodeAt(0)) throw bad();
    pos++;
    const fields: string[] = [];
    for (let i = 0; i < 5; i++) {
      const nul = upToNul(pos);
      fields.push(out.subarray(pos, nul).toString("utf8"));
      pos = nul + 1;
    }
    const [sha, parents, time, author, subject] = fields;
    const spans: Buffer[] = [];
    for (;;) {
      while (pos < out.length && (out[pos] === 0 || out[pos] === 0x0a)) pos++;
      if (pos >= out.length || out[pos] !== 0x3a /* : */) break;
      const headerEnd = upToNul(pos);
      const letter = /([A-Z])\d*$/.exec(out.subarray(pos, headerEnd).toString("latin1"))?.[1];
      let end = upToNul(headerEnd + 1);
      if (letter === "R" || letter === "C") end = upToNul(end + 1);
      spans.push(out.subarray(pos, end + 1));
      pos = end + 1;
    }
    commits.push({ sha, parents: parents.split(" ").filter(Boolean), time: Number(time), author, subject, paths: spans.flatMap((b) => parseRaw(b)) });
  }
  return commits;
}

/** The blob id of `path` (from the root) in commit `sha`, or undefined when there is no such file there. */
export async function blobAt(env: Env, root: string, sha: string, path: string): Promise<string | undefined> {
  const r = await git(env, root, ["ls-tree", "-z", "--full-tree", "--end-of-options", sha, "--", `:(literal)${path}`], "ls-tree").catch(() => undefined);
  const record = r?.stdout.subarray(0, Math.max(0, r.stdout.indexOf(0))).toString("utf8");
  const m = record && /^(\d+) blob ([0-9a-f]+)\t/.exec(record);
  return m && m[1] !== "120000" ? m[2] : undefined;
}

/**
 * The files each of the newest `count` non-merge commits before HEAD changed, newest first,
 * relative to `cwd` and only those under it (renames not followed: a renamed file is its old and
 * its new path). Throws as `git()` does, also where there is no commit yet.
 */
export async function recentCommitFiles(env: Env, cwd: string, count: number): Promise<string[][]> {
  const { stdout } = await git(env, cwd, ["log", "--no-merges", "--no-renames", "--no-show-signature", "--relative", "--name-only", "-z", "--format=%x01", `-n${count}`, "--end-of-options", "HEAD", "--"], "log");
  const commits: string[][] = [];
  // `-z` with this format: each commit is \x01 NUL, then its paths each NUL-terminated, the first after a newline.
  for (const entry of splitNulPaths(stdout)) {
    const path = entry.charCodeAt(0) === 10 ? entry.slice(1) : entry;
    if (path === "\x01") commits.push([]);
    else if (path && commits.length) commits[commits.length - 1].push(path);
  }
  return commits;
}

/** One line `git grep` found: its path relative to the folder it ran in, its number, its bytes. */
export interface GrepLine {
  path: string;
  line: number;
  text: Buffer;
}

export interface GrepOptions {
  /** The pattern is a literal string (`-F`), else a Perl-compatible regular expression (`-P`). */
  fixed: boolean;
  ignoreCase: boolean;
  /** Matching lines read per file (`-m`); the rest of a file's are not reported. */
  maxPerFile: number;
  /** Folder names left out wherever they are (vendored code, the cache). */
  excludeDirs: readonly string[];
}

/**
 * `git grep` over the tracked and untracked-not-ignored files under `cwd` (the work tree as it
 * is, not the index): the matching lines, and the binary files that match (git names them, it
 * prints no line of theirs). Undefined when git refuses the pattern or an option (a pattern
 * PCRE rejects, a git without PCRE or `-m`): the caller searches by itself. Every option is
 * given, so no `grep.*` setting of the repository changes what is asked or how it is printed.
 */
export async function gitGrep(env: Env, cwd: string, pattern: string, opts: GrepOptions): Promise<{ lines: GrepLine[]; binary: string[] } | undefined> {
  const args = [
    "grep", "--untracked", "-z", "-n", "--no-column", "--no-color", "-H", "--no-full-name", "--threads=2",
    "-m", String(opts.maxPerFile), opts.fixed ? "-F" : "-P", ...(opts.ignoreCase ? ["-i"] : ["--no-ignore-case"]),
    "-e", pattern, "--", ".", ...opts.excludeDirs.map((d) => `:(exclude,glob)**/${d}/**`),
  ];
  const exit = await env.processes.start("git", guarded(args, GREP_CONFIG), { cwd, env: gitEnv(env) }).finish("");
  if (exit.code === 1) return { lines: [], binary: [] };
  if (exit.code !== 0) {
    if (exit.code instanceof Error) checkExit(exit, "grep");
    return undefined;
  }
  return parseGrep(exit.stdout);
}

/** `path\0line\0text\n` records (-z -n), and `Binary file PATH matches\n` for a binary file. */
function parseGrep(out: Buffer): { lines: GrepLine[]; binary: string[] } {
  const lines: GrepLine[] = [];
  const binary: string[] = [];
  const BINARY = Buffer.from("Binary file ");
  for (let pos = 0; pos < out.length; ) {
    const nul = out.indexOf(0, pos);
    const nl = out.indexOf(0x0a, pos);
    if (nul < 0 || (nl >= 0 && nl < nul)) {
      const end = nl < 0 ? out.length : nl;
      const record = out.subarray(pos, end);
      if (record.subarray(0, BINARY.length).equals(BINARY) && record.subarray(record.length - 8).toString("latin1") === " matches") {
        binary.push(pathFromBytes(record.subarray(BINARY.length, record.length - 8)));
      }
      pos = end + 1;
      continue;
    }
    const nul2 = out.indexOf(0, nul + 1);
    if (nul2 < 0) break;
    let end = out.indexOf(0x0a, nul2 + 1);
    if (end < 0) end = out.length;
    lines.push({ path: pathFromBytes(out.subarray(pos, nul)), line: Number(out.subarray(nul + 1, nul2).toString("latin1")), text: out.subarray(nul2 + 1, end) });
    pos = end + 1;
  }
  return { lines, binary };
}
