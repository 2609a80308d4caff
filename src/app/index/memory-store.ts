// The repository index kept in this process instead of on disk: for a long-running MCP server
// whose workspace has no cache it may use (none at the work tree's top, one cache-trust.ts
// refuses, AST_OUTLINE_NO_CACHE, or no work tree at all). It answers refreshCache's questions
// the way a CacheStore does, so the one refresh (stat check, content hashes, shards) serves
// both; nothing of it outlives the process.
import { emptyManifest, objectKey, toEntry, type CacheEntry, type Manifest } from "../../core/cache/format.ts";
import { namesRows, type NamesObjects, type PackObjects } from "../../core/cache/pack.ts";
import type { FileOutline } from "../../core/types.ts";
import { EntryReader, type IndexStore, type SweepResult } from "../../io/cache-store.ts";

export class MemoryStore extends EntryReader implements IndexStore {
  readonly inMemory = true;
  readonly off = undefined;
  readonly unwritable = undefined;
  private manifest: Manifest;
  private readonly objects = new Map<string, CacheEntry>();
  private readonly shards = new Map<number, PackObjects>();
  /** Each shard's names rows, made when first read after the shard was written. */
  private readonly names = new Map<number, NamesObjects>();

  constructor(readonly root: string, readonly engine: string) {
    super();
    this.manifest = emptyManifest(engine);
  }

  prepare(): void {}

  readManifest(): Manifest {
    return { ...this.manifest, files: { ...this.manifest.files } };
  }

  writeManifest(m: Manifest): boolean {
    this.manifest = { ...m, files: { ...m.files } };
    return true;
  }

  /** 1 when this content's outline is held (the manifest's objectSize), -1 when not. */
  objectSize(hash: string, language: string): number {
    return this.objects.has(objectKey(hash, language)) ? 1 : -1;
  }

  readEntry(hash: string, language: string): CacheEntry | undefined {
    return this.objects.get(objectKey(hash, language));
  }

  touchObject(): void {}

  writeOutlineSoon(outline: FileOutline): number {
    this.objects.set(objectKey(outline.hash, outline.language), toEntry(outline, this.engine));
    return 1;
  }

  async flush(): Promise<void> {}

  markUnwritable(): void {}

  missingShards(): number[] {
    return [];
  }

  readShard(shard: number): PackObjects | undefined {
    return this.shards.get(shard);
  }


  readNames(shard: number): NamesObjects | undefined {
    const known = this.names.get(shard);
    if (known) return known;
    const objects = this.shards.get(shard);
    if (!objects) return undefined;
    const out: NamesObjects = new Map();
    for (const [key, obj] of objects) out.set(key, { lineCount: obj.lineCount, rows: namesRows(obj) });
    this.names.set(shard, out);
    return out;
  }

  readRefs(shard: number): PackObjects | undefined {
    return this.shards.get(shard);
  }

  writeShard(shard: number, objects: PackObjects): void {
    this.shards.set(shard, new Map(objects));
    this.names.delete(shard);
  }

  /** Outlines no file points at any more are dropped at once: nothing else shares this store. */
  sweep(inUse: Set<string>): SweepResult {
    let objects = 0;
    for (const key of this.objects.keys()) {
      if (!inUse.has(key)) {
        this.objects.delete(key);
        objects++;
      }
    }
    return { temps: 0, objects, engines: 0 };
  }

  readAux(): string | undefined {
    return undefined;
  }

  writeAux(): void {}
}
