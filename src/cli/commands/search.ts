// `ast-outline search <query>`: symbols across the repository, from the cache (refreshed first).
import { join, relative, sep } from "node:path";
import { blockMayMatch, rankSymbols, type SearchHit, type SearchSymbol } from "../../core/search/rank.ts";
import { pathFilter } from "../../core/text/glob.ts";
import { SYMBOL_KINDS, type OutlineSymbol } from "../../core/types.ts";
import { cleanField, parseNameRow, unpackRows } from "../../core/cache/pack.ts";
import { usageError } from "../../core/errors.ts";
import { printable, quoteName, quotePath, toJson } from "../../core/text/quote.ts";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_NOT_FOUND, EXIT_OK, parseCount, parseFormat } from "../options.ts";
import { refreshRepo } from "./index-repo.ts";

export interface SearchOptions {
  kind?: string | string[];
  path?: string | string[];
  format?: string;
  limit?: unknown;
  root?: string;
}

export async function searchCommand(query: string, options: SearchOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json"]);
  const limit = parseCount(options.limit, "--limit", 50);
  const q = String(query ?? "").trim();
  if (!q) throw usageError("empty search query", "give a name, part of one, or Class.method");
  const kinds = parseKinds(options.kind);
  const globs = [options.path ?? []].flat().map(String);
  const filters = globs.map(pathFilter);

  // The objects are read only for the hits' signatures and checked then: a damaged one sends
  // the search round again after a refresh that checks (and rebuilds) every object.
  const hits = (await findHits(env, q, kinds, filters, limit, options, io, false)) ?? (await findHits(env, q, kinds, filters, limit, options, io, true));
  return show(env, hits ?? [], q, kinds, globs, format, io);
}

/** The ranked hits with absolute paths; undefined when an object was unreadable and not verified first. */
async function findHits(
  env: Env, q: string, kinds: Set<string> | undefined, filters: ((p: string) => boolean)[], limit: number,
  options: SearchOptions, io: CliIO, verifyObjects: boolean,
): Promise<SearchHit[] | undefined> {
  const r = await refreshRepo(env, options, io, false, verifyObjects);
  const pathsOf = new Map<string, string[]>();
  const keyOf = new Map<string, string>();
  for (const [path, key] of r.keys) {
    if (filters.length && !filters.some((f) => f(path))) continue;
    keyOf.set(path, key);
    const paths = pathsOf.get(key);
    if (paths) paths.push(path);
    else pathsOf.set(key, [path]);
  }
  const mayMatch = blockMayMatch(q);
  const hits = q.includes(".") ? rankQualified(q, kinds, limit, r, pathsOf, mayMatch) : rankNames(q, kinds, limit, r, pathsOf, mayMatch);
  if (!(await addObjectFields(hits, keyOf, r)) && !verifyObjects) return undefined;
  const root = r.repo.root;
  return hits.map((h) => ({ ...h, path: join(root, h.path) }));
}

type Refreshed = Awaited<ReturnType<typeof refreshRepo>>;
/** A hit before its object was read: `index` is its row's position in the object's pre-order. */
type PendingHit = SearchHit & { depth: number; index?: number };

/**
 * A query with a dot is ranked on qualified names, which only the shards hold. Only the files
 * whose rows can match at all are split, and only their rows that can match are read.
 */
function rankQualified(
  q: string, kinds: Set<string> | undefined, limit: number, r: Refreshed, pathsOf: Map<string, string[]>, mayMatch: (block: string) => boolean,
): PendingHit[] {
  const pack = r.loadPack(pathsOf.keys());
  const symbols: SearchSymbol[] = [];
  for (const [key, paths] of pathsOf) {
    const obj = pack.get(key);
    if (!obj || !mayMatch(obj.rows)) continue;
    const rows = unpackRows(obj, mayMatch);
    for (const path of paths) for (const row of rows) symbols.push({ path, ...row, signature: "" });
  }
  return rankSymbols(q, symbols, { kinds, limit }) as PendingHit[];
}

/**
 * A plain name is ranked on names alone, read from the names files (under half the shards'
 * bytes); the qualified name, end line and signature of the hits shown come from their objects.
 */
function rankNames(
  q: string, kinds: Set<string> | undefined, limit: number, r: Refreshed, pathsOf: Map<string, string[]>, mayMatch: (block: string) => boolean,
): PendingHit[] {
  const names = r.loadNames(pathsOf.keys());
  const symbols: (SearchSymbol & { depth: number; index: number })[] = [];
  for (const [key, paths] of pathsOf) {
    const obj = names.get(key);
    if (!obj || !mayMatch(obj.rows)) continue;
    const lines = obj.rows.split("\n");
    for (let index = 0; index < lines.length; index++) {
      if (!mayMatch(lines[index])) continue;
      const row = parseNameRow(lines[index]);
      if (!row) continue;
      for (const path of paths) symbols.push({ path, kind: row.kind, name: row.name, qualifiedName: "", startLine: row.startLine, endLine: 0, depth: row.depth, signature: "", index });
    }
  }
  return rankSymbols(q, symbols, { kinds, limit }) as PendingHit[];
}

function show(env: Env, hits: SearchHit[], q: string, kinds: Set<string> | undefined, globs: string[], format: string, io: CliIO): number {
  const cwd = env.cwd;
  const shown = (p: string) => {
    const rel = relative(cwd, p);
    return sep === "/" ? rel : rel.split(sep).join("/");
  };
  if (format === "json") {
    io.out(toJson({ query: q, results: hits.map((h) => ({ ...h, path: shown(h.path) })) }, 2) + "\n");
  } else {
    for (const h of hits) io.out(`${quotePath(shown(h.path))}:${h.startLine}-${h.endLine} ${h.kind} ${quoteName(h.qualifiedName)}  ${printable(h.signature)}\n`);
  }
  if (!hits.length && format === "text") io.note(`no symbol matches \`${q}\`${kinds ? ` of kind ${[...kinds].join(",")}` : ""}${globs.length ? ` under ${globs.join(", ")}` : ""}`);
  return hits.length ? EXIT_OK : EXIT_NOT_FOUND;
}

function parseKinds(value: string | string[] | undefined): Set<string> | undefined {
  if (value === undefined) return undefined;
  const kinds = [value].flat().flatMap((v) => String(v).split(",")).map((k) => k.trim().toLowerCase()).filter(Boolean);
  for (const k of kinds) {
    if (!(SYMBOL_KINDS as readonly string[]).includes(k)) throw usageError(`unknown kind: ${k}`, `use one of: ${SYMBOL_KINDS.join(", ")}`);
  }
  return new Set(kinds);
}

/**
 * Signatures live in the objects, not the pack: read them for the hits shown only, and for hits
 * ranked on names alone their qualified name and end line too (the row at the same pre-order
 * position). Each hit is rebuilt with its fields in one order, whichever way it was ranked.
 * Where the cache holds no object (it could not be written, or is not used) the file is outlined
 * again (RefreshResult.entryFor), so the answer is whole either way.
 * False when an object is damaged, does not hold the row, or the file changed meanwhile.
 */
async function addObjectFields(hits: PendingHit[], keyOf: Map<string, string>, r: Refreshed): Promise<boolean> {
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
