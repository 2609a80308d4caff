// The cache on disk. Lock-free: objects are immutable and named by what they hold, the
// manifest and each symbol shard are replaced whole by rename, and every write goes to a temp
// file in the same folder first. Two writers at once can only lose each other's manifest
// additions (the next run re-hashes those files and finds their objects); a killed writer
// leaves a temp file, never a half-written entry under a real name. Anything that fails to
// read or validate is treated as absent. A cache that cannot be written (read-only, full
// disk) turns writes into no-ops and leaves one warning.
//
// Whether the cache may be used at all is decided before a store is opened (cache-trust.ts: its
// folders are real folders of this user's, git tracks none of it); a store that is `off` reads
// nothing and writes nothing. On every use: files are opened without following a symbolic
// link, temp files are created exclusively, and a rename replaces a link at the final name
// instead of writing through it.
import { closeSync, constants, existsSync, fstatSync, lstatSync, lutimesSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fsPromises } from "./builtins.ts";
import {
  CACHE_DIR, CACHE_FORMAT, emptyManifest, entryFitsSource, fromEntry, objectKey, parseManifest, toEntry, validEntry,
  type CacheEntry, type Manifest,
} from "../core/cache/format.ts";
import { parseNames, parseRefs, parseShard, serializeNames, serializeRefs, serializeShard, SHARD_COUNT, type NamesObjects, type PackObjects } from "../core/cache/pack.ts";
import { contentHash } from "../core/hash.ts";
import { stampPrint } from "../core/stamp.ts";
import type { FileOutline } from "../core/types.ts";
import { readNoFollow, type CacheCheck } from "./cache-trust.ts";

const TEMP_MARK = ".tmp-";
/** Temp files older than this are leftovers of a killed run. */
const STALE_TEMP_MS = 10 * 60 * 1000;
/**
 * An object no manifest record points at is removed once it is older than this (its mtime is
 * when it was written, or last reused by a run that will point a record at it): a concurrent
 * run's objects are written before the manifest that points at them, and this leaves it that long.
 */
export const OBJECT_GRACE_MS = 10 * 60 * 1000;
/** The object folder of another engine (an older or newer release) is removed after this long unused. */
export const ENGINE_GRACE_MS = 24 * 60 * 60 * 1000;
const DIR_MODE = 0o755;
const FILE_MODE = 0o644;


/** A store on a checked and settled cache (cache-trust.ts): `off` when it must not be used. */
export function openCache(check: CacheCheck, engine: string): CacheStore {
  if (check.unsettled) throw new Error("openCache before settleCache");
  return new CacheStore(check.root, engine, check.problem, check.env.writeFault);
}

/**
 * What the refresh (app/index/refresh.ts) asks of a store: this on-disk cache, or an index kept
 * in memory (app/index/memory-store.ts) where no cache may be used.
 */
export type IndexStore = Pick<
  CacheStore,
  | "root" | "engine" | "off" | "unwritable" | "prepare" | "readManifest" | "writeManifest" | "objectSize" | "readEntry"
  | "readEntryFor" | "readOutline" | "touchObject" | "writeOutlineSoon" | "flush" | "markUnwritable" | "missingShards"
  | "readShard" | "readNames" | "readRefs" | "writeShard" | "sweep" | "readAux" | "writeAux"
> & { readonly inMemory?: true };

/** What a sweep removed. */
export interface SweepResult {
  temps: number;
  objects: number;
  engines: number;
}

/** What every store answers from readEntry alone: an entry checked against the bytes it claims to describe. */
export abstract class EntryReader {
  abstract readEntry(hash: string, language: string): CacheEntry | undefined;

  /** readEntry for these bytes, only when the entry also fits them (entryFitsSource). */
  readEntryFor(bytes: Uint8Array, language: string, hash = contentHash(bytes)): CacheEntry | undefined {
    const entry = this.readEntry(hash, language);
    return entry && entryFitsSource(entry, bytes) ? entry : undefined;
  }

