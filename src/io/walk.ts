// Expanding `outline <path...>` arguments into source files: directories recursively,
// honouring .gitignore files (and .git/info/exclude), skipping vendored folders and version
// control's own (a file in another hidden folder, `.github/`, `.vitepress/`, is source like any other).
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { CACHE_DIR } from "../core/cache/format.ts";
import ignore, { type Ignore } from "ignore";
import { languageByName } from "../core/languages/detect.ts";
import { statOrThrow } from "./files.ts";
import { decodeName, isUtf8, UNDECODABLE_NAME } from "./names.ts";
import { nodeProbe } from "./node-probe.ts";
import { workTreeAbove } from "./work-tree.ts";

/** Folders of version control and of this tool's cache: never source. */
const NEVER_WALKED = new Set([".git", ".hg", ".svn", CACHE_DIR]);

/** Folders that hold other people's code or build output. */
export const VENDORED_DIRS = new Set([
  "node_modules", "bower_components", "vendor", "third_party", "third-party", "site-packages",
  "__pycache__", ".venv", "venv", "target", "Pods", "dist-newstyle",
]);

export interface WalkEntry {
  path: string;
  /** True when the user named this file: it is outlined whatever its extension. */
  explicit: boolean;
}

export interface WalkNote {
  path: string;
  reason: string;
  /** Something that should have been read could not be (a folder, a file name): not a choice like "vendored". */
  problem?: boolean;
}

interface IgnoreLevel {
  dir: string;
  ig: Ignore;
}

/**
 * The files the inputs name, folders walked. Inputs are relative to `base` (the working folder)
 * or absolute; the paths returned are spelled as the inputs are (relative stays relative).
 */
export function expandPaths(inputs: string[], notes: WalkNote[], base: string, anyFile = false): WalkEntry[] {
  const out: WalkEntry[] = [];
  const walk: Walk = { base, out, notes, anyFile };
  for (const input of inputs) {
    const stat = statOrThrow(input, base);
    if (!stat.isDirectory()) {
      out.push({ path: input, explicit: true });
      continue;
    }
    walkDir(walk, input, ancestorsIgnores(base, input));
  }
  return out;
}

interface Walk {
  /** Where relative paths start. */
  base: string;
  out: WalkEntry[];
  notes: WalkNote[];
  /** Every file, not only those of a known language (`search --text`). */
  anyFile: boolean;
}

/** `dir` as the walk spells it (relative to the base, or absolute): the ignore file names in it are read from the disk. */
function loadIgnore(base: string, dir: string, names: string[]): IgnoreLevel | undefined {
  const ig = ignore();
  let any = false;
  for (const name of names) {
    const file = resolve(base, dir, name);
    if (!existsSync(file)) continue;
    try {
      ig.add(readFileSync(file, "utf8"));
      any = true;
    } catch {
      // An unreadable ignore file is treated as absent.
    }
  }
  return any ? { dir, ig } : undefined;
}

/** .gitignore files of the folders above the start folder, up to the work tree's top (and its info/exclude). */
function ancestorsIgnores(base: string, start: string): IgnoreLevel[] {
  const dir = resolve(base, start);
  const top = workTreeAbove(dir, nodeProbe);
  if (top === undefined) return []; // not in a repository: only the start folder's own rules (walkDir)
  const chain = [dir];
  while (chain[0] !== top) chain.unshift(dirname(chain[0]));
  const levels: IgnoreLevel[] = [];
  const rootLevel = loadIgnore(base, top, [".gitignore", join(".git", "info", "exclude")]);
  if (rootLevel) levels.push(rootLevel);
  for (const d of chain.slice(1, -1)) {
    const level = loadIgnore(base, d, [".gitignore"]);
    if (level) levels.push(level);
  }
  return levels.map((l) => ({ ...l, dir: relative(base, l.dir) || "." }));
}

function isIgnored(base: string, path: string, isDir: boolean, levels: IgnoreLevel[]): boolean {
  for (const { dir, ig } of levels) {
    let rel = relative(resolve(base, dir), resolve(base, path));
    if (!rel || rel.startsWith("..")) continue;
    if (sep !== "/") rel = rel.split(sep).join("/");
    if (ig.ignores(isDir ? `${rel}/` : rel)) return true;
  }
  return false;
}

function walkDir(walk: Walk, dir: string, levels: IgnoreLevel[]): void {
  const { base, out, notes } = walk;
  const own = loadIgnore(base, dir, [".gitignore"]);
  const here = own ? [...levels, own] : levels;
  let entries;
  try {
    entries = readdirSync(resolve(base, dir), { withFileTypes: true });
  } catch (e) {
    notes.push({ path: dir, reason: `unreadable folder (${(e as NodeJS.ErrnoException).code ?? e})`, problem: true });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const undecodable = undecodableNames(resolve(base, dir), entries);
  for (const entry of entries) {
    if (NEVER_WALKED.has(entry.name)) continue;
    const raw = undecodable?.get(entry.name);
    if (raw) {
      // The decoded name (U+FFFD for the bad bytes) opens nothing: say which file, by its bytes.
      const shown = decodeName(dir === "." ? raw : Buffer.concat([Buffer.from(`${dir}/`), raw]));
      if (entry.isDirectory() || walk.anyFile || languageByName(entry.name)) notes.push({ path: shown, reason: UNDECODABLE_NAME, problem: true });
      continue;
    }
    const path = dir === "." ? entry.name : join(dir, entry.name);
    if (entry.isDirectory()) {
      if (isIgnored(base, path, true, here)) continue;
      if (VENDORED_DIRS.has(entry.name)) {
        notes.push({ path: `${path}/`, reason: "vendored folder" });
        continue;
      }
      walkDir(walk, path, here);
    } else if (entry.isFile()) {
      if (isIgnored(base, path, false, here)) continue;
      if (!walk.anyFile && !languageByName(path)) continue; // shebang scripts are found only when named
      out.push({ path, explicit: false });
    }
  }
}

/**
 * The entries whose names are not UTF-8, by their decoded name, with their bytes. Only folders
 * with a decoded name holding U+FFFD are listed a second time, as bytes.
 */
function undecodableNames(dir: string, entries: { name: string }[]): Map<string, Buffer> | undefined {
  if (!entries.some((e) => e.name.includes("\uFFFD"))) return undefined;
  const out = new Map<string, Buffer>();
  try {
    for (const raw of readdirSync(dir, { encoding: "buffer" })) {
      if (!isUtf8(raw)) out.set(raw.toString("utf8"), raw);
    }
  } catch {
    // listed a moment ago: a folder that went away has no names to report
  }
  return out;
}
