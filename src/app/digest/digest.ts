// `digest` / the MCP digest tool, from the repository index: the flat map (per file its line
// count and its symbols, from the names files) and the ranked map (files and definitions
// ranked by the references of the rest of the repository, core/rank/rank.ts, from the names
// and refs files; headers read from the objects of the definitions it may show; with a focus
// file, also by what changed with it in the newest commits, core/rank/co-change.ts).
//
// What it is made from is kept while the index's keys stay the same (app/digest/model.ts), and
// so is each ranked map: a map is a function of those keys, the files shown, the focus, what
// changed with it (git is asked each time) and the budget, so the same question about
// unchanged files gets the map made before.
import { inputError } from "../../core/errors.ts";
import { printable } from "../../core/text/quote.ts";
import { CO_CHANGE_COMMITS, coChanged } from "../../core/rank/co-change.ts";
import { focusTest, rankFocusUsers, rankRepository, type RankedDefinition } from "../../core/rank/rank.ts";
import { CHARS_PER_TOKEN } from "../../core/text/tokens.ts";
import type { DigestFile, MapDefinition, RankedMap } from "../../core/views.ts";
import type { Env } from "../../io/env.ts";
import { recentCommitFiles } from "../../io/git.ts";
import { admitted, mapModel, namesModel, objectView, type MapModel, type NamesModel, type ObjectView } from "./model.ts";
import type { SymbolIndex } from "../index/index.ts";

