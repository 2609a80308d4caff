// The repository index (refresh-cache.ts) behind the MCP server's search_symbols and digest.
import { lstatSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { checkCache, warnDistrust } from "../io/cache-trust.ts";
import type { FileSource } from "../io/disk-source.ts";
import { gitRedirected, type Env } from "../io/env.ts";
import { DEFAULT_MAX_BYTES } from "../io/files.ts";
import { nodeProbe } from "../io/node-probe.ts";
import { hasCache, workTreeAbove } from "../io/work-tree.ts";
import type { FileAccess } from "../io/workspace.ts";
import { cacheDisabled } from "./cache-lookup.ts";
import { engineId } from "./engine.ts";
import { listFilesFast } from "./listing-snapshot.ts";
import { MemoryStore } from "./memory-store.ts";
import { refreshCache, type RefreshResult } from "./refresh-cache.ts";
import { ensureExcluded, type Repo } from "./repo.ts";
import type { SymbolIndex } from "./search.ts";

/**
 * The index behind the MCP server's search_symbols and digest: the files of the workspace (under
 * its listing roots), as the repository lists them (git's listing, as `search` sees it; a walk
 * outside a work tree), each read through the workspace gate. It lives in the cache at the work
 * tree's top when that cache may be used (made there when there is none, as `search` does), else
 * in memory for the life of the server. Each question refreshes it first: a new, edited or
 * deleted file is seen by the next call.
 */
export class WorkspaceIndex {
  private memory?: MemoryStore;

  constructor(private readonly env: Env, private readonly access: FileAccess) {}

  /** The index, refreshed; keys are paths relative to the workspace base. */
  async refresh(verifyObjects: boolean): Promise<SymbolIndex> {
    const { env, access } = this;
    const top = gitRedirected(env) ? undefined : workTreeAbove(access.base, nodeProbe);
    if (top === undefined) return this.fromWalk(verifyObjects);
    const repo: Repo = { root: top, git: true, gitTop: top };
    const engine = engineId();
    const useDisk = !cacheDisabled(env);
    if (useDisk && !hasCache(top, nodeProbe)) ensureExcluded(env, repo);
    const check = checkCache(env, top, engine, top);
    const inRoots = (p: string) => this.access.listRoots.some((l) => within(l, join(top, p)));
    const listing = listFilesFast(env, repo, engine, check);
    const paths = Array.isArray(listing) ? listing.filter(inRoots) : listing.then((l) => l.filter(inRoots));
    const whole = this.access.listRoots.includes(top);
    const source = this.gatedSource(top);
    if (useDisk && !check.problem) {
      const r = await refreshCache({ env, root: top, paths, prune: whole, verifyObjects, check, source });
      if (r.distrustNote) env.warn(r.distrustNote);
      if (!r.store.off) return this.shown(r, top);
    } else if (check.problem && useDisk) warnDistrust(env, top, check.problem);
    this.memory ??= new MemoryStore(top, engine);
    return this.shown(await refreshCache({ env, root: top, paths, prune: whole, verifyObjects, store: this.memory, source }), top);
  }

  /** Outside a work tree: the workspace's own walk, its stamps, the index in memory. */
  private async fromWalk(verifyObjects: boolean): Promise<SymbolIndex> {
    const base = this.access.base;
    this.memory ??= new MemoryStore(base, engineId());
    const listed = this.access.list();
    const stamps = new Map(listed.map((f) => [f.path, f.stamp]));
    const source: FileSource = {
      stat: (path) => stamps.get(path),
      read: (path) => this.access.read(path, DEFAULT_MAX_BYTES).bytes,
    };
    const r = await refreshCache({ env: this.env, root: base, paths: listed.map((f) => f.path), prune: true, verifyObjects, store: this.memory, source });
    return this.shown(r, base);
  }

  /**
   * Files of the repository listing, stat'ed without following a final link (git lists a link
   * as a file of its own and never lists a path through a linked folder) and read through the
   * workspace gate, which checks each path in full.
   */
  private gatedSource(top: string): FileSource {
    return {
      stat: (path) => {
        try {
          const st = lstatSync(join(top, path));
          return st.isFile() ? st : undefined;
        } catch {
          return undefined;
        }
      },
      read: (path) => this.access.read(this.display(top, path), DEFAULT_MAX_BYTES).bytes,
    };
  }

  private display(root: string, path: string): string {
    const rel = relative(this.access.base, resolve(root, path));
    return sep === "/" ? rel : rel.split(sep).join("/");
  }

  /** The refreshed index with its paths as the workspace names them (relative to its base). */
  private shown(r: RefreshResult, root: string): SymbolIndex {
    const keys = new Map<string, string>();
    const rootPath = new Map<string, string>();
    for (const [path, key] of r.keys) {
      const shown = root === this.access.base ? path : this.display(root, path);
      keys.set(shown, key);
      rootPath.set(shown, path);
    }
    return { keys, loadPack: r.loadPack, loadNames: r.loadNames, entryFor: (path, key) => r.entryFor(rootPath.get(path) ?? path, key) };
  }
}

function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !rel.startsWith("/"));
}
