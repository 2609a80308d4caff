// One tree-sitter runtime per process; each grammar and query loaded lazily, once.
import { Parser, Language, Query, type Range, type Tree } from "web-tree-sitter";
import type { GrammarSource, LanguageSpec } from "../languages/registry.ts";
import { assets, outlineQuerySource, type QueryParts } from "./assets.ts";
import { patternRootTypes } from "./pattern-roots.ts";
import { cpuClock, parseLimitError, parseBudgetMs, parseLimits, pastParseBudget } from "./limits.ts";

let runtime: Promise<void> | undefined;
const languages = new Map<string, Promise<Language>>();
const queries = new Map<string, Promise<Query>>();

/**
 * The options handed to Parser.init. web-tree-sitter's emscripten module is this very object
 * (`var Module = moduleArg`) and keeps its current heap view on it as `HEAPU8`, replaced on
 * every growth: its length is the heap's size (test/robustness.test.ts checks that it is read).
 */
const wasmModule: { wasmBinary?: Uint8Array; HEAPU8?: Uint8Array } = {};

/** What trapped in this runtime, once a parse did (see bounded). */
let crashed: string | undefined;

export function initRuntime(): Promise<void> {
  if (!runtime) {
    wasmModule.wasmBinary = assets().runtimeWasm();
    runtime = Parser.init(wasmModule);
  }
  return runtime;
}

/** The WebAssembly heap's size in bytes (0 before the runtime is up). */
export function heapBytes(): number {
  return wasmModule.HEAPU8?.length ?? 0;
}

function grammarKey(g: GrammarSource) {
  return `${g.package}/${g.file}`;
}

export function loadGrammar(g: GrammarSource): Promise<Language> {
  const key = grammarKey(g);
  let lang = languages.get(key);
  if (!lang) {
    lang = initRuntime().then(() => Language.load(assets().grammarWasm(g)));
    languages.set(key, lang);
  }
  return lang;
}

/**
 * The compiled outline query of a language (shared by languages that share a query folder).
 * Compiling is a fixed cost of every cold run that parses (tree-sitter analyses each pattern
 * against the grammar), so a run compiles only the patterns it needs (`parts`).
 */
export function loadQuery(spec: LanguageSpec, parts: QueryParts = {}): Promise<Query> {
  const name = spec.query ?? spec.id;
  const imports = parts.imports ?? true;
  const key = `${grammarKey(spec.grammar)}#${name}${parts.definitions ? `/${parts.definitions}` : ""}${imports ? "" : "#definitions"}`;
  let q = queries.get(key);
  if (!q) {
    q = loadGrammar(spec.grammar).then((lang) => {
      const source = outlineQuerySource(name, { imports, definitions: parts.definitions });
      const query = new Query(lang, source);
      rootTypes.set(query, patternRootTypes(query, source, lang));
      return query;
    });
    queries.set(key, q);
  }
  return q;
}

const rootTypes = new WeakMap<Query, string[] | undefined>();

/**
 * The node types an outline query's patterns start at (see pattern-roots.ts), for running it
 * only at those nodes; undefined when it must run over the whole tree.
 */
export function queryRootTypes(query: Query): string[] | undefined {
  return rootTypes.get(query);
}

const parsers = new Map<string, Parser>();

/** The parser of a grammar, shared with parse(). */
function parserFor(lang: Language, key: string): Parser {
  let parser = parsers.get(key);
  if (!parser) {
    parser = new Parser();
    parser.setLanguage(lang);
    parsers.set(key, parser);
  }
  return parser;
}

/**
 * Parse text; the caller must `tree.delete()` in a finally (see withTree). With `oldTree` (an
 * older version's tree, already edited with Tree.edit to match `text`) tree-sitter reuses its
 * unchanged subtrees: `changed` parses the new side of a small diff in a fraction of the time.
 */
export async function parse(g: GrammarSource, text: string, oldTree?: Tree): Promise<Tree> {
  const lang = await loadGrammar(g);
  if (oldTree) {
    const tree = bounded(lang, grammarKey(g), text, oldTree);
    // Error recovery may take another path when it starts from an old tree: a tree with errors
    // is thrown away and the text parsed from scratch, so outlines stay those of a fresh parse.
    if (!tree.rootNode.hasError) return tree;
    tree.delete();
  }
  return bounded(lang, grammarKey(g), text);
}

/**
 * Parse, stopped when the heap grows past parseLimits.heapBytes or the parse outlasts its time
 * budget (parseBudgetMs, in time spent computing: pastParseBudget; the progress callback runs
 * every few hundred parser steps, a true return cancels). Only heap growth during this parse counts: the heap never shrinks, and what
 * an earlier, freed tree left is reused first.
 *
 * A grammar's code can trap (an external scanner writing past the serialization buffer on deep
 * nesting): that file fails with the reason. What the stray writes hit before the trap is not
 * known (later parses were seen to give wrong trees, trap elsewhere, or never return), so every
 * later parse in this runtime is refused with a reason rather than answered from it.
 */
