// `ast-outline search <query>`: symbols across the repository, from the cache (refreshed first).
import { join, relative, sep } from "node:path";
import { blockMayMatch, rankSymbols, type SearchHit, type SearchSymbol } from "../../core/search/rank.ts";
import { pathFilter } from "../../core/text/glob.ts";
import { SYMBOL_KINDS, type OutlineSymbol } from "../../core/types.ts";
import { unpackRows } from "../../core/cache/pack.ts";
import type { CacheStore } from "../../io/cache-store.ts";
import { usageError } from "../../core/errors.ts";
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

export async function searchCommand(query: string, options: SearchOptions, io: CliIO): Promise<number> {
  const format = parseFormat(options.format, ["text", "json"]);
  const limit = parseCount(options.limit, "--limit", 50);
  const q = String(query ?? "").trim();
  if (!q) throw usageError("empty search query", "give a name, part of one, or Class.method");
  const kinds = parseKinds(options.kind);
  const globs = [options.path ?? []].flat().map(String);
  const filters = globs.map(pathFilter);

  // The objects are read only for the hits' signatures and checked then: a damaged one sends
  // the search round again after a refresh that checks (and rebuilds) every object.
  const hits = (await findHits(q, kinds, filters, limit, options, io, false)) ?? (await findHits(q, kinds, filters, limit, options, io, true));
  return show(hits ?? [], q, kinds, globs, format, io);
}

/** The ranked hits with absolute paths; undefined when an object was unreadable and not verified first. */
async function findHits(
  q: string, kinds: Set<string> | undefined, filters: ((p: string) => boolean)[], limit: number,
  options: SearchOptions, io: CliIO, verifyObjects: boolean,
): Promise<SearchHit[] | undefined> {
  const r = await refreshRepo(options, io, false, verifyObjects);
  const pathsOf = new Map<string, string[]>();
  const keyOf = new Map<string, string>();
  for (const [path, key] of r.keys) {
    if (filters.length && !filters.some((f) => f(path))) continue;
    keyOf.set(path, key);
    const paths = pathsOf.get(key);
    if (paths) paths.push(path);
    else pathsOf.set(key, [path]);
  }
  const pack = r.loadPack(pathsOf.keys());
  // Only the files whose rows can match at all are split, and only their rows that can match are read.
  const mayMatch = blockMayMatch(q);
  const symbols: SearchSymbol[] = [];
  for (const [key, paths] of pathsOf) {
    const obj = pack.get(key);
    if (!obj || !mayMatch(obj.rows)) continue;
    const rows = unpackRows(obj, mayMatch);
    for (const path of paths) for (const row of rows) symbols.push({ path, ...row, signature: "" });
  }
  const hits = rankSymbols(q, symbols, { kinds, limit });
  if (!addSignatures(hits, keyOf, r.store) && !verifyObjects) return undefined;
  const root = r.repo.root;
  return hits.map((h) => ({ ...h, path: join(root, h.path) }));
}

function show(hits: SearchHit[], q: string, kinds: Set<string> | undefined, globs: string[], format: string, io: CliIO): number {
  const cwd = process.cwd();
  const shown = (p: string) => {
    const rel = relative(cwd, p);
    return sep === "/" ? rel : rel.split(sep).join("/");
  };
  if (format === "json") {
    io.out(JSON.stringify({ query: q, results: hits.map((h) => ({ ...h, path: shown(h.path) })) }, null, 2) + "\n");
  } else {
    for (const h of hits) io.out(`${shown(h.path)}:${h.startLine}-${h.endLine} ${h.kind} ${h.qualifiedName}  ${h.signature}\n`);
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

/** Signatures live in the objects, not the pack: read them for the hits shown only. False when an object is unreadable. */
function addSignatures(hits: SearchHit[], keyOf: Map<string, string>, store: CacheStore): boolean {
  let whole = true;
  const byPath = new Map<string, Map<string, string>>();
  for (const h of hits) {
    let sigs = byPath.get(h.path);
    if (!sigs) {
      sigs = new Map();
      const key = keyOf.get(h.path)!;
      const dash = key.lastIndexOf("-");
      const entry = store.readEntry(key.slice(0, dash), key.slice(dash + 1));
      const visit = (list: OutlineSymbol[]) => {
        for (const s of list) {
          sigs!.set(`${s.startLine}:${s.qualifiedName}`, s.signature);
          if (s.children) visit(s.children);
        }
      };
      if (entry) visit(entry.symbols);
      else whole = false;
      byPath.set(h.path, sigs);
    }
    h.signature = sigs.get(`${h.startLine}:${h.qualifiedName}`) ?? "";
  }
  return whole;
}
