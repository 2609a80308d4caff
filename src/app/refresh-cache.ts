// Bringing the repo-wide cache up to date: the shared engine behind `index`, `search`,
// `digest` and `hook run`. First, whether the cache may be used at all (cache-trust.ts: a
// cache that may not is neither read nor written, and everything is parsed in memory). Then,
// order of trust: a file whose stat fingerprint is unchanged is not read; one whose content
// hash has an object that fits its bytes is not parsed; everything else is parsed (on all
// cores) and stored.
import { readFileSync, statSync, type Stats } from "node:fs";
import { join } from "node:path";
import { CACHE_DIR, objectKey, recordFor, toEntry, statUnchanged, type CacheEntry, type Manifest, type ManifestRecord } from "../core/cache/format.ts";
import { namesRows, packObject, shardOf, type NamesObjects, type PackObject, type PackObjects } from "../core/cache/pack.ts";
import { undecodablePath, UNDECODABLE_NAME } from "../io/names.ts";
import { detectLanguage, languageByName, nameAllows } from "../core/languages/detect.ts";
import { REGISTRY, type LanguageSpec } from "../core/languages/registry.ts";
import { inputError } from "../core/errors.ts";
import { contentHash } from "../core/hash.ts";
import { openCache, type CacheStore } from "../io/cache-store.ts";
import { checkCache, distrustWarning, recordUntracked, settleCache, type CacheCheck } from "../io/cache-trust.ts";
import { DEFAULT_MAX_BYTES, formatBytes, generatedReason, looksBinary } from "../io/files.ts";
import { engineId } from "./engine.ts";
import type { ParseJob, ParseOutcome, ParsePool } from "./parse-pool.ts";

export interface RefreshOptions {
  root: string;
  /**
   * Candidate files, relative to root with POSIX slashes. A promise (a git listing still
   * running) is awaited only after the files the manifest knows have been stat'ed, so the two overlap.
   */
  paths: string[] | Promise<string[]>;
  /** Content to use instead of the work tree (the hook: staged blobs). */
  contents?: Map<string, Uint8Array>;
  /** Drop manifest records of files not in `paths` (a whole-repo listing). */
  prune: boolean;
  maxBytes?: number;
  threads?: number;
  progress?: (done: number, total: number) => void;
  /**
   * Stat each reused file's object to notice a cut-off one (default). `search` and `digest`
   * read the symbol shards, not the objects, and check an object when they read it, so they
   * spare these stats (half of a warm run's).
   */
  verifyObjects?: boolean;
  /**
   * The trust check of the cache (cache-trust.ts), made before the listing started; a git
   * listing of the whole work tree settles it (listing-snapshot.ts). Default: checked here.
   */
  check?: CacheCheck;
  /** A cache that must not be used: "warn" (answer without it, default) or "refuse" (an input error, before any work: `index`). */
  distrusted?: "warn" | "refuse";
}

