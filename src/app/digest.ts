// `digest` / the MCP digest tool, from the repository index: the flat map (per file its line
// count and its symbols, from the names files) and the ranked map (files and definitions
// ranked by the references of the rest of the repository, core/rank/rank.ts, from the names
// and refs files; headers read from the objects of the definitions it may show; with a focus
// file, also by what changed with it in the newest commits, core/rank/co-change.ts).
import { parseNameRow, type NameRow, type PackObject } from "../core/cache/pack.ts";
import { inputError } from "../core/errors.ts";
import { printable } from "../core/text/quote.ts";
import { parseReferences } from "../core/outline/references.ts";
import { CO_CHANGE_COMMITS, coChanged } from "../core/rank/co-change.ts";
import { buildGraph, inFocus, rankFocusUsers, rankRepository, type RankGraph, type RankInputFile } from "../core/rank/rank.ts";
import { CHARS_PER_TOKEN } from "../core/text/tokens.ts";
import type { OutlineSymbol } from "../core/types.ts";
import type { DigestFile, MapDefinition, RankedMap } from "../core/views.ts";
import type { Env } from "../io/env.ts";
import { recentCommitFiles } from "../io/git.ts";
import type { SymbolIndex } from "./search.ts";

/** The files of the index that `keep` admits (paths relative to the index's root), in index order. */
export function digestFiles(index: Pick<SymbolIndex, "keys" | "loadNames">, keep: (path: string) => boolean): DigestFile[] {
  return namedFiles(index, keep);
}

function namedFiles(index: Pick<SymbolIndex, "keys" | "loadNames">, keep: (path: string) => boolean): (DigestFile & { symbols: NameRow[] })[] {
  const wanted = [...index.keys].filter(([p]) => keep(p));
  const names = index.loadNames(wanted.map(([, key]) => key));
  const files: (DigestFile & { symbols: NameRow[] })[] = [];
  for (const [path, key] of wanted) {
    const obj = names.get(key);
    if (!obj) continue;
    files.push({ path, lineCount: obj.lineCount, symbols: rowsOf(obj) });
  }
  return files;
}

// A shard file read back is one object while the file is unchanged (the store keeps it by its
// stat), so what is made of its rows is kept with it: a long-running server's later digests
// split no rows again. Neither is changed by its users.
const parsedRows = new WeakMap<PackObject, NameRow[]>();
const parsedRefs = new WeakMap<PackObject, Map<string, number>>();

function rowsOf(obj: PackObject): NameRow[] {
  let rows = parsedRows.get(obj);
  if (!rows) {
    rows = [];
    if (obj.rows) for (const line of obj.rows.split("\n")) {
      const row = parseNameRow(line);
      if (row) rows.push(row);
    }
    parsedRows.set(obj, rows);
  }
  return rows;
}

function refsOf(obj: PackObject | undefined): Map<string, number> {
  if (!obj) return new Map();
  let refs = parsedRefs.get(obj);
  if (!refs) parsedRefs.set(obj, (refs = parseReferences(obj.refs)));
  return refs;
}

export interface MapRequest {
  /** Only files `keep` admits are shown; references from every file count. */
  keep: (path: string) => boolean;
  /** Paths (relative to the index's root: files or folders) or definition names to centre on. */
  focus: string[];
  /** The budget the map will be fitted to: how many definitions it could possibly show. */
  maxTokens: number;
  /**
   * The files each of the newest commits changed (paths as the index names them), newest first;
   * asked only with a focus, used only when it names files; it must not reject. None, or none
   * readable: the map goes by references alone.
   */
  history?: () => Promise<string[][]>;
}

/** A header longer than this is cut (with `…`): a map spends its budget on more definitions, not on one's defaults. */
const HEADER_MAX = 100;
/** How many of the focus's users (best first) have their definitions looked at one by one. */
const USER_FILES = 40;
/** What a definition costs at least besides its name (a space between bare names), in characters. */
const NAME_OVERHEAD = 1;
/** What a definition line costs besides its header (indent, line range, newline), in characters. */
const LINE_OVERHEAD = 10;

/**
 * The files in path order (the index's order depends on how it was built, and sums over files
 * must not) with their rows and refs, and the graph made of them: kept while the same row and
 * refs objects come back (a long-running server asked again about unchanged files).
 */
interface MapModel {
  all: (DigestFile & { symbols: NameRow[] })[];
  input: RankInputFile[];
  graph: RankGraph;
  /** Every name a file defines (a focus that is no path must be one of them). */
  defined?: Set<string>;
}
let lastModel: MapModel | undefined;

function mapModel(index: Pick<SymbolIndex, "keys" | "loadNames" | "loadRefs">): MapModel {
  const all = namedFiles(index, () => true).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const refs = index.loadRefs(all.map((f) => index.keys.get(f.path)!));
  const input: RankInputFile[] = all.map((f) => ({ path: f.path, symbols: f.symbols, refs: refsOf(refs.get(index.keys.get(f.path)!)) }));
  const last = lastModel;
  if (last && last.input.length === input.length && last.input.every((f, i) => f.path === input[i].path && f.symbols === input[i].symbols && f.refs === input[i].refs)) {
    last.all = all; // line counts ride with the same rows objects; the newest list is kept
    return last;
  }
  return (lastModel = { all, input, graph: buildGraph(input) });
}

/** MapRequest.history for the folder `dir` (the index's root): one bounded git call; none where git cannot tell (no repository, no commit yet). */
export function gitHistory(env: Env, dir: string): () => Promise<string[][]> {
  return () => recentCommitFiles(env, dir, CO_CHANGE_COMMITS).catch(() => []);
}

