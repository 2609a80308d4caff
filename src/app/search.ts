// `search` / search_symbols: symbols across the repository by name, qualified name, prefix,
// substring or fuzzy match (core/search/rank.ts), answered from the repository index (the
// cache's names and symbol shards, refreshed first); objects are read only for the hits shown.
import { asciiOnly, blockMayMatch, rankSymbols, type SearchHit, type SearchSymbol } from "../core/search/rank.ts";
import { pathFilter } from "../core/text/glob.ts";
import { SYMBOL_KINDS, type OutlineSymbol } from "../core/types.ts";
import type { SearchResult } from "../core/views.ts";
import { cleanField, parseNameRow, unpackRows, type RowsLookup } from "../core/cache/pack.ts";
import { usageError } from "../core/errors.ts";
import { normalizeQuery } from "../core/symbols/find.ts";
import type { SymbolIndex } from "./index/index.ts";

export interface SearchRequest {
  query: string;
  /** Only these kinds (validated: parseKinds). */
  kinds?: Set<string>;
  /** Only files matching one of these globs or path prefixes (relative to the index's root). */
  within?: string[];
  /** At most this many hits (0: all). */
  limit: number;
}

/** `--kind class,method` / kind: "class": known kinds only. */
export function parseKinds(value: string | string[] | undefined): Set<string> | undefined {
  if (value === undefined) return undefined;
  const kinds = [value].flat().flatMap((v) => String(v).split(",")).map((k) => k.trim().toLowerCase()).filter(Boolean);
  for (const k of kinds) {
    if (!(SYMBOL_KINDS as readonly string[]).includes(k)) throw usageError(`unknown kind: ${k}`, `use one of: ${SYMBOL_KINDS.join(", ")}`);
  }
  return new Set(kinds);
}

/**
 * The ranked hits, paths relative to the index's root. `index(verifyObjects)` refreshes the
 * index: the objects are read only for the hits' signatures and checked then, so a damaged
 * one sends the search round again after a refresh that checks (and rebuilds) every object.
 */
export async function searchSymbols(req: SearchRequest, index: (verifyObjects: boolean) => Promise<SymbolIndex>): Promise<SearchResult> {
  const q = normalizeQuery(req.query);
  if (!q) throw usageError("empty search query", "give a name, part of one, or Class.method");
  const found = (await findHits(q, req, await index(false), false)) ?? (await findHits(q, req, await index(true), true));
  return { query: q, ...(req.kinds ? { kinds: [...req.kinds] } : {}), within: req.within ?? [], hits: found?.hits ?? [], total: found?.total ?? 0 };
}

/** The hits; undefined when an object was unreadable and not verified first. */
async function findHits(q: string, req: SearchRequest, r: SymbolIndex, verifyObjects: boolean): Promise<{ hits: SearchHit[]; total: number } | undefined> {
  const filters = (req.within ?? []).map(pathFilter);
  const keyOf = filters.length ? new Map<string, string>() : r.keys;
  let files = filters.length ? undefined : wholeIndex.get(r);
  if (!files) {
    const pathsOf = new Map<string, string[]>();
    for (const [path, key] of r.keys) {
      if (filters.length) {
        if (!filters.some((f) => f(path))) continue;
        keyOf.set(path, key);
      }
      const paths = pathsOf.get(key);
      if (paths) paths.push(path);
      else pathsOf.set(key, [path]);
    }
    files = { pathsOf };
    if (!filters.length) wholeIndex.set(r, files);
  }
  const mayMatch = blockMayMatch(q);
  const ranked = q.includes(".") ? rankQualified(q, req.kinds, r, files.pathsOf, mayMatch) : rankNames(q, req.kinds, r, files, mayMatch);
  const hits = req.limit > 0 ? ranked.slice(0, req.limit) : ranked;
  if (!(await addObjectFields(hits, keyOf, r)) && !verifyObjects) return undefined;
  return { hits, total: ranked.length };
}

/** The files of a search by object key, and their names rows once read. */
interface IndexFiles {
  pathsOf: Map<string, string[]>;
  names?: RowsLookup;
}

/**
 * Those of a whole index, made once per index: a long-running server answers from the same
 * index object while no file moved (app/index/workspace-index.ts), and objects are named by their content,
 * so the rows read for a key stay right for as long as that index is used.
 */
const wholeIndex = new WeakMap<SymbolIndex, IndexFiles>();

/** A hit before its object was read: `index` is its row's position in the object's pre-order. */
type PendingHit = SearchHit & { depth: number; index?: number };