export interface RefreshResult {
  store: CacheStore;
  manifest: Manifest;
  /**
   * The symbol rows of these object keys (default: every file refreshed), read on demand from
   * their shards (a warm `index` never needs them); the map may hold more keys than asked.
   */
  loadPack(keys?: Iterable<string>): PackObjects;
  /** Like loadPack, but the names rows (pack.ts), from the smaller names files: what a name search and `digest` need. */
  loadNames(keys?: Iterable<string>): NamesObjects;
  seen: number;
  parsed: number;
  reused: number;
  skipped: { path: string; reason: string }[];
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

/** A file pass 1 could not vouch for: it is read (or its staged content taken) in pass 2. */
interface Candidate {
  path: string;
  stat?: Stats;
  staged?: Uint8Array;
}

interface Pending {
  path: string;
  language: LanguageSpec;
  stat?: Stats;
  hash: string;
  bytes: Uint8Array;
  /** Record the stat in the manifest (false for staged content that differs from the work tree). */
  recordStat: boolean;
}

export async function refreshCache(opts: RefreshOptions): Promise<RefreshResult> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const engine = engineId();
  const check = opts.check ?? checkCache(opts.root, engine);
  // Whether git tracks the cache: a whole listing says so when it comes (listing-snapshot.ts), else git is asked.
  if (check.unsettled && !Array.isArray(opts.paths)) await opts.paths;
  settleCache(check);
  const store = openCache(check, engine);
  if (store.off && opts.distrusted === "refuse") throw inputError(`not writing ${CACHE_DIR}: ${store.off}`);
  store.prepare();
  recordUntracked(check, store);
  const manifest = store.readManifest();
  /** Each record's object key, made once: a warm run's sets and maps then share these strings. */
  const recordKey = new Map<string, string>();
  /** Object sizes of objects read and checked against a file's bytes this run. */
  const verified = new Map<string, number>();
  for (const path in manifest.files) {
    const r = manifest.files[path];
    recordKey.set(path, objectKey(r.hash, r.language));
  }
  const keysBefore = new Set(recordKey.values());
  const newRows = new Map<string, PackObject>();
  let manifestChanged = false;
  const result: RefreshResult = {
    store, manifest, seen: 0, parsed: 0, reused: 0, skipped: [], failed: [], threads: 1, warnings: [], keys: new Map(), stored: true,
    entryFor: (path, key) => entryFor(store, opts, path, key),
    loadPack: (keys = result.keys.values()) => syncShards(store, new Set([...keys].map(shardOf)), inUse(), newRows),
    loadNames: (keys = result.keys.values()) => {
      const byShard = new Map<number, string[]>();
      for (const key of keys) {
        const list = byShard.get(shardOf(key));
        if (list) list.push(key);
        else byShard.set(shardOf(key), [key]);
      }
      const out: NamesObjects = new Map();
      const stale = new Set<number>();
      for (const [shard, wanted] of byShard) {
        const names = store.readNames(shard);
        if (!names || wanted.some((k) => !names.has(k))) stale.add(shard);
        else for (const [key, obj] of names) out.set(key, obj);
      }
      // A names file missing, damaged or short of a key: its shard is synced and both files rewritten.
      if (stale.size) for (const [key, obj] of syncShards(store, stale, inUse(), newRows, stale)) out.set(key, { lineCount: obj.lineCount, rows: namesRows(obj) });
      return out;
    },
  };
  /** Every object key a file points at now: the manifest's and those just refreshed. */
  const inUse = () => new Set([...Object.values(manifest.files).map((r) => objectKey(r.hash, r.language)), ...result.keys.values()]);
  const readStarted = Date.now();
  const setRecord = (path: string, r: ManifestRecord) => {
    const old = manifest.files[path];
    if (!old || (Object.keys(r) as (keyof ManifestRecord)[]).some((k) => old[k] !== r[k])) {
      manifest.files[path] = r;
      manifestChanged = true;
    }
  };
  const dropRecord = (path: string) => {
    if (manifest.files[path]) {
      delete manifest.files[path];
      manifestChanged = true;
    }
  };
  /**
   * The size of an object that holds this content's outline, or -1. Each object is read and
   * checked against the bytes once a run (entryFitsSource), whatever the manifest says of it:
   * a record vouches for a file whose stat it matches, never for an object on its own. Its rows
   * then replace whatever a shard held for the key, and it is touched, so a concurrent sweep
   * leaves it to the manifest this run writes.
   */
  const objectFor = (hash: string, language: string, bytes: Uint8Array): number => {
    const key = objectKey(hash, language);
    const size = store.objectSize(hash, language);
    if (size < 0) return -1;
    if (verified.get(key) === size) return size;
    const entry = store.readEntryFor(bytes, language, hash);
    if (!entry) return -1;
    verified.set(key, size);
    newRows.set(key, packObject(entry));
    store.touchObject(hash, language);
    return size;
  };

  // While the listing runs (another process), check what the manifest knows: a warm run's whole work.
  const verifyObjects = opts.verifyObjects ?? true;
  const objectOk = (rec: ManifestRecord) => !verifyObjects || store.objectSize(rec.hash, rec.language) === rec.objectSize;
  const preStat = new Map<string, { stat?: Stats; objectOk: boolean }>();
  if (!Array.isArray(opts.paths)) {
    for (const [path, rec] of Object.entries(manifest.files)) {
      if (opts.contents?.has(path)) continue;
      const stat = statOrUndefined(join(opts.root, path));
      preStat.set(path, { stat, objectOk: !!stat && statUnchanged(rec, stat) && objectOk(rec) });
    }
  }
  const paths = await opts.paths;

  // Pass 1, stat only: what the manifest vouches for, and what must be read.
  const toRead: Candidate[] = [];
  const listed = new Set<string>();
  for (const path of paths) {
    // A name that is not UTF-8 (names.ts) cannot be opened by that path: named, not lost.
    const odd = undecodablePath(path);
    if (odd) {
      if (languageByName(odd.decoded)) skip(path, UNDECODABLE_NAME);
      continue;
    }
    // The name says whether the file can be outlined; its content decides the language (pass 2).
    if (!languageByName(path)) continue;
    const staged = opts.contents?.get(path);
    const pre = preStat.get(path);
    let stat: Stats | undefined;
    if (!staged) {
      stat = pre ? pre.stat : statOrUndefined(join(opts.root, path));
      // Listed by git but gone from the work tree (deleted, not yet staged).
      if (!stat || !stat.isFile()) continue;
    }
    listed.add(path);
    result.seen++;
    if (stat) {
      const rec = manifest.files[path];
      if (rec && nameAllows(path, rec.language) && (pre ? pre.objectOk : statUnchanged(rec, stat) && objectOk(rec))) {
        result.reused++;
        result.keys.set(path, recordKey.get(path)!);
        continue;
      }
      if (stat.size > maxBytes) {
        skip(path, `larger than ${formatBytes(maxBytes)}`);
        continue;
      }
    }
    toRead.push({ path, stat, staged });
  }

