// The use case behind `changed --impact` and changed_symbols' `impact`: a change set with the
// call sites each removed, renamed, moved or re-declared callable still has (app/calls/impact.ts).
// Call sites are read through the workspace gate: the CLI's is the whole repository, the MCP
// server's its roots. The head's side of a changed file is the work tree's (read through the
// gate) or, for a committed head, git's blob. The files that can hold a call site are found by
// name first, with git's own search of the work tree (gitWordSearch): only those are read and parsed.
import { join, posix, relative, sep } from "node:path";
import type { ChangeSet } from "../../core/diff/types.ts";
import { OutlineError } from "../../core/errors.ts";
import type { Env } from "../../io/env.ts";
import { DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { repoRoot, wordFiles } from "../../io/git.ts";
import { cliWorkspace, repositoryOf, type FileAccess } from "../../io/workspace.ts";
import { readSides, type FileSides } from "./git-sides.ts";
import { withImpact } from "../calls/index.ts";
import { ParseCache, repoSymbols, type WordSearch } from "../repo-symbols.ts";

export async function changesWithImpact(env: Env, set: ChangeSet, opts: { access?: FileAccess; maxBytes?: number } = {}): Promise<ChangeSet> {
  // Real path: the gate's paths are real, and the change set's are relative to this.
  const root = repositoryOf(await repoRoot(env, env.cwd));
  const access = opts.access ?? cliWorkspace(root);
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const repo = repoSymbols(env, access, new ParseCache(), gitWordSearch(env, root, access.base));
  let sides: Promise<Map<string, FileSides>> | undefined;
  const headText = async (path: string): Promise<Uint8Array | undefined> => {
    if (set.head === "WORKTREE") {
      const shown = relative(access.base, join(root, path)).split(sep).join("/");
      try {
        return access.read(shown, maxBytes).bytes;
      } catch (e) {
        if (e instanceof OutlineError) return undefined;
        throw e;
      }
    }
    sides ??= readSides(env, set, maxBytes); // a committed head: git's blobs, no work tree
    return (await sides).get(path)?.new;
  };
  return withImpact(set, { repo, root, headText });
}

/**
 * The word search of a repository's work tree: `git grep -w` through io/git.ts. Paths are
 * shown relative to `base` (the gate's), git's are relative to the root. A file git did not
 * search (ignored by git, in a submodule) is left to be read; a search that fails leaves every
 * file to be read, which gives the same answer, only slower.
 */
export function gitWordSearch(env: Env, root: string, base: string): WordSearch {
  const fromBase = relative(root, base).split(sep).join("/");
  const rootRelative = (shown: string) => (fromBase === "" ? shown : posix.normalize(`${fromBase}/${shown}`));
  return async (words) => {
    let found;
    try {
      found = await wordFiles(env, root, words);
    } catch (e) {
      if (e instanceof OutlineError) return undefined;
      throw e;
    }
    return (shown) => {
      const rel = rootRelative(shown);
      return found.hits.has(rel) || !found.searched.has(rel);
    };
  };
}
