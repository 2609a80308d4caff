// The repository index (refresh.ts) behind the MCP server's search_symbols and digest.
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { changedWithin, sameStamp, stampOf, type FileStamp } from "../../core/stamp.ts";
import { openCache, type CacheStore } from "../../io/cache-store.ts";
import { checkCache, recordUntracked, settleCache, warnDistrust } from "../../io/cache-trust.ts";
import { insideTest, regularFile, type FileSource } from "../../io/disk-source.ts";
import { gitRedirected, type Env } from "../../io/env.ts";
import { DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { requireOwnRepository } from "../../io/git-place.ts";
import { nodeProbe } from "../../io/node-probe.ts";
import { hasCache, workTreeAbove } from "../../io/work-tree.ts";
import type { FileAccess } from "../../io/workspace.ts";
import { cacheDisabled } from "./lookup.ts";
import { engineId } from "../engine/index.ts";
import { listFilesFast, type SnapshotMemo } from "./listing.ts";
import { MemoryStore } from "./memory-store.ts";
import { refreshCache, type RefreshResult } from "./refresh.ts";
import { ensureExcluded, type Repo } from "./repo.ts";
import type { SymbolIndex } from "./refresh.ts";

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
  /** The cache's store, kept while its trust check passes: what it has parsed is read again only when replaced. */
  private disk?: CacheStore;
  private readonly snapshot: SnapshotMemo = {};
  /** The last refresh of the cache on disk, while nothing could have moved under it (Settled). */
  private settled?: Settled;

  /** The refresh under way, shared by every question asked meanwhile, and what it has indexed so far. */
  private building?: { done: Promise<SymbolIndex>; live?: { result: RefreshResult; root: string } };

  constructor(private readonly env: Env, private readonly access: FileAccess) {}

  /**
   * The index, refreshed; keys are paths relative to the workspace base. A question asked while
   * a refresh runs waits for that one (one that must check every object waits, then runs its own).
   */
  async refresh(verifyObjects: boolean): Promise<SymbolIndex> {
    if (this.building && !verifyObjects) return this.building.done;
    if (this.building) await this.building.done.catch(() => undefined);
    return this.build(verifyObjects).done;
  }

  /**
   * The index when it is ready within `patienceMs`; else what the refresh under way has indexed
   * so far, with how much of the workspace that covers (the refresh goes on: a later question
   * gets more). `tick`, while waiting, is told the coverage about every `everyMs`.
   */
  async within(patienceMs: number, tick?: (c: IndexCoverage) => void, everyMs = 1000): Promise<{ index: SymbolIndex; partial?: IndexCoverage }> {
    const b = this.building ?? this.build(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ticker: ReturnType<typeof setInterval> | undefined;
    let firstTick: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), patienceMs)));
    if (tick) {
      const told = () => tick(coverageOf(b.live?.result));
      firstTick = setTimeout(() => {
        told();
        ticker = setInterval(told, everyMs);
      }, Math.min(FIRST_TICK_MS, everyMs));
    }
    try {
      const first = await Promise.race([b.done, late]);
      if (first !== "late") return { index: first };
    } finally {
      clearTimeout(timer);
      clearTimeout(firstTick);
      clearInterval(ticker);
    }
    const live = b.live;
    const coverage = coverageOf(live?.result);
    if (!live) return { index: EMPTY_INDEX, partial: coverage };
    // A copy of the keys as they are now: the live map grows under the answer otherwise.
    return { index: this.shown({ ...live.result, keys: new Map(live.result.keys) }, live.root), partial: coverage };
  }

  private build(verifyObjects: boolean): NonNullable<WorkspaceIndex["building"]> {
    const b: NonNullable<WorkspaceIndex["building"]> = { done: Promise.resolve(EMPTY_INDEX) };
    b.done = this.refreshNow(verifyObjects, (result, root) => (b.live = { result, root })).finally(() => {
      if (this.building === b) this.building = undefined;
    });
    b.done.catch(() => undefined); // a failure reaches whoever waits for it; one nobody waits for any more is not an unhandled rejection
    this.building = b;
    return b;
  }

  private async refreshNow(verifyObjects: boolean, started: (live: RefreshResult, root: string) => void): Promise<SymbolIndex> {
    const { env, access } = this;
    const top = gitRedirected(env) ? undefined : workTreeAbove(access.base, nodeProbe);
    if (top === undefined) return this.fromWalk(verifyObjects, started);
    requireOwnRepository(env, top);
    const repo: Repo = { root: top, git: true, gitTop: top };
    const engine = engineId();
    const useDisk = !cacheDisabled(env);
    if (useDisk && !hasCache(top, nodeProbe)) ensureExcluded(env, repo);
    const check = checkCache(env, top, engine, top);
    const listing = listFilesFast(env, repo, engine, check, this.snapshot);
    const whole = this.access.listRoots.includes(top);
    const inRoots = whole ? undefined : this.inRoots(top);
    const paths = !inRoots ? listing : Array.isArray(listing) ? listing.filter(inRoots) : listing.then((l) => l.filter(inRoots));
    const source = this.gatedSource(top);
    // Whether git tracks the cache: the listing says so when git made it (listing.ts), else git is asked.
    if (check.unsettled && !Array.isArray(listing)) await listing;
    settleCache(check);
    if (useDisk && !check.problem) {
      if (!this.disk || this.disk.unwritable || this.disk.engine !== engine) this.disk = openCache(check, engine);
      const store = this.disk;
      const settled = this.settled;
      if (!verifyObjects && settled && settled.store === store && settled.listing === listing && settled.top === top && unmoved(settled, source)) return settled.index;
      this.settled = undefined;
      store.prepare();
      recordUntracked(check, store);
      const seen = recordingStats(source);
      const startedAt = env.now();
      const r = await refreshCache({ env, root: top, paths, prune: whole, verifyObjects, store, source: seen.source, started: (live) => started(live, top) });
      const index = this.shown(r, top);
      if (Array.isArray(listing) && settles(r, seen.stats, startedAt)) this.settled = { top, store, listing, index, paths: [...seen.stats.keys()], stats: [...seen.stats.values()] };
      return index;
    }
    this.settled = undefined;
    if (useDisk) warnDistrust(env, top, check.problem!);
    this.disk = undefined;
    this.memory ??= new MemoryStore(top, engine);
    return this.shown(await refreshCache({ env, root: top, paths, prune: whole, verifyObjects, store: this.memory, source, started: (live) => started(live, top) }), top);
  }

  /** A test for listed paths (relative to top) inside a listing root, by their start. */
  private inRoots(top: string): (path: string) => boolean {
    const prefixes: string[] = [];
    for (const l of this.access.listRoots) {
      const rel = relative(top, l);
      if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) continue;
      prefixes.push(`${sep === "/" ? rel : rel.split(sep).join("/")}/`);
    }
    return (p) => prefixes.some((prefix) => p.startsWith(prefix));
  }

  /** Outside a work tree: the workspace's own walk, its stamps, the index in memory. */
  private async fromWalk(verifyObjects: boolean, started: (live: RefreshResult, root: string) => void): Promise<SymbolIndex> {
    const base = this.access.base;
    this.memory ??= new MemoryStore(base, engineId());
    const listed = this.access.list();
    const stamps = new Map(listed.map((f) => [f.path, f.stamp]));
    const source: FileSource = {
      stat: (path) => stamps.get(path),
      read: (path) => this.access.read(path, DEFAULT_MAX_BYTES).bytes,
    };
    const r = await refreshCache({ env: this.env, root: base, paths: listed.map((f) => f.path), prune: true, verifyObjects, store: this.memory, source, started: (live) => started(live, base) });
    return this.shown(r, base);
  }

  /**
   * Files of the repository listing, stat'ed by the one rule of every listing reader
   * (io/disk-source.ts: a regular file, no link followed, its folder inside) and read through
   * the workspace gate, which checks each path in full.
   */
  private gatedSource(top: string): FileSource {
    const inside = insideTest(top);
    return {
      stat: (path) => regularFile(top, path, inside),
      read: (path) => this.access.read(this.display(top, path), DEFAULT_MAX_BYTES).bytes,
    };
  }

  private display(root: string, path: string): string {
    const rel = relative(this.access.base, resolve(root, path));
    return sep === "/" ? rel : rel.split(sep).join("/");
  }

  /** The refreshed index with its paths as the workspace names them (relative to its base). */
  private shown(r: RefreshResult, root: string): SymbolIndex {
    if (root === this.access.base) return r;
    const keys = new Map<string, string>();
    const rootPath = new Map<string, string>();
    for (const [path, key] of r.keys) {
      const shown = root === this.access.base ? path : this.display(root, path);
      keys.set(shown, key);
      rootPath.set(shown, path);
    }
    return { keys, loadPack: r.loadPack, loadNames: r.loadNames, loadRefs: r.loadRefs, entryFor: (path, key) => r.entryFor(rootPath.get(path) ?? path, key) };
  }
}

