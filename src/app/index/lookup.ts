// Using the repo-wide cache from single-file commands (outline, symbol, the MCP tools) and
// `changed`: the cache at the top of the file's git work tree (never one in a folder below) is
// asked for an object with the file's content hash, checked against the file's bytes, so a hit
// is what parsing would produce. A miss parses and, when a cache exists, stores the result for
// next time (best effort, silent: these commands never depend on the cache). A cache that must
// not be used (cache-trust.ts) is neither read nor written, after one warning line on stderr.
import { dirname } from "node:path";
import type { LanguageSpec } from "../../core/languages/registry.ts";
import type { FileOutline } from "../../core/types.ts";
import { openCache, type CacheStore } from "../../io/cache-store.ts";
import { checkCache, recordUntracked, settleCache, warnDistrust } from "../../io/cache-trust.ts";
import { gitRedirected, type Env } from "../../io/env.ts";
import { nodeProbe } from "../../io/node-probe.ts";
import { workTreeAbove } from "../../io/work-tree.ts";
import { engineId } from "../engine/index.ts";

const topByDir = new Map<string, string | null>();

export function cacheDisabled(env: Env): boolean {
  return env.vars.AST_OUTLINE_NO_CACHE === "1";
}

/**
 * The cache at a git work tree's top, when there is one and it may be used; checked on every
 * call (a few stats; git only when its index changed since it last said it tracks no cache),
 * so a long-running MCP server notices a cache that became tracked.
 */
export function trustedCache(env: Env, top: string): CacheStore | undefined {
  if (cacheDisabled(env)) return undefined;
  const engine = engineId();
  const check = checkCache(env, top, engine, top);
  if (!check.present) return undefined;
  settleCache(check);
  const store = openCache(check, engine);
  if (store.off) {
    warnDistrust(env, top, store.off);
    return undefined;
  }
  if (!store.exists()) return undefined;
  recordUntracked(check, store);
  return store;
}

/** The work tree top above a file (an absolute path), found without git (none when git is pointed elsewhere by its variables). */
function topFor(env: Env, file: string): string | undefined {
  if (gitRedirected(env)) return undefined;
  const dir = dirname(file);
  let top = topByDir.get(dir);
  if (top === undefined) topByDir.set(dir, (top = workTreeAbove(dir, nodeProbe) ?? null));
  return top ?? undefined;
}

/**
 * The outline of a file (an absolute path) from the cache at its work tree's top, else `parse`d:
 * with references when there is a cache to store them in (the outline returned has none either
 * way), without them (their query is not compiled) when there is none.
 */
export async function outlineWithCache(
  env: Env,
  file: string,
  displayPath: string,
  bytes: Uint8Array,
  language: LanguageSpec,
  parse: (references: boolean) => Promise<FileOutline>,
): Promise<FileOutline> {
  const top = cacheDisabled(env) ? undefined : topFor(env, file);
  const store = top ? trustedCache(env, top) : undefined;
  if (!store) return parse(false);
  const hit = store.readOutline(bytes, language.id, displayPath);
  if (hit) return hit;
  const outline = await parse(true);
  store.writeOutline(outline);
  return shown(outline);
}

function shown(outline: FileOutline): FileOutline {
  const { references: _cacheOnly, ...rest } = outline;
  return rest;
}
