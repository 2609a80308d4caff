// `hook install | uninstall | run`: the git pre-commit integration.
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { inputError } from "../../core/errors.ts";
import { languageByName } from "../../core/languages/detect.ts";
import { diskSource } from "../../io/disk-source.ts";
import type { Env } from "../../io/env.ts";
import { gitDirs, gitPath, headTree, indexTree, readBlobs, findRepoRoot, notARepository, stagedBlobIds, stagedFiles, treeBlobIds, treeChanges } from "../../io/git.ts";
import { foreignGitDir } from "../../io/git-place.ts";
import { nodeProbe } from "../../io/node-probe.ts";
import { hasCache } from "../../io/work-tree.ts";
import { undecodablePath } from "../../io/names.ts";
import { HOOK_MARKER, renderHookScript } from "./script.ts";
import { refreshCache, type RefreshResult, ensureExcluded } from "../index/index.ts";

export const PREV_SUFFIX = ".ast-outline-prev";

export interface HookPlace {
  root: string;
  dir: string;
  hook: string;
  prev: string;
  /**
   * The hooks folder lies outside both the work tree and the git directory (a `core.hooksPath`
   * such as ~/.githooks): every repository that uses it runs the hook.
   */
  shared: boolean;
}

export function hookPlace(env: Env): HookPlace {
  const root = findRepoRoot(env, env.cwd);
  if (!root) throw notARepository("run it inside the repository whose commits should refresh the cache");
  const foreign = foreignGitDir(env, root);
  if (foreign) throw inputError(`not touching another repository's hooks: ${foreign.what}`, foreign.hint);
  // `--git-path hooks` honours core.hooksPath (husky and friends) and worktrees.
  let dir = gitPath(env, root, "hooks");
  if (!isAbsolute(dir)) dir = resolve(root, dir);
  const hook = join(dir, "pre-commit");
  const owners = [root, ...gitDirs(env, root)].map(physical);
  const shared = !owners.some((o) => within(o, physical(dir)));
  return { root, dir, hook, prev: hook + PREV_SUFFIX, shared };
}

/** The path with symlinks resolved as far as it exists (the hooks folder may not exist yet). */
function physical(path: string): string {
  const abs = resolve(path);
  try {
    return realpathSync(abs);
  } catch {
    const up = dirname(abs);
    return up === abs ? abs : join(physical(up), relative(up, abs));
  }
}

