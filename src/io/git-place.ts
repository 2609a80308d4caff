// Whose repository a folder's git answers from. A folder that arrived as files (an archive, a
// shared folder, a CI artifact, a pull request's checkout) can carry a `.git` *file*
// (`gitdir: ../../other/.git`), a `commondir` file in its `.git`, or `core.worktree` in its git
// config: git then answers, and this tool would write, for another repository. The rule:
//   - git's work tree for the folder is the folder that holds the `.git` (core.worktree does
//     not point elsewhere);
//   - the git folder and the common folder lie inside that work tree, or the git folder is one
//     git made for this very work tree, which points back at it: a linked worktree's
//     (`git worktree add`: <common>/worktrees/<name>, whose `gitdir` file names this work
//     tree's `.git`, and whose common folder is <common>) or a submodule's (its own config's
//     core.worktree names this work tree). A stranger cannot make another repository point
//     back at their folder, so a redirect of theirs never passes.
// Nothing is written into a git folder that fails (ensureExcluded, `hook install`), and the MCP
// server refuses to answer from one (changed_symbols, symbol_history, search_symbols, digest).
// The CLI's read-only commands read what git reads, as git itself would.
import { lstatSync, readFileSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { inputError } from "../core/errors.ts";
import { stampPrint } from "../core/stamp.ts";
import { quotePath } from "../core/text/quote.ts";
import { gitRedirected, type Env } from "./env.ts";
import { gitSync } from "./git.ts";
import { nodeProbe } from "./node-probe.ts";
import { workTreeAbove } from "./work-tree.ts";

/** Why the repository around a folder is not its work tree's own. */
export interface ForeignGit {
  what: string;
  hint: string;
}

/** Why the repository around `cwd` is not this work tree's own, or undefined when it is (or there is none). */
export function foreignGitDir(env: Env, cwd: string): ForeignGit | undefined {
  if (gitRedirected(env)) return undefined; // the user's own GIT_DIR / GIT_WORK_TREE
  const holder = workTreeAbove(real(cwd), nodeProbe);
  if (holder === undefined) return undefined; // not in a work tree: the command says so itself
  const key = fingerprint(holder);
  const known = memo.get(holder);
  if (known && key !== undefined && known.key === key) return known.problem;
  const problem = check(env, holder);
  if (key !== undefined) memo.set(holder, { key, problem });
  return problem;
}

const memo = new Map<string, { key: string; problem: ForeignGit | undefined }>();

const HINT = "only a worktree or submodule git made for this folder is used; remove the .git redirect, or open the repository it names";

function check(env: Env, holder: string): ForeignGit | undefined {
  let lines: string[];
  try {
    lines = gitSync(env, holder, ["rev-parse", "--path-format=absolute", "--show-toplevel", "--git-dir", "--git-common-dir"]).toString("utf8").split("\n").filter(Boolean);
  } catch {
    return undefined; // git refuses this folder: every git command here fails with git's own reason
  }
  if (lines.length !== 3) return undefined;
  const [top, gitDir, commonDir] = lines.map(real);
  const home = real(holder);
  if (top !== home) return { what: `git's work tree for ${quotePath(home)} is ${quotePath(top)} (core.worktree points elsewhere)`, hint: HINT };
  if (within(home, gitDir) && within(home, commonDir)) return undefined;
  if (!within(home, gitDir) && pointsBack(env, home, gitDir, commonDir)) return undefined;
  const outside = within(home, gitDir) ? commonDir : gitDir;
  return { what: `the git folder ${quotePath(outside)} is outside ${quotePath(home)} and is not this folder's worktree or submodule`, hint: HINT };
}

/** A linked worktree's or a submodule's git folder that names `home` as its work tree. */
function pointsBack(env: Env, home: string, gitDir: string, commonDir: string): boolean {
  // git worktree add: <common>/worktrees/<name>/gitdir holds the path of <work tree>/.git.
  const back = readText(join(gitDir, "gitdir"));
  if (back !== undefined && basename(dirname(gitDir)) === "worktrees" && real(dirname(dirname(gitDir))) === commonDir) {
    const target = back.trim();
    return real(isAbsolute(target) ? target : resolve(gitDir, target)) === real(join(home, ".git"));
  }
  // A submodule: its git folder is its own common folder, and its config names the work tree
  // (git already answered with that work tree as the top: it is `home`).
  if (gitDir !== commonDir) return false;
  try {
    return gitSync(env, home, ["config", "--get", "core.worktree"]).toString("utf8").trim() !== "";
  } catch {
    return false; // not set
  }
}

/** What decides the answer, as it is now: the `.git` entry, and its config and commondir when it is a folder. */
function fingerprint(holder: string): string | undefined {
  const dotGit = join(holder, ".git");
  try {
    const st = lstatSync(dotGit);
    const parts = [stampPrint(st)];
    if (st.isDirectory()) {
      for (const f of ["config", "commondir"]) {
        try {
          parts.push(`${f} ${stampPrint(lstatSync(join(dotGit, f)))}`);
        } catch {
          parts.push(`${f} -`);
        }
      }
    } else parts.push(readText(dotGit) ?? "-");
    return parts.join("\0");
  } catch {
    return undefined;
  }
}

function within(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function real(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return resolve(p);
  }
}

/** foreignGitDir as the input error the MCP tools answer with: they never answer from another repository. */
export function requireOwnRepository(env: Env, cwd: string): void {
  const foreign = foreignGitDir(env, cwd);
  if (foreign) throw inputError(`refusing to answer from another repository: ${foreign.what}`, foreign.hint);
}
