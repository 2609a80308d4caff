// Ranks the files and definitions of a repository by how much the rest of it refers to them: a
// PageRank over the graph "file -> name it uses -> files that define that name" (graph.ts),
// optionally personalised by a focus (files an agent works on, names it asks about). Pure: the
// graph in, scores out; the same input always gives the same order (ties broken by path and line).
//
// The rank without a focus is the same for every question about one set of files: it is walked
// once per graph and kept. A focus adds a personalised rank, computed by forward push
// (Andersen, Chung and Lang): only residue that matters is pushed on, so it touches the focus's
// neighbourhood and not the whole graph. The answer mixes the two, GLOBAL_SHARE of the global one.
// rankFocusUsers then lifts, one definition at a time, what the walk sees only file by file: the
// definitions of the focus's users that use it, and those of files that changed with it before.
import type { RankGraph, RankInputFile } from "./graph.ts";

export type { RankGraph, RankInputFile, RankInputSymbol } from "./graph.ts";
export { buildGraph } from "./graph.ts";

export interface RankFocus {
  /** Files, or folders (every file under them), the map is centred on. */
  paths: string[];
  /** Definition names (the last part of `A.b`) the map is centred on. */
  names: string[];
  /** Files related to the focus by more than references (changed with it before: co-change.ts), by weight. */
  related?: Map<string, number>;
}

export interface RankedDefinition {
  file: number;
  /** Index into the file's symbols. */
  symbol: number;
  score: number;
}

export interface Ranking {
  /** Score of each file, by input index. */
  fileScores: Float64Array;
  /** Each file's definitions' scores, by symbol index. */
  scores: Float64Array[];
  /** The definitions of the eligible files, best first (as many as asked: RankOptions). */
  definitions: RankedDefinition[];
  /** Input indexes of the files the focus names (by path). */
  focusFiles: Set<number>;
  /** Files that use a name the focus files define or the focus names, best first (none without a focus). */
  users: number[];
  /** The names a focus stands for: those its files define, and the names it gives. */
  focusNames: Set<string>;
  /** The focus's related files (RankFocus.related) by input index, weights scaled so the largest is 1. */
  related: Map<number, number>;
  /** With a focus: the definitions of other files whose names the focus files use, each with its specificity (calleeWeights). */
  callees: RankedDefinition[];
  /** How many files define a name. */
  definerCount: (name: string) => number;
}

const DAMPING = 0.85;
const ITERATIONS = 40;
/** The global walk stops early once the ranks move less than this in all (they sum to 1). */
const CONVERGED = 1e-5;
/**
 * A file's residue is pushed on while it exceeds this times the cost of its step (ACL's
 * threshold: the work of a whole push is at most 1 / (PUSH_EPSILON * (1 - DAMPING)) steps).
 */
const PUSH_EPSILON = 1e-5;
/**
 * Each definition also gets this share of its file's rank (split among the file's definitions),
 * so the definitions of a highly ranked file come before those of a low one even when nothing
 * names them, and every definition has a place in the order.
 */
const FILE_SHARE = 0.2;
/**
 * With a focus, the files that use what the focus defines (its callers and its tests) get this
 * share of the restart weight: the walk itself only goes from a file to what it uses.
 */
const USER_SHARE = 0.5;
/** With a focus, this share of the rank is the global one: past the focus's neighbourhood the map goes on with what matters most overall. */
const GLOBAL_SHARE = 0.1;

/** Whether a path is the focus or lies under it (a focus of "" or "." holds every path). */
export function focusTest(focus: string): (path: string) => boolean {
  const f = focus.replace(/\/+$/, "");
  if (f === "" || f === ".") return () => true;
  const n = f.length;
  return (path) => path === f || (path.length > n && path.charCodeAt(n) === 47 && path.startsWith(f)); // 47: "/"
}

export interface RankOptions {
  /** Only definitions of files this admits are listed (default: all). */
  eligible?: (file: number) => boolean;
  /** At most this many definitions are listed, the best (default: all). */
  limit?: number;
}

/** A rank over files and the flow it sends into each name (what the name's definers receive). */
export interface Walk {
  rank: Float64Array;
  flow: Float64Array;
}