  function skip(path: string, reason: string) {
    result.skipped.push({ path, reason });
    dropRecord(path);
  }

  if (opts.prune) {
    for (const path of Object.keys(manifest.files)) if (!listed.has(path)) dropRecord(path);
  }

  // Pass 2: read and hash; content no object holds goes to the parse pool at once, so parsing
  // (on a worker) overlaps this reading. Identical content is parsed once: later copies join
  // the group of the first. Largest files first: the pool's threads take jobs from both ends
  // of this order, so they finish within one small file of each other, and the big files a
  // worker starts on overlap this reading.
  toRead.sort((a, b) => sizeOf(b) - sizeOf(a));
  const byKey = new Map<string, Pending[]>();
  /** Groups already parsed: a copy read after that finds the object like any other. */
  const finished = new Set<string>();
  let done = 0;
  let queued = 0;
  const onParsed = ({ job, stored, error }: ParseOutcome) => {
    const key = (job as KeyedJob).key;
    const group = byKey.get(key)!;
    finished.add(key);
    done += group.length;
    opts.progress?.(done, queued + unread); // the total grows while files are still being read
    if (!stored || stored.hash !== group[0].hash) {
      for (const j of group) {
        result.failed.push({ path: j.path, error: error ?? "hash mismatch" });
        dropRecord(j.path);
      }
      return;
    }
    const size = stored.size;
    newRows.set(key, stored.pack);
    result.parsed++;
    result.reused += group.length - 1;
    for (const j of group) {
      result.keys.set(j.path, key);
      if (j.recordStat && j.stat && size >= 0) setRecord(j.path, recordFor(j.stat, j.hash, j.language.id, size, readStarted));
    }
  };
  // Loaded with the first job: a run that parses nothing never loads the engine or worker_threads.
  let pool: ParsePool | undefined;
  let unread = toRead.length;
  let unreadBytes = toRead.reduce((n, c) => n + sizeOf(c), 0);
  for (let i = 0; i < toRead.length; i++) {
    const { path, staged } = toRead[i];
    let stat = toRead[i].stat;
    unread--;
    unreadBytes -= sizeOf(toRead[i]);
    if (i % 32 === 31) await pool?.breathe();
    let bytes: Uint8Array;
    try {
      bytes = staged ?? readFileSync(join(opts.root, path));
    } catch (e) {
      skip(path, `unreadable (${(e as NodeJS.ErrnoException).code ?? e})`);
      continue;
    }
    if (bytes.length > maxBytes) {
      skip(path, `larger than ${formatBytes(maxBytes)}`);
      continue;
    }
    if (looksBinary(bytes)) {
      skip(path, "binary");
      continue;
    }
    const generated = generatedReason(path, bytes);
    if (generated) {
      skip(path, generated);
      continue;
    }
    const language = detectLanguage(path, bytes)!;
    const hash = contentHash(bytes);
    const recordStat = !staged || workTreeHas(opts.root, path, hash);
    if (staged && recordStat) stat = statSync(join(opts.root, path));
    const key = objectKey(hash, language.id);
    const job: Pending = { path, language, stat, hash, bytes, recordStat };
    const group = byKey.get(key);
    if (group && !finished.has(key)) {
      group.push(job);
      queued++;
      continue;
    }
    const size = objectFor(hash, language.id, bytes);
    if (size >= 0) {
      result.reused++;
      result.keys.set(path, key);
      if (recordStat && stat) setRecord(path, recordFor(stat, hash, language.id, size, readStarted));
      continue;
    }
    byKey.set(key, [job]);
    queued++;
    const keyed: KeyedJob = { key, path, bytes, language };
    pool ??= (await import("./parse-pool.ts")).openPool(store, onParsed, { threads: opts.threads });
    pool.submit(keyed, { files: toRead.length - i, bytes: bytes.length + unreadBytes });
  }
  const parseResult = pool ? await pool.finish() : { threads: 1, fallback: undefined };
  result.threads = parseResult.threads;
  if (parseResult.fallback) result.warnings.push(`parsed in one thread: workers failed (${parseResult.fallback})`);
  // Reported by path, whatever order the files were read (by size) and parsed (by thread) in.
  const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  result.skipped.sort(byPath);
  result.failed.sort(byPath);

