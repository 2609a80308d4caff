// The reference graph the ranked map walks, made once per set of files and kept by its users:
// files link to the names they use, a name leads to the files that define it. Everything is
// numbers in typed arrays (compressed rows: the entries of row i are start[i] .. start[i + 1]),
// so a walk is plain loops, and nothing in it depends on a focus (core/rank/rank.ts adds that).
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

export interface RankGraph {
  files: RankInputFile[];
  /** Name -> its number. */
  ids: Map<string, number>;
  /** Per name: the files defining it (defStart / defFile). */
  defStart: Int32Array;
  defFile: Int32Array;
  /** Per name: the files using it (useStart / useFile), for a focus's callers. */
  useStart: Int32Array;
  useFile: Int32Array;
  /** Per file: the names it links to and their weights (linkStart / linkName / linkWeight). */
  linkStart: Int32Array;
  linkName: Int32Array;
  linkWeight: Float64Array;
  /** Per file: the sum of its links' weights (0: it links nowhere). */
  outWeight: Float64Array;
  /** Per file: how many definer entries a step from it touches (the cost of one push). */
  stepCost: Float64Array;
  /** Per file, each symbol's name as a number, -1 when it is no link target. */
  symbolIds: Int32Array[];
  /** Per file, what each symbol takes of its name's inflow: 1 / the file's symbols of that name, times DATA_WEIGHT for data. */
  symbolShare: Float64Array[];
}

/** Names defined in more files than this say little about which one is meant: their links weigh less. */
const COMMON_DEFINERS = 5;
/** Names shorter than this are not linked (see also core/outline/references.ts). */
const MIN_NAME = 2;

const isPrivate = (name: string) => name.startsWith("_") && !/^__\w+__$/.test(name);

/** Data (fields, properties, variables, constants): a member of that kind is no link target, a top-level one weighs less in the order. */
const DATA_KINDS = new Set<SymbolKind>(["field", "property", "variable", "constant"]);
const DATA_WEIGHT = 0.1;
const linkTarget = (s: RankInputSymbol) => s.depth === 0 || !DATA_KINDS.has(s.kind);

export function buildGraph(files: RankInputFile[]): RankGraph {
  const n = files.length;
  // Who defines each name (a file counts once per name).
  const ids = new Map<string, number>();
  const definers: number[][] = [];
  const own: Set<number>[] = [];
  files.forEach((f, i) => {
    const seen = new Set<number>();
    for (const s of f.symbols) {
      if (s.name.length < MIN_NAME || !linkTarget(s)) continue;
      let id = ids.get(s.name);
      if (id === undefined) {
        ids.set(s.name, (id = definers.length));
        definers.push([]);
      }
      if (seen.has(id)) continue;
      seen.add(id);
      definers[id].push(i);
    }
    own.push(seen);
  });
  const defStart = new Int32Array(definers.length + 1);
  definers.forEach((d, id) => (defStart[id + 1] = defStart[id] + d.length));
  const defFile = new Int32Array(defStart[definers.length]);
  definers.forEach((d, id) => defFile.set(d, defStart[id]));

  // Each file's links: the names it uses that another file defines and it does not (a name a
  // file defines itself means its own), weighted: sqrt of the count, less for private and common names.
  const linkStart = new Int32Array(n + 1);
  const names: number[] = [];
  const weights: number[] = [];
  const outWeight = new Float64Array(n);
  const stepCost = new Float64Array(n);
  const useCount = new Int32Array(definers.length);
  files.forEach((f, i) => {
    for (const [name, count] of f.refs) {
      const id = ids.get(name);
      if (id === undefined || own[i].has(id)) continue;
      const d = definers[id].length;
      let w = Math.sqrt(count);
      if (isPrivate(name)) w *= 0.1;
      if (d > COMMON_DEFINERS) w *= 0.1;
      names.push(id);
      weights.push(w);
      outWeight[i] += w;
      stepCost[i] += d + 1;
      useCount[id]++;
    }
    linkStart[i + 1] = names.length;
  });
  const linkName = Int32Array.from(names);
  const linkWeight = Float64Array.from(weights);

  const useStart = new Int32Array(definers.length + 1);
  for (let id = 0; id < definers.length; id++) useStart[id + 1] = useStart[id] + useCount[id];
  const useFile = new Int32Array(useStart[definers.length]);
  const fill = useStart.slice(0, definers.length);
  for (let i = 0; i < n; i++) for (let k = linkStart[i]; k < linkStart[i + 1]; k++) useFile[fill[linkName[k]]++] = i;

  const symbolIds: Int32Array[] = [];
  const symbolShare: Float64Array[] = [];
  for (const f of files) {
    const sameName = new Map<string, number>();
    for (const s of f.symbols) sameName.set(s.name, (sameName.get(s.name) ?? 0) + 1);
    symbolIds.push(Int32Array.from(f.symbols, (s) => (linkTarget(s) ? ids.get(s.name) ?? -1 : -1)));
    symbolShare.push(Float64Array.from(f.symbols, (s) => (DATA_KINDS.has(s.kind) ? DATA_WEIGHT : 1) / sameName.get(s.name)!));
  }
  return { files, ids, defStart, defFile, useStart, useFile, linkStart, linkName, linkWeight, outWeight, stepCost, symbolIds, symbolShare };
}
