// Pairing symbols: siblings by key, then renames among what is left (same body, or a clear best
// match), then moves across files (same name, same text). Pure.
import type { SymNode } from "./source.ts";
import type { SymbolKind } from "../types.ts";

export interface Pair {
  old: SymNode;
  new: SymNode;
}

/** Minimum line similarity for a rename or move that is not an exact body match. */
export const SIMILAR = 0.7;
/** Fewer own code lines than this are too little evidence for a similarity match. */
const MIN_LINES_FOR_SIMILARITY = 3;

export function group(n: SymNode): string {
  return kindGroup(n.kind);
}

/** The family a kind pairs within: functions, methods and constructors are one. */
export function kindGroup(kind: SymbolKind): string {
  return kind === "method" || kind === "function" || kind === "constructor" ? "callable" : kind;
}

/**
 * Pair siblings by key; the leftovers are renamed pairs, removed, or added. Renames are looked
 * for only among kinds `renames` accepts (the rest are left to the change-wide matcher).
 */
export function pairSiblings(olds: SymNode[], news: SymNode[], renames: (k: SymbolKind) => boolean = () => true): { same: Pair[]; renamed: Pair[]; removed: SymNode[]; added: SymNode[] } {
  const same = pairByKey(olds, news);
  const usedOld = new Set(same.map((p) => p.old));
  const usedNew = new Set(same.map((p) => p.new));
  let removed = olds.filter((o) => !usedOld.has(o));
  let added = news.filter((n) => !usedNew.has(n));
  const [ro, rn] = [removed.filter((o) => renames(o.kind)), added.filter((n) => renames(n.kind))];
  const renamed = matchUnique(ro, rn, (o, n) => o.body !== "" && o.body === n.body);
  renamed.push(...matchSimilar(ro.filter((o) => !renamed.some((p) => p.old === o)), rn.filter((n) => !renamed.some((p) => p.new === n))));
  removed = removed.filter((o) => !renamed.some((p) => p.old === o));
  added = added.filter((n) => !renamed.some((p) => p.new === n));
  return { same, renamed, removed, added };
}

/**
 * Pair by key (qualified name + ordinal). Where a name repeats and the count differs (an
 * overload added above the implementation), ordinals would pair the wrong ones: there, pair
 * identical texts first, then declarations with declarations and bodies with bodies, by similarity.
 */
function pairByKey(olds: SymNode[], news: SymNode[]): Pair[] {
  const groups = new Map<string, { olds: SymNode[]; news: SymNode[] }>();
  const groupOf = (k: string) => {
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { olds: [], news: [] }));
    return g;
  };
  for (const o of olds) groupOf(o.baseKey).olds.push(o);
  for (const n of news) groupOf(n.baseKey).news.push(n);
  const pairs: Pair[] = [];
  for (const g of groups.values()) {
    if (g.olds.length === g.news.length) {
      g.olds.forEach((o, i) => pairs.push({ old: o, new: g.news[i] }));
      continue;
    }
    const leftNew = [...g.news];
    const rest = g.olds.filter((o) => {
      const i = leftNew.findIndex((n) => n.fullCode === o.fullCode);
      if (i >= 0) pairs.push({ old: o, new: leftNew.splice(i, 1)[0] });
      return i < 0;
    });
    for (const o of rest) {
      if (!leftNew.length) break;
      // Same declaration-ness first, then the most similar text; ties go to source order.
      const rank = (n: SymNode) => (Boolean(n.sym.declaration) === Boolean(o.sym.declaration) ? 2 : 0) + similarity(o.codeLines, n.codeLines);
      let best = 0;
      for (let i = 1; i < leftNew.length; i++) if (rank(leftNew[i]) > rank(leftNew[best])) best = i;
      pairs.push({ old: o, new: leftNew.splice(best, 1)[0] });
    }
  }
  return pairs;
}

/** Pairs where `equal` holds for exactly one candidate on each side, of the same group. */
export function matchUnique(olds: SymNode[], news: SymNode[], equal: (o: SymNode, n: SymNode) => boolean): Pair[] {
  const pairs: Pair[] = [];
  for (const o of olds) {
    const hits = news.filter((n) => group(n) === group(o) && equal(o, n));
    if (hits.length !== 1) continue;
    const back = olds.filter((x) => group(x) === group(hits[0]) && equal(x, hits[0]));
    if (back.length === 1) pairs.push({ old: o, new: hits[0] });
  }
  return pairs;
}

/** Mutual best matches by line similarity, above SIMILAR and clearly ahead of the runner-up. */
export function matchSimilar(olds: SymNode[], news: SymNode[], also: (o: SymNode, n: SymNode) => boolean = () => true): Pair[] {
  const pairs: Pair[] = [];
  const eligible = (s: SymNode) => s.codeLines.length >= MIN_LINES_FOR_SIMILARITY;
  const best = (s: SymNode, pool: SymNode[], sim: (x: SymNode) => number) => {
    let top: SymNode | undefined;
    let topScore = 0;
    let second = 0;
    for (const c of pool) {
      if (group(c) !== group(s) || !eligible(c)) continue;
      const v = sim(c);
      if (v > topScore) {
        second = topScore;
        topScore = v;
        top = c;
      } else if (v > second) second = v;
    }
    return topScore >= SIMILAR && topScore - second >= 0.1 ? top : undefined;
  };
  for (const o of olds.filter(eligible)) {
    const n = best(o, news.filter((x) => also(o, x)), (x) => similarity(o.codeLines, x.codeLines));
    if (!n) continue;
    const back = best(n, olds.filter((x) => also(x, n)), (x) => similarity(x.codeLines, n.codeLines));
    if (back === o) pairs.push({ old: o, new: n });
  }
  return pairs;
}

/** Dice coefficient over the multisets of lines. */
export function similarity(a: string[], b: string[]): number {
  if (!a.length && !b.length) return 1;
  const counts = new Map<string, number>();
  for (const l of a) counts.set(l, (counts.get(l) ?? 0) + 1);
  let common = 0;
  for (const l of b) {
    const c = counts.get(l) ?? 0;
    if (c > 0) {
      common++;
      counts.set(l, c - 1);
    }
  }
  return (2 * common) / (a.length + b.length);
}
