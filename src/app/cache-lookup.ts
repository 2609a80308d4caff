// Using the repo-wide cache from single-file commands (outline, symbol, the MCP tools) and
// `changed`: the cache at the top of the file's git work tree (never one in a folder below) is
// asked for an object with the file's content hash, checked against the file's bytes, so a hit
// is what parsing would produce. A miss parses and, when a cache exists, stores the result for
// next time (best effort, silent: these commands never depend on the cache). A cache that must
// not be used (cache-trust.ts) is neither read nor written, after one warning line on stderr.
import { dirname, resolve } from "node:path";
import type { LanguageSpec } from "../core/languages/registry.ts";
import type { FileOutline } from "../core/types.ts";
import { openCache, type CacheStore } from "../io/cache-store.ts";
import { checkCache, recordUntracked, settleCache, warnDistrust, workTreeAbove } from "../io/cache-trust.ts";
import { engineId } from "./engine.ts";

const topByDir = new Map<string, string | null>();

export function cacheDisabled(): boolean {
  return process.env.AST_OUTLINE_NO_CACHE === "1";
}

/**
 * The cache at a git work tree's top, when there is one and it may be used; checked on every
 * call (a few stats; git only when its index changed since it last said it tracks no cache),
 * so a long-running MCP server notices a cache that became tracked.
 */
export function trustedCache(top: string): CacheStore | undefined {
  if (cacheDisabled()) return undefined;
  const engine = engineId();
  const check = checkCache(top, engine, top);
  if (!check.present) return undefined;
  settleCache(check);
  const store = openCache(check, engine);
  if (store.off) {
    warnDistrust(top, store.off);
    return undefined;
  }
  if (!store.exists()) return undefined;
  recordUntracked(check, store);
  return store;
}

/** The work tree top above a file, found without git (none when git is pointed elsewhere by its variables). */
function topFor(file: string): string | undefined {
  if (process.env.GIT_DIR !== undefined || process.env.GIT_WORK_TREE !== undefined) return undefined;
  const dir = dirname(resolve(file));
  let top = topByDir.get(dir);
  if (top === undefined) topByDir.set(dir, (top = workTreeAbove(dir) ?? null));
  return top ?? undefined;
}

export async function outlineWithCache(
  file: string,
  displayPath: string,
  bytes: Uint8Array,
  language: LanguageSpec,
  parse: () => Promise<FileOutline>,
): Promise<FileOutline> {
  const top = cacheDisabled() ? undefined : topFor(file);
  const store = top ? trustedCache(top) : undefined;
  if (!store) return parse();
  const hit = store.readOutline(bytes, language.id, displayPath);
  if (hit) return hit;
  const outline = await parse();
  store.writeOutline(outline);
  return outline;
}