/** A question still waiting for the index after this long is told how far it has come (then every `everyMs`). */
export const FIRST_TICK_MS = 250;

/** How much of the workspace an index holds: files indexed, of the source files listed so far. */
export interface IndexCoverage {
  indexed: number;
  listed: number;
}

function coverageOf(r: RefreshResult | undefined): IndexCoverage {
  return { indexed: r?.keys.size ?? 0, listed: r?.seen ?? 0 };
}

/** Before a refresh has started its run (the listing still under way), nothing is indexed. */
const NO_ROWS = { get: () => undefined };
const EMPTY_INDEX: SymbolIndex = { keys: new Map(), loadPack: () => NO_ROWS, loadNames: () => NO_ROWS, loadRefs: () => NO_ROWS, entryFor: async () => undefined };

/**
 * A refresh of the cache on disk that the next question may be answered from without another:
 * it was made from the listing snapshot (the same listing array comes back only while no folder,
 * ignore file or git index it watches moved), and the stat of every file it looked at is kept.
 * While each is as it was, each file's content is (the stat check the manifest itself trusts),
 * so the index is what a refresh would give again.
 */
interface Settled {
  top: string;
  store: CacheStore;
  listing: string[];
  index: SymbolIndex;
  /** Every path the refresh stat'ed, and what it found (undefined: no regular file). */
  paths: string[];
  stats: (FileStamp | undefined)[];
}