  /** The cached outline of these bytes, checked against them (readEntryFor). */
  readOutline(bytes: Uint8Array, language: string, path: string): FileOutline | undefined {
    const entry = this.readEntryFor(bytes, language);
    return entry && fromEntry(entry, path);
  }
}

export class CacheStore extends EntryReader {
  readonly root: string;
  readonly dir: string;
  readonly engine: string;
  /** Why this cache is not used at all (cache-trust.ts): nothing is read from it or written to it. */
  off?: string;
  /** Why the cache cannot be written, once it failed. */
  unwritable?: string;
  /** Writes that reached the disk (files renamed into place). */
  written = 0;
  private tempCounter = 0;
  /**
   * What was parsed from each file read, by its path, with the file's stat fingerprint: a long-
   * lived reader (the MCP server) reads a file again only when it was replaced (every write is a
   * rename, so a new inode). Objects are many and large: only the last OBJECTS_KEPT are kept.
   */
  private readonly parsed = new Map<string, { print: string; value: unknown }>();
  /** Object writes started by writeOutlineSoon() and not yet awaited by flush(). */
  private pending: Promise<void>[] = [];
  private dirsReady = new Map<string, Promise<unknown>>();

  /** Tests only (Env.writeFault). */
  private readonly writeFault?: (file: string) => string | undefined;

  constructor(root: string, engine: string, off?: string, writeFault?: (file: string) => string | undefined) {
    super();
    this.writeFault = writeFault;
    this.root = root;
    this.dir = join(root, CACHE_DIR);
    this.engine = engine;
    this.off = off;
  }

  /** Create the folder and VERSION file; a cache of another format is removed first. */
  prepare(): void {
    this.attempt(() => {
      const versionFile = join(this.dir, "VERSION");
      const version = this.readText(versionFile)?.trim();
      if (version !== undefined && version !== String(CACHE_FORMAT)) rmSync(this.dir, { recursive: true, force: true });
      mkdirSync(join(this.dir, "objects"), { recursive: true, mode: DIR_MODE });
      if (version !== String(CACHE_FORMAT)) this.writeAtomic(versionFile, `${CACHE_FORMAT}\n`);
      // The one-file symbol pack of earlier releases (replaced by symbols/<shard>.tsv).
      // Only when there: Bun's rmSync fails with EROFS on a missing file of a read-only mount.
      if (existsSync(join(this.dir, "symbols.json"))) rmSync(join(this.dir, "symbols.json"), { force: true });
    });
  }

  exists(): boolean {
    return this.readText(join(this.dir, "VERSION"))?.trim() === String(CACHE_FORMAT);
  }

  /** The manifest; the caller may change the copy it gets. */
  readManifest(): Manifest {
    if (!this.exists()) return emptyManifest(this.engine);
    const m = this.readParsed(join(this.dir, "manifest.json"), (text) => parseManifest(text, this.engine)) ?? emptyManifest(this.engine);
    return { ...m, files: { ...m.files } };
  }

  /** False when the manifest could not be written. */
  writeManifest(m: Manifest): boolean {
    return this.attempt(() => this.writeAtomic(join(this.dir, "manifest.json"), JSON.stringify(m)));
  }

  private objectDir(hash: string): string {
    return join(this.dir, "objects", this.engine, hash.slice(0, 2));
  }

  private objectPath(hash: string, language: string): string {
    return join(this.objectDir(hash), `${objectKey(hash, language)}.json`);
  }

  /** Byte size of an object file, or -1 when there is none. */
  objectSize(hash: string, language: string): number {
    if (this.off) return -1;
    try {
      return lstatSync(this.objectPath(hash, language)).size;
    } catch {
      return -1;
    }
  }

  /** The object for this content, if it is whole and claims to be what was asked (validEntry). */
  readEntry(hash: string, language: string): CacheEntry | undefined {
    return this.readParsed(this.objectPath(hash, language), (text) => {
      try {
        const value: unknown = JSON.parse(text);
        return validEntry(value, this.engine, hash, language) ? value : undefined;
      } catch {
        return undefined; // truncated or corrupt: rebuilt by the caller
      }
    }, true);
  }

