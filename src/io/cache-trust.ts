// Whether a repository's .ast_outline_cache may be used. Outlines come from it by content hash,
// so whoever can put files there decides what `outline`, `search`, `changed` and the MCP tools
// answer: a cache is used only when this user made it. Every reader and writer opens the cache
// through openCache() (cache-store.ts) after checkCache() and settleCache() here:
//   - it lives at the root (the git work tree's top, or the folder `--root` names); a cache
//     found in a folder below is never looked at;
//   - the cache folder, and each folder in it that is read or written (objects/,
//     objects/<engine>/, objects/<engine>/<hh>/, symbols/), is a real folder (lstat: no
//     symbolic link; so each resolves inside the root); the first four are owned by this user
//     and not writable by group or others (POSIX; skipped where there are no uids), so no one
//     else can add or swap a folder below them;
//   - git tracks nothing under it: a cache that came in with a commit or a pull request is
//     someone else's. Asked of git only when its index changed since the answer was last
//     recorded (STAMP_FILE holds the index's stat fingerprint at that time), or taken from the
//     file listing `index` asks git for anyway; a warm run starts no git for it.
// A cache that fails is not read and not written: the command answers without it, after one
// warning line. Objects that pass are still checked against the bytes they claim to describe
// before use (entryFitsSource in core/cache/format.ts).
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent, type Stats } from "node:fs";
import { join, relative, sep } from "node:path";
import { CACHE_DIR } from "../core/cache/format.ts";
import { changedWithin, stampPrint } from "../core/stamp.ts";
import { gitRedirected, type Env } from "./env.ts";
import { gitSync } from "./git.ts";
import { nodeProbe } from "./node-probe.ts";
import { withFileNoFollow } from "./no-follow.ts";
import { workTreeAbove } from "./work-tree.ts";

/** The git index's fingerprint when git last said it tracks nothing under the cache. */
export const STAMP_FILE = "untracked.stamp";
const STAMP_HEAD = "ast-outline-untracked 1";

const HINT_DELETE = `delete it; \`ast-outline index\` makes a new one`;
/** A cache's folder outside every git work tree (an archive, a shared folder): whose it is cannot be told. */
const NOT_IN_WORK_TREE = "it is not inside a git work tree, where who made it cannot be told";

/**
 * Why a folder of the cache must not be used ("<what> (<hint>)"), or undefined. `label` names
 * it in the message (`objects/`), "" for the cache folder itself.
 */
export function folderProblem(st: Stats, label: string, uid = process.getuid?.()): string | undefined {
  const what = label ? label : "it";
  if (st.isSymbolicLink()) return `${what} is a symbolic link (${HINT_DELETE})`;
  if (!st.isDirectory()) return `${what} is not a folder (${HINT_DELETE})`;
  if (uid === undefined) return undefined;
  if (st.uid !== uid) return `${what} belongs to another user (uid ${st.uid}) (delete it, or run as its owner)`;
  if (st.mode & 0o022) return `${what} is writable by ${st.mode & 0o020 ? "its group" : "others"} (delete it, or \`chmod -R go-w ${CACHE_DIR}\` if only you write there)`;
  return undefined;
}

/** What is known about the cache at a root, before a store is opened on it. */
export interface CacheCheck {
  root: string;
  /** The run this check belongs to: git is asked through it. */
  env: Env;
  /** Why the cache must not be used ("<what> (<hint>)"); undefined while it may be. */
  problem?: string;
  /** Whether there is a cache folder at all. */
  present: boolean;
  /**
   * Why no cache may be made here (there is none yet): the root is in no git work tree. Readers
   * then keep their index in memory; `index` refuses.
   */
  noDisk?: string;
  /** Git has yet to say whether it tracks the cache: settleCache() asks it, or takes a listing's word. */
  unsettled: boolean;
  /** The work tree around the root, when there is one. */
  gitTop?: string;
  /** The cache folder relative to gitTop (POSIX). */
  cacheRel?: string;
  /** The git index's fingerprint, taken before git was asked anything. */
  indexPrint?: string;
  /** When the check started (before any listing git ran for it). */
  startedMs: number;
  /** Git said it tracks nothing there and the stamp is not current: record it (recordUntracked). */
  stampDue?: boolean;
}

/**
 * Check the cache folder at `root` (and its fixed sub-folders) and whether a recorded answer of
 * git still holds. `gitTop`: the work tree the root is in, when the caller knows it (undefined:
 * found by looking for `.git` above; null: not in one). Starts no process.
 */