/** A source that remembers the last stat it gave of each path. */
function recordingStats(source: FileSource): { source: FileSource; stats: Map<string, FileStamp | undefined> } {
  const stats = new Map<string, FileStamp | undefined>();
  return {
    stats,
    source: {
      stat: (path) => {
        const s = source.stat(path);
        stats.set(path, s && stampOf(s));
        return s;
      },
      read: (path) => source.read(path),
    },
  };
}

/**
 * Whether a refresh may be reused: it failed on nothing, stored what it found, and saw no file
 * changed within the racy window before it started (such a file could change again, in the same
 * clock tick, without its stat moving: the manifest stores it to be hashed again, so must we).
 */
function settles(r: RefreshResult, stats: Map<string, FileStamp | undefined>, started: number): boolean {
  if (r.failed.length || !r.stored || r.warnings.length || r.distrustNote) return false;
  for (const s of stats.values()) if (s && changedWithin(s, started)) return false;
  return true;
}

/** Every file the settled refresh looked at has the stat it had then. */
function unmoved(settled: Settled, source: FileSource): boolean {
  const { paths, stats } = settled;
  for (let i = 0; i < paths.length; i++) {
    const now = source.stat(paths[i]);
    const then = stats[i];
    if (now === undefined || then === undefined) {
      if (now !== then) return false;
    } else if (!sameStamp(then, now)) return false;
  }
  return true;
}