/** The files of the index that `keep` admits (paths relative to the index's root), in index order. */
export function digestFiles(index: Pick<SymbolIndex, "keys" | "loadNames">, keep: (path: string) => boolean): DigestFile[] {
  return admitted(namesModel(index), keep);
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

/** How many of the focus's users (best first) have their definitions looked at one by one. */
const USER_FILES = 40;
/** What a definition costs at least besides its name (a space between bare names), in characters. */
const NAME_OVERHEAD = 1;
/** What a definition line costs besides its header (indent, line range, newline), in characters. */
const LINE_OVERHEAD = 10;

/** MapRequest.history for the folder `dir` (the index's root): one bounded git call; none where git cannot tell (no repository, no commit yet). */
export function gitHistory(env: Env, dir: string): () => Promise<string[][]> {
  return () => recentCommitFiles(env, dir, CO_CHANGE_COMMITS).catch(() => []);
}

/** The ranked map. A focus that names no file and no definition is an input error. */
export async function rankedMap(index: Pick<SymbolIndex, "keys" | "loadNames" | "loadRefs" | "entryFor">, req: MapRequest): Promise<RankedMap> {
  const history = startHistory(req);
  return mapOf(index, namesModel(index), req, history);
}

/** A ranked map's question, resolved against the model: the focus split into paths and names, the files shown, what changed with the focus. */
interface Question {
  paths: string[];
  names: string[];
  shown: boolean[];
  related?: Map<string, number>;
}

/** How many ranked maps are kept per names model (the newest). */
const MAPS_KEPT = 8;
const maps = new WeakMap<NamesModel, Map<string, RankedMap>>();

/** The history a map may need, started (so git runs while the model is made; it never rejects: gitHistory); used only if the focus names a file. */
function startHistory(req: MapRequest): Promise<string[][]> | undefined {
  return req.focus.length ? req.history?.() : undefined;
}

async function mapOf(index: Pick<SymbolIndex, "loadRefs" | "entryFor">, named: NamesModel, req: MapRequest, history = startHistory(req)): Promise<RankedMap> {
  const model = mapModel(index, named);
  const { paths, names } = resolveFocus(model, req.focus);
  const shown = model.all.map((f) => req.keep(f.path));
  const related = paths.length && history ? coChanged(await history, paths) : undefined;
  const q: Question = { paths, names, shown, related };
  const id = questionId(req, q);
  let kept = maps.get(named);
  if (!kept) maps.set(named, (kept = new Map()));
  const map = kept.get(id);
  if (map) {
    kept.delete(id); // the newest last: the oldest goes first
    kept.set(id, map);
    return map;
  }
  const made = await makeMap(index, named, model, req, q);
  if (!made.complete) return made.map;
  kept.set(id, frozen(made.map));
  if (kept.size > MAPS_KEPT) kept.delete(kept.keys().next().value!);
  return made.map;
}

/** The focus as paths (those naming a file or folder of the model) and definition names; an input error for one that is neither. */
function resolveFocus(model: MapModel, focus: string[]): { paths: string[]; names: string[] } {
  const paths: string[] = [];
  const names: string[] = [];
  for (const raw of focus) {
    const f = raw.replace(/^\.\/+/, "");
    const inside = focusTest(f);
    if (model.all.some((file) => inside(file.path))) paths.push(f);
    else {
      const name = f.split(/\.|::|#/).filter(Boolean).pop() ?? "";
      model.defined ??= new Set(model.all.flatMap((file) => file.symbols.map((s) => s.name)));
      if (!model.defined.has(name)) throw inputError(`focus ${printable(raw)}: no file or definition of that name`, "give a path relative to the repository, or a definition's name");
      names.push(name);
    }
  }
  return { paths, names };
}

/** Everything a map depends on besides the model, as one string. */
function questionId(req: MapRequest, q: Question): string {
  let shown = "";
  for (const s of q.shown) shown += s ? "1" : "0";
  return JSON.stringify([req.focus, req.maxTokens, q.paths, q.names, q.related ? [...q.related] : null, shown]);
}

/** The map; `complete` when every object it asked for was there (else a later call may find more, and it is not kept). */
async function makeMap(index: Pick<SymbolIndex, "entryFor">, named: NamesModel, model: MapModel, req: MapRequest, q: Question): Promise<{ map: RankedMap; complete: boolean }> {
  const { all, input, graph } = model;
  const { paths, names, shown, related } = q;
  let complete = true;
  const view = async (file: number): Promise<ObjectView | undefined> => {
    const v = await objectView(index, all[file].path, named.keys.get(all[file].path)!);
    if (!v) complete = false;
    return v;
  };
  const inFocus = paths.map(focusTest);
  const focused = all.map((f) => inFocus.some((inside) => inside(f.path)));
  const budget = req.maxTokens * CHARS_PER_TOKEN;
  const ranking = rankRepository(graph, { paths, names, related }, { eligible: (i) => shown[i] && !focused[i], limit: Math.ceil(budget / (NAME_OVERHEAD + 2)) });
  // What the best of the focus's users use, symbol by symbol, from their objects.
  const uses = new Map<number, string[][]>();
  for (const i of ranking.users.filter((u) => shown[u]).slice(0, USER_FILES)) {
    const bySymbol = (await view(i))?.uses;
    if (bySymbol && bySymbol.length === all[i].symbols.length) uses.set(i, bySymbol);
  }
  const ranked = rankFocusUsers(ranking, input, uses);

  const order = all.map((_, i) => i).filter((i) => shown[i]);
  const scores = ranking.fileScores;
  // The model's files are in path order, each path once: by index is by path.
  order.sort((a, b) => Number(focused[b]) - Number(focused[a]) || scores[b] - scores[a] || a - b);
  const position = new Map(order.map((i, at) => [i, at]));
  const { chosen, headed } = choose(model, ranked, position, ranking.focusFiles, budget);
  const headers = new Map<number, ObjectView["headers"]>();
  for (const file of new Set(chosen.slice(0, headed).map((d) => d.file))) headers.set(file, (await view(file))?.headers ?? []);
  const definitions: RankedMap["definitions"] = chosen.map((d, at) => {
    const row = all[d.file].symbols[d.symbol];
    const def: MapDefinition & { file: number } = { ...row, score: d.score, file: position.get(d.file)! };
    const symbol = at < headed ? headers.get(d.file)![d.symbol] : undefined;
    if (symbol && symbol.name === row.name) {
      def.signature = symbol.line;
      def.endLine = symbol.endLine;
    }
    return def;
  });
  const map: RankedMap = {
    totalLines: order.reduce((n, i) => n + all[i].lineCount, 0),
    focus: [...req.focus],
    files: order.map((i) => ({ path: all[i].path, lineCount: all[i].lineCount, symbolCount: all[i].symbols.length, score: scores[i], focus: focused[i] })),
    definitions,
  };
  return { map, complete };
}

/**
 * As many definitions (best first, outside the focus files, of the files shown) as the budget
 * could show as bare names; `headed`: how many of the first could show with a header, were
 * every header its bare name.
 */
function choose(model: MapModel, ranked: RankedDefinition[], position: Map<number, number>, focusFiles: Set<number>, budget: number): { chosen: RankedDefinition[]; headed: number } {
  const chosen: RankedDefinition[] = [];
  let chars = 0;
  let headed = 0;
  for (const d of ranked) {
    if (!position.has(d.file) || focusFiles.has(d.file)) continue;
    chars += model.all[d.file].symbols[d.symbol].name.length + NAME_OVERHEAD;
    if (chars > budget) break;
    if (headed === chosen.length && chars + (headed + 1) * LINE_OVERHEAD <= budget) headed++;
    chosen.push(d);
  }
  return { chosen, headed };
}

/**
 * The map and its entries frozen: a kept map is shared by every caller asking its question, and
 * render/digest/ranked.ts keeps the text of a frozen one. Its two long lists are left as they
 * are (freezing a large array makes JSC copy it into a slower form); nothing changes them.
 */
function frozen(map: RankedMap): RankedMap {
  for (const f of map.files) Object.freeze(f);
  for (const d of map.definitions) Object.freeze(d);
  Object.freeze(map.focus);
  return Object.freeze(map);
}

export interface DigestRequest extends MapRequest {
  /** Whether the flat map shows every file's top-level names within the budget (render/digest/flat.ts). */
  flatFits: (files: DigestFile[]) => boolean;
}

/** What `digest` answers: the flat map when it fits whole and no focus is asked, else the ranked map too. */
export interface DigestAnswer {
  files: DigestFile[];
  map?: RankedMap;
}

/** `digest`: an input error when no file is admitted. */
export async function digest(index: Pick<SymbolIndex, "keys" | "loadNames" | "loadRefs" | "entryFor">, req: DigestRequest): Promise<DigestAnswer | undefined> {
  const history = startHistory(req);
  const named = namesModel(index);
  const files = admitted(named, req.keep);
  if (!files.length) return undefined;
  if (!req.focus.length && req.flatFits(files)) return { files };
  return { files, map: await mapOf(index, named, req, history) };
}
