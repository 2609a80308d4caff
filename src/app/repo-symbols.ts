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
import { DEFAULT_MAX_BYTES, requireLanguage, type SourceFile } from "../io/files.ts";
import { REGISTRY, type LanguageSpec } from "../core/languages/registry.ts";
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

/** A file's scan, before (or without) its outline. */
export interface ScannedFile {
  file: SourceFile;
  language: LanguageSpec;
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
  /** The scan alone (no outline: one parse less), for a first look at a file's calls; throws as `parsed` does. */
  scanned(path: string): Promise<ScannedFile>;
  /** Whether the file's text (as latin1: one character a byte, see asText) matches `pattern`; false for a file that cannot be read. */
  textMatches(path: string, pattern: RegExp): boolean;
  /**
   * Words later `filesMentioning` calls will ask for (case-sensitive): they are searched for
   * together first, where the view has a faster search than reading every file (WordSearch),
   * and the files found to hold none of them as a whole word are not read for them.
   */
  expectWords(words: string[]): Promise<void>;
}

/**
 * A search of the listing for files that may hold any of some words as a whole word (git's
 * native `grep -w` over the work tree): the returned test is false only for a file the search
 * looked at and found none of them in; undefined when it could not search (every file is read).
 */
export type WordSearch = (words: string[]) => Promise<((path: string) => boolean) | undefined>;

interface Entry {
  stamp: FileStamp;
  /** When the bytes behind this entry were read (wall clock, ms). */
  readAt: number;
  hash?: string;
  parsed?: ParsedFile;
  scanned?: ScannedFile;
  /** The file as read, until a scan or parse holds it. */
  file?: SourceFile;
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
export function repoSymbols(env: Env, access: FileAccess, cache = new ParseCache(), search?: WordSearch): RepoSymbols {
  const here = envAt(env, access.base);
  let listing: { path: string; stamp: FileStamp }[] | undefined;
  /** The words searched for (expectWords), and the test of which files may hold them. */
  const narrowed = new Map<string, (path: string) => boolean>();
  let stamps: Map<string, FileStamp> | undefined;

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

  /** The entry for the file as it is now: by its stamp when trusted, else read again (the bytes kept until parsed). */
  const current = async (path: string): Promise<Entry> => {
    const located = access.locate(path);
    const stamp = access.stamp(located);
    const known = stamp && cache.trusted(located, stamp);
    if (known && (known.parsed || known.scanned || known.file)) return known;
    const readAt = env.now();
    const file = access.read(located, DEFAULT_MAX_BYTES);
    const e = cache.read(located, file, readAt);
    if (!e.parsed && !e.scanned) e.file = file;
    return e;
  };

  return {
    access,
    files,
    filesMentioning(word, glob, ignoreCase, only) {
      const re = typeof word !== "string" ? word : ignoreCase ? new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i") : undefined;
      const needle = typeof word === "string" && !re ? asText(word) : undefined;
      const keep = glob === undefined ? undefined : pathFilter(glob);
      // A name that is called or imported stands as a whole word (no letter, digit or underscore
      // on either side): a file the search found without the word that way cannot call it.
      const mayHold = typeof word === "string" && !ignoreCase ? narrowed.get(word) : undefined;
      const out: string[] = [];
      for (const f of listed()) {
        if ((keep && !keep(f.path)) || (only && !only(f.path)) || (mayHold && !mayHold(f.path))) continue;
        const text = textOf(f.path, f.stamp);
        if (text !== undefined && (re ? re.test(text) : text.includes(needle!))) out.push(f.path);
      }
      return out;
    },
    async expectWords(words) {
      const fresh = [...new Set(words)].filter((w) => !narrowed.has(w));
      if (!search || !fresh.length) return;
      const test = await search(fresh);
      if (test) for (const w of fresh) narrowed.set(w, test);
    },
    textMatches(path, pattern) {
      stamps ??= new Map(listed().map((f) => [f.path, f.stamp]));
      const stamp = stamps.get(path) ?? access.stamp(access.locate(path));
      const text = stamp && textOf(path, stamp);
      return text !== undefined && pattern.test(text);
    },
    async scanned(path) {
      const e = await current(path);
      if (!e.scanned) {
        const file = e.parsed?.file ?? e.file!;
        // The language the outline is made in too (outlineRead): the one decision (detect.ts), not a second guess.
        const language = requireLanguage(file);
        e.scanned = { file, language, scan: e.parsed ? e.parsed.scan : await scanSource(decodeSource(file.bytes), language) };
      }
      return e.scanned;
    },
    async parsed(path) {
      const e = await current(path);
      if (!e.parsed) {
        const file = e.scanned?.file ?? e.file!;
        const outlined = await outlineRead(here, file);
        const language = REGISTRY.byId.get(outlined.outline.language)!;
        const scan = e.scanned ? e.scanned.scan : await scanSource(decodeSource(file.bytes), language);
        e.parsed = { ...outlined, scan };
      }
      // Both parses known: the bytes are held by the parse alone.
      e.file = undefined;
      return e.parsed;
    },
  };
}

/** A word as it shows in a file's text as read here (latin1: one character a byte of its UTF-8). */
export function asText(word: string): string {
  return Buffer.from(word, "utf8").toString("latin1");
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

/** A file's scan (RepoSymbols.scanned), or undefined for one that cannot be read or outlined, as parsedOrSkip. */
export async function scannedOrSkip(repo: RepoSymbols, path: string): Promise<ScannedFile | undefined> {
  try {
    return await repo.scanned(path);
  } catch (e) {
    if (e instanceof OutlineError) return undefined;
    throw e;
  }
}