const globalWalks = new WeakMap<RankGraph, Walk>();

/** The rank with every file alike as the restart: walked once per graph. */
export function globalWalk(graph: RankGraph): Walk {
  let walk = globalWalks.get(graph);
  if (!walk) globalWalks.set(graph, (walk = powerWalk(graph)));
  return walk;
}

/** The rank by power iteration, restarting at `restart` (per file, summing to 1; default: every file alike). */
export function powerWalk(g: RankGraph, restart?: Float64Array): Walk {
  const n = g.files.length;
  const names = g.defStart.length - 1;
  const start = restart ?? new Float64Array(n).fill(n ? 1 / n : 0);
  let rank = Float64Array.from(start);
  const flow = new Float64Array(names);
  const spread = (r: Float64Array): number => {
    flow.fill(0);
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      if (!g.outWeight[i]) {
        dangling += r[i];
        continue;
      }
      const share = r[i] / g.outWeight[i];
      for (let k = g.linkStart[i]; k < g.linkStart[i + 1]; k++) flow[g.linkName[k]] += share * g.linkWeight[k];
    }
    return dangling;
  };
  for (let it = 0; it < ITERATIONS; it++) {
    const dangling = spread(rank);
    const next = new Float64Array(n);
    for (let id = 0; id < names; id++) {
      if (!flow[id]) continue;
      const each = (DAMPING * flow[id]) / (g.defStart[id + 1] - g.defStart[id]);
      for (let k = g.defStart[id]; k < g.defStart[id + 1]; k++) next[g.defFile[k]] += each;
    }
    const base = 1 - DAMPING + DAMPING * dangling;
    let change = 0;
    for (let i = 0; i < n; i++) {
      next[i] += base * start[i];
      change += Math.abs(next[i] - rank[i]);
    }
    rank = next;
    if (change < CONVERGED) break;
  }
  spread(rank); // the flow of the last step, from the final ranks
  return { rank, flow };
}

/**
 * The rank restarting at `restart` (file -> weight, summing to 1), by forward push: a file's
 * residue is settled (1 - DAMPING of it) and the rest sent along its links; a file that links
 * nowhere sends it back to the restart. The flow is what the pushes sent into each name.
 */
export function pushWalk(g: RankGraph, restart: Map<number, number>): Walk {
  const n = g.files.length;
  const rank = new Float64Array(n);
  const residue = new Float64Array(n);
  const flow = new Float64Array(g.defStart.length - 1);
  const queued = new Uint8Array(n);
  const queue: number[] = [];
  const due = (i: number) => residue[i] > PUSH_EPSILON * Math.max(1, g.stepCost[i]);
  const add = (i: number, x: number) => {
    residue[i] += x;
    if (!queued[i] && due(i)) {
      queued[i] = 1;
      queue.push(i);
    }
  };
  for (const [i, w] of [...restart].sort((a, b) => a[0] - b[0])) add(i, w);
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head];
    queued[u] = 0;
    const r = residue[u];
    residue[u] = 0;
    rank[u] += (1 - DAMPING) * r;
    if (!g.outWeight[u]) {
      for (const [i, w] of restart) add(i, DAMPING * r * w);
      continue;
    }
    const share = r / g.outWeight[u];
    for (let k = g.linkStart[u]; k < g.linkStart[u + 1]; k++) {
      const id = g.linkName[k];
      const sent = share * g.linkWeight[k];
      flow[id] += sent;
      const each = (DAMPING * sent) / (g.defStart[id + 1] - g.defStart[id]);
      for (let j = g.defStart[id]; j < g.defStart[id + 1]; j++) add(g.defFile[j], each);
    }
    // A long queue is cut from its front now and then, so it does not grow without end.
    if (head > 65536 && head * 2 > queue.length) {
      queue.splice(0, head + 1);
      head = -1;
    }
  }
  // What the pushes sent is the flow of all the rank they settled, over (1 - DAMPING).
  for (let id = 0; id < flow.length; id++) flow[id] *= 1 - DAMPING;
  return { rank, flow };
}

