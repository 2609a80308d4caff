// Expanding `outline <path...>` arguments into source files: directories recursively,
// honouring .gitignore files (and .git/info/exclude), skipping vendored folders and version
// control's own (a file in another hidden folder, `.github/`, `.vitepress/`, is source like any other).
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { CACHE_DIR } from "../core/cache/format.ts";
import ignore, { type Ignore } from "ignore";
import { languageByName } from "../core/languages/detect.ts";
import { statOrThrow } from "./files.ts";
import { decodeName, isUtf8, UNDECODABLE_NAME } from "./names.ts";

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

export function expandPaths(inputs: string[], notes: WalkNote[]): WalkEntry[] {
  const out: WalkEntry[] = [];
  for (const input of inputs) {
    const stat = statOrThrow(input);
    if (!stat.isDirectory()) {
      out.push({ path: input, explicit: true });
      continue;
    }
    walkDir(input, ancestorsIgnores(input), out, notes);
  }
  return out;
}

function loadIgnore(dir: string, names: string[]): IgnoreLevel | undefined {
  const ig = ignore();
  let any = false;
  for (const name of names) {
    const file = join(dir, name);
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

/** .gitignore files of the folders above the start folder, up to the repository root. */
function ancestorsIgnores(start: string): IgnoreLevel[] {
  const levels: IgnoreLevel[] = [];
  let dir = resolve(start);
  const chain: string[] = [];
  for (;;) {
    chain.unshift(dir);
    if (existsSync(join(dir, ".git"))) break;
    const up = join(dir, "..");
    if (up === dir) {
      chain.splice(0, chain.length - 1); // not in a repository: only the start folder's own rules
      break;
    }
    dir = up;
  }
  const root = chain[0];
  const rootLevel = loadIgnore(root, [".gitignore", join(".git", "info", "exclude")]);
  if (rootLevel) levels.push(rootLevel);
  for (const d of chain.slice(1, -1)) {
    const level = loadIgnore(d, [".gitignore"]);
    if (level) levels.push(level);
  }
  return levels.map((l) => ({ ...l, dir: relative(process.cwd(), l.dir) || "." }));
}

function isIgnored(path: string, isDir: boolean, levels: IgnoreLevel[]): boolean {
  for (const { dir, ig } of levels) {
    let rel = relative(dir, path);
    if (!rel || rel.startsWith("..")) continue;
    if (sep !== "/") rel = rel.split(sep).join("/");
    if (ig.ignores(isDir ? `${rel}/` : rel)) return true;
  }
  return false;
}

function walkDir(dir: string, levels: IgnoreLevel[], out: WalkEntry[], notes: WalkNote[]): void {
  const own = loadIgnore(dir, [".gitignore"]);
  const here = own ? [...levels, own] : levels;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    notes.push({ path: dir, reason: `unreadable folder (${(e as NodeJS.ErrnoException).code ?? e})`, problem: true });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const undecodable = undecodableNames(dir, entries);
  for (const entry of entries) {
    if (NEVER_WALKED.has(entry.name)) continue;
    const raw = undecodable?.get(entry.name);
    if (raw) {
      // The decoded name (U+FFFD for the bad bytes) opens nothing: say which file, by its bytes.
      const shown = decodeName(dir === "." ? raw : Buffer.concat([Buffer.from(`${dir}/`), raw]));
      if (entry.isDirectory() || languageByName(entry.name)) notes.push({ path: shown, reason: UNDECODABLE_NAME, problem: true });
      continue;
    }
    const path = dir === "." ? entry.name : join(dir, entry.name);
    if (entry.isDirectory()) {
      if (isIgnored(path, true, here)) continue;
      if (VENDORED_DIRS.has(entry.name)) {
        notes.push({ path: `${path}/`, reason: "vendored folder" });
        continue;
      }
      walkDir(path, here, out, notes);
    } else if (entry.isFile()) {
      if (isIgnored(path, false, here)) continue;
      if (!languageByName(path)) continue; // shebang scripts are found only when named
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
