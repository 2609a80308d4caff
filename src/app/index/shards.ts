// The symbol shards of the repository index (core/cache/pack.ts): brought in line with the
// object keys in use, and read for a search or a digest, rebuilt from the objects where a shard
// is missing, damaged or short of a key.
import { namesRows, shardOf, packObject, type RowsLookup, type NamesObjects, type PackObject, type PackObjects } from "../../core/cache/pack.ts";
import type { IndexStore } from "../../io/cache-store.ts";

/** Where an object key's outline lives: its content hash and language (a key is never parsed back). */
export interface ObjectRef {
  hash: string;
  language: string;
}

export interface ShardContext {
  store: IndexStore;
  /** The object behind a key in use. */
  refOf(key: string): ObjectRef | undefined;
  /** Rows made this run (parsed, or read from an object checked against its file): they win over stored ones. */
  fresh: Map<string, PackObject>;
}

/**
 * These shards, holding exactly the keys of `keys` that belong to them: the stored rows, plus
 * rows just made, plus rows read from objects for keys a shard lacks (another process may have
 * rewritten it, or it was damaged); each written back (with its names file) if it changed, the
 * names file alone for the shards in `namesStale`. Returns their objects.
 */
export function syncShards(ctx: ShardContext, shards: Set<number>, keys: Set<string>, namesStale?: Set<number>): PackObjects {
  const { store, fresh } = ctx;
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
    const objects = new Map<string, PackObject>(stored ?? []);
    let changed = !stored;
    for (const key of wanted.get(shard) ?? []) {
      let obj = fresh.get(key);
      if (obj) {
        const had = objects.get(key);
        if (had && had.rows === obj.rows && had.lineCount === obj.lineCount && (had.refs ?? "") === (obj.refs ?? "")) continue;
      } else if (objects.has(key)) continue;
      if (!obj) {
        const ref = ctx.refOf(key);
        const entry = ref && store.readEntry(ref.hash, ref.language);
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

/** Which file of a shard to read: the full rows, the names rows, or the references (pack.ts). */
export type ShardView = "rows" | "names" | "refs";

/**
 * The rows of these keys, from the shards as stored (`names`: from the smaller names files,
 * `refs`: each object's references and no rows); a shard that is missing, damaged or short of
 * a key is synced first (and its files rewritten).
 */
export function loadRows(ctx: ShardContext, keys: Iterable<string>, inUse: () => Set<string>, view: ShardView): RowsLookup {
  const names = view === "names";
  const byShard = new Map<number, NamesObjects | undefined>();
  const stale = new Set<number>();
  for (const key of keys) {
    const shard = shardOf(key);
    if (stale.has(shard)) continue;
    let rows = byShard.get(shard);
    if (rows === undefined && !byShard.has(shard)) byShard.set(shard, (rows = names ? ctx.store.readNames(shard) : view === "refs" ? ctx.store.readRefs(shard) : ctx.store.readShard(shard)));
    if (!rows?.has(key)) stale.add(shard);
  }
  if (stale.size) {
    const synced: NamesObjects = new Map();
    for (const [key, obj] of syncShards(ctx, stale, inUse(), view === "rows" ? undefined : stale)) {
      synced.set(key, names ? { lineCount: obj.lineCount, rows: namesRows(obj) } : view === "refs" ? { lineCount: obj.lineCount, rows: "", refs: obj.refs ?? "" } : obj);
    }
    for (const shard of stale) byShard.set(shard, synced);
  }
  return { get: (key) => byShard.get(shardOf(key))?.get(key) };
}