export function rankRepository(graph: RankGraph, focus: RankFocus = { paths: [], names: [] }, opts: RankOptions = {}): Ranking {
  const { files } = graph;
  const focusFiles = new Set<number>();
  const inFocus = focus.paths.map(focusTest);
  files.forEach((f, i) => {
    if (inFocus.some((inside) => inside(f.path))) focusFiles.add(i);
  });
  const { restart, users, centre } = restartWeights(graph, focusFiles, new Set(focus.names));
  const global = globalWalk(graph);
  let walk = global;
  if (restart.size) {
    const near = pushWalk(graph, restart);
    const mix = (a: Float64Array, b: Float64Array) => a.map((x, i) => (1 - GLOBAL_SHARE) * x + GLOBAL_SHARE * b[i]);
    walk = { rank: mix(near.rank, global.rank), flow: mix(near.flow, global.flow) };
  }
  const rank = walk.rank;
  const scores = walk === global ? globalScores(graph, global) : definitionScores(graph, walk);
  const definitions = best(files, scores, (i) => opts.eligible?.(i) ?? true, opts.limit ?? Infinity);
  return {
    fileScores: rank,
    scores,
    definitions,
    focusFiles,
    users: byRank(users, rank, pathOrder(files)),
    focusNames: centre,
    related: relatedFiles(files, focusFiles, focus.related),
    callees: calleeWeights(graph, focusFiles, (i) => opts.eligible?.(i) ?? true, opts.limit ?? Infinity),
    definerCount: (name) => {
      const id = graph.ids.get(name);
      return id === undefined ? 0 : graph.defStart[id + 1] - graph.defStart[id];
    },
  };
}

const globalScored = new WeakMap<Walk, Float64Array[]>();

/** definitionScores of a graph's global walk: made once per walk (it is walked once per graph). */
function globalScores(graph: RankGraph, global: Walk): Float64Array[] {
  let scores = globalScored.get(global);
  if (!scores) globalScored.set(global, (scores = definitionScores(graph, global)));
  return scores;
}

/**
 * Each file's definitions' scores under a walk: the rank its name brought into its file, shared
 * by the file's definitions of that name; plus a share of its file's rank.
 */
function definitionScores(graph: RankGraph, { rank, flow }: Walk): Float64Array[] {
  return graph.files.map((f, i) => {
    const out = new Float64Array(f.symbols.length);
    const fromFile = f.symbols.length ? (FILE_SHARE * rank[i]) / f.symbols.length : 0;
    const target = graph.symbolIds[i];
    const share = graph.symbolShare[i];
    for (let k = 0; k < out.length; k++) {
      const id = target[k];
      out[k] = ((id < 0 ? 0 : (DAMPING * flow[id]) / (graph.defStart[id + 1] - graph.defStart[id])) * share[k] + fromFile * Math.abs(share[k])) || 0;
    }
    return out;
  });
}

/** The related files that are in the graph and not in the focus, by index, weights scaled so the largest is 1. */
function relatedFiles(files: RankInputFile[], focusFiles: Set<number>, related: Map<string, number> | undefined): Map<number, number> {
  const out = new Map<number, number>();
  if (!related?.size || !focusFiles.size) return out;
  let top = 0;
  files.forEach((f, i) => {
    const w = related.get(f.path);
    if (!w || focusFiles.has(i)) return;
    out.set(i, w);
    top = Math.max(top, w);
  });
  for (const [i, w] of out) out.set(i, w / top);
  return out;
}

/**
 * The definitions in other files of the names the focus files use (its own names too: another
 * file's method of the same name is often a sibling implementation), each weighing 1 / (the files
 * defining its name times the files using it): a name the focus shares with few others is more
 * likely what a change to the focus touches too. The walk spreads the focus's rank over all the
 * names it uses; this singles out the specific ones. Only eligible files' definitions, at most `limit`.
 */
/** A name defined and used in more files than this (defining times using) lifts too little to be worth a look: left out. */
const CALLEE_SPREAD = 10;

