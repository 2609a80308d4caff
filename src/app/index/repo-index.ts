// The repository index (the cache's manifest, objects and symbol shards, refreshed by
// refresh.ts) for the CLI's `index`, `search` and `digest`: the repository around the
// working folder (git's listing), or the folder `--root` names (walked like `outline <dir>`).
// The MCP server opens the same index for its workspace (workspace-index.ts).
import { join, sep } from "node:path";
import { CACHE_DIR } from "../../core/cache/format.ts";
import { OutlineError, inputError } from "../../core/errors.ts";
import { quotePath } from "../../core/text/quote.ts";
import { checkCache } from "../../io/cache-trust.ts";
import { diskSource } from "../../io/disk-source.ts";
import { writeHint } from "../../io/fs-errors.ts";
import type { Env } from "../../io/env.ts";
import { nodeProbe } from "../../io/node-probe.ts";
import { expandPaths } from "../../io/walk.ts";
import { hasCache } from "../../io/work-tree.ts";
import { engineId } from "../engine/index.ts";
import { listFilesFast } from "./listing.ts";
import { refreshCache, type RefreshResult } from "./refresh.ts";
import { ensureExcluded, findRepo, type Repo } from "./repo.ts";

export interface RepoIndex extends RefreshResult {
  repo: Repo;
  /** Lines for people, in order: the cache not used and why, files skipped (for `index`), files that failed. */
  notes: string[];
  /** `index` only: the cache could not be written (after the notes; an input error). */
  writeFailure?: OutlineError;
}

export interface RepoIndexOptions {
  /** `--root DIR` (relative to the working folder), else the git work tree around it. */
  root?: string;
  maxBytes?: number;
  threads?: number;
  /** `index`: the cache is the job, so one that must not be used or cannot be written is an error, and skips are named. */
  isIndex: boolean;
  /** See RefreshOptions.verifyObjects. */
  verifyObjects?: boolean;
  progress?: (done: number, total: number) => void;
}

/** The index of the repository around the working folder (or --root), refreshed. */
export async function refreshRepo(env: Env, opts: RepoIndexOptions): Promise<RepoIndex> {
  const { isIndex } = opts;
  const repo = findRepo(env, opts.root);
  // Once the cache exists it was excluded when it was made: spare the warm run a git call.
  if (!hasCache(repo.root, nodeProbe)) ensureExcluded(env, repo);
  // Checked before the listing starts: a git listing then also says whether git tracks the cache.
  const check = checkCache(env, repo.root, engineId(), repo.gitTop ?? null);
  if (isIndex && check.problem) throw inputError(`not writing ${CACHE_DIR}: ${check.problem}`);
  const paths = repo.git ? listFilesFast(env, repo, engineId(), check) : walkFolder(repo.root);
  const r = await refreshCache({
    env, root: repo.root, paths, source: diskSource(repo.root), prune: true, maxBytes: opts.maxBytes, threads: opts.threads, progress: opts.progress,
    verifyObjects: opts.verifyObjects, check, distrusted: isIndex ? "refuse" : "warn",
  });
  const notes: string[] = [];
  if (r.distrustNote) notes.push(r.distrustNote);
  // `index` names every file it left out; `search` and `digest` the ones that should have been read.
  for (const s of r.skipped) if (isIndex || s.problem) notes.push(`skipped ${quotePath(s.path)}: ${s.reason}`);
  for (const f of r.failed) notes.push(`could not outline ${quotePath(f.path)}: ${f.error}`);
  const writeFailure = isIndex && !r.stored
    ? inputError(`could not write the cache: ${r.store.unwritable ?? "unknown error"}`, `the cache was not updated; ${writeHint(r.store.unwritable?.split(" ")[0], join(repo.root, CACHE_DIR))}`)
    : undefined;
  return { ...r, repo, notes, writeFailure };
}

/** Every file a walk of the folder finds (as `outline <dir>` does), relative to it with POSIX slashes. */
function walkFolder(root: string): string[] {
  return expandPaths(["."], [], root).map((e) => (sep === "/" ? e.path : e.path.split(sep).join("/")));
}
