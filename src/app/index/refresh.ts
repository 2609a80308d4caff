// Bringing the repository index up to date: the one engine behind `index`, `search`, `digest`,
// `hook run` and the MCP server's search_symbols and digest. First, whether the cache may be
// used at all (cache-trust.ts: a cache that may not is neither read nor written). Then, in
// order of trust: a file whose stat fingerprint is unchanged is not read; one whose content hash
// has an object that fits its bytes is not parsed; everything else is parsed (on all cores) and
// stored. The store is the cache on disk, or one kept in memory (memory-store.ts).
import { CACHE_DIR, objectKey, recordFor, toEntry, type CacheEntry, type Manifest, type ManifestRecord } from "../../core/cache/format.ts";
import { sameStamp, type FileStamp } from "../../core/stamp.ts";
import { packObject, shardOf, type RowsLookup, type PackObjects } from "../../core/cache/pack.ts";
import { undecodablePath, UNDECODABLE_NAME } from "../../io/names.ts";
import { detectLanguage, languageByName, nameAllows } from "../../core/languages/detect.ts";
import { REGISTRY, type LanguageSpec } from "../../core/languages/registry.ts";
import { inputError } from "../../core/errors.ts";
import { contentHash } from "../../core/hash.ts";
import { openCache, type IndexStore } from "../../io/cache-store.ts";
import { checkCache, distrustWarning, recordUntracked, settleCache, type CacheCheck } from "../../io/cache-trust.ts";
import { DEFAULT_MAX_BYTES, SKIP_SNIFF_BYTES, contentSkipReason, sizeSkipReason } from "../../io/files.ts";
import type { FileSource } from "../../io/disk-source.ts";
import type { Env } from "../../io/env.ts";
import { engineId } from "../engine/index.ts";
import { MemoryStore } from "./memory-store.ts";
import { loadRows, syncShards, type ObjectRef, type ShardContext } from "./shards.ts";
import type { ParseJob, ParseOutcome, ParsePool } from "./parse/pool.ts";

export interface RefreshOptions {
  env: Env;
  root: string;
  /**
   * Candidate files, relative to root with POSIX slashes. A promise (a git listing still
   * running) is awaited only after the files the manifest knows have been stat'ed, so the two overlap.
   */
  paths: string[] | Promise<string[]>;
  /** Content to use instead of the work tree (the hook: staged blobs). */
  contents?: Map<string, Uint8Array>;
  /** How files are stat'ed and read (io/disk-source.ts: the disk under root). */
  source: FileSource;
  /** The store to refresh (default: the cache at root, after its trust check). */
  store?: IndexStore;
  /** Drop manifest records of files not in `paths` (a whole-repo listing). */
  prune: boolean;
  maxBytes?: number;
  threads?: number;
  progress?: (done: number, total: number) => void;
  /**
   * Given the result as soon as the run starts: its `keys` grow as files are found or parsed,
   * and `seen` as they are listed, so a caller that cannot wait can answer from what is indexed
   * so far (the MCP server's search_symbols and digest: app/index/workspace-index.ts).
   */
  started?: (live: RefreshResult) => void;
  /**
   * Stat each reused file's object to notice a cut-off one (default). `search` and `digest`
   * read the symbol shards, not the objects, and check an object when they read it, so they
   * spare these stats (half of a warm run's).
   */
  verifyObjects?: boolean;
  /**
   * The trust check of the cache (cache-trust.ts), made before the listing started; a git
   * listing of the whole work tree settles it (listing.ts). Default: checked here.
   */
  check?: CacheCheck;
  /** A cache that must not be used: "warn" (answer without it, default) or "refuse" (an input error, before any work: `index`). */
  distrusted?: "warn" | "refuse";
}

export interface RefreshResult {
  store: IndexStore;
  manifest: Manifest;
  /** The symbol rows of these object keys (default: every file refreshed), read on demand from their shards (a warm `index` never needs them). */
  loadPack(keys?: Iterable<string>): RowsLookup;
  /** Like loadPack, but the names rows (pack.ts), from the smaller names files: what a name search and `digest` need. */
  loadNames(keys?: Iterable<string>): RowsLookup;
  /** Each object's references (`refs`, no rows), from the refs files: what the ranked `digest` links files by. */
  loadRefs(keys?: Iterable<string>): RowsLookup;
  seen: number;
  parsed: number;
  reused: number;
  /** `problem`: a file that should have been read and could not be (its name, its permissions), not one left out by choice (size, binary, vendored). */
  skipped: { path: string; reason: string; problem?: boolean }[];
  failed: { path: string; error: string }[];
  threads: number;
  warnings: string[];
  /** The one line saying the cache was not used and why (cache-trust.ts), if so and not said before. */
  distrustNote?: string;
  /** The manifest on disk holds this run's records (false: it had to change and could not be written). */
  stored: boolean;
  /** The object key of each file refreshed or reused, by path. */
  keys: Map<string, string>;
  /**
   * The outline behind a key of `keys`: its object, or, when the cache holds none (it could not
   * be written, or is not used), the file parsed again. Undefined only when the file changed
   * meanwhile (its content no longer has that key) or cannot be read.
   */
  entryFor(path: string, key: string): Promise<CacheEntry | undefined>;
}