function calleeWeights(g: RankGraph, focusFiles: Set<number>, eligible: (file: number) => boolean, limit: number): RankedDefinition[] {
  const weight = new Map<string, number>();
  const files = new Set<number>();
  for (const i of focusFiles) {
    for (const name of g.files[i].refs.keys()) {
      const id = g.ids.get(name);
      if (id === undefined) continue;
      const spread = (g.defStart[id + 1] - g.defStart[id]) * Math.max(1, g.useStart[id + 1] - g.useStart[id]);
      if (spread > CALLEE_SPREAD) continue;
      weight.set(name, 1 / spread);
      for (let k = g.defStart[id]; k < g.defStart[id + 1]; k++) if (!focusFiles.has(g.defFile[k]) && eligible(g.defFile[k])) files.add(g.defFile[k]);
    }
  }
  const out: RankedDefinition[] = [];
  for (const file of [...files].sort((a, b) => a - b)) {
    g.files[file].symbols.forEach((s, symbol) => {
      const w = weight.get(s.name);
      if (w) out.push({ file, symbol, score: w });
    });
  }
  // As many as could be shown, the most specific (ties: by file, then symbol: the order above).
  return out.length > limit ? out.map((d, at) => ({ d, at })).sort((a, b) => b.d.score - a.d.score || a.at - b.at).slice(0, limit).map(({ d }) => d) : out;
}

/** The best `limit` definitions of the eligible files, best first (ties: by path, then line). */
function best(files: RankInputFile[], scores: Float64Array[], eligible: (file: number) => boolean, limit: number): RankedDefinition[] {
  let count = 0;
  for (let file = 0; file < scores.length; file++) if (eligible(file)) count += scores[file].length;
  // The limit-th best score, selected among the numbers alone; ties at it all stay in.
  let threshold = -Infinity;
  if (count > limit) {
    const all = new Float64Array(count);
    let at = 0;
    for (let file = 0; file < scores.length; file++) {
      if (!eligible(file)) continue;
      all.set(scores[file], at);
      at += scores[file].length;
    }
    threshold = select(all, count - limit);
  }
  const pool: RankedDefinition[] = [];
  scores.forEach((s, file) => {
    if (!eligible(file)) return;
    for (let symbol = 0; symbol < s.length; symbol++) if (s[symbol] >= threshold) pool.push({ file, symbol, score: s[symbol] });
  });
  pool.sort(definitionOrder(files));
  return pool.length > limit ? pool.slice(0, limit) : pool;
}

/**
 * The k-th smallest of `a` (0-based: what a[k] would be were it sorted), by quickselect with
 * Hoare's partition (it stops at equal values, so many ties split evenly); `a` is reordered.
 * The numbers are never NaN (scores are made with `|| 0`).
 */
function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    // Now a[lo..j] <= pivot <= a[i..hi], and what lies between equals the pivot.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

/** The order of definitions: best first, ties by path, then line. */
function definitionOrder(files: RankInputFile[]): (a: RankedDefinition, b: RankedDefinition) => number {
  const byPath = pathOrder(files);
  return (a, b) => b.score - a.score || byPath[a.file] - byPath[b.file] || files[a.file].symbols[a.symbol].startLine - files[b.file].symbols[b.symbol].startLine || a.symbol - b.symbol;
}

/** Files best first by rank, ties by path. */
function byRank(files: Iterable<number>, rank: Float64Array, byPath: Int32Array): number[] {
  return [...files].sort((a, b) => rank[b] - rank[a] || byPath[a] - byPath[b]);
}

const pathOrders = new WeakMap<RankInputFile[], Int32Array>();

/** Per file, its place in the files sorted by path (the same place for the same path): made once per list of files (a graph's is never changed). */
function pathOrder(files: RankInputFile[]): Int32Array {
  let order = pathOrders.get(files);
  if (!order) {
    order = new Int32Array(files.length);
    const sorted = files.map((_, i) => i).sort((a, b) => byPath(files[a].path, files[b].path));
    for (let at = 0; at < sorted.length; at++) {
      const file = sorted[at];
      const before = sorted[at - 1];
      order[file] = at > 0 && files[before].path === files[file].path ? order[before] : at;
    }
    pathOrders.set(files, order);
  }
  return order;
}

/**
 * Where a focused walk restarts: the focus files and the files defining a focus name (the
 * core), and (USER_SHARE, when there are any) the files that use what the core stands for:
 * the names the focus files define and the focus names. Empty without a focus.
 */
