// `hook install | uninstall | run`: the git pre-commit integration.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { CACHE_DIR } from "../core/cache/format.ts";
import { inputError } from "../core/errors.ts";
import { languageByName } from "../core/languages/detect.ts";
import { gitPath, readBlobs, findRepoRoot, stagedBlobIds, stagedFiles } from "../io/git.ts";
import { HOOK_MARKER, renderHookScript } from "./hook-script.ts";
import { refreshCache, type RefreshResult } from "./refresh-cache.ts";
import { ensureExcluded } from "./repo.ts";

export const PREV_SUFFIX = ".ast-outline-prev";

export interface HookPlace {
  root: string;
  dir: string;
  hook: string;
  prev: string;
}

export function hookPlace(cwd: string): HookPlace {
  const root = findRepoRoot(cwd);
  if (!root) throw inputError("not inside a git repository", "run it inside the repository whose commits should refresh the cache");
  // `--git-path hooks` honours core.hooksPath (husky and friends) and worktrees.
  let dir = gitPath(root, "hooks");
  if (!isAbsolute(dir)) dir = resolve(root, dir);
  const hook = join(dir, "pre-commit");
  return { root, dir, hook, prev: hook + PREV_SUFFIX };
}

function isOurs(file: string): boolean {
  try {
    return readFileSync(file, "utf8").includes(HOOK_MARKER);
  } catch {
    return false;
  }
}

/** How this process was started, so the hook can call the same thing back. */
export function selfCommand(): { bin: string; script?: string } {
  const compiled = import.meta.url.includes("$bunfs") || import.meta.url.includes("~BUN");
  if (compiled) return { bin: process.execPath };
  const script = process.argv[1] ? resolve(process.argv[1]) : undefined;
  return { bin: process.execPath, script };
}

export function installHook(cwd: string, self = selfCommand()): string[] {
  const place = hookPlace(cwd);
  const said: string[] = [];
  mkdirSync(place.dir, { recursive: true });
  if (existsSync(place.hook) && !isOurs(place.hook)) {
    if (existsSync(place.prev)) throw inputError(`both ${place.hook} and ${place.prev} exist`, "move one of them away, then install again");
    renameSync(place.hook, place.prev);
    said.push(`kept the existing pre-commit hook as ${place.prev}; it still runs first`);
  }
  const already = isOurs(place.hook);
  writeFileSync(place.hook, renderHookScript(self.bin, self.script));
  chmodSync(place.hook, 0o755);
  said.push(already ? `pre-commit hook already installed in ${place.dir} (updated)` : `installed the pre-commit hook in ${place.dir}`);
  ensureExcluded({ root: place.root, git: true });
  return said;
}

export function uninstallHook(cwd: string): string[] {
  const place = hookPlace(cwd);
  if (!isOurs(place.hook)) {
    return [existsSync(place.hook) ? `the pre-commit hook in ${place.dir} is not ast-outline's: left alone` : `no ast-outline pre-commit hook in ${place.dir}`];
  }
  unlinkSync(place.hook);
  if (existsSync(place.prev)) {
    renameSync(place.prev, place.hook);
    return [`removed the ast-outline pre-commit hook and restored the previous one in ${place.dir}`];
  }
  return [`removed the ast-outline pre-commit hook from ${place.dir}`];
}

/** Refresh the cache for the staged files from the index (not the work tree). */
export async function runHook(cwd: string): Promise<RefreshResult> {
  const root = findRepoRoot(cwd);
  if (!root) throw inputError("not inside a git repository");
  const paths = stagedFiles(root).filter((p) => languageByName(p));
  const ids = stagedBlobIds(root, paths);
  const blobs = await readBlobs(root, [...new Set(ids.values())]);
  const contents = new Map<string, Uint8Array>();
  for (const [path, id] of ids) {
    const bytes = blobs.get(id);
    if (bytes) contents.set(path, bytes);
  }
  if (!existsSync(join(root, CACHE_DIR, "VERSION"))) ensureExcluded({ root, git: true });
  return refreshCache({ root, paths: [...contents.keys()], contents, prune: false });
}
