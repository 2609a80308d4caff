// The repository as the cross-file questions see it: which source files there are, and each
// file's outline and scan. Every byte comes through a FileAccess (src/io/workspace.ts), the
// confinement gate; this module has no other way to the disk.
//
// A RepoSymbols is one question's view: it lists the files once, when first asked, so an answer
// reflects the disk at the time of the call. What it parses is kept in a ParseCache that
// outlives the question (the MCP server keeps one), reused only while the file's stamp (size,
// mtime, ctime, inode) is unchanged. A file that vanishes or turns unreadable between the
// listing and the read is left out of a repo-wide answer, never an error of it.
import { outlineRead, type OutlinedFile } from "./outline-file.ts";
import { scanSource, type FileScan } from "../core/skeleton/scan.ts";
import { decodeSource } from "../core/text/lines.ts";
import { DEFAULT_MAX_BYTES } from "../io/files.ts";
import { detectLanguage } from "../core/languages/detect.ts";
import { pathFilter } from "../core/text/glob.ts";
import { OutlineError } from "../core/errors.ts";
import type { FileAccess, FileStamp } from "../io/workspace.ts";

export interface ParsedFile extends OutlinedFile {
  /** undefined when the language has no skeleton query. */
  scan: FileScan | undefined;
}

export interface RepoSymbols {
  /** The gate every read goes through; import resolution asks it which candidates exist. */
  readonly access: FileAccess;
  /** Source files under the listing roots, display paths, optionally only those matching a glob. */
  files(glob?: string): string[];
  /** Files whose text contains `word` (a cheap filter before parsing). */
  filesMentioning(word: string, glob?: string, ignoreCase?: boolean): string[];
  /** Outline and scan of one file; throws OutlineError for a refused, missing or unsupported file. */
  parsed(path: string): Promise<ParsedFile>;
}

interface Entry {
  stamp: FileStamp;
  parsed?: ParsedFile;
  /** The file's bytes as latin1 text, for filesMentioning. */
  text?: string;
}

/** Parses and texts by path, each valid for one stamp of its file. */
export class ParseCache {
  private readonly entries = new Map<string, Entry>();

  /** The entry for this version of the file (a fresh one when the file changed). */
  at(path: string, stamp: FileStamp): Entry {
    let e = this.entries.get(path);
    if (!e || !sameStamp(e.stamp, stamp)) {
      e = { stamp };
      this.entries.set(path, e);
    }
    return e;
  }
}

export function repoSymbols(access: FileAccess, cache = new ParseCache()): RepoSymbols {
  let listing: { path: string; stamp: FileStamp }[] | undefined;

  const listed = () => {
    listing ??= access.list().flatMap((path) => {
      const stamp = access.stamp(path);
      return stamp && stamp.size <= DEFAULT_MAX_BYTES ? [{ path, stamp }] : [];
    });
    return listing;
  };

  const files = (glob?: string): string[] => {
    const keep = glob === undefined ? undefined : pathFilter(glob);
    return listed().flatMap((f) => (!keep || keep(f.path) ? [f.path] : []));
  };

  const textOf = (path: string, stamp: FileStamp): string | undefined => {
    const e = cache.at(path, stamp);
    if (e.text !== undefined) return e.text;
    let file;
    try {
      file = access.read(path, DEFAULT_MAX_BYTES);
    } catch (err) {
      if (err instanceof OutlineError) return undefined; // gone or unreadable since the listing
      throw err;
    }
    const now = cache.at(path, file.stamp);
    now.text = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString("latin1");
    return now.text;
  };

  return {
    access,
    files,
    filesMentioning(word, glob, ignoreCase) {
      const re = ignoreCase ? new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i") : undefined;
      const keep = glob === undefined ? undefined : pathFilter(glob);
      const out: string[] = [];
      for (const f of listed()) {
        if (keep && !keep(f.path)) continue;
        const text = textOf(f.path, f.stamp);
        if (text !== undefined && (re ? re.test(text) : text.includes(word))) out.push(f.path);
      }
      return out;
    },
    async parsed(path) {
      const located = access.locate(path);
      const stamp = access.stamp(located);
      const known = stamp && cache.at(located, stamp).parsed;
      if (known) return known;
      const file = access.read(located, DEFAULT_MAX_BYTES);
      const e = cache.at(located, file.stamp);
      if (!e.parsed) {
        const outlined = await outlineRead(file);
        const language = detectLanguage(file.path, file.bytes.subarray(0, 256), undefined)!;
        const scan = await scanSource(decodeSource(file.bytes), language);
        e.parsed = { ...outlined, scan };
      }
      return e.parsed;
    },
  };
}

function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;
}