  /** Mark an object as just used (a run about to point a record at it): sweeps leave it alone for a while. */
  touchObject(hash: string, language: string): void {
    if (this.off || this.unwritable) return;
    try {
      const now = new Date();
      lutimesSync(this.objectPath(hash, language), now, now);
    } catch {
      // gone, or read-only: at worst a sweep removes it and the next run parses the file again
    }
  }

  /** Store an outline; returns the object's byte size (-1 when the cache cannot be written). */
  writeOutline(outline: FileOutline): number {
    let size = -1;
    this.attempt(() => {
      const dir = this.objectDir(outline.hash);
      mkdirSync(dir, { recursive: true, mode: DIR_MODE });
      const text = Buffer.from(JSON.stringify(toEntry(outline, this.engine)));
      this.writeAtomic(this.objectPath(outline.hash, outline.language), text);
      size = text.length;
    });
    return size;
  }

  /**
   * Store an outline in the background (temp file + rename, like every write here); returns
   * the object's byte size, or -1 when the cache cannot be written. Nothing may count on the
   * object before flush(). A cold `index` writes thousands of objects: written in the
   * background, their creates do not hold up the thread that parses.
   */
  writeOutlineSoon(outline: FileOutline): number {
    if (this.off || this.unwritable) return -1;
    const dir = this.objectDir(outline.hash);
    const file = this.objectPath(outline.hash, outline.language);
    const text = Buffer.from(JSON.stringify(toEntry(outline, this.engine)));
    const fsp = fsPromises();
    let ready = this.dirsReady.get(dir);
    if (!ready) this.dirsReady.set(dir, (ready = fsp.mkdir(dir, { recursive: true, mode: DIR_MODE })));
    const temp = this.tempName(file);
    this.pending.push(
      ready
        .then(() => this.faultCheck(file))
        .then(() => fsp.writeFile(temp, text, { mode: FILE_MODE, flag: "wx" }))
        .then(() => fsp.rename(temp, file))
        .then(() => {
          this.written++;
        })
        .catch((e: NodeJS.ErrnoException) => {
          void fsp.unlink(temp).catch(() => {});
          this.unwritable ??= `${e.code ?? e.message} writing ${CACHE_DIR}`;
        }),
    );
    return text.length;
  }

  /** Wait for every background write; afterwards `unwritable` says whether one failed. */
  async flush(): Promise<void> {
    while (this.pending.length) await Promise.all(this.pending.splice(0));
  }

  private shardPath(shard: number, ext = "tsv"): string {
    return join(this.dir, "symbols", `${shard.toString(16).padStart(2, "0")}.${ext}`);
  }

  /** Shards that lack a file, rows, names or refs (never written, or removed): they are rebuilt from the objects. */
  missingShards(): number[] {
    const present = new Set<string>();
    if (!this.off) {
      try {
        for (const name of readdirSync(join(this.dir, "symbols"))) present.add(name);
      } catch {
        // no folder yet: all missing
      }
    }
    const missing: number[] = [];
    for (let i = 0; i < SHARD_COUNT; i++) {
      const stem = i.toString(16).padStart(2, "0");
      if (!present.has(`${stem}.tsv`) || !present.has(`${stem}.names`) || !present.has(`${stem}.refs`)) missing.push(i);
    }
    return missing;
  }

  /** A shard's objects; not to be changed. */
  readShard(shard: number): PackObjects | undefined {
    return this.readParsed(this.shardPath(shard), (text) => parseShard(text, this.engine));
  }

  /** The shard's names file (pack.ts): the rows a name search and `digest` read; not to be changed. */
  readNames(shard: number): NamesObjects | undefined {
    return this.readParsed(this.shardPath(shard, "names"), (text) => parseNames(text, this.engine));
  }