/** What a search or a digest reads of the index: the object key of each file, and the rows and objects behind them. */
export type SymbolIndex = Pick<RefreshResult, "keys" | "loadPack" | "loadNames" | "loadRefs" | "entryFor">;

export async function refreshCache(opts: RefreshOptions): Promise<RefreshResult> {
  const run = new RefreshRun(opts, await openStore(opts));
  opts.started?.(run.result);
  await run.passOne();
  await run.passTwo();
  run.writeIndex();
  return run.result;
}

/** The store to refresh: the one given, or the cache at the root once trusted (cache-trust.ts). */
async function openStore(opts: RefreshOptions): Promise<IndexStore> {
  if (opts.store) return opts.store;
  const engine = engineId();
  const check = opts.check ?? checkCache(opts.env, opts.root, engine);
  // Whether git tracks the cache: a whole listing says so when it comes (listing.ts), else git is asked.
  if (check.unsettled && !Array.isArray(opts.paths)) await opts.paths;
  settleCache(check);
  if (check.noDisk) {
    if (opts.distrusted === "refuse") throw inputError(`not writing ${CACHE_DIR}: ${check.noDisk}`, "run `index` inside a git repository; search and digest work here without it");
    return new MemoryStore(opts.root, engine);
  }
  const store = openCache(check, engine);
  if (store.off && opts.distrusted === "refuse") throw inputError(`not writing ${CACHE_DIR}: ${store.off}`);
  store.prepare();
  recordUntracked(check, store);
  return store;
}

/** A file pass 1 could not vouch for: it is read (or its staged content taken) in pass 2. */
interface Candidate {
  path: string;
  stat?: FileStamp;
  staged?: Uint8Array;
}

/** A file waiting for its group's parse: what its manifest record needs (its bytes went to the pool). */
interface Pending {
  path: string;
  language: LanguageSpec;
  stat?: FileStamp;
  hash: string;
  /** Record the stat in the manifest (false for staged content that differs from the work tree). */
  recordStat: boolean;
}

type KeyedJob = ParseJob & { key: string };

/** A candidate's size before it is read. */
const sizeOf = (c: Candidate) => c.staged?.length ?? c.stat?.size ?? 0;

/** One refresh: the manifest, the counts and the parse groups it shares between its passes. */
class RefreshRun {
  readonly result: RefreshResult;
  private readonly manifest: Manifest;
  private readonly source: FileSource;
  private readonly maxBytes: number;
  private readonly verifyObjects: boolean;
  private readonly shards: ShardContext;
  /** The objects behind the keys this run made (the manifest's are found through its records). */
  private readonly runRefs = new Map<string, ObjectRef>();
  /** The manifest's keys and their objects, made only when needed (a warm run never needs them). */
  private manifestRefs?: Map<string, ObjectRef>;
  /** The keys the manifest pointed at before this run changed it; taken before its first change. */
  private keysAtStart?: Set<string>;
  /** Keys pass 2 gave files (pass 1 gives each file its record's key). */
  private readonly keysFound: string[] = [];
  /** Object sizes of objects read and checked against a file's bytes this run. */
  private readonly verified = new Map<string, number>();
  private manifestChanged = false;
  private readonly readStarted: number;
  private readonly toRead: Candidate[] = [];
  /**
   * Parse groups by object key while their parse runs: identical content is parsed once. A
   * group is dropped once parsed; a copy read after that finds the object like any other.
   */
  private readonly byKey = new Map<string, Pending[]>();
  private done = 0;
  private queued = 0;
  private unread = 0;
  private pool: ParsePool | undefined;