export function checkCache(env: Env, root: string, engine: string, gitTop?: string | null): CacheCheck {
  const startedMs = env.now();
  const dir = join(root, CACHE_DIR);
  const check: CacheCheck = { root, env, present: false, unsettled: false, startedMs };
  // Outside a git work tree nothing says who made the files (an extracted archive makes every
  // file the user's, a forged cache included): no cache is used or made there.
  const top = gitTop === undefined ? (gitRedirected(env) ? undefined : workTreeAbove(root, nodeProbe)) : gitTop ?? undefined;
  let st: Stats;
  try {
    st = lstatSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") check.problem = `it cannot be read (${(e as NodeJS.ErrnoException).code}) (${HINT_DELETE})`;
    else if (!top && !gitRedirected(env)) check.noDisk = NOT_IN_WORK_TREE;
    return check;
  }
  check.present = true;
  if (!top && !gitRedirected(env)) {
    check.problem = `${NOT_IN_WORK_TREE} (${HINT_DELETE}, inside a git work tree)`;
    return check;
  }
  check.problem = folderProblem(st, "");
  for (const sub of ["objects", `objects/${engine}`, "symbols"]) {
    if (check.problem) return check;
    try {
      check.problem = folderProblem(lstatSync(join(dir, sub)), `${sub}/`);
    } catch {
      // absent: made when needed
    }
  }
  // The object folders (objects/<engine>/<hh>): one listing, no stat each. They are made by this
  // tool inside a folder only this user can write, so what can be wrong is what git or a copy
  // put there, and git tracks nothing here (below): a link or a file.
  if (!check.problem) {
    for (const e of listEntries(join(dir, "objects", engine))) {
      if (!e.isDirectory()) {
        check.problem = `objects/${engine}/${e.name} is ${e.isSymbolicLink() ? "a symbolic link" : "not a folder"} (${HINT_DELETE})`;
        break;
      }
    }
  }
  if (check.problem) return check;
  if (!top) return check;
  check.gitTop = top;
  check.cacheRel = posix(relative(real(top), join(real(root), CACHE_DIR)));
  check.indexPrint = indexFingerprint(env, top);
  const stamp = readNoFollow(join(dir, STAMP_FILE));
  check.unsettled = check.indexPrint === undefined || stamp !== stampText(check.cacheRel, check.indexPrint);
  return check;
}

/**
 * Settle whether git tracks the cache: from a whole listing of the work tree when the caller has
 * one (`trackedByListing`: did it hold any path under the cache?), else by asking git.
 */
export function settleCache(check: CacheCheck, trackedByListing?: boolean): void {
  if (!check.unsettled) return;
  check.unsettled = false;
  let tracked = trackedByListing;
  if (tracked === undefined) {
    try {
      tracked = gitSync(check.env, check.gitTop!, ["ls-files", "-z", "--", `:(literal)${check.cacheRel}`]).length > 0;
    } catch (e) {
      check.problem = `git could not say whether it tracks it (${e instanceof Error ? e.message : String(e)})`;
      return;
    }
  }
  if (tracked) check.problem = `it is tracked by git (untrack and delete it: git rm -r -q --cached ${CACHE_DIR} && rm -rf ${CACHE_DIR})`;
  else check.stampDue = true;
}

/**
 * Record that git tracks nothing under the cache at the index as it was before git was asked,
 * so later runs need not ask again until the index changes. Not when the index changed just
 * before (a change in the same clock tick could leave its fingerprint as it was).
 */
export function recordUntracked(check: CacheCheck, store: { off?: string; writeAux(name: string, text: string): void }): void {
  if (!check.stampDue || store.off || check.indexPrint === undefined) return;
  check.stampDue = false;
  if (check.indexPrint !== "-") {
    const [mtimeMs, ctimeMs] = check.indexPrint.split(" ").map(Number);
    if (changedWithin({ mtimeMs, ctimeMs }, check.startedMs)) return;
  }
  store.writeAux(STAMP_FILE, stampText(check.cacheRel!, check.indexPrint));
}

/** Does a listing from git (`ls-files`, relative to the top) hold anything under the cache at cacheRel? */
export function listingTracks(paths: readonly string[], cacheRel: string = CACHE_DIR): boolean {
  const prefix = `${cacheRel}/`;
  for (const p of paths) if (p === cacheRel || p.startsWith(prefix)) return true;
  return false;
}

const warned = new Set<string>();

/** The one warning line for a cache that is not used, once per cache and process. */
export function distrustWarning(root: string, problem: string): string | undefined {
  const key = `${root}\0${problem}`;
  if (warned.has(key)) return undefined;
  warned.add(key);
  return `ignoring ${CACHE_DIR}: ${problem}`;
}

/** distrustWarning, as the run's warning (for readers without a place for notes: outline, symbol, changed, MCP). */
export function warnDistrust(env: Env, root: string, problem: string): void {
  const line = distrustWarning(root, problem);
  if (line) env.warn(line);
}

function stampText(cacheRel: string, indexPrint: string): string {
  return `${STAMP_HEAD} ${JSON.stringify(cacheRel)} ${indexPrint}\n`;
}

/**
 * The stat fingerprint of the index git reads for this work tree ("-" when there is none yet),
 * or undefined when it is not at .git/index (a worktree, a submodule, GIT_* variables: git is
 * asked every time then). Git replaces the index by rename on every change, so its inode moves too.
 */
function indexFingerprint(env: Env, top: string): string | undefined {
  for (const v of ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY"]) if (env.vars[v] !== undefined) return undefined;
  try {
    if (!lstatSync(join(top, ".git")).isDirectory()) return undefined;
  } catch {
    return undefined;
  }
  try {
    return stampPrint(statSync(join(top, ".git", "index")));
  } catch {
    return "-";
  }
}

function listEntries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** A file's text, never read through a symbolic link at its name; undefined when absent or unreadable. */
export function readNoFollow(file: string): string | undefined {
  return withFileNoFollow(file, (fd) => readFileSync(fd, "utf8"));
}

function real(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return p;
  }
}

const posix = (p: string) => (sep === "/" ? p : p.split(sep).join("/"));
