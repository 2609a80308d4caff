// Which files the repo-wide cache covers and where it lives: the git work tree around the
// current folder (tracked + untracked-not-ignored files), or any folder named with --root
// (walked like `outline <dir>`, honouring .gitignore).
import { appendFileSync, existsSync, mkdirSync, readFileSync, realpathSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { CACHE_DIR } from "../../core/cache/format.ts";
import { inputError } from "../../core/errors.ts";
import { gitRedirected, type Env } from "../../io/env.ts";
import { git, gitPath, findRepoRoot, notARepository } from "../../io/git.ts";
import { splitNulPaths } from "../../io/names.ts";
import { listingTracks } from "../../io/cache-trust.ts";
import { foreignGitDir } from "../../io/git-place.ts";
import { nodeProbe } from "../../io/node-probe.ts";
import { hasCache, workTreeAbove } from "../../io/work-tree.ts";

export interface Repo {
  root: string;
  /** The root is a git work tree's top: its file list comes from git. */
  git: boolean;
  /** The git work tree the root lies in, if any (also for `--root sub/folder`). */
  gitTop?: string;
}

/** The repository around the working folder, or the folder `--root` names (relative to it). */
export function findRepo(env: Env, rootOption?: string): Repo {
  if (rootOption !== undefined) {
    const root = resolve(env.cwd, String(rootOption));
    if (!existsSync(root)) throw inputError(`no such folder: ${rootOption}`, "--root takes the folder to index");
    const top = indexedTop(env, root) ?? findRepoRoot(env, root);
    return { root, git: top !== undefined && samePath(top, root), gitTop: top };
  }
  const top = indexedTop(env, env.cwd) ?? findRepoRoot(env, env.cwd);
  if (!top) throw notARepository("run it inside one, or name a folder with --root DIR");
  return { root: top, git: true, gitTop: top };
}

/**
 * The work tree's top above `dir` when a cache lies there: the top git would name, found
 * without starting git. Not when git's environment points elsewhere.
 */
function indexedTop(env: Env, dir: string): string | undefined {
  if (gitRedirected(env)) return undefined;
  const top = workTreeAbove(dir, nodeProbe);
  return top !== undefined && hasCache(top, nodeProbe) ? top : undefined;
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return resolve(a) === resolve(b);
  }
}

/**
 * Tracked and untracked-not-ignored files of the work tree at `root`, the cache left out; and
 * whether git tracks anything under the cache (cache-trust.ts). Untracked files in a cache
 * folder are not listed (`--exclude`), so whatever of it is listed is tracked.
 */
export async function gitListing(env: Env, root: string): Promise<{ paths: string[]; cacheTracked: boolean }> {
  const { stdout } = await git(env, root, ["ls-files", "-co", "--exclude-standard", `--exclude=${CACHE_DIR}`, "-z", "--deduplicate"], "ls-files");
  const all = splitNulPaths(stdout);
  const cacheTracked = listingTracks(all);
  return { paths: cacheTracked ? all.filter((p) => p !== CACHE_DIR && !p.startsWith(`${CACHE_DIR}/`)) : all, cacheTracked };
}

/** Unanchored and without a slash: it also keeps a file or symbolic link of that name out of `git add -A`. */
export const EXCLUDE_LINE = CACHE_DIR;

/**
 * Keep the cache out of `git status` through .git/info/exclude (never the user's .gitignore), and
 * only in a git folder that is this work tree's own (io/git-place.ts; a linked worktree's common
 * folder is).
 * The line is unanchored, so a cache made with `--root sub/folder` inside a repository is
 * excluded too.
 */
export function ensureExcluded(env: Env, repo: Repo): void {
  const top = repo.gitTop ?? (repo.git ? repo.root : undefined);
  if (!top) return;
  // Never into another repository's git folder (a `.git` file or config pointing elsewhere): git-place.ts.
  if (foreignGitDir(env, top)) return;
  try {
    const file = gitPath(env, top, "info/exclude");
    const text = existsSync(file) ? readFileSync(file, "utf8") : "";
    // Older lines (`/.ast_outline_cache/`, `.ast_outline_cache/`) do not cover a file or link of that name: add this one.
    if (text.split(/\r?\n/).some((l) => l.trim() === EXCLUDE_LINE || l.trim() === `**/${CACHE_DIR}`)) return;
    mkdirSync(dirname(file), { recursive: true });
    appendFileSync(file, `${text && !text.endsWith("\n") ? "\n" : ""}# ast-outline cache\n${EXCLUDE_LINE}\n`);
  } catch {
    // A read-only .git: the cache still works, it just shows as untracked.
  }
}

/** A path as given on the command line, relative to the repo root (POSIX), or undefined outside it. */
export function repoRelative(repo: Repo, cwd: string, path: string): string | undefined {
  const rel = relative(realOr(repo.root), realOr(resolve(cwd, path)));
  if (rel.startsWith("..") || resolve(rel) === rel) return undefined;
  return sep === "/" ? rel : rel.split(sep).join("/");
}

function realOr(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}
