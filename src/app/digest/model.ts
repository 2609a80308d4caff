// What `digest` (app/digest/digest.ts) is made from, read from the repository index and kept while it
// holds. An object key names a file's content and language, and this process's engine outlines
// one content one way: whatever is made from the objects of one set of keys (path -> key) is
// the same while the index has those keys, so a long-running server's later digests read and
// split nothing again. What is kept is never changed by its users.
import { parseNameRow, type NameRow, type PackObject } from "../../core/cache/pack.ts";
import { parseReferences } from "../../core/outline/references.ts";
import { buildGraph, type RankGraph, type RankInputFile } from "../../core/rank/rank.ts";
import type { OutlineSymbol } from "../../core/types.ts";
import type { DigestFile } from "../../core/views.ts";
import type { SymbolIndex } from "../index/index.ts";

export type NamedFile = DigestFile & { symbols: NameRow[] };

/**
 * The names rows of every file of an index, by path, and the keys they were read for. Kept for
 * the next index with the same keys when every key had its rows (a key read without them may
 * have them on a later call).
 */
export interface NamesModel {
  keys: Map<string, string>;
  byPath: Map<string, NamedFile>;
  complete: boolean;
  /** The paths, their keys and their files (undefined: no rows) in the order of the index last seen with these keys. */
  order: { paths: string[]; keys: string[]; files: (NamedFile | undefined)[] };
}
let lastNames: NamesModel | undefined;

export function namesModel(index: Pick<SymbolIndex, "keys" | "loadNames">): NamesModel {
  const last = lastNames;
  if (last?.complete) {
    if (inOrder(last, index.keys)) return last;
    if (sameKeys(last.keys, index.keys)) {
      last.order = orderOf(index.keys, last.byPath); // the same files, listed another way
      return last;
    }
  }
  const keys = new Map(index.keys);
  const names = index.loadNames(keys.values());
  const byPath = new Map<string, NamedFile>();
  for (const [path, key] of keys) {
    const obj = names.get(key);
    if (obj) byPath.set(path, { path, lineCount: obj.lineCount, symbols: rowsOf(obj) });
  }
  return (lastNames = { keys, byPath, complete: byPath.size === keys.size, order: orderOf(keys, byPath) });
}

function orderOf(keys: Map<string, string>, byPath: Map<string, NamedFile>): NamesModel["order"] {
  const order: NamesModel["order"] = { paths: [], keys: [], files: [] };
  keys.forEach((key, path) => {
    order.paths.push(path);
    order.keys.push(key);
    order.files.push(byPath.get(path));
  });
  return order;
}

/** Whether `keys` lists the model's paths with the same keys in the same order. */
function inOrder(model: NamesModel, keys: Map<string, string>): boolean {
  const { paths, keys: known } = model.order;
  if (paths.length !== keys.size) return false;
  let at = 0;
  keys.forEach((key, path) => {
    if (at >= 0 && paths[at] === path && known[at] === key) at++;
    else at = -1;
  });
  return at === paths.length;
}

function sameKeys(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [path, key] of b) if (a.get(path) !== key) return false;
  return true;
}

/** The model's files that `keep` admits, in the order of the index it was last asked for. */
export function admitted(model: NamesModel, keep: (path: string) => boolean): NamedFile[] {
  const files: NamedFile[] = [];
  for (const file of model.order.files) if (file && keep(file.path)) files.push(file);
  return files;
}

// A shard file read back is one object while the file is unchanged (the store keeps it by its
// stat), so what is made of its rows is kept with it.
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

/**
 * The files in path order (the index's order depends on how it was built, and sums over files
 * must not) with their rows and refs, and the graph made of them: one per names model, and
 * kept across names models while the same row and refs objects come back.
 */
export interface MapModel {
  all: NamedFile[];
  input: RankInputFile[];
  graph: RankGraph;
  /** Every name a file defines (a focus that is no path must be one of them). */
  defined?: Set<string>;
}
const models = new WeakMap<NamesModel, MapModel>();
let lastModel: MapModel | undefined;

export function mapModel(index: Pick<SymbolIndex, "loadRefs">, named: NamesModel): MapModel {
  const kept = models.get(named);
  if (kept) return kept;
  const all = [...named.byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const refs = index.loadRefs(all.map((f) => named.keys.get(f.path)!));
  const input: RankInputFile[] = all.map((f) => ({ path: f.path, symbols: f.symbols, refs: refsOf(refs.get(named.keys.get(f.path)!)) }));
  const last = lastModel;
  let model: MapModel;
  if (last && last.input.length === input.length && last.input.every((f, i) => f.path === input[i].path && f.symbols === input[i].symbols && f.refs === input[i].refs)) {
    last.all = all; // line counts ride with the same rows objects; the newest list is kept
    model = last;
  } else model = { all, input, graph: buildGraph(input) };
  models.set(named, model);
  return (lastModel = model);
}

/** What the map takes from a file's object: each symbol's header line (pre-order) and, when the object has them, the names each symbol uses. */
export interface ObjectView {
  headers: { name: string; line: string; endLine: number }[];
  uses?: string[][];
}

/** A header longer than this is cut (with `…`): a map spends its budget on more definitions, not on one's defaults. */
const HEADER_MAX = 100;

/** How many files' views are kept (the users of a few focuses and the files their maps show headers of). */
const VIEWS_KEPT = 2048;
const views = new Map<string, ObjectView>();

/** The view of the object behind `key` (a key of the index, `path` its file); undefined when the index has no outline for it. */
export async function objectView(index: Pick<SymbolIndex, "entryFor">, path: string, key: string): Promise<ObjectView | undefined> {
  const id = `${key}\0${path}`;
  let view = views.get(id);
  if (view) {
    views.delete(id); // the newest last: the oldest goes first
    views.set(id, view);
    return view;
  }
  const entry = await index.entryFor(path, key);
  if (!entry) return undefined;
  const headers = preOrder(entry.symbols).map((s) => ({ name: s.name, line: firstLine(s.signature), endLine: s.endLine }));
  const bySymbol = entry.references?.bySymbol;
  view = { headers, uses: bySymbol?.map((line) => (line ? line.split(" ") : [])) };
  views.set(id, view);
  if (views.size > VIEWS_KEPT) views.delete(views.keys().next().value!);
  return view;
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
