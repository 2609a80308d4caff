// The on-disk cache format, as data: what an entry and a manifest hold, and the rules that
// decide whether one can be trusted. No IO here (src/io/cache-store.ts reads and writes).
//
// Layout of `.ast_outline_cache/` at the repository root:
//   VERSION                                  the format version (a different one: start afresh)
//   manifest.json                            the engine, and path -> stat fingerprint + content hash + language
//   objects/<engine>/<hh>/<hash>-<lang>.json one outline (FileOutline minus path), immutable
//   symbols/<nn>.tsv                         symbol rows by object key in 64 shards, for qualified search (pack.ts)
//   symbols/<nn>.names                       the same rows cut to kind, name, line, depth: name search, digest (pack.ts)
//   listing.tsv                              git's file listing + stats of what it depends on (app/index/listing.ts)
// Objects are addressed by content hash, language and engine (format + tool version + query
// texts + grammar versions + the outline-building source, src/app/engine/id.ts), so identical
// content is parsed once and a cache restored from elsewhere is still right.
import { changedWithin, type FileStamp } from "../stamp.ts";
import { countLines } from "../text/lines.ts";
import type { FileOutline, OutlineSymbol } from "../types.ts";

export { CACHE_DIR } from "./dir.ts";
export const CACHE_FORMAT = 1;

/** A cached outline: everything but the path, which depends on where it is shown from. */
export interface CacheEntry extends Omit<FileOutline, "path"> {
  format: number;
  engine: string;
}

/** What the manifest remembers of a file: enough to skip reading it when nothing moved. */
export interface ManifestRecord {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  hash: string;
  language: string;
  /** Byte size of the object file: a cut-off object is noticed by a stat alone. */
  objectSize: number;
}

export interface Manifest {
  format: number;
  /**
   * The engine the records' objects were made by. Runs that trust a record without looking
   * for its object (`search`, `digest`) would find nothing after an upgrade: records of
   * another engine are not trusted (the files are read and hashed again, objects looked up
   * under this engine, parsed where missing).
   */
  engine: string;
  files: Record<string, ManifestRecord>;
}

export function objectKey(hash: string, language: string): string {
  return `${hash}-${language}`;
}

export function toEntry(outline: FileOutline, engine: string): CacheEntry {
  const { path: _path, ...rest } = outline;
  return { format: CACHE_FORMAT, engine, ...rest };
}

export function fromEntry(entry: CacheEntry, path: string): FileOutline {
  const outline: FileOutline = {
    path,
    language: entry.language,
    hash: entry.hash,
    lineCount: entry.lineCount,
    imports: entry.imports,
    symbols: entry.symbols,
    diagnostics: entry.diagnostics,
  };
  if (Array.isArray(entry.unparsedRanges) && entry.unparsedRanges.length) outline.unparsedRanges = entry.unparsedRanges;
  return outline;
}

/**
 * An entry read back is trusted only when it is whole, of this format and engine, for the
 * content and language asked, and every symbol's range lies within its lineCount.
 */
export function validEntry(value: unknown, engine: string, hash: string, language: string): value is CacheEntry {
  if (!value || typeof value !== "object") return false;
  const e = value as Partial<CacheEntry>;
  return e.format === CACHE_FORMAT && e.engine === engine && e.hash === hash && e.language === language
    && Number.isInteger(e.lineCount) && e.lineCount! >= 0 && Array.isArray(e.imports) && Array.isArray(e.diagnostics)
    && symbolsValid(e.symbols, e.lineCount!);
}

function symbolsValid(symbols: unknown, lineCount: number): boolean {
  if (!Array.isArray(symbols)) return false;
  for (const s of symbols as Partial<OutlineSymbol>[]) {
    if (!s || typeof s.name !== "string" || typeof s.qualifiedName !== "string" || typeof s.kind !== "string" || typeof s.signature !== "string") return false;
    if (!Number.isInteger(s.startLine) || !Number.isInteger(s.endLine) || s.startLine! < 1 || s.endLine! < s.startLine! || s.endLine! > lineCount) return false;
    if (s.children !== undefined && !symbolsValid(s.children, lineCount)) return false;
  }
  return true;
}