  constructor(private readonly opts: RefreshOptions, private readonly store: IndexStore) {
    this.manifest = store.readManifest();
    this.source = opts.source;
    this.maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    this.verifyObjects = opts.verifyObjects ?? true;
    this.shards = { store, refOf: (key) => this.refOf(key), fresh: new Map() };
    this.readStarted = opts.env.now();
    this.result = {
      store, manifest: this.manifest, seen: 0, parsed: 0, reused: 0, skipped: [], failed: [], threads: 1, warnings: [], keys: new Map(),
      // A cache that could not even be prepared (a read-only or full disk) stores nothing of this run.
      stored: !store.unwritable,
      entryFor: (path, key) => this.entryFor(path, key),
      loadPack: (keys = this.result.keys.values()) => loadRows(this.shards, keys, () => this.inUse(), "rows"),
      loadNames: (keys = this.result.keys.values()) => loadRows(this.shards, keys, () => this.inUse(), "names"),
      loadRefs: (keys = this.result.keys.values()) => loadRows(this.shards, keys, () => this.inUse(), "refs"),
    };
  }

  /** Every object key a file points at now: the manifest's and those just refreshed. */
  private inUse(): Set<string> {
    return new Set([...Object.values(this.manifest.files).map((r) => objectKey(r.hash, r.language)), ...this.result.keys.values()]);
  }

  /** The key of an object this run made or found, remembered with its hash and language. */
  private key(hash: string, language: string): string {
    const key = objectKey(hash, language);
    if (!this.runRefs.has(key)) this.runRefs.set(key, { hash, language });
    return key;
  }

  private refOf(key: string): ObjectRef | undefined {
    const made = this.runRefs.get(key);
    if (made) return made;
    if (!this.manifestRefs) {
      this.manifestRefs = new Map();
      for (const r of Object.values(this.manifest.files)) this.manifestRefs.set(objectKey(r.hash, r.language), { hash: r.hash, language: r.language });
    }
    return this.manifestRefs.get(key);
  }

  /** The keys the manifest points at as read (recorded before its first change). */
  private keysBefore(): Set<string> {
    return (this.keysAtStart ??= new Set(Object.values(this.manifest.files).map((r) => objectKey(r.hash, r.language))));
  }

  private setRecord(path: string, r: ManifestRecord): void {
    const old = this.manifest.files[path];
    if (!old || (Object.keys(r) as (keyof ManifestRecord)[]).some((k) => old[k] !== r[k])) {
      this.keysBefore();
      this.manifestRefs = undefined;
      this.manifest.files[path] = r;
      this.manifestChanged = true;
    }
  }

  private dropRecord(path: string): void {
    if (this.manifest.files[path]) {
      this.keysBefore();
      this.manifestRefs = undefined;
      delete this.manifest.files[path];
      this.manifestChanged = true;
    }
  }

  private skip(path: string, reason: string, problem = false): void {
    this.result.skipped.push(problem ? { path, reason, problem } : { path, reason });
    this.dropRecord(path);
  }

  private objectOk(rec: ManifestRecord): boolean {
    return !this.verifyObjects || this.store.objectSize(rec.hash, rec.language) === rec.objectSize;
  }

  /**
   * The size of an object that holds this content's outline, or -1. Each object is read and
   * checked against the bytes once a run (entryFitsSource), whatever the manifest says of it:
   * a record vouches for a file whose stat it matches, never for an object on its own. Its rows
   * then replace whatever a shard held for the key, and it is touched, so a concurrent sweep
   * leaves it to the manifest this run writes.
   */
  private objectFor(hash: string, language: string, bytes: Uint8Array): number {
    const key = this.key(hash, language);
    const size = this.store.objectSize(hash, language);
    if (size < 0) return -1;
    if (this.verified.get(key) === size) return size;
    const entry = this.store.readEntryFor(bytes, language, hash);
    if (!entry) return -1;
    this.verified.set(key, size);
    this.shards.fresh.set(key, packObject(entry));
    this.store.touchObject(hash, language);
    return size;
  }

