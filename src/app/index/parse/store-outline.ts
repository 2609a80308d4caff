// One unit of `index` work, the same on the main thread and in a parse worker: outline a
// file, write its object to the cache, and hand back only what the main thread needs (the
// object's size and its symbol rows). Doing the JSON and the write where the parse happened
// keeps the main thread free and spares a structured clone of every outline.
import { packObject, type PackObject } from "../../../core/cache/pack.ts";
import type { LanguageSpec } from "../../../core/languages/registry.ts";
import { outlineSource } from "../../../core/outline/outline.ts";
import type { IndexStore } from "../../../io/cache-store.ts";

export interface StoreJob {
  path: string;
  bytes: Uint8Array;
  language: LanguageSpec;
}

export interface StoredOutline {
  /** The content hash the outline was made from (the caller checks it against its own). */
  hash: string;
  /** Byte size of the object written, -1 when the cache could not be written. */
  size: number;
  pack: PackObject;
}

export async function outlineAndStore(job: StoreJob, store: Pick<IndexStore, "writeOutlineSoon">): Promise<StoredOutline> {
  const outline = await outlineSource({ ...job, references: true });
  const size = store.writeOutlineSoon(outline); // written by the pool's flush at the latest
  // A failed write shows at the pool's flush (CacheStore.unwritable), which every batch awaits.
  return { hash: outline.hash, size, pack: packObject(outline) };
}
