// The cache on disk. Lock-free: objects are immutable and named by what they hold, the
// manifest and each symbol shard are replaced whole by rename, and every write goes to a temp
// file in the same folder first. Two writers at once can only lose each other's manifest
// additions (the next run re-hashes those files and finds their objects); a killed writer
// leaves a temp file, never a half-written entry under a real name. Anything that fails to
// read or validate is treated as absent. A cache that cannot be written (read-only, full
// disk) turns writes into no-ops and leaves one warning.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fsPromises } from "../core/builtins.ts";
import {
  CACHE_DIR, CACHE_FORMAT, emptyManifest, fromEntry, objectKey, parseManifest, toEntry, validEntry,
  type CacheEntry, type Manifest,
} from "../core/cache/format.ts";
import { parseNames, parseShard, serializeNames, serializeShard, SHARD_COUNT, type NamesObjects, type PackObjects } from "../core/cache/pack.ts";
import type { FileOutline } from "../core/types.ts";

const TEMP_MARK = ".tmp-";
/** Temp files older than this are leftovers of a killed run. */
const STALE_TEMP_MS = 10 * 60 * 1000;

export class CacheStore {
  readonly root: string;
  readonly dir: string;
  readonly engine: string;
  /** Why the cache cannot be written, once it failed. */
  unwritable?: string;
  private tempCounter = 0;
  /** Object writes started by writeOutlineSoon() and not yet awaited by flush(). */
  private pending: Promise<void>[] = [];
  private dirsReady = new Map<string, Promise<unknown>>();

  constructor(root: string, engine: string) {
    this.root = root;
    this.dir = join(root, CACHE_DIR);
    this.engine = engine;
  }

  /** Create the folder and VERSION file; a cache of another format is removed first. */
  prepare(): void {
    this.attempt(() => {
      const versionFile = join(this.dir, "VERSION");
      const version = readText(versionFile)?.trim();
      if (version !== undefined && version !== String(CACHE_FORMAT)) rmSync(this.dir, { recursive: true, force: true });
      mkdirSync(join(this.dir, "objects"), { recursive: true });
      if (version !== String(CACHE_FORMAT)) this.writeAtomic(versionFile, `${CACHE_FORMAT}\n`);
      // The one-file symbol pack of earlier releases (replaced by symbols/<shard>.tsv).
      rmSync(join(this.dir, "symbols.json"), { force: true });
    });
  }

  exists(): boolean {
    return readText(join(this.dir, "VERSION"))?.trim() === String(CACHE_FORMAT);
  }

  readManifest(): Manifest {
    if (!this.exists()) return emptyManifest(this.engine);
    return parseManifest(readText(join(this.dir, "manifest.json")), this.engine);
  }

  writeManifest(m: Manifest): void {
    this.attempt(() => this.writeAtomic(join(this.dir, "manifest.json"), JSON.stringify(m)));
  }

  private objectPath(hash: string, language: string): string {
    return join(this.dir, "objects", this.engine, hash.slice(0, 2), `${objectKey(hash, language)}.json`);
  }

  /** Byte size of an object file, or -1 when there is none. */
  objectSize(hash: string, language: string): number {
    try {
      return statSync(this.objectPath(hash, language)).size;
    } catch {
      return -1;
    }
  }

  readEntry(hash: string, language: string): CacheEntry | undefined {
    const text = readText(this.objectPath(hash, language));
    if (text === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      return validEntry(value, this.engine, hash, language) ? value : undefined;
    } catch {
      return undefined; // truncated or corrupt: rebuilt by the caller
    }
  }

  readOutline(hash: string, language: string, path: string): FileOutline | undefined {
    const entry = this.readEntry(hash, language);
    return entry && fromEntry(entry, path);
  }

  /** Store an outline; returns the object's byte size (-1 when the cache cannot be written). */
  writeOutline(outline: FileOutline): number {
    let size = -1;
    this.attempt(() => {
      const file = this.objectPath(outline.hash, outline.language);
      mkdirSync(join(file, ".."), { recursive: true });
      const text = Buffer.from(JSON.stringify(toEntry(outline, this.engine)));
      this.writeAtomic(file, text);
      size = text.length;
    });
    return size;
  }

