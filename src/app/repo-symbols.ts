// The repository as the cross-file questions see it: which source files there are, and each
// file's outline and scan. Every byte comes through a FileAccess (src/io/workspace.ts), the
// confinement gate; this module has no other way to the disk.
//
// A RepoSymbols is one question's view: it lists the files once, when first asked, so an answer
// reflects the disk at the time of the call. What it parses is kept in a ParseCache that
// outlives the question (the MCP server keeps one), reused while the file's stamp (size,
// mtime, ctime, inode) is unchanged and trusted (core/stamp.ts), or its bytes are. A file that vanishes or turns unreadable between the
// listing and the read is left out of a repo-wide answer, never an error of it.
import { outlineRead, type OutlinedFile } from "./outline-file.ts";
import { scanSource, type FileScan } from "../core/skeleton/scan.ts";
import { decodeSource } from "../core/text/lines.ts";
import { DEFAULT_MAX_BYTES } from "../io/files.ts";
import { REGISTRY } from "../core/languages/registry.ts";
import { pathFilter } from "../core/text/glob.ts";
import { OutlineError } from "../core/errors.ts";
import { contentHash } from "../core/hash.ts";
import { envAt, type Env } from "../io/env.ts";
import { changedWithin, sameStamp, type FileStamp } from "../core/stamp.ts";
import type { FileAccess } from "../io/workspace.ts";

export interface ParsedFile extends OutlinedFile {
  /** undefined when the language has no skeleton query. */
  scan: FileScan | undefined;
}

export interface RepoSymbols {
  /** The gate every read goes through; import resolution asks it which candidates exist. */
  readonly access: FileAccess;
  /** Source files under the listing roots, display paths, optionally only those matching a glob. */
  files(glob?: string): string[];
  /** Files whose text contains `word` (or matches it, a RegExp: a cheap filter before parsing); only those `only` admits by path are read. */
  filesMentioning(word: string | RegExp, glob?: string, ignoreCase?: boolean, only?: (path: string) => boolean): string[];
  /** Outline and scan of one file; throws OutlineError for a refused, missing or unsupported file. */
  parsed(path: string): Promise<ParsedFile>;
}

interface Entry {
  stamp: FileStamp;
  /** When the bytes behind this entry were read (wall clock, ms). */
  readAt: number;
  hash?: string;
  parsed?: ParsedFile;
  /** The file's bytes as latin1 text, for filesMentioning. */
  text?: string;
}

/** Parses and texts by path, each valid for one version of its file. */
export class ParseCache {
  private readonly entries = new Map<string, Entry>();

  /**
   * The entry for the file as it is now by its stamp, unless the stamp cannot be trusted (the file
   * changed within the racy window before it was read): then its bytes are read again, and a
   * parse reused only when their hash matches.
   */
  trusted(path: string, stamp: FileStamp): Entry | undefined {
    const e = this.entries.get(path);
    return e && sameStamp(e.stamp, stamp) && !changedWithin(stamp, e.readAt) ? e : undefined;
  }

  /** The entry for bytes just read: what is known of the same content is kept, the rest dropped. */
  read(path: string, file: { stamp: FileStamp; bytes: Uint8Array }, readAt: number): Entry {
    const hash = contentHash(file.bytes);
    const old = this.entries.get(path);
    const e: Entry = old?.hash === hash ? { ...old, stamp: file.stamp, readAt } : { stamp: file.stamp, readAt, hash };
    this.entries.set(path, e);
    return e;
  }
}

/** One question's view of the files `access` lets it see; paths are relative to access.base. */
export function repoSymbols(env: Env, access: FileAccess, cache = new ParseCache()): RepoSymbols {
  const here = envAt(env, access.base);
  let listing: { path: string; stamp: FileStamp }[] | undefined;

  const listed = () => {
    listing ??= access.list().filter((f) => f.stamp.size <= DEFAULT_MAX_BYTES);
    return listing;
  };

  const files = (glob?: string): string[] => {
    const keep = glob === undefined ? undefined : pathFilter(glob);
    return listed().flatMap((f) => (!keep || keep(f.path) ? [f.path] : []));
  };

  const textOf = (path: string, stamp: FileStamp): string | undefined => {
    const known = cache.trusted(path, stamp)?.text;
    if (known !== undefined) return known;
    const readAt = env.now();
    let file;
    try {
      file = access.read(path, DEFAULT_MAX_BYTES);
    } catch (err) {
      if (err instanceof OutlineError) return undefined; // gone or unreadable since the listing
      throw err;
    }
    const e = cache.read(path, file, readAt);
    e.text ??= Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString("latin1");
    return e.text;
  };

  return {
    access,
    files,
    filesMentioning(word, glob, ignoreCase, only) {
      const re = typeof word !== "string" ? word : ignoreCase ? new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i") : undefined;
      const keep = glob === undefined ? undefined : pathFilter(glob);
      const out: string[] = [];
      for (const f of listed()) {
        if ((keep && !keep(f.path)) || (only && !only(f.path))) continue;
        const text = textOf(f.path, f.stamp);
        if (text !== undefined && (re ? re.test(text) : text.includes(word as string))) out.push(f.path);
      }
      return out;
    },
    async parsed(path) {
      const located = access.locate(path);
      const stamp = access.stamp(located);
      const known = stamp && cache.trusted(located, stamp)?.parsed;
      if (known) return known;
      const readAt = env.now();
      const file = access.read(located, DEFAULT_MAX_BYTES);
      const e = cache.read(located, file, readAt);
      if (!e.parsed) {
        const outlined = await outlineRead(here, file);
        // The language the outline was made in: the one decision (detect.ts), not a second guess.
        const language = REGISTRY.byId.get(outlined.outline.language)!;
        const scan = await scanSource(decodeSource(file.bytes), language);
        e.parsed = { ...outlined, scan };
      }
      return e.parsed;
    },
  };
}

/** A file's parse, or undefined for one that cannot be outlined (gone, binary, unsupported): skipped in a repo-wide answer, not fatal. */
export async function parsedOrSkip(repo: RepoSymbols, path: string): Promise<ParsedFile | undefined> {
  try {
    return await repo.parsed(path);
  } catch (e) {
    if (e instanceof OutlineError) return undefined;
    throw e;
  }
}
