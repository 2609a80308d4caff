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
  /** Every definition, best first. */
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

export function rankRepository(files: RankInputFile[], focus: RankFocus = { paths: [], names: [] }): Ranking {
  const n = files.length;
  // Who defines each name.
  const definers = new Map<string, number[]>();
  files.forEach((f, i) => {
    const seen = new Set<string>();
    for (const s of f.symbols) {
      if (s.name.length < MIN_NAME || seen.has(s.name) || !linkTarget(s)) continue;
      seen.add(s.name);
      const list = definers.get(s.name);
      if (list) list.push(i);
      else definers.set(s.name, [i]);
    }
  });
  const focusNames = new Set(focus.names);
  // Each file's links: the names it uses that another file defines, with their weights.
  const linkNames: string[][] = [];
  const linkWeights: number[][] = [];
  const outWeight: number[] = [];
  files.forEach((f, i) => {
    const names: string[] = [];
    const weights: number[] = [];
    let total = 0;
    for (const [name, count] of f.refs) {
      const d = definers.get(name);
      if (!d || (d.length === 1 && d[0] === i)) continue;
      let w = Math.sqrt(count);
      if (isPrivate(name)) w *= 0.1;
      if (d.length > COMMON_DEFINERS) w *= 0.1;
      if (focusNames.has(name)) w *= FOCUS_NAME_WEIGHT;
      names.push(name);
      weights.push(w);
      total += w;
    }
    linkNames.push(names);
    linkWeights.push(weights);
    outWeight.push(total);
  });

  const focusFiles = new Set<number>();
  files.forEach((f, i) => {
    if (focus.paths.some((p) => inFocus(f.path, p))) focusFiles.add(i);
  });
  const { weights: restart, users, centre } = restartWeights(files, focusFiles, focusNames, definers, linkNames);

  let rank = restart.slice();
  let inflow = new Map<string, number>();
  for (let it = 0; it < ITERATIONS; it++) {
    const next = new Array<number>(n).fill(0);
    const flow = new Map<string, number>();
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      if (!outWeight[i]) {
        dangling += rank[i];
        continue;
      }
      const names = linkNames[i];
      const weights = linkWeights[i];
      const share = rank[i] / outWeight[i];
      for (let k = 0; k < names.length; k++) flow.set(names[k], (flow.get(names[k]) ?? 0) + share * weights[k]);
    }
    for (const [name, amount] of flow) {
      const d = definers.get(name)!;
      const each = (DAMPING * amount) / d.length;
      for (const g of d) next[g] += each;
    }
    const base = 1 - DAMPING + DAMPING * dangling;
    for (let i = 0; i < n; i++) next[i] += base * restart[i];
    rank = next;
    inflow = flow;
  }

  // A definition's score: the rank its name brought into its file, shared by the file's
  // definitions of that name.
  const definitions: RankedDefinition[] = [];
  files.forEach((f, i) => {
    const sameName = new Map<string, number>();
    for (const s of f.symbols) sameName.set(s.name, (sameName.get(s.name) ?? 0) + 1);
    const fromFile = f.symbols.length ? (FILE_SHARE * rank[i]) / f.symbols.length : 0;
    f.symbols.forEach((s, k) => {
      const inflowing = linkTarget(s) ? inflow.get(s.name) : undefined;
      const named = inflowing === undefined ? 0 : (DAMPING * inflowing) / definers.get(s.name)!.length / sameName.get(s.name)!;
      definitions.push({ file: i, symbol: k, score: (named + fromFile) * (DATA_KINDS.has(s.kind) ? DATA_WEIGHT : 1) });
    });
  });
  definitions.sort((a, b) => b.score - a.score || byPath(files[a.file].path, files[b.file].path) || files[a.file].symbols[a.symbol].startLine - files[b.file].symbols[b.symbol].startLine);
  const definerCount = new Map([...definers].map(([name, d]) => [name, d.length]));
  return { fileScores: rank, definitions, focusFiles, users: [...users].sort((a, b) => rank[b] - rank[a] || byPath(files[a].path, files[b].path)), focusNames: centre, definerCount };
}

/**
 * Where the walk restarts: every file alike without a focus; with one, the focus files, the
 * files defining a focus name, and (a smaller share) the files that use the focus files' names.
 */
function restartWeights(files: RankInputFile[], focusFiles: Set<number>, focusNames: Set<string>, definers: Map<string, number[]>, linkNames: string[][]): { weights: number[]; users: Set<number>; centre: Set<string> } {
  const n = files.length;
  const core = new Set(focusFiles);
  for (const name of focusNames) for (const g of definers.get(name) ?? []) core.add(g);
  const definedHere = new Set<string>(focusNames);
  if (!core.size) return { weights: new Array<number>(n).fill(n ? 1 / n : 0), users: new Set(), centre: definedHere };
  for (const i of focusFiles) for (const s of files[i].symbols) if (definers.has(s.name)) definedHere.add(s.name);
  const users = new Set<number>();
  if (definedHere.size) {
    linkNames.forEach((names, i) => {
      if (!core.has(i) && names.some((name) => definedHere.has(name))) users.add(i);
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
export function rankFocusUsers(ranking: Ranking, uses: Map<number, string[][]>): RankedDefinition[] {
  if (!uses.size) return ranking.definitions;
  const top = ranking.definitions.length ? ranking.definitions[0].score : 0;
  const bonus = (names: string[]) => {
    let b = 0;
    for (const name of names) if (ranking.focusNames.has(name)) b += 1 / (ranking.definerCount.get(name) ?? 1);
    return b;
  };
  const perFile = new Map<number, number>();
  const out = ranking.definitions.map((d) => {
    const used = uses.get(d.file)?.[d.symbol];
    const b = used ? bonus(used) : 0;
    if (!b) return d;
    const nth = (perFile.get(d.file) ?? 0) + 1;
    perFile.set(d.file, nth);
    return { ...d, score: d.score + (b / nth) * (top || 1) };
  });
  return out.sort((a, b) => b.score - a.score || a.file - b.file || a.symbol - b.symbol);
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
