// Ranks the files and definitions of a repository by how much the rest of it refers to them: a
// PageRank over the graph "file -> name it uses -> files that define that name", optionally
// personalised by a focus (files an agent works on, names it asks about). Pure: the files'
// definitions and references in (from the cache), scores out; the same input always gives the
// same order (ties broken by path and line).
import type { SymbolKind } from "../types.ts";

export interface RankInputSymbol {
  kind: SymbolKind;
  name: string;
  startLine: number;
  depth: number;
}

export interface RankInputFile {
  path: string;
  symbols: RankInputSymbol[];
  /** name -> how many times the file uses it (core/outline/references.ts). */
  refs: Map<string, number>;
}

export interface RankFocus {
  /** Files, or folders (every file under them), the map is centred on. */
  paths: string[];
  /** Definition names (the last part of `A.b`) the map is centred on. */
  names: string[];
}

export interface RankedDefinition {
  file: number;
  /** Index into the file's symbols. */
  symbol: number;
  score: number;
}

export interface Ranking {
  /** Score of each file, by input index. */
  fileScores: number[];
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
  /** How many files define each name. */
  definerCount: Map<string, number>;
}

const DAMPING = 0.85;
const ITERATIONS = 40;
/** The walk stops early once the ranks move less than this in all (they sum to 1). */
const CONVERGED = 1e-5;
/** Names defined in more files than this say little about which one is meant: their links weigh less. */
const COMMON_DEFINERS = 5;
/** Names shorter than this are not linked (see also core/outline/references.ts). */
const MIN_NAME = 2;
/** How much more a use of a name the focus asks about weighs. */
const FOCUS_NAME_WEIGHT = 10;
/**
 * Each definition also gets this share of its file's rank (split among the file's definitions),
 * so the definitions of a highly ranked file come before those of a low one even when nothing
 * names them, and every definition has a place in the order.
 */
const FILE_SHARE = 0.2;
/**
 * With a focus, the files that use the focus files' definitions get this share of the restart
 * weight: code that calls what you are changing is what a change tends to touch next.
 */
const USER_SHARE = 0.5;

const isPrivate = (name: string) => name.startsWith("_") && !/^__\w+__$/.test(name);

/** Data (fields, properties, variables, constants): a member of that kind is no link target, a top-level one weighs less in the order. */
const DATA_KINDS = new Set<SymbolKind>(["field", "property", "variable", "constant"]);
const DATA_WEIGHT = 0.1;
const linkTarget = (s: RankInputSymbol) => s.depth === 0 || !DATA_KINDS.has(s.kind);

export function inFocus(path: string, focus: string): boolean {
  const f = focus.replace(/\/+$/, "");
  return f === "" || f === "." || path === f || path.startsWith(`${f}/`);
}

export interface RankOptions {
  /** Only definitions of files this admits are listed (default: all). */
  eligible?: (file: number) => boolean;
  /** At most this many definitions are listed, the best (default: all). */
  limit?: number;
}

export function rankRepository(files: RankInputFile[], focus: RankFocus = { paths: [], names: [] }, opts: RankOptions = {}): Ranking {
  const n = files.length;
  const focusNames = new Set(focus.names);
  const { ids, definers, linkIds, linkWeights, outWeight, symbolIds, symbolShare } = graphOf(files, focusNames);

  const focusFiles = new Set<number>();
  files.forEach((f, i) => {
    if (focus.paths.some((p) => inFocus(f.path, p))) focusFiles.add(i);
  });
  const { weights: restart, users, centre } = restartWeights(files, focusFiles, focusNames, ids, definers, linkIds);

  let rank = Float64Array.from(restart);
  const flow = new Float64Array(definers.length);
  for (let it = 0; it < ITERATIONS; it++) {
    const next = new Float64Array(n);
    flow.fill(0);
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      if (!outWeight[i]) {
        dangling += rank[i];
        continue;
      }
      const l = linkIds[i];
      const w = linkWeights[i];
      const share = rank[i] / outWeight[i];
      for (let k = 0; k < l.length; k++) flow[l[k]] += share * w[k];
    }
    for (let id = 0; id < definers.length; id++) {
      if (!flow[id]) continue;
      const d = definers[id];
      const each = (DAMPING * flow[id]) / d.length;
      for (let k = 0; k < d.length; k++) next[d[k]] += each;
    }
    const base = 1 - DAMPING + DAMPING * dangling;
    let change = 0;
    for (let i = 0; i < n; i++) {
      next[i] += base * restart[i];
      change += Math.abs(next[i] - rank[i]);
    }
    rank = next;
    if (change < CONVERGED) break;
  }
  // The flow of the last step, from the final ranks: what each name brings its definers.
  flow.fill(0);
  for (let i = 0; i < n; i++) {
    if (!outWeight[i]) continue;
    const l = linkIds[i];
    const w = linkWeights[i];
    const share = rank[i] / outWeight[i];
    for (let k = 0; k < l.length; k++) flow[l[k]] += share * w[k];
  }

  // A definition's score: the rank its name brought into its file, shared by the file's
  // definitions of that name; plus a share of its file's rank.
  const scores: Float64Array[] = files.map((f, i) => {
    const out = new Float64Array(f.symbols.length);
    const fromFile = f.symbols.length ? (FILE_SHARE * rank[i]) / f.symbols.length : 0;
    const target = symbolIds[i];
    const share = symbolShare[i];
    for (let k = 0; k < out.length; k++) {
      const id = target[k];
      out[k] = ((id < 0 ? 0 : (DAMPING * flow[id]) / definers[id].length) * share[k] + fromFile * Math.abs(share[k])) || 0;
    }
    return out;
  });
  const definitions = best(files, scores, (i) => opts.eligible?.(i) ?? true, opts.limit ?? Infinity);
  const definerCount = new Map([...ids].map(([name, id]) => [name, definers[id].length]));
  return {
    fileScores: [...rank],
    scores,
    definitions,
    focusFiles,
    users: [...users].sort((a, b) => rank[b] - rank[a] || byPath(files[a].path, files[b].path)),
    focusNames: centre,
    definerCount,
  };
}