/** The ranked map. A focus that names no file and no definition is an input error. */
export async function rankedMap(index: Pick<SymbolIndex, "keys" | "loadNames" | "loadRefs" | "entryFor">, req: MapRequest): Promise<RankedMap> {
  // Started first, so git runs while the model is made (it never rejects: gitHistory); used only if the focus names a file.
  const history = req.focus.length ? req.history?.() : undefined;
  const model = mapModel(index);
  const { all, input, graph } = model;
  const keyOf = index.keys;
  const paths: string[] = [];
  const names: string[] = [];
  for (const raw of req.focus) {
    const f = raw.replace(/^\.\/+/, "");
    if (all.some((file) => inFocus(file.path, f))) paths.push(f);
    else {
      const name = f.split(/\.|::|#/).filter(Boolean).pop() ?? "";
      model.defined ??= new Set(all.flatMap((file) => file.symbols.map((s) => s.name)));
      if (!model.defined.has(name)) throw inputError(`focus ${printable(raw)}: no file or definition of that name`, "give a path relative to the repository, or a definition's name");
      names.push(name);
    }
  }
  const shown = all.map((f) => req.keep(f.path));
  const focused = all.map((f) => paths.some((p) => inFocus(f.path, p)));
  const budget = req.maxTokens * CHARS_PER_TOKEN;
  const related = paths.length && history ? coChanged(await history, paths) : undefined;
  const ranking = rankRepository(graph, { paths, names, related }, { eligible: (i) => shown[i] && !focused[i], limit: Math.ceil(budget / (NAME_OVERHEAD + 2)) });
  // What the best of the focus's users use, symbol by symbol, from their objects.
  const uses = new Map<number, string[][]>();
  for (const i of ranking.users.filter((u) => shown[u]).slice(0, USER_FILES)) {
    const entry = await index.entryFor(all[i].path, keyOf.get(all[i].path)!);
    const bySymbol = entry?.references?.bySymbol;
    if (bySymbol && bySymbol.length === all[i].symbols.length) uses.set(i, bySymbol.map((line) => (line ? line.split(" ") : [])));
  }
  const ranked = rankFocusUsers(ranking, input, uses);

  const order = all.map((_, i) => i).filter((i) => shown[i]);
  order.sort((a, b) => Number(ranking.focusFiles.has(b)) - Number(ranking.focusFiles.has(a)) || ranking.fileScores[b] - ranking.fileScores[a] || (all[a].path < all[b].path ? -1 : 1));
  const position = new Map(order.map((i, at) => [i, at]));
  // As many as the budget could show as bare names; headers (read from the objects) for as many
  // as could show with one, were every header its bare name.
  const chosen: typeof ranking.definitions = [];
  let chars = 0;
  let headed = 0;
  for (const d of ranked) {
    if (!position.has(d.file) || ranking.focusFiles.has(d.file)) continue;
    const name = all[d.file].symbols[d.symbol].name.length;
    chars += name + NAME_OVERHEAD;
    if (chars > budget) break;
    if (headed === chosen.length && chars + (headed + 1) * LINE_OVERHEAD <= budget) headed++;
    chosen.push(d);
  }
  const headers = new Map<number, OutlineSymbol[]>();
  for (const file of new Set(chosen.slice(0, headed).map((d) => d.file))) {
    const entry = await index.entryFor(all[file].path, keyOf.get(all[file].path)!);
    headers.set(file, entry ? preOrder(entry.symbols) : []);
  }
  const definitions: RankedMap["definitions"] = chosen.map((d, at) => {
    const row = all[d.file].symbols[d.symbol];
    const def: MapDefinition & { file: number } = { ...row, score: d.score, file: position.get(d.file)! };
    const symbol = at < headed ? headers.get(d.file)![d.symbol] : undefined;
    if (symbol && symbol.name === row.name) {
      def.signature = firstLine(symbol.signature);
      def.endLine = symbol.endLine;
    }
    return def;
  });
  return {
    totalLines: order.reduce((n, i) => n + all[i].lineCount, 0),
    focus: req.focus,
    files: order.map((i) => ({ path: all[i].path, lineCount: all[i].lineCount, symbolCount: all[i].symbols.length, score: ranking.fileScores[i], focus: ranking.focusFiles.has(i) })),
    definitions,
  };
}

function preOrder(symbols: OutlineSymbol[], out: OutlineSymbol[] = []): OutlineSymbol[] {
  for (const s of symbols) {
    out.push(s);
    if (s.children) preOrder(s.children, out);
  }
  return out;
}

function firstLine(signature: string): string {
  const line = signature.split("\n", 1)[0].trim();
  return line.length > HEADER_MAX ? `${line.slice(0, HEADER_MAX - 1)}…` : line;
}

export interface DigestRequest extends MapRequest {
  /** Whether the flat map shows every file's top-level names within the budget (render/digest-text.ts). */
  flatFits: (files: DigestFile[]) => boolean;
}

/** What `digest` answers: the flat map when it fits whole and no focus is asked, else the ranked map too. */
export interface DigestAnswer {
  files: DigestFile[];
  map?: RankedMap;
}

/** `digest`: an input error when no file is admitted. */
export async function digest(index: Pick<SymbolIndex, "keys" | "loadNames" | "loadRefs" | "entryFor">, req: DigestRequest): Promise<DigestAnswer | undefined> {
  const files = digestFiles(index, req.keep);
  if (!files.length) return undefined;
  if (!req.focus.length && req.flatFits(files)) return { files };
  return { files, map: await rankedMap(index, req) };
}