/**
 * A query with a dot is ranked on qualified names, which only the shards hold. Only the files
 * whose rows can match at all are split, and only their rows that can match are read.
 */
type MayMatch = ReturnType<typeof blockMayMatch>;

function rankQualified(q: string, kinds: Set<string> | undefined, r: SymbolIndex, pathsOf: Map<string, string[]>, mayMatch: MayMatch): PendingHit[] {
  const pack = r.loadPack(pathsOf.keys());
  const symbols: SearchSymbol[] = [];
  for (const [key, paths] of pathsOf) {
    const obj = pack.get(key);
    if (!obj || !mayMatch(obj.rows)) continue;
    const rows = unpackRows(obj, mayMatch);
    for (const path of paths) for (const row of rows) symbols.push({ path, ...row, signature: "" });
  }
  return rankSymbols(q, symbols, { kinds }) as PendingHit[];
}

/**
 * A plain name is ranked on names alone, read from the names files (under half the shards'
 * bytes); the qualified name, end line and signature of the hits shown come from their objects.
 */
function rankNames(q: string, kinds: Set<string> | undefined, r: SymbolIndex, files: IndexFiles, mayMatch: MayMatch): PendingHit[] {
  const { pathsOf } = files;
  const names = (files.names ??= r.loadNames(pathsOf.keys()));
  const symbols: (SearchSymbol & { depth: number; index: number })[] = [];
  for (const [key, paths] of pathsOf) {
    const obj = names.get(key);
    if (!obj || !mayMatch(obj.rows, (obj.ascii ??= asciiOnly(obj.rows)))) continue;
    const lines = obj.rows.split("\n");
    for (let index = 0; index < lines.length; index++) {
      if (!mayMatch(lines[index], obj.ascii)) continue;
      const row = parseNameRow(lines[index]);
      if (!row) continue;
      for (const path of paths) symbols.push({ path, kind: row.kind, name: row.name, qualifiedName: "", startLine: row.startLine, endLine: 0, depth: row.depth, signature: "", index });
    }
  }
  return rankSymbols(q, symbols, { kinds }) as PendingHit[];
}

/**
 * Signatures live in the objects, not the pack: read them for the hits shown only, and for hits
 * ranked on names alone their qualified name and end line too (the row at the same pre-order
 * position). Each hit is rebuilt with its fields in one order, whichever way it was ranked.
 * Where the cache holds no object (it could not be written, or is not used) the file is outlined
 * again (RefreshResult.entryFor), so the answer is whole either way.
 * False when an object is damaged, does not hold the row, or the file changed meanwhile.
 */
async function addObjectFields(hits: PendingHit[], keyOf: Map<string, string>, r: SymbolIndex): Promise<boolean> {
  let whole = true;
  const byPath = new Map<string, OutlineSymbol[]>();
  const sigsOf = new Map<string, Map<string, string>>();
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i];
    let flat = byPath.get(h.path);
    if (!flat) {
      flat = [];
      const key = keyOf.get(h.path)!;
      const entry = await r.entryFor(h.path, key);
      const visit = (list: OutlineSymbol[]) => {
        for (const s of list) {
          flat!.push(s);
          if (s.children) visit(s.children);
        }
      };
      if (entry) visit(entry.symbols);
      else {
        whole = false;
        // The file changed since it was read: the pack rows, kept in memory, still give the
        // qualified names and ranges, without signatures (the search goes round again).
        const rows = r.loadPack([key]).get(key);
        if (rows) for (const row of unpackRows(rows)) flat.push({ ...row, signature: "" });
      }
      byPath.set(h.path, flat);
    }
    let qualifiedName = h.qualifiedName;
    let endLine = h.endLine;
    let signature = "";
    if (h.index === undefined) {
      let sigs = sigsOf.get(h.path);
      if (!sigs) sigsOf.set(h.path, (sigs = new Map(flat.map((s) => [`${s.startLine}:${s.qualifiedName}`, s.signature]))));
      signature = sigs.get(`${h.startLine}:${h.qualifiedName}`) ?? "";
    } else {
      const s = flat[h.index];
      if (s && s.startLine === h.startLine && cleanField(s.name) === h.name) {
        qualifiedName = cleanField(s.qualifiedName);
        endLine = s.endLine;
        signature = s.signature ?? "";
      } else whole = false;
    }
    hits[i] = { path: h.path, kind: h.kind, name: h.name, qualifiedName, startLine: h.startLine, endLine, depth: h.depth, signature, match: h.match } as PendingHit;
  }
  return whole;
}