/**
 * A valid entry (validEntry) can stand for these bytes: their line count is its lineCount, and
 * each symbol's name occurs in the text of its own line range (a name built from several places,
 * `aws_vpc.this` or a selector list folded to one line: each of its parts). The hash says which bytes the
 * entry claims to describe; this says it describes them, so an object planted under a real
 * file's hash with made-up symbols is refused. (Names are compared as UTF-8 bytes: a name
 * holding a character the bytes do not encode validly fails, and its file is parsed instead.)
 */
export function entryFitsSource(entry: CacheEntry, bytes: Uint8Array): boolean {
  if (entry.lineCount !== countLines(bytes)) return false;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const starts = [0];
  for (let i = buf.indexOf(0x0a); i !== -1; i = buf.indexOf(0x0a, i + 1)) starts.push(i + 1);
  const within = (text: string, from: number, to: number) => {
    const at = buf.indexOf(text, from, "utf8");
    return at >= 0 && at + Buffer.byteLength(text) <= to;
  };
  // A name built from several places (Terraform `aws_vpc.this` from `"aws_vpc" "this"`, a
  // Kubernetes `Deployment/web`, a selector list folded to one line): each of its parts.
  const partsWithin = (name: string, from: number, to: number) => {
    const parts = name.split(/[\s./,]+/).filter(Boolean);
    return parts.length > 1 && parts.every((p) => within(p, from, to));
  };
  const fits = (symbols: OutlineSymbol[]): boolean => {
    for (const s of symbols) {
      const from = starts[s.startLine - 1];
      const to = s.endLine < starts.length ? starts[s.endLine] : buf.length;
      if (s.name !== "" && !within(s.name, from, to) && !partsWithin(s.name, from, to)) return false;
      if (s.children && !fits(s.children)) return false;
    }
    return true;
  };
  return fits(entry.symbols);
}

// `files` is keyed by repository paths, which strangers name: it has no prototype, so a path
// like `__proto__` or `constructor` is a key like any other.
export function emptyManifest(engine: string): Manifest {
  return { format: CACHE_FORMAT, engine, files: Object.create(null) as Record<string, ManifestRecord> };
}

/** A manifest read back, or an empty one when it is missing, damaged, of another format or of another engine. */
export function parseManifest(text: string | undefined, engine: string): Manifest {
  if (text === undefined) return emptyManifest(engine);
  try {
    const m = JSON.parse(text) as Partial<Manifest>;
    if (m.format !== CACHE_FORMAT || m.engine !== engine || !m.files || typeof m.files !== "object") return emptyManifest(engine);
    // Checked in place, not copied: a warm run reads every record once.
    const files = Object.setPrototypeOf(m.files, null) as Record<string, unknown>;
    for (const path of Object.keys(files)) if (!validRecord(files[path])) delete files[path];
    return { format: CACHE_FORMAT, engine, files: files as Record<string, ManifestRecord> };
  } catch {
    return emptyManifest(engine);
  }
}

function validRecord(r: unknown): r is ManifestRecord {
  const v = r as ManifestRecord;
  return !!v && typeof v.size === "number" && typeof v.mtimeMs === "number" && typeof v.ctimeMs === "number"
    && typeof v.ino === "number" && typeof v.hash === "string" && /^[0-9a-f]{64}$/.test(v.hash) && typeof v.language === "string" && typeof v.objectSize === "number";
}

/**
 * The record of a file read at `readStartedMs`. A record vouches for the file while its stamp is
 * the same (sameStamp); one changed within the racy window (core/stamp.ts) is stored with size
 * -1, a stamp no file has, so the next run reads the file and checks its hash.
 */
export function recordFor(s: FileStamp, hash: string, language: string, objectSize: number, readStartedMs: number): ManifestRecord {
  const racy = changedWithin(s, readStartedMs);
  return { size: racy ? -1 : s.size, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, ino: s.ino, hash, language, objectSize };
}
