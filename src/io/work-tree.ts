// Where a git work tree's top is, found without starting git: the nearest folder at or above a
// folder that holds a `.git` (a folder, or a file in a worktree or submodule checkout). The one
// repo-wide cache lives there (cache-trust.ts decides whether it may be used), the CLI's
// cross-file commands are confined to it (workspace.ts), and the compiled binary's start-up
// seam asks whether a cache there may answer a run (src/bin/startup.ts). No imports of Node
// modules: that seam passes the file system handles it already holds.
import { CACHE_DIR } from "../core/cache/dir.ts";

/** The file system calls the search needs. */
export interface TreeProbe {
  /** Whether anything (file, folder or link) has this path; never throws. */
  exists(path: string): boolean;
  dirname(path: string): string;
  join(...parts: string[]): string;
}

/** The work tree's top at or above `dir` (an absolute folder), or undefined outside every work tree. */
export function workTreeAbove(dir: string, probe: TreeProbe): string | undefined {
  for (let d = dir; ; d = probe.dirname(d)) {
    if (probe.exists(probe.join(d, ".git"))) return d;
    if (probe.dirname(d) === d) return undefined;
  }
}

/** The file whose content names the cache's format: a cache is there when it is. */
export function cacheVersionFile(root: string, probe: Pick<TreeProbe, "join">): string {
  return probe.join(root, CACHE_DIR, "VERSION");
}

/** Whether a cache (of any format) lies at `root`. Whether it may be used is cache-trust.ts's question. */
export function hasCache(root: string, probe: TreeProbe): boolean {
  return probe.exists(cacheVersionFile(root, probe));
}