  /** The shard's refs file (pack.ts): each object's references, what the ranked `digest` reads; not to be changed. */
  readRefs(shard: number): PackObjects | undefined {
    return this.readParsed(this.shardPath(shard, "refs"), (text) => parseRefs(text, this.engine));
  }

  /** Write a shard and its names and refs files, each atomically (a reader may see one new and one old: both are right for the keys they hold). */
  writeShard(shard: number, objects: PackObjects, rows = true): void {
    this.attempt(() => {
      mkdirSync(join(this.dir, "symbols"), { recursive: true, mode: DIR_MODE });
      if (rows) this.writeAtomic(this.shardPath(shard), serializeShard(this.engine, objects));
      this.writeAtomic(this.shardPath(shard, "names"), serializeNames(this.engine, objects));
      this.writeAtomic(this.shardPath(shard, "refs"), serializeRefs(this.engine, objects));
    });
  }

  /** A small file of the cache besides objects, manifest and shards (e.g. the listing snapshot). */
  readAux(name: string): string | undefined {
    return this.exists() ? this.readText(join(this.dir, name)) : undefined;
  }

  /** Best effort: these files only spare later runs some work, so a failure is not the cache's failure (`unwritable`). */
  writeAux(name: string, text: string): void {
    if (this.unwritable || !this.exists()) return;
    try {
      this.writeAtomic(join(this.dir, name), text);
    } catch {
      // read-only or full: the next run does that work again
    }
  }

  /**
   * Remove what no run needs: temp files a killed process left (only old ones: a live writer may
   * own a new one), objects of this engine that no manifest record points at and that are older
   * than OBJECT_GRACE_MS, and object folders of other engines unused for ENGINE_GRACE_MS.
   * Objects whose key is in `inUse` are kept; `alsoInUse` is asked only when some other object
   * is old enough to go, after the folders were listed, so it can read the manifest as a
   * concurrent run left it. A concurrent run's new objects are younger than the grace period
   * (written, or touched when reused, before its manifest).
   */
  sweep(inUse: Set<string>, alsoInUse: () => Set<string>, now = Date.now()): SweepResult {
    const removed: SweepResult = { temps: 0, objects: 0, engines: 0 };
    if (this.off || this.unwritable) return removed;
    const olderThan = (p: string, ms: number) => {
      try {
        return now - lstatSync(p).mtimeMs > ms;
      } catch {
        return false;
      }
    };
    const remove = (p: string) => {
      try {
        unlinkSync(p);
        return true;
      } catch {
        return false; // gone already, or not ours to remove
      }
    };
    const sweepTemps = (dir: string, names: string[]) => {
      for (const name of names) if (name.includes(TEMP_MARK) && olderThan(join(dir, name), STALE_TEMP_MS) && remove(join(dir, name))) removed.temps++;
    };
    sweepTemps(this.dir, list(this.dir));
    sweepTemps(join(this.dir, "symbols"), list(join(this.dir, "symbols")));
    const objects = join(this.dir, "objects");
    const candidates: { key: string; file: string }[] = [];
    for (const engine of list(objects)) {
      const engineDir = join(objects, engine);
      if (engine !== this.engine) {
        if (!engine.includes(TEMP_MARK) && idleFor(engineDir, now) > ENGINE_GRACE_MS) {
          rmSync(engineDir, { recursive: true, force: true });
          removed.engines++;
        }
        continue;
      }
      for (const hh of list(engineDir)) {
        const dir = join(engineDir, hh);
        const names = list(dir);
        sweepTemps(dir, names);
        for (const name of names) {
          if (!name.endsWith(".json") || name.includes(TEMP_MARK)) continue;
          const key = name.slice(0, -5);
          if (!inUse.has(key)) candidates.push({ key, file: join(dir, name) });
        }
      }
    }
    if (!candidates.length) return removed;
    let keep: Set<string> | undefined;
    for (const c of candidates) {
      if (!olderThan(c.file, OBJECT_GRACE_MS)) continue;
      keep ??= alsoInUse();
      if (!keep.has(c.key) && remove(c.file)) removed.objects++;
    }
    return removed;
  }