/** The best `limit` definitions of the eligible files, best first (ties: by path, then line). */
function best(files: RankInputFile[], scores: Float64Array[], eligible: (file: number) => boolean, limit: number): RankedDefinition[] {
  let count = 0;
  for (let file = 0; file < scores.length; file++) if (eligible(file)) count += scores[file].length;
  // The limit-th best score, by a sort of the numbers alone; ties at it all stay in.
  let threshold = -Infinity;
  if (count > limit) {
    const all = new Float64Array(count);
    let at = 0;
    for (let file = 0; file < scores.length; file++) if (eligible(file)) for (const x of scores[file]) all[at++] = x;
    all.sort();
    threshold = all[count - limit];
  }
  const pool: RankedDefinition[] = [];
  scores.forEach((s, file) => {
    if (!eligible(file)) return;
    for (let symbol = 0; symbol < s.length; symbol++) if (s[symbol] >= threshold) pool.push({ file, symbol, score: s[symbol] });
  });
  pool.sort((a, b) => compareDefinitions(files, a, b));
  return pool.length > limit ? pool.slice(0, limit) : pool;
}

function compareDefinitions(files: RankInputFile[], a: RankedDefinition, b: RankedDefinition): number {
  return b.score - a.score || byPath(files[a.file].path, files[b.file].path) || files[a.file].symbols[a.symbol].startLine - files[b.file].symbols[b.symbol].startLine || a.symbol - b.symbol;
}

/**
 * Where the walk restarts: every file alike without a focus; with one, the focus files, the
 * files defining a focus name, and (a smaller share) the files that use the focus files' names.
 */
function restartWeights(files: RankInputFile[], focusFiles: Set<number>, focusNames: Set<string>, ids: Map<string, number>, definers: number[][], linkIds: Int32Array[]): { weights: number[]; users: Set<number>; centre: Set<string> } {
  const n = files.length;
  const core = new Set(focusFiles);
  for (const name of focusNames) {
    const id = ids.get(name);
    if (id !== undefined) for (const g of definers[id]) core.add(g);
  }
  const definedHere = new Set<string>(focusNames);
  if (!core.size) return { weights: new Array<number>(n).fill(n ? 1 / n : 0), users: new Set(), centre: definedHere };
  for (const i of focusFiles) for (const s of files[i].symbols) if (ids.has(s.name)) definedHere.add(s.name);
  const centreIds = new Set([...definedHere].map((name) => ids.get(name)).filter((id) => id !== undefined));
  const users = new Set<number>();
  if (definedHere.size) {
    linkIds.forEach((l, i) => {
      if (!core.has(i) && l.some((id) => centreIds.has(id))) users.add(i);
    });
  }
  const weights = new Array<number>(n).fill(0);
  const coreShare = users.size ? 1 - USER_SHARE : 1;
  for (const i of core) weights[i] = coreShare / core.size;
  for (const i of users) weights[i] = USER_SHARE / users.size;
  return { weights, users, centre: definedHere };
}

/**
 * With a focus: definitions that use what the focus stands for come first, by how much they use
 * of it (each name weighs 1 / the number of files defining it; the n-th such definition of one
 * file 1/n of that, so one file's many users, its tests say, do not fill the map alone), then as
 * ranked. `uses` holds, for some of `ranking.users`, the names each of the file's symbols uses
 * (by symbol index).
 */
