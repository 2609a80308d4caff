// The repository as the agent tools see it: which source files there are, and each file's
// outline and scan. A small interface so the on-disk cache (`index`) can back it later; for
// now it walks the roots (src/io/walk.ts) and keeps what it parsed in memory, keyed by
// mtime and size, so a long-running MCP server parses a file again only when it changes.
import { readFileSync, statSync } from "node:fs";
import { outlineFile, type OutlinedFile } from "./outline-file.ts";
import { scanSource, type FileScan } from "../core/skeleton/scan.ts";
import { decodeSource } from "../core/text/lines.ts";
import { expandPaths, type WalkNote } from "../io/walk.ts";
import { DEFAULT_MAX_BYTES } from "../io/files.ts";
import { toDisplayPath } from "../io/paths.ts";
import { REGISTRY } from "../core/languages/registry.ts";
import { pathFilter } from "../core/text/glob.ts";

export interface ParsedFile extends OutlinedFile {
  /** undefined when the language has no skeleton query. */
  scan: FileScan | undefined;
}

export interface RepoSymbols {
  /** Source files under the roots, display paths, optionally only those matching a glob. */
  files(glob?: string): string[];
  /** Files whose text contains `word` (a cheap filter before parsing). */
  filesMentioning(word: string, glob?: string, ignoreCase?: boolean): string[];
  /** Outline and scan of one file; throws OutlineError for a missing or unsupported file. */
  parsed(path: string): Promise<ParsedFile>;
}

interface Entry {
  mtimeMs: number;
  size: number;
  parsed?: ParsedFile;
  text?: string;
}

export function walkRepo(roots: string[]): RepoSymbols {
  const cache = new Map<string, Entry>();
  let listing: { at: number; files: string[] } | undefined;

  const entry = (path: string): Entry => {
    const st = statSync(path);
    let e = cache.get(path);
    if (!e || e.mtimeMs !== st.mtimeMs || e.size !== st.size) {
      e = { mtimeMs: st.mtimeMs, size: st.size };
      cache.set(path, e);
    }
    return e;
  };

  const files = (glob?: string): string[] => {
    // The listing is reused for a second; new files show up on the next call after that.
    if (!listing || Date.now() - listing.at > 1000) {
      const notes: WalkNote[] = [];
      const all = expandPaths(roots, notes).map((e) => toDisplayPath(e.path));
      listing = { at: Date.now(), files: all.filter((p) => statSync(p).size <= DEFAULT_MAX_BYTES) };
    }
    if (!glob) return listing.files;
    const keep = pathFilter(glob);
    return listing.files.filter(keep);
  };

  return {
    files,
    filesMentioning(word, glob, ignoreCase) {
      const re = ignoreCase ? new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i") : undefined;
      return files(glob).filter((p) => {
        const e = entry(p);
        e.text ??= readFileSync(p, "latin1");
        return re ? re.test(e.text) : e.text.includes(word);
      });
    },
    async parsed(path) {
      const e = entry(path);
      if (!e.parsed) {
        const outlined = await outlineFile(path);
        const language = REGISTRY.byId.get(outlined.outline.language)!;
        const scan = await scanSource(decodeSource(outlined.file.bytes), language);
        e.parsed = { ...outlined, scan };
      }
      return e.parsed;
    },
  };
}