  /**
   * Pass 1, stat only: what the manifest vouches for, and what must be read. While a git listing
   * runs (another process), the files the manifest knows are stat'ed first: a warm run's whole work.
   */
  async passOne(): Promise<void> {
    const { opts, manifest, result } = this;
    const preStat = new Map<string, { stat?: FileStamp; objectOk: boolean }>();
    if (!Array.isArray(opts.paths)) {
      for (const [path, rec] of Object.entries(manifest.files)) {
        if (opts.contents?.has(path)) continue;
        const stat = this.source.stat(path);
        preStat.set(path, { stat, objectOk: !!stat && sameStamp(rec, stat) && this.objectOk(rec) });
      }
    }
    const paths = await opts.paths;
    const listed = new Set<string>();
    for (const path of paths) {
      // A name that is not UTF-8 (git's quoted form, names.ts) cannot be opened by that path: named, not lost.
      const odd = undecodablePath(path);
      if (odd) {
        if (languageByName(odd.decoded)) this.skip(path, UNDECODABLE_NAME, true);
        continue;
      }
      // The name says whether the file can be outlined; its content decides the language (pass 2).
      if (!languageByName(path)) continue;
      const staged = opts.contents?.get(path);
      const pre = preStat.get(path);
      let stat: FileStamp | undefined;
      if (!staged) {
        stat = pre ? pre.stat : this.source.stat(path);
        if (!stat) continue; // listed by git but gone from the work tree (deleted, not yet staged)
      }
      listed.add(path);
      result.seen++;
      if (stat) {
        const rec = manifest.files[path];
        if (rec && nameAllows(path, rec.language) && (pre ? pre.objectOk : sameStamp(rec, stat) && this.objectOk(rec))) {
          result.reused++;
          result.keys.set(path, objectKey(rec.hash, rec.language));
          continue;
        }
        const tooLarge = sizeSkipReason(stat.size, this.maxBytes);
        if (tooLarge) {
          this.skip(path, tooLarge);
          continue;
        }
      }
      this.toRead.push({ path, stat, staged });
    }
    if (opts.prune) {
      for (const path of Object.keys(manifest.files)) if (!listed.has(path)) this.dropRecord(path);
    }
  }

  /**
   * Pass 2: read and hash; content no object holds goes to the parse pool at once, so parsing
   * (on a worker) overlaps this reading. Identical content is parsed once: later copies join
   * the group of the first. Largest files first: the pool's threads take jobs from both ends
   * of this order, so they finish within one small file of each other, and the big files a
   * worker starts on overlap this reading. Reading runs ahead of parsing by a bounded number
   * of bytes (ParsePool.behind): past it, this thread parses before it reads on.
   */
  async passTwo(): Promise<void> {
    const { toRead, result } = this;
    toRead.sort((a, b) => sizeOf(b) - sizeOf(a));
    this.unread = toRead.length;
    let unreadBytes = toRead.reduce((n, c) => n + sizeOf(c), 0);
    for (let i = 0; i < toRead.length; i++) {
      const { path, staged } = toRead[i];
      let stat = toRead[i].stat;
      this.unread--;
      unreadBytes -= sizeOf(toRead[i]);
      if (i % 32 === 31) await this.pool?.breathe();
      let bytes: Uint8Array;
      try {
        bytes = staged ?? this.source.read(path);
      } catch (e) {
        this.skip(path, `unreadable (${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : e)})`, true);
        continue;
      }
      const skipped = sizeSkipReason(bytes.length, this.maxBytes) ?? contentSkipReason(path, bytes.subarray(0, SKIP_SNIFF_BYTES));
      if (skipped) {
        this.skip(path, skipped);
        continue;
      }
      const language = detectLanguage(path, bytes)!;
      const hash = contentHash(bytes);
      const recordStat = !staged || this.workTreeHas(path, hash);
      if (staged && recordStat) stat = this.source.stat(path);
      const key = this.key(hash, language.id);
      const job: Pending = { path, language, stat, hash, recordStat };
      const group = this.byKey.get(key);
      if (group) {
        group.push(job);
        this.queued++;
        continue;
      }
      const size = this.objectFor(hash, language.id, bytes);
      if (size >= 0) {
        result.reused++;
        result.keys.set(path, key);
        this.keysFound.push(key);
        if (recordStat && stat) this.setRecord(path, recordFor(stat, hash, language.id, size, this.readStarted));
        continue;
      }
      this.byKey.set(key, [job]);
      this.queued++;
      const keyed: KeyedJob = { key, path, bytes, language };
      // Loaded with the first job: a run that parses nothing never loads the engine or worker_threads.
      this.pool ??= (await import("./parse/pool.ts")).openPool(this.store, (o) => this.onParsed(o), {
        threads: this.opts.threads, workerEntry: this.opts.env.parseWorker, batchStarting: this.opts.env.batchStarting,
      });
      this.pool.submit(keyed, { files: toRead.length - i, bytes: bytes.length + unreadBytes });
      // The files read and not yet parsed are held in memory: reading waits for parsing past a bound.
      if (this.pool.behind) await this.pool.catchUp();
    }
    const parseResult = this.pool ? await this.pool.finish() : { threads: 1, fallback: undefined };
    result.threads = parseResult.threads;
    if (parseResult.fallback) result.warnings.push(`parsed in one thread: workers failed (${parseResult.fallback})`);
    // Reported by path, whatever order the files were read (by size) and parsed (by thread) in.
    const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
    result.skipped.sort(byPath);
    result.failed.sort(byPath);
  }

