// `digest` / the MCP digest tool, from the repository index: the flat map (per file its line
// count and its symbols, from the names files) and the ranked map (files and definitions
// ranked by the references of the rest of the repository, core/rank/rank.ts, from the names
// and refs files; headers read from the objects of the definitions it may show).
import { parseNameRow, type NameRow, type PackObject } from "../core/cache/pack.ts";
import { inputError } from "../core/errors.ts";
import { printable } from "../core/text/quote.ts";
import { parseReferences } from "../core/outline/references.ts";
import { inFocus, rankFocusUsers, rankRepository, type RankInputFile } from "../core/rank/rank.ts";
import type { OutlineSymbol } from "../core/types.ts";
import type { DigestFile, MapDefinition, RankedMap } from "../core/views.ts";
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
}

/** A header longer than this is cut (with `…`): a map spends its budget on more definitions, not on one's defaults. */
const HEADER_MAX = 100;
/** How many of the focus's users (best first) have their definitions looked at one by one. */
const USER_FILES = 40;
/** What a definition line costs besides its header (indent, line range, newline), in characters. */
const LINE_OVERHEAD = 10;
/** Characters per token of core/text/tokens.ts. */
const CHARS_PER_TOKEN = 4;

/** The ranked map. A focus that names no file and no definition is an input error. */
export async function rankedMap(index: Pick<SymbolIndex, "keys" | "loadNames" | "loadRefs" | "entryFor">, req: MapRequest): Promise<RankedMap> {
  // In path order: the index's order depends on how it was built, and sums over files must not.
  const all = namedFiles(index, () => true).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const keyOf = new Map(index.keys);
  const refs = index.loadRefs(all.map((f) => keyOf.get(f.path)!));
  const input: RankInputFile[] = all.map((f) => ({ path: f.path, symbols: f.symbols, refs: refsOf(refs.get(keyOf.get(f.path)!)) }));
  const paths: string[] = [];
  const names: string[] = [];
  const defined = new Set(all.flatMap((f) => f.symbols.map((s) => s.name)));
  for (const raw of req.focus) {
    const f = raw.replace(/^\.\/+/, "");
    if (all.some((file) => inFocus(file.path, f))) paths.push(f);
    else {
      const name = f.split(/\.|::|#/).filter(Boolean).pop() ?? "";
      if (!defined.has(name)) throw inputError(`focus ${printable(raw)}: no file or definition of that name`, "give a path relative to the repository, or a definition's name");
      names.push(name);
    }
  }
  const shown = new Set(all.map((_, i) => i).filter((i) => req.keep(all[i].path)));
  const focusFiles = new Set(all.map((_, i) => i).filter((i) => paths.some((p) => inFocus(all[i].path, p))));
  const ranking = rankRepository(input, { paths, names }, { eligible: (i) => shown.has(i) && !focusFiles.has(i), limit: Math.ceil((req.maxTokens * CHARS_PER_TOKEN) / LINE_OVERHEAD) });
  // What the best of the focus's users use, symbol by symbol, from their objects.
  const uses = new Map<number, string[][]>();
  for (const i of ranking.users.filter((u) => shown.has(u)).slice(0, USER_FILES)) {
    const entry = await index.entryFor(all[i].path, keyOf.get(all[i].path)!);
    const bySymbol = entry?.references?.bySymbol;
    if (bySymbol && bySymbol.length === all[i].symbols.length) uses.set(i, bySymbol.map((line) => (line ? line.split(" ") : [])));
  }
  const ranked = rankFocusUsers(ranking, input, uses);

  const order = all.map((_, i) => i).filter((i) => req.keep(all[i].path));
  order.sort((a, b) => Number(ranking.focusFiles.has(b)) - Number(ranking.focusFiles.has(a)) || ranking.fileScores[b] - ranking.fileScores[a] || (all[a].path < all[b].path ? -1 : 1));
  const position = new Map(order.map((i, at) => [i, at]));
  // As many as a budget could show were every header its bare name: only their objects are read.
  const chosen: typeof ranking.definitions = [];
  let chars = 0;
  for (const d of ranked) {
    if (!position.has(d.file) || ranking.focusFiles.has(d.file)) continue;
    chars += all[d.file].symbols[d.symbol].name.length + LINE_OVERHEAD;
    if (chars > req.maxTokens * CHARS_PER_TOKEN) break;
    chosen.push(d);
  }

  // Headers from the objects of the files chosen, by the row's pre-order position.
  const headers = new Map<number, OutlineSymbol[]>();
  for (const file of new Set(chosen.map((d) => d.file))) {
    const entry = await index.entryFor(all[file].path, keyOf.get(all[file].path)!);
    headers.set(file, entry ? preOrder(entry.symbols) : []);
  }
  const definitions: RankedMap["definitions"] = chosen.map((d) => {
    const row = all[d.file].symbols[d.symbol];
    const symbol = headers.get(d.file)![d.symbol];
    const signature = symbol && symbol.name === row.name ? firstLine(symbol.signature) : row.name;
    const endLine = symbol && symbol.name === row.name ? symbol.endLine : row.startLine;
    const def: MapDefinition & { file: number } = { ...row, endLine, signature, score: d.score, file: position.get(d.file)! };
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