function bounded(lang: Language, key: string, text: string, oldTree?: Tree, includedRanges?: Range[]): Tree {
  const parser = parserFor(lang, key);
  const limit = parseLimits.heapBytes;
  const before = heapBytes();
  const budget = parseBudgetMs(text.length);
  const started = performance.now();
  const cpuSpent = cpuClock();
  let stopped: "heap" | "time" | undefined;
  const progressCallback = () => {
    const now = heapBytes();
    if (now > limit && now > before) stopped = "heap";
    else if (pastParseBudget(performance.now() - started, cpuSpent, budget)) stopped = "time";
    return stopped !== undefined;
  };
  if (crashed !== undefined) throw parseLimitError(`not parsed: tree-sitter crashed earlier in this process on another file (${crashed}), and its memory is not trusted after that`);
  let tree: Tree | null;
  try {
    tree = parser.parse(text, oldTree ?? null, includedRanges ? { progressCallback, includedRanges } : { progressCallback });
  } catch (e) {
    if (!(e instanceof Error && e.name === "RuntimeError")) throw e; // a WebAssembly trap
    crashed = trapKind(e);
    parsers.delete(key);
    throw parseLimitError(`not parsed: the ${lang.name ?? "grammar"} parser crashed on this file (tree-sitter: ${crashed})`);
  }
  if (tree) return tree;
  parser.reset(); // the next parse starts afresh, not where this one stopped
  if (stopped === "heap") throw parseLimitError(`too large to parse: its syntax tree would take more than ${limit / 1024 / 1024} MiB`);
  if (stopped === "time") throw parseLimitError(`parse budget exceeded: not parsed in ${(budget / 1000).toFixed(1)} s (AST_OUTLINE_PARSE_BUDGET_MS raises it)`);
  throw new Error("tree-sitter returned no tree");
}

/** A trap's kind in words, without the engine's text around it (which quotes the runtime's JS). */
function trapKind(e: Error): string {
  const m = /^[A-Za-z ]+/.exec(e.message);
  return (m?.[0].trim() || "WebAssembly trap").toLowerCase();
}

/**
 * Parse only the text from `from` (at `start`, its 0-based row and column) to the end, as if all
 * before it were blank: the outline's resumption after a region error recovery could not read.
 * Node positions are those of the whole text. Parsing the range alone costs what the tail
 * costs (blanking the prefix made the parser scan it, and blanking it took as long again).
 */
export async function parseTail(g: GrammarSource, text: string, from: number, start: { row: number; column: number }): Promise<Tree> {
  const lang = await loadGrammar(g);
  const range = { startIndex: from, endIndex: text.length, startPosition: start, endPosition: endOf(text) };
  return bounded(lang, grammarKey(g), text, undefined, [range]);
}

/**
 * Parse only the text from `from` to `to` (each at the start of a line; `row` is from's 0-based
 * row), as if all else were blank: one piece of a file read in pieces (pieces.ts).
 */
export async function parsePiece(g: GrammarSource, text: string, from: number, to: number, row: number): Promise<Tree> {
  const lang = await loadGrammar(g);
  const end = endOf(text.slice(from, to));
  const range = { startIndex: from, endIndex: to, startPosition: { row, column: 0 }, endPosition: { row: row + end.row, column: end.column } };
  return bounded(lang, grammarKey(g), text, undefined, [range]);
}

/** The row and column just past the text's last character. */
function endOf(text: string): { row: number; column: number } {
  let row = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) row++;
  return { row, column: text.length - (text.lastIndexOf("\n") + 1) };
}

export async function withTree<T>(g: GrammarSource, text: string, use: (tree: Tree) => T | Promise<T>): Promise<T> {
  const tree = await parse(g, text);
  try {
    return await use(tree);
  } finally {
    tree.delete();
  }
}

const extraQueries = new Map<string, Promise<Query | undefined>>();

/**
 * Another query of a language's query folder (e.g. `skeleton.scm`), compiled lazily, once;
 * undefined when the language has no such file (the feature then says it is unsupported).
 */
export function loadQueryFile(spec: LanguageSpec, file: string): Promise<Query | undefined> {
  const folder = spec.query ?? spec.id;
  const key = `${grammarKey(spec.grammar)}#${folder}/${file}`;
  let q = extraQueries.get(key);
  if (!q) {
    const source = withInherited(folder, file, assets().queryFile(folder, file));
    q = source === undefined ? Promise.resolve(undefined) : loadGrammar(spec.grammar).then((lang) => new Query(lang, source));
    extraQueries.set(key, q);
  }
  return q;
}

/**
 * A query file whose first line is `; inherits: <folder>` starts with that folder's file of the
 * same name (nvim-treesitter's convention): TypeScript reuses JavaScript's skeleton patterns,
 * which name node types both grammars share.
 */
export function withInherited(folder: string, file: string, source: string | undefined, seen = new Set<string>()): string | undefined {
  const m = source === undefined ? null : /^; inherits: ([\w-]+)\s*$/m.exec(source.split("\n", 1)[0]);
  if (!m || seen.has(folder)) return source;
  seen.add(folder);
  const parent = withInherited(m[1], file, assets().queryFile(m[1], file), seen);
  if (parent === undefined) throw new Error(`grammars/${folder}/${file} inherits from ${m[1]}, which has no ${file}`);
  return `${parent}\n${source}`;
}
