// Using the repo-wide cache from single-file commands (outline, symbol): the nearest
// .ast_outline_cache/ above a file is asked for an object with the file's content hash, so a
// hit is exactly what parsing would produce. A miss parses and, when a cache exists, stores
// the result for next time (best effort, silent: these commands never depend on the cache).
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CACHE_DIR } from "../core/cache/format.ts";
import type { LanguageSpec } from "../core/languages/registry.ts";
import { contentHash } from "../core/hash.ts";
import type { FileOutline } from "../core/types.ts";
import { CacheStore } from "../io/cache-store.ts";
import { engineId } from "./engine.ts";

const storesByDir = new Map<string, CacheStore | null>();

function storeFor(file: string): CacheStore | undefined {
  const dir = dirname(resolve(file));
  const chain: string[] = [];
  let found: CacheStore | null | undefined;
  for (let d = dir; ; d = dirname(d)) {
    found = storesByDir.get(d);
    if (found !== undefined) break;
    chain.push(d);
    if (existsSync(join(d, CACHE_DIR, "VERSION"))) {
      found = new CacheStore(d, engineId());
      if (!found.exists()) found = null;
      break;
    }
    if (dirname(d) === d) {
      found = null;
      break;
    }
  }
  for (const d of chain) storesByDir.set(d, found);
  return found ?? undefined;
}

export function cacheDisabled(): boolean {
  return process.env.AST_OUTLINE_NO_CACHE === "1";
}

export async function outlineWithCache(
  file: string,
  displayPath: string,
  bytes: Uint8Array,
  language: LanguageSpec,
  parse: () => Promise<FileOutline>,
): Promise<FileOutline> {
  const store = cacheDisabled() ? undefined : storeFor(file);
  if (!store) return parse();
  const hit = store.readOutline(contentHash(bytes), language.id, displayPath);
  if (hit) return hit;
  const outline = await parse();
  store.writeOutline(outline);
  return outline;
}