  /**
   * Store an outline in the background (temp file + rename, like every write here); returns
   * the object's byte size, or -1 when the cache cannot be written. Nothing may count on the
   * object before flush(). A cold `index` writes thousands of objects, and on this project's
   * 2-core VM each blocking create cost ~0.2 ms in openat (strace): ~1.5 s of a parse thread's
   * time on the stdlib, which the background writes give back to parsing.
   */
  writeOutlineSoon(outline: FileOutline): number {
    if (this.unwritable) return -1;
    const file = this.objectPath(outline.hash, outline.language);
    const dir = join(file, "..");
    const text = Buffer.from(JSON.stringify(toEntry(outline, this.engine)));
    const fsp = fsPromises();
    let ready = this.dirsReady.get(dir);
    if (!ready) this.dirsReady.set(dir, (ready = fsp.mkdir(dir, { recursive: true })));
    const temp = this.tempName(file);
    this.pending.push(
      ready
        .then(() => fsp.writeFile(temp, text, { mode: 0o644 }))
        .then(() => fsp.rename(temp, file))
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

  /** Shards that lack a file, rows or names (never written, or removed): they are rebuilt from the objects. */
  missingShards(): number[] {
    const present = new Set<string>();
    try {
      for (const name of readdirSync(join(this.dir, "symbols"))) present.add(name);
    } catch {
      // no folder yet: all missing
    }
    const missing: number[] = [];
    for (let i = 0; i < SHARD_COUNT; i++) {
      const stem = i.toString(16).padStart(2, "0");
      if (!present.has(`${stem}.tsv`) || !present.has(`${stem}.names`)) missing.push(i);
    }
    return missing;
  }

  readShard(shard: number): PackObjects | undefined {
    return parseShard(readText(this.shardPath(shard)), this.engine);
  }

  /** The shard's names file (pack.ts): the rows a name search and `digest` read. */
  readNames(shard: number): NamesObjects | undefined {
    return parseNames(readText(this.shardPath(shard, "names")), this.engine);
  }

  /** Write a shard and its names file, each atomically (a reader may see one new and one old: both are right for the keys they hold). */
  writeShard(shard: number, objects: PackObjects, rows = true): void {
    this.attempt(() => {
      mkdirSync(join(this.dir, "symbols"), { recursive: true });
      if (rows) this.writeAtomic(this.shardPath(shard), serializeShard(this.engine, objects));
      this.writeAtomic(this.shardPath(shard, "names"), serializeNames(this.engine, objects));
    });
  }

  /** A small file of the cache besides objects, manifest and shards (e.g. the listing snapshot). */
  readAux(name: string): string | undefined {
    return this.exists() ? readText(join(this.dir, name)) : undefined;
  }

  writeAux(name: string, text: string): void {
    if (this.exists()) this.attempt(() => this.writeAtomic(join(this.dir, name), text));
  }

  /** Remove temp files that a killed process left behind (only old ones: a live writer may own a new one). */
  sweepTemps(now = Date.now()): void {
    const sweep = (dir: string, depth: number) => {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return;
      }
      for (const name of names) {
        const p = join(dir, name);
        if (name.includes(TEMP_MARK)) {
          try {
            if (now - statSync(p).mtimeMs > STALE_TEMP_MS) unlinkSync(p);
          } catch {
            // gone already, or not ours to remove
          }
        } else if (depth > 0 && !name.includes(".")) sweep(p, depth - 1);
      }
    };
    sweep(this.dir, 3);
  }

  /** A write elsewhere (a parse worker's store) failed: no more writes from this one either. */
  markUnwritable(reason: string): void {
    this.unwritable ??= reason;
  }

  private attempt(write: () => void): void {
    if (this.unwritable) return;
    try {
      write();
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (!code) throw e;
      this.unwritable = `${code} writing ${CACHE_DIR}`;
    }
  }

  /**
   * Write to a temp file in the same folder, then rename over the target. No fsync: a power cut
   * can leave an empty or cut-off file under the real name, which fails to parse or validate
   * and is rebuilt, so it costs a parse, never a wrong answer.
   */
  /** A temp name no other writer uses: parse workers share the pid, so a random part too. */
  private tempName(file: string): string {
    return `${file}${TEMP_MARK}${process.pid}-${Date.now().toString(36)}-${++this.tempCounter}${Math.random().toString(36).slice(2, 8)}`;
  }

  private writeAtomic(file: string, text: string | Uint8Array): void {
    const temp = this.tempName(file);
    try {
      writeFileSync(temp, text, { mode: 0o644 });
      renameSync(temp, file);
    } catch (e) {
      try {
        unlinkSync(temp);
      } catch {
        // never created
      }
      throw e;
    }
  }

}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}