function within(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * A hook manager that owns the pre-commit hook here, and the line that adds ours to it. husky
 * (v9: core.hooksPath .husky/_, whose pre-commit is a shim that runs .husky/<its own name>: a
 * hook put there in its place would stop the team's .husky/pre-commit from running; v4-8:
 * .husky with _/husky.sh) and lefthook (lefthook.yml; it writes .git/hooks/pre-commit itself and
 * would overwrite ours on its next install).
 */
export function hookManager(place: HookPlace): { what: string; instead: string } | undefined {
  const rel = relative(physical(place.root), physical(place.dir)).split(sep).join("/");
  const hookText = readOrEmpty(place.hook);
  if (rel === ".husky/_" || rel === ".husky" || /\bhusky\b/.test(hookText)) {
    return {
      what: `this repository's hooks are run by husky (core.hooksPath ${rel || place.dir}); putting a hook there would stop .husky/pre-commit from running`,
      instead: "add the line `ast-outline hook run` to .husky/pre-commit instead; nothing was changed",
    };
  }
  const config = LEFTHOOK_CONFIGS.find((f) => existsSync(join(place.root, f)));
  if (config || /\blefthook\b/.test(hookText)) {
    return {
      what: `this repository's hooks are run by lefthook (${config ?? "its pre-commit hook"}), which writes the pre-commit hook itself`,
      instead: `add \`pre-commit: { commands: { ast-outline: { run: ast-outline hook run } } }\` to ${config ?? "lefthook.yml"} instead (merged into its pre-commit: section), then run \`lefthook install\`; nothing was changed`,
    };
  }
  return undefined;
}

const LEFTHOOK_CONFIGS = ["lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml", "lefthook.json", "lefthook.toml", ".config/lefthook.yml"];

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
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

export interface InstallOptions {
  /** Install into a hooks folder shared with other repositories (a core.hooksPath outside this one). */
  force?: boolean;
}

export function installHook(env: Env, self = selfCommand(), opts: InstallOptions = {}): string[] {
  const place = hookPlace(env);
  const said: string[] = [];
  if (place.shared && !opts.force) {
    throw inputError(
      `core.hooksPath ${place.dir} is outside this repository: a hook there runs for every repository that uses it`,
      "pass --force to install it there anyway, or give this repository its own hooks folder",
    );
  }
  const manager = hookManager(place);
  if (manager) throw inputError(`not installing: ${manager.what}`, manager.instead);
  if (place.shared) said.push(`${place.dir} is a shared hooks folder (core.hooksPath outside this repository): the hook now runs for every repository that uses it`);
  // The hook never runs a program inside the work tree (a checkout can replace it): an npm
  // install in the repository (node_modules/...) is not run, so say what to do instead.
  const inside = [self.bin, self.script].find((file) => file && within(physical(place.root), physical(dirname(file))));
  if (inside) {
    said.push(`${inside} is inside this repository, so the hook will not run it and commits will not refresh the cache: install ast-outline outside it (npm install -g ast-outline, or install.sh into ~/.local/bin), then run \`ast-outline hook install\` again`);
  }
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
  ensureExcluded(env, { root: place.root, git: true });
  return said;
}

export function uninstallHook(env: Env): string[] {
  const place = hookPlace(env);
  if (place.shared && isOurs(place.hook)) {
    // Removing our own hook restores the folder as it was: no --force, but say who it affects.
    const lines = uninstallFrom(place);
    return [...lines, `${place.dir} is a shared hooks folder (core.hooksPath outside this repository): this affects every repository that uses it`];
  }
  return uninstallFrom(place);
}

function uninstallFrom(place: HookPlace): string[] {
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

/**
 * Set for the run `hook run --background` starts: the index as it was written as a tree, then
 * HEAD's tree ("-" before the first commit). That run refreshes from these trees, which git
 * keeps, whatever the index holds by the time it reads them (the commit has moved on).
 */
export const HOOK_TREES = "AST_OUTLINE_HOOK_TREES";

/** Refresh the cache for the staged files from the index (not the work tree), or from the trees HOOK_TREES names. */
export async function runHook(env: Env): Promise<RefreshResult> {
  const root = findRepoRoot(env, env.cwd);
  if (!root) throw notARepository();
  const trees = env.vars[HOOK_TREES]?.split(" ");
  const index = trees?.[0];
  const head = trees?.[1] === "-" ? undefined : trees?.[1];
  const staged = (index ? treeChanges(env, root, head, index) : stagedFiles(env, root)).filter((p) => languageByName(p));
  // A name that is not UTF-8 cannot be given to git as an argument (it would become U+FFFD):
  // it goes to the refresh, which skips it with a note naming it (result.skipped, `problem`).
  const undecodable = staged.filter((p) => undecodablePath(p));
  const paths = staged.filter((p) => !undecodablePath(p));
  const ids = index ? treeBlobIds(env, root, index, paths) : stagedBlobIds(env, root, paths);
  const blobs = await readBlobs(env, root, [...new Set(ids.values())]);
  const contents = new Map<string, Uint8Array>();
  for (const [path, id] of ids) {
    const bytes = blobs.get(id);
    if (bytes) contents.set(path, bytes);
  }
  if (!hasCache(root, nodeProbe)) ensureExcluded(env, { root, git: true });
  // A cache that must not be used (cache-trust.ts) is reported, not refreshed: nothing would be stored.
  return refreshCache({ env, root, paths: [...contents.keys(), ...undecodable], contents, source: diskSource(root), prune: false, distrusted: "refuse" });
}

/**
 * `hook run --background`: hand the staged content to a run of its own (HOOK_TREES) that goes
 * on after the commit, so the commit waits for two git calls and a process start, never for a
 * parse. Returns false when it could not be handed off (no tree for the index: unmerged
 * paths; the run would not start): then the caller refreshes in the foreground. What the
 * background run finds wrong is not reported; `hook run` in the foreground says it.
 */
export function startHookInBackground(env: Env, self = selfCommand()): boolean {
  const root = findRepoRoot(env, env.cwd);
  if (!root) throw notARepository();
  const index = indexTree(env, root);
  if (!index) return false;
  const head = headTree(env, root) ?? "-";
  // The engine settings this run started with (bin/startup.ts) are the child's too: a short run's.
  const vars = { ...env.vars, [HOOK_TREES]: `${index} ${head}` };
  return env.processes.detach(self.bin, [...(self.script ? [self.script] : []), "hook", "run"], { cwd: root, env: vars }) === undefined;
}
