// Ranking symbols against a query: exact, then prefix, then substring, then fuzzy
// (the query's characters in order). A query with a dot is matched against qualified names
// (`Parser.parse`), one without against names. Case-insensitive, a case-exact match first.
import type { OutlineSymbol, SymbolKind } from "../types.ts";

/** A symbol of the repo-wide index: the outline's fields a search shows, and its file. */
export type SearchSymbol = Pick<OutlineSymbol, "kind" | "name" | "qualifiedName" | "signature" | "startLine" | "endLine"> & { path: string };

export const MATCH_TIERS = ["exact", "prefix", "substring", "fuzzy"] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

export interface SearchHit extends SearchSymbol {
  match: MatchTier;
}

/** Kinds people usually look for first, when everything else ties. */
const KIND_WEIGHT: Partial<Record<SymbolKind, number>> = {
  class: 0, interface: 0, struct: 0, trait: 0, enum: 0, type: 1, function: 1, method: 2, constructor: 2,
  module: 3, namespace: 3, impl: 3, macro: 3, property: 4, field: 5, constant: 5, variable: 6,
};

function tierOf(query: string, lower: string, target: string): { tier: number; caseExact: boolean } | undefined {
  const t = target.toLowerCase();
  if (t === lower) return { tier: 0, caseExact: target === query };
  if (t.startsWith(lower)) return { tier: 1, caseExact: target.startsWith(query) };
  if (t.includes(lower)) return { tier: 2, caseExact: target.includes(query) };
  if (lower.length >= 3 && isSubsequence(lower, t)) return { tier: 3, caseExact: false };
  return undefined;
}

function isSubsequence(needle: string, hay: string): boolean {
  let i = 0;
  for (let j = 0; j < hay.length && i < needle.length; j++) if (hay[j] === needle[i]) i++;
  return i === needle.length;
}

/**
 * A cheap test of a block of tab/newline-separated fields (a file's packed symbol rows): false
 * only when no field of it can match the query in any tier, so whole files are passed over
 * without splitting their rows. Every match of rankSymbols lies inside one field.
 */
export function blockMayMatch(query: string): (block: string, asciiOnly?: boolean) => boolean {
  const lower = query.toLowerCase();
  const esc = (c: string) => c.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
  // Under 3 characters only a substring counts; else the query's characters in order within
  // one field (`[^\tc]*c` takes the first `c`, so no backtracking).
  const pattern = lower.length < 3 ? esc(lower) : lower.split("").map((c, i) => (i === 0 ? esc(c) : `[^\t\n${esc(c)}]*${esc(c)}`)).join("");
  const plain = new RegExp(pattern);
  // A case-blind regex spares lowercasing megabytes of rows. It folds ASCII exactly as
  // toLowerCase does; blocks with other characters (a Kelvin sign lowercases to `k`) are lowercased.
  const caseBlind = new RegExp(pattern, "i");
  const ascii = /^[\x00-\x7f]*$/.test(lower);
  // `asciiOnly`: what the caller already knows of the block (NON_ASCII.test of it).
  return (block, asciiOnly = !NON_ASCII.test(block)) => (ascii && asciiOnly ? caseBlind.test(block) : plain.test(block.toLowerCase()));
}

const NON_ASCII = /[^\x00-\x7f]/;

/** Whether a block holds only ASCII: blockMayMatch's second argument, worth keeping for a block searched again. */
export function asciiOnly(block: string): boolean {
  return !NON_ASCII.test(block);
}

export interface RankOptions {
  kinds?: ReadonlySet<string>;
  limit?: number;
}

export function rankSymbols(query: string, symbols: Iterable<SearchSymbol>, opts: RankOptions = {}): SearchHit[] {
  const lower = query.toLowerCase();
  const qualified = query.includes(".");
  const scored: { hit: SearchHit; tier: number; caseExact: boolean }[] = [];
  for (const s of symbols) {
    if (opts.kinds && !opts.kinds.has(s.kind)) continue;
    let m = tierOf(query, lower, qualified ? s.qualifiedName : s.name);
    // `Parser.parse` also finds `pkg.Parser.parse` (a qualified suffix) as a prefix-tier match.
    if (qualified && (!m || m.tier > 1) && s.qualifiedName.toLowerCase().endsWith(`.${lower}`)) m = { tier: 1, caseExact: s.qualifiedName.endsWith(`.${query}`) };
    if (!m) continue;
    scored.push({ hit: { ...s, match: MATCH_TIERS[m.tier] }, tier: m.tier, caseExact: m.caseExact });
  }
  scored.sort((a, b) =>
    a.tier - b.tier
    || Number(b.caseExact) - Number(a.caseExact)
    || a.hit.name.length - b.hit.name.length
    || (KIND_WEIGHT[a.hit.kind] ?? 9) - (KIND_WEIGHT[b.hit.kind] ?? 9)
    || (a.hit.path < b.hit.path ? -1 : a.hit.path > b.hit.path ? 1 : 0)
    || a.hit.startLine - b.hit.startLine);
  const hits = scored.map((s) => s.hit);
  return opts.limit !== undefined && opts.limit > 0 ? hits.slice(0, opts.limit) : hits;
}