  private onParsed({ job, stored, error }: ParseOutcome): void {
    const { result } = this;
    const key = (job as KeyedJob).key;
    const group = this.byKey.get(key)!;
    this.byKey.delete(key);
    this.done += group.length;
    this.opts.progress?.(this.done, this.queued + this.unread); // the total grows while files are still being read
    if (!stored || stored.hash !== group[0].hash) {
      for (const j of group) {
        result.failed.push({ path: j.path, error: error ?? "hash mismatch" });
        this.dropRecord(j.path);
      }
      return;
    }
    this.shards.fresh.set(key, stored.pack);
    result.parsed++;
    result.reused += group.length - 1;
    this.keysFound.push(key);
    for (const j of group) {
      result.keys.set(j.path, key);
      if (j.recordStat && j.stat && stored.size >= 0) this.setRecord(j.path, recordFor(j.stat, j.hash, j.language.id, stored.size, this.readStarted));
    }
  }

  /** The manifest, the shards whose set of keys changed, the sweep, and what the caller should be told. */
  writeIndex(): void {
    const { store, result, opts } = this;
    if (this.manifestChanged) result.stored = store.writeManifest(this.manifest);
    // A warm run changed no record and every file points at a key it had (pass 1 gives each
    // file its record's key): the keys in use are the manifest's, and no shard's set of keys
    // moved; the sets are built only when something needs them.
    let unchanged = !this.manifestChanged;
    if (unchanged && this.keysFound.length) {
      const before = this.keysBefore();
      unchanged = this.keysFound.every((k) => before.has(k));
    }
    let keysNow: Set<string> | undefined;
    const inUseNow = () => (keysNow ??= unchanged ? this.keysBefore() : this.inUse());
    const missing = new Set(store.missingShards());
    const touched = new Set(missing);
    if (!unchanged) {
      const before = this.keysBefore();
      for (const k of inUseNow()) if (!before.has(k)) touched.add(shardOf(k));
      for (const k of before) if (!inUseNow().has(k)) touched.add(shardOf(k));
    }
    for (const k of this.shards.fresh.keys()) touched.add(shardOf(k));
    if (touched.size) syncShards(this.shards, touched, inUseNow(), missing);
    // Leftovers of killed runs and objects no record points at (a walk of every object folder):
    // looked for by `index` and runs that write. The manifest is read again for the keys in use:
    // a concurrent run may have written one that points at objects this run does not know.
    if (this.verifyObjects || this.manifestChanged || touched.size || this.queued) {
      store.sweep(inUseNow(), () => new Set(Object.values(store.readManifest().files).map((r) => objectKey(r.hash, r.language))), opts.env.now());
    }
    if (store.off) result.distrustNote = distrustWarning(opts.root, store.off);
    else if (store.unwritable && !result.stored) result.warnings.push(`cache not updated: ${store.unwritable} (results computed without it)`);
    else if (store.unwritable) result.warnings.push(`cache partly updated: ${store.unwritable} (the next run writes the rest)`);
  }

  /** RefreshResult.entryFor: the object, else the file (staged content or work tree) outlined again, if it still has that content. */
  private async entryFor(path: string, key: string): Promise<CacheEntry | undefined> {
    const rec = this.manifest.files[path];
    const ref = rec && objectKey(rec.hash, rec.language) === key ? rec : this.refOf(key);
    if (!ref) return undefined;
    const cached = this.store.readEntry(ref.hash, ref.language);
    if (cached) return cached;
    let bytes: Uint8Array;
    try {
      bytes = this.opts.contents?.get(path) ?? this.source.read(path);
    } catch {
      return undefined;
    }
    const language = REGISTRY.byId.get(ref.language);
    if (!language || contentHash(bytes) !== ref.hash) return undefined;
    const { outlineSource } = await import("../../core/outline/outline.ts");
    const outline = await outlineSource({ path, bytes, language, references: true });
    // The object was missing or damaged: put it back, so the next answer reads it (a cache that
    // is off or unwritable is left alone: the store declines).
    if (this.store.writeOutlineSoon(outline) >= 0) await this.store.flush();
    return toEntry(outline, this.store.engine);
  }

  private workTreeHas(path: string, hash: string): boolean {
    try {
      return contentHash(this.source.read(path)) === hash;
    } catch {
      return false;
    }
  }
}