  if (manifestChanged) result.stored = store.writeManifest(manifest);
  // Only shards whose set of keys changed are rewritten (a warm run reads none of them).
  // A warm run changed no record and every file points at a key it had: the keys in use are
  // keysBefore, and no shard's set of keys moved (building and comparing the sets again cost
  // ~5 ms of a warm `search`).
  let unchanged = !manifestChanged;
  if (unchanged) for (const k of result.keys.values()) if (!keysBefore.has(k)) unchanged = false;
  const keysNow = unchanged ? keysBefore : inUse();
  const missing = new Set(store.missingShards());
  const touched = new Set(missing);
  if (!unchanged) {
    for (const k of keysNow) if (!keysBefore.has(k)) touched.add(shardOf(k));
    for (const k of keysBefore) if (!keysNow.has(k)) touched.add(shardOf(k));
  }
  for (const k of newRows.keys()) touched.add(shardOf(k));
  if (touched.size) syncShards(store, touched, keysNow, newRows, missing);
  // Leftovers of killed runs and objects no record points at (a walk of every object folder):
  // looked for by `index` and runs that write. The manifest is read again for the keys in use:
  // a concurrent run may have written one that points at objects this run does not know.
  if (verifyObjects || manifestChanged || touched.size || queued) {
    store.sweep(keysNow, () => new Set(Object.values(store.readManifest().files).map((r) => objectKey(r.hash, r.language))));
  }
  if (store.off) result.distrustNote = distrustWarning(opts.root, store.off);
  else if (store.unwritable && !result.stored) result.warnings.push(`cache not updated: ${store.unwritable} (results computed without it)`);
  else if (store.unwritable) result.warnings.push(`cache partly updated: ${store.unwritable} (the next run writes the rest)`);
  return result;
}

/**
 * These shards, holding exactly the keys in use that belong to them: the stored rows, plus rows
 * just made, plus rows read from objects for keys a shard lacks (another process may have
 * rewritten it, or it was damaged); each written back (with its names file) if it changed, the
 * names file alone for the shards in `namesStale`. Returns their objects.
 */
function syncShards(store: CacheStore, shards: Set<number>, keys: Set<string>, fresh: Map<string, PackObject>, namesStale?: Set<number>): PackObjects {
  const wanted = new Map<number, string[]>();
  for (const key of keys) {
    const shard = shardOf(key);
    if (!shards.has(shard)) continue;
    const list = wanted.get(shard);
    if (list) list.push(key);
    else wanted.set(shard, [key]);
  }
  const out: PackObjects = new Map();
  for (const shard of shards) {
    const stored = store.readShard(shard);
    const objects = stored ?? new Map<string, PackObject>();
    let changed = !stored;
    for (const key of wanted.get(shard) ?? []) {
      let obj = fresh.get(key);
      // Rows made this run (parsed, or read from an object checked against its file) win over stored ones.
      if (obj) {
        const had = objects.get(key);
        if (had && had.rows === obj.rows && had.lineCount === obj.lineCount) continue;
      } else if (objects.has(key)) continue;
      if (!obj) {
        const dash = key.lastIndexOf("-");
        const entry = store.readEntry(key.slice(0, dash), key.slice(dash + 1));
        if (!entry) continue;
        obj = packObject(entry);
      }
      objects.set(key, obj);
      changed = true;
    }
    for (const key of objects.keys()) {
      if (!keys.has(key)) {
        objects.delete(key);
        changed = true;
      }
    }
    if (changed) store.writeShard(shard, objects);
    else if (namesStale?.has(shard)) store.writeShard(shard, objects, false);
    for (const [key, obj] of objects) out.set(key, obj);
  }
  return out;
}

/** A candidate's size before it is read. */
const sizeOf = (c: Candidate) => c.staged?.length ?? c.stat?.size ?? 0;

function statOrUndefined(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

type KeyedJob = ParseJob & { key: string };

/** RefreshResult.entryFor: the object, else the file (staged content or work tree) outlined again, if it still has that content. */
async function entryFor(store: CacheStore, opts: RefreshOptions, path: string, key: string): Promise<CacheEntry | undefined> {
  const dash = key.lastIndexOf("-");
  const hash = key.slice(0, dash);
  const languageId = key.slice(dash + 1);
  const cached = store.readEntry(hash, languageId);
  if (cached) return cached;
  let bytes: Uint8Array;
  try {
    bytes = opts.contents?.get(path) ?? readFileSync(join(opts.root, path));
  } catch {
    return undefined;
  }
  const language = REGISTRY.byId.get(languageId);
  if (!language || contentHash(bytes) !== hash) return undefined;
  const { outlineSource } = await import("../core/outline/outline.ts");
  return toEntry(await outlineSource({ path, bytes, language }), store.engine);
}

function workTreeHas(root: string, path: string, hash: string): boolean {
  try {
    return contentHash(readFileSync(join(root, path))) === hash;
  } catch {
    return false;
  }
}