export function rankFocusUsers(ranking: Ranking, files: RankInputFile[], uses: Map<number, string[][]>): RankedDefinition[] {
  if (!uses.size) return ranking.definitions;
  const top = ranking.definitions.length ? ranking.definitions[0].score : 0;
  const bonus = (names: string[]) => {
    let b = 0;
    for (const name of names) if (ranking.focusNames.has(name)) b += 1 / (ranking.definerCount.get(name) ?? 1);
    return b;
  };
  // The users' definitions, best first within each file, with their bonus.
  const boosted = new Map<string, RankedDefinition>();
  for (const [file, bySymbol] of uses) {
    const order = bySymbol.map((_, symbol) => symbol).sort((a, b) => ranking.scores[file][b] - ranking.scores[file][a] || a - b);
    let nth = 0;
    for (const symbol of order) {
      const b = bonus(bySymbol[symbol]);
      if (!b) continue;
      nth++;
      boosted.set(`${file}:${symbol}`, { file, symbol, score: ranking.scores[file][symbol] + (b / nth) * (top || 1) });
    }
  }
  const out = [...boosted.values(), ...ranking.definitions.filter((d) => !boosted.has(`${d.file}:${d.symbol}`))];
  return out.sort((a, b) => compareDefinitions(files, a, b));
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}


interface Graph {
  ids: Map<string, number>;
  definers: number[][];
  linkIds: Int32Array[];
  linkWeights: Float64Array[];
  outWeight: Float64Array;
  /** Per file, each symbol's name as a number, -1 when it is no link target. */
  symbolIds: Int32Array[];
  /** Per file, what each symbol takes of its name's inflow: 1 / the file's symbols of that name, times DATA_WEIGHT for data. */
  symbolShare: Float64Array[];
}

/**
 * The last graph made, and what it was made of: a long-running server asked again about the
 * same files (the same row and refs objects, which its callers keep while a file is unchanged)
 * and the same focus names walks the graph it has.
 */
let last: { files: RankInputFile[]; focus: string; graph: Graph } | undefined;

function graphOf(files: RankInputFile[], focusNames: Set<string>): Graph {
  const focusKey = [...focusNames].sort().join("\n");
  const same = last && last.focus === focusKey && last.files.length === files.length
    && last.files.every((f, i) => f.path === files[i].path && f.symbols === files[i].symbols && f.refs === files[i].refs);
  if (same) return last!.graph;
  const n = files.length;

  // Who defines each name (names as numbers from here on: the walk below is the hot loop).
  const ids = new Map<string, number>();
  const definers: number[][] = [];
  const own: Set<string>[] = [];
  files.forEach((f, i) => {
    const seen = new Set<string>();
    for (const s of f.symbols) {
      if (s.name.length < MIN_NAME || seen.has(s.name) || !linkTarget(s)) continue;
      seen.add(s.name);
      let id = ids.get(s.name);
      if (id === undefined) {
        ids.set(s.name, (id = definers.length));
        definers.push([]);
      }
      definers[id].push(i);
    }
    own.push(seen);
  });
  // Each file's links: the names it uses that another file defines and it does not (a name a
  // file defines itself means its own), with their weights.
  const linkIds: Int32Array[] = [];
  const linkWeights: Float64Array[] = [];
  const outWeight = new Float64Array(n);
  files.forEach((f, i) => {
    const idList: number[] = [];
    const weights: number[] = [];
    let total = 0;
    for (const [name, count] of f.refs) {
      const id = ids.get(name);
      if (id === undefined || own[i].has(name)) continue;
      const d = definers[id];
      let w = Math.sqrt(count);
      if (isPrivate(name)) w *= 0.1;
      if (d.length > COMMON_DEFINERS) w *= 0.1;
      if (focusNames.has(name)) w *= FOCUS_NAME_WEIGHT;
      idList.push(id);
      weights.push(w);
      total += w;
    }
    linkIds.push(Int32Array.from(idList));
    linkWeights.push(Float64Array.from(weights));
    outWeight[i] = total;
  });
  const symbolIds: Int32Array[] = [];
  const symbolShare: Float64Array[] = [];
  for (const f of files) {
    const sameName = new Map<string, number>();
    for (const s of f.symbols) sameName.set(s.name, (sameName.get(s.name) ?? 0) + 1);
    symbolIds.push(Int32Array.from(f.symbols, (s) => (linkTarget(s) ? ids.get(s.name) ?? -1 : -1)));
    symbolShare.push(Float64Array.from(f.symbols, (s) => (DATA_KINDS.has(s.kind) ? DATA_WEIGHT : 1) / sameName.get(s.name)!));
  }
  const graph = { ids, definers, linkIds, linkWeights, outWeight, symbolIds, symbolShare };
  last = { files: files.map((f) => ({ ...f })), focus: focusKey, graph };
  return graph;
}
