// The matching lines of `search --text`, before any symbol is looked up: from `git grep` in a git
// work tree (tracked and untracked-not-ignored files, as they are on disk), else from a scan of
// the files a walk lists (honouring .gitignore). Either way the pattern's JavaScript regex
// confirms each line (core/search/text-pattern.ts), vendored folders and the cache are left
// out, and only files the workspace admits are answered.
import { CACHE_DIR } from "../../core/cache/format.ts";
import { OutlineError } from "../../core/errors.ts";
import { looksBinary } from "../../core/text/binary.ts";
import { decodeSource } from "../../core/text/lines.ts";
import type { TextPattern } from "../../core/search/text-pattern.ts";
import { gitRedirected, type Env } from "../../io/env.ts";
import { formatBytes } from "../../core/text/bytes.ts";
import { BINARY_SNIFF_BYTES, DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { git, gitGrep } from "../../io/git.ts";
import { splitNulPaths } from "../../io/names.ts";
import { nodeProbe } from "../../io/node-probe.ts";
import { VENDORED_DIRS } from "../../io/walk.ts";
import { workTreeAbove } from "../../io/work-tree.ts";
import type { FileAccess } from "../../io/workspace.ts";

/** Matching lines read per file: a line more than this in one file is counted as "more". */
export const MAX_LINES_PER_FILE = 200;
const EXCLUDED_DIRS = [...VENDORED_DIRS, CACHE_DIR];

export interface FoundLine {
  path: string;
  line: number;
  text: string;
}

export interface FoundLines {
  lines: FoundLine[];
  /** Files not searched or not answered, with why. */
  skipped: { path: string; reason: string }[];
  capped: boolean;
  searchedBy: "git grep" | "scan";
}

/** Lines matching `p` in the files under the access's base, in path and line order. */
export async function findLines(env: Env, access: FileAccess, p: TextPattern, keep: (path: string) => boolean): Promise<FoundLines> {
  const base = access.base;
  const inGit = !gitRedirected(env) && workTreeAbove(base, nodeProbe) !== undefined;
  if (inGit) {
    const found = await gitGrep(env, base, p.source, { fixed: p.literal, ignoreCase: p.ignoreCase, maxPerFile: MAX_LINES_PER_FILE, excludeDirs: EXCLUDED_DIRS });
    if (found) {
      const lines: FoundLine[] = [];
      const perFile = new Map<string, number>();
      for (const l of found.lines) {
        if (!keep(l.path) || !access.admits(l.path)) continue;
        const text = decodeSource(l.text).replace(/\r$/, "");
        if (!p.line.test(text)) continue; // git's reading of the pattern found it; the JavaScript regex decides
        lines.push({ path: l.path, line: l.line, text });
        perFile.set(l.path, (perFile.get(l.path) ?? 0) + 1);
      }
      const skipped = found.binary.filter((b) => keep(b) && access.admits(b)).map((path) => ({ path, reason: "binary (it matches)" }));
      return { lines: sortLines(lines), skipped, capped: [...perFile.values()].some((n) => n >= MAX_LINES_PER_FILE), searchedBy: "git grep" };
    }
  }
  const paths = inGit ? await gitFiles(env, base) : access.list(undefined, undefined, true).map((f) => f.path);
  return scan(access, p, paths.filter((path) => keep(path) && !excluded(path)));
}

function excluded(path: string): boolean {
  return path.split("/").slice(0, -1).some((d) => EXCLUDED_DIRS.includes(d));
}

/** Tracked and untracked-not-ignored files under `cwd`, relative to it. */
async function gitFiles(env: Env, cwd: string): Promise<string[]> {
  return splitNulPaths((await git(env, cwd, ["ls-files", "-co", "--exclude-standard", "-z", "--deduplicate", "--", "."], "ls-files")).stdout);
}

function scan(access: FileAccess, p: TextPattern, paths: string[]): FoundLines {
  const lines: FoundLine[] = [];
  const skipped: { path: string; reason: string }[] = [];
  let capped = false;
  for (const path of paths) {
    const stamp = access.stamp(path);
    if (!stamp) continue; // a link, a folder, gone, or outside
    if (stamp.size > DEFAULT_MAX_BYTES) {
      skipped.push({ path, reason: `larger than ${formatBytes(DEFAULT_MAX_BYTES)}: not searched` });
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = access.read(path, DEFAULT_MAX_BYTES).bytes;
    } catch (e) {
      if (e instanceof OutlineError) continue; // gone or unreadable since the listing
      throw e;
    }
    if (looksBinary(bytes.subarray(0, BINARY_SNIFF_BYTES))) {
      if (p.file.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"))) skipped.push({ path, reason: "binary (it matches)" });
      continue;
    }
    const text = decodeSource(bytes);
    if (!p.file.test(text)) continue;
    let n = 0;
    const all = text.split("\n");
    for (let i = 0; i < all.length; i++) {
      const line = all[i].replace(/\r$/, "");
      if (!p.line.test(line)) continue;
      if (++n > MAX_LINES_PER_FILE) {
        capped = true;
        break;
      }
      lines.push({ path, line: i + 1, text: line });
    }
  }
  return { lines: sortLines(lines), skipped, capped, searchedBy: "scan" };
}

function sortLines(lines: FoundLine[]): FoundLine[] {
  return lines.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
}