  /** A write elsewhere (a parse worker's store) failed: no more writes from this one either. */
  markUnwritable(reason: string): void {
    this.unwritable ??= reason;
  }

  /** Run a write; false when it failed (or the cache is off or already failed). */
  private attempt(write: () => void): boolean {
    if (this.off || this.unwritable) return false;
    try {
      write();
      return true;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (!code) throw e;
      this.unwritable = `${code} writing ${CACHE_DIR}`;
      return false;
    }
  }

  /** A temp name no other writer uses: parse workers share the pid, so a random part too. */
  private tempName(file: string): string {
    return `${file}${TEMP_MARK}${process.pid}-${Date.now().toString(36)}-${++this.tempCounter}${Math.random().toString(36).slice(2, 8)}`;
  }

  /**
   * Write to a new temp file in the same folder (created exclusively: never through a link
   * someone left under that name), then rename over the target, which replaces whatever is
   * there, a symbolic link included, and never writes through it. No fsync: a power cut
   * can leave an empty or cut-off file under the real name, which fails to parse or validate
   * and is rebuilt, so it costs a parse, never a wrong answer.
   */
  private writeAtomic(file: string, text: string | Uint8Array): void {
    const temp = this.tempName(file);
    try {
      this.faultCheck(file);
      writeFileSync(temp, text, { mode: FILE_MODE, flag: "wx" });
      renameSync(temp, file);
      this.written++;
    } catch (e) {
      try {
        unlinkSync(temp);
      } catch {
        // never created
      }
      throw e;
    }
  }

  private faultCheck(file: string): void {
    const code = this.writeFault?.(file);
    if (code) throw Object.assign(new Error(`${code}: injected write failure, ${file}`), { code });
  }

  /** A file of the cache, never through a symbolic link; undefined when absent, unreadable, or the cache is off. */
  private readText(file: string): string | undefined {
    return this.off ? undefined : readNoFollow(file);
  }

  /**
   * `parse` of a file of the cache (opened as readText does), or what it gave for the file as it
   * is now (the same stat fingerprint) when it was read before; undefined when absent or unreadable.
   */
  private readParsed<T>(file: string, parse: (text: string) => T | undefined, isObject = false): T | undefined {
    if (this.off) return undefined;
    let fd: number;
    try {
      fd = openSync(file, READ_NO_FOLLOW);
    } catch {
      this.parsed.delete(file);
      return undefined;
    }
    try {
      const st = fstatSync(fd);
      const print = stampPrint(st);
      const known = this.parsed.get(file);
      if (known?.print === print) return known.value as T | undefined;
      const value = parse(readFileSync(fd, "utf8"));
      this.parsed.set(file, { print, value });
      if (isObject && ++this.objectsParsed > OBJECTS_KEPT) this.forgetObjects();
      return value;
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }

  private objectsParsed = 0;

  /** Drop the parsed objects, oldest first, down to half of OBJECTS_KEPT (manifest and shards stay). */
  private forgetObjects(): void {
    const objects = join(this.dir, "objects") + sep;
    for (const file of this.parsed.keys()) {
      if (this.objectsParsed <= OBJECTS_KEPT / 2) break;
      if (!file.startsWith(objects)) continue;
      this.parsed.delete(file);
      this.objectsParsed--;
    }
  }
}

/** Parsed objects a store keeps (see CacheStore.parsed). */
const OBJECTS_KEPT = 256;
const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** How long since anything was written into an object folder or the folders in it. */
function idleFor(dir: string, now: number): number {
  let newest = 0;
  try {
    newest = lstatSync(dir).mtimeMs;
    for (const name of readdirSync(dir)) {
      try {
        newest = Math.max(newest, lstatSync(join(dir, name)).mtimeMs);
      } catch {
        // removed meanwhile
      }
    }
  } catch {
    return 0;
  }
  return now - newest;
}