function restartWeights(g: RankGraph, focusFiles: Set<number>, focusNames: Set<string>): { restart: Map<number, number>; users: Set<number>; centre: Set<string> } {
  const core = new Set(focusFiles);
  const centreIds = new Set<number>();
  for (const name of focusNames) {
    const id = g.ids.get(name);
    if (id === undefined) continue;
    centreIds.add(id);
    for (let k = g.defStart[id]; k < g.defStart[id + 1]; k++) core.add(g.defFile[k]);
  }
  const centre = new Set<string>(focusNames);
  const restart = new Map<number, number>();
  if (!core.size) return { restart, users: new Set(), centre };
  for (const i of focusFiles) {
    for (const id of g.symbolIds[i]) if (id >= 0) centreIds.add(id);
    for (const s of g.files[i].symbols) if (g.ids.has(s.name)) centre.add(s.name);
  }
  const users = new Set<number>();
  for (const id of centreIds) for (let k = g.useStart[id]; k < g.useStart[id + 1]; k++) if (!core.has(g.useFile[k])) users.add(g.useFile[k]);
  const coreShare = users.size ? 1 - USER_SHARE : 1;
  for (const i of core) restart.set(i, coreShare / core.size);
  for (const i of users) restart.set(i, USER_SHARE / users.size);
  return { restart, users, centre };
}

/** A definition the focus uses gets this times its specificity (calleeWeights), in the top score's units. */
const CALLEE_WEIGHT = 0.3;

/**
 * A related file's definitions (Ranking.related) get RELATED_WEIGHT times its weight, in the
 * top score's units; within the file, best first, the n-th 1/sqrt(n) of that: which of a file's
 * definitions a change touches is unknown, so the bonus favours its best without cutting off the rest.
 */
const RELATED_WEIGHT = 2;

/**
 * With a focus, definitions lifted one by one above the walk's order: those that use what the
 * focus stands for, by how much they use of it (each name weighs 1 / the number of files
 * defining it), those the focus uses (CALLEE_WEIGHT), and those of the files that changed with
 * the focus before (RELATED_WEIGHT); then
 * the rest as ranked. `uses` holds, for some of `ranking.users`, the names each of the file's
 * symbols uses (by symbol index).
 */
export function rankFocusUsers(ranking: Ranking, files: RankInputFile[], uses: Map<number, string[][]>): RankedDefinition[] {
  if (!uses.size && !ranking.related.size && !ranking.callees.length) return ranking.definitions;
  const top = (ranking.definitions.length ? ranking.definitions[0].score : 0) || 1;
  const bonus = (names: string[]) => {
    let b = 0;
    for (const name of names) if (ranking.focusNames.has(name)) b += 1 / (ranking.definerCount(name) || 1);
    return b;
  };
  const boosted = new Map<number, RankedDefinition>();
  const scoreOf = (file: number, symbol: number) => boosted.get(slot(file, symbol))?.score ?? ranking.scores[file][symbol];
  for (const [file, bySymbol] of uses) {
    bySymbol.forEach((names, symbol) => {
      const b = bonus(names);
      if (b) boosted.set(slot(file, symbol), { file, symbol, score: ranking.scores[file][symbol] + b * top });
    });
  }
  for (const { file, symbol, score } of ranking.callees) {
    boosted.set(slot(file, symbol), { file, symbol, score: scoreOf(file, symbol) + CALLEE_WEIGHT * score * top });
  }
  for (const [file, weight] of ranking.related) {
    const order = Array.from(ranking.scores[file], (_, symbol) => symbol).sort((a, b) => scoreOf(file, b) - scoreOf(file, a) || a - b);
    order.forEach((symbol, nth) => {
      boosted.set(slot(file, symbol), { file, symbol, score: scoreOf(file, symbol) + (RELATED_WEIGHT * weight * top) / Math.sqrt(nth + 1) });
    });
  }
  const out = [...boosted.values(), ...ranking.definitions.filter((d) => !boosted.has(slot(d.file, d.symbol)))];
  return out.sort(definitionOrder(files));
}

/** A definition as one number (a file has far fewer than 2^32 symbols, and file * 2^32 stays an exact integer). */
function slot(file: number, symbol: number): number {
  return file * 2 ** 32 + symbol;
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
