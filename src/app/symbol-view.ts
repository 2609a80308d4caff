// One symbol, read three ways: full text, skeleton (branches and calls, bodies elided), or a
// drill into one branch or one call's target. Returns data (core/symbols/view.ts), shared by the
// CLI's `symbol` and the MCP `get_symbol`; render/symbol/text.ts prints it. The skeleton code,
// the scope scan and the call resolver (and through them the parser) load when a view needs
// them: the full text of a symbol from the cache parses nothing (unless it is a function inside
// a function, whose outer names need the scope scan).
import { OutlineError, inputError, notFoundError, usageError } from "../core/errors.ts";
import { resolveSymbol, symbolChain } from "../core/symbols/find.ts";
import type { FileRef, FullView, SkeletonView, SymbolLookup, SymbolView, TextBlock } from "../core/symbols/view.ts";
import { LineIndex, decodeSource } from "../core/text/lines.ts";
import { printable, quoteName, quotePath } from "../core/text/quote.ts";
import type { FileOutline, OutlineSymbol } from "../core/types.ts";
import type { OuterName, ScopeScan } from "../core/skeleton/free-names.ts";
import { REGISTRY } from "../core/languages/registry.ts";
import { freshness, symbolHash } from "./symbol-hash.ts";
import type { GivenHash } from "./region.ts";
import type { OutlinedFile } from "./outline-file.ts";
import type { ParsedFile, RepoSymbols } from "./repo-symbols.ts";

export type SymbolMode = "full" | "skeleton" | "drill";

/** Without a mode (MCP): a skeleton above this many lines, the full text up to it. */
export const SKELETON_OVER_LINES = 80;

export function fileRef(file: OutlinedFile): FileRef {
  return { path: file.outline.path, language: file.outline.language, hash: file.outline.hash };
}

/** The one symbol `name` names in the file; a not-found error (with candidates or suggestions) otherwise. */
export function findOne(file: { outline: Pick<FileOutline, "path" | "symbols"> }, name: string): OutlineSymbol {
  const r = resolveSymbol(file.outline.symbols, name);
  const path = quotePath(file.outline.path);
  // One name, several definitions (a C prototype and the function, TS overloads and the
  // implementation, a property's getter and setter): the first with a body.
  if (r.status === "found") return r.symbols.find((s) => !s.declaration) ?? r.symbols[0];
  if (r.status === "ambiguous") throw new OutlineError({ kind: "ambiguous-symbol", name, file: path, candidates: r.candidates.map((c) => ({ qualifiedName: c.qualifiedName, startLine: c.startLine })) });
  throw new OutlineError({ kind: "no-symbol", name, file: path, suggestions: r.suggestions.map((s) => s.qualifiedName) });
}

/** Each name looked up (the CLI's `symbol` takes several): found (full views), ambiguous or missing. */
export async function lookupSymbols(file: OutlinedFile, names: string[]): Promise<SymbolLookup[]> {
  const index = new LineIndex(file.file.bytes);
  const out: SymbolLookup[] = [];
  for (const query of names) {
    const r = resolveSymbol(file.outline.symbols, query);
    if (r.status === "ambiguous") out.push({ query, status: "ambiguous", candidates: r.candidates });
    else if (r.status === "missing") out.push({ query, status: "missing", suggestions: r.suggestions });
    else {
      const views: FullView[] = [];
      for (const s of r.symbols) views.push(await fullView(file, s, index));
      out.push({ query, status: "found", views });
    }
  }
  return out;
}

const scopeCache = new WeakMap<OutlinedFile, Promise<ScopeScan | undefined>>();

async function outerNamesOf(file: OutlinedFile, symbol: OutlineSymbol): Promise<OuterName[]> {
  const chain = symbolChain(file.outline.symbols, symbol);
  if (!chain || chain.length < 2) return [];
  // The language the outline was made in: one decision per file.
  const language = REGISTRY.byId.get(file.outline.language);
  if (!language) return [];
  // Only a function inside a function has outer names: skip the parse for methods and the like.
  if (!chain.slice(0, -1).some((s) => s.kind === "function" || s.kind === "method" || s.kind === "constructor")) return [];
  const { outerNames, scanScope } = await import("../core/skeleton/free-names.ts");
  let scope = scopeCache.get(file);
  if (!scope) {
    scope = scanScope(decodeSource(file.file.bytes), language);
    scopeCache.set(file, scope);
  }
  const scanned = await scope;
  return scanned ? outerNames(chain, scanned) : [];
}

/** Lines `start`..`end` of the file. */
function block(index: LineIndex, startLine: number, endLine: number): TextBlock {
  return { startLine, endLine, text: index.slice(startLine, endLine) };
}

/** The symbol's exact text, from its leading doc comment (if any) to its last line. */
export async function fullView(file: OutlinedFile, symbol: OutlineSymbol, index = new LineIndex(file.file.bytes)): Promise<FullView> {
  return { kind: "full", file: fileRef(file), symbol, block: block(index, symbol.docStartLine ?? symbol.startLine, symbol.endLine), outerNames: await outerNamesOf(file, symbol), symbolHash: symbolHash(index, symbol) };
}

function requireScan(file: ParsedFile): NonNullable<ParsedFile["scan"]> {
  if (!file.scan) throw inputError(`no skeleton query for ${file.outline.language} yet`, "read the full text instead (mode full / without --skeleton)");
  return file.scan;
}

/** With `focus` (words of a task): the branches and lines that mention them are shown in full. */
export async function skeletonView(file: ParsedFile, symbol: OutlineSymbol, focus?: string): Promise<SkeletonView> {
  const { buildSkeleton } = await import("../core/skeleton/skeleton.ts");
  const skeleton = buildSkeleton(symbol, requireScan(file));
  const view: SkeletonView = { kind: "skeleton", file: fileRef(file), skeleton, full: await fullView(file, symbol) };
  if (focus !== undefined) {
    const { focusRanges, focusTerms } = await import("../core/skeleton/focus.ts");
    const terms = focusTerms(focus);
    if (!terms.length) throw usageError("focus has no word of 2+ characters", "give the words of the task, e.g. \"retry timeout\"");
    const index = new LineIndex(file.file.bytes);
    const lines = decodeSource(index.slice(symbol.startLine, symbol.endLine)).split("\n");
    const ranges = focusRanges(skeleton, lines, symbol.startLine, terms);
    view.focus = { terms, blocks: ranges.map((r) => block(index, r.startLine, r.endLine)) };
  }
  return view;
}

/** Without a mode: the skeleton of a long symbol (when its language has one), the full text of a short one. */
export async function defaultView(file: ParsedFile, symbol: OutlineSymbol): Promise<FullView | SkeletonView> {
  const lines = symbol.endLine - symbol.startLine + 1;
  return lines > SKELETON_OVER_LINES && file.scan ? skeletonView(file, symbol) : fullView(file, symbol);
}

/**
 * `mode` applied: the full text, the skeleton, the default by size, or (`drill`) one part named
 * by `label`. With `hash` (a symbol's or the file's hash from an earlier read): an unchanged
 * symbol (or one in a file whose hash is the one given) answers `unchanged` without its text; a
 * changed one its view, marked with the hash it changed since. A file hash that no longer
 * matches cannot tell whether this symbol changed: the text is given, marked so.
 */
export async function symbolView(repo: RepoSymbols, file: ParsedFile, symbol: OutlineSymbol, mode: SymbolMode | undefined, label?: string, hash?: GivenHash, focus?: string): Promise<SymbolView> {
  if (focus !== undefined && mode !== "drill" && mode !== "full" && hash === undefined) return skeletonView(file, symbol, focus);
  if (hash !== undefined && mode !== "drill") {
    const f = freshness(new LineIndex(file.file.bytes), symbol, hash.hex);
    // The file's hash still the file's: nothing in it changed, this symbol neither. Either
    // hash is taken whatever its prefix says (a symbol hash copied as `sha256:…` still works).
    if (f.unchanged || file.outline.hash.startsWith(hash.hex)) return { kind: "unchanged", file: fileRef(file), symbol, symbolHash: f.now };
    const view = await symbolView(repo, file, symbol, mode, undefined, undefined, focus);
    const since = `${hash.kind === "file" ? "sha256" : "symbol"}:${hash.hex}`;
    if (view.kind === "full") view.changedSince = since;
    else if (view.kind === "skeleton") view.full.changedSince = since;
    return view;
  }
  if (mode === "drill") {
    if (!label) throw usageError("mode drill needs a label", "take one from the skeleton: if@12, for@30, call:helper, or a branch number");
    return drillView(repo, file, symbol, label);
  }
  if (mode === "skeleton") return skeletonView(file, symbol);
  return mode === "full" ? fullView(file, symbol) : defaultView(file, symbol);
}

/** One branch's lines, or one call followed to the definition it resolves to (shown by its default view). */
export async function drillView(repo: RepoSymbols, file: ParsedFile, symbol: OutlineSymbol, label: string): Promise<SymbolView> {
  const { buildSkeleton, findDrill } = await import("../core/skeleton/skeleton.ts");
  const sk = buildSkeleton(symbol, requireScan(file));
  const target = findDrill(sk, label);
  if (target.type === "missing") {
    const some = target.labels.slice(0, 12).join(", ");
    throw notFoundError(`no drill label \`${printable(label)}\` in ${quoteName(symbol.qualifiedName)}`, some ? `labels: ${printable(some)}${target.labels.length > 12 ? ", …" : ""}` : "it has no branches or calls");
  }
  if (target.type === "branch") {
    const b = target.branch;
    return { kind: "branch", file: fileRef(file), symbol, branch: b, block: block(new LineIndex(file.file.bytes), b.startLine, b.endLine) };
  }
  const call = target.call;
  const { callResolver } = await import("./calls/resolver.ts");
  const resolved = await callResolver(repo).resolve({ path: file.outline.path, file, symbol }, call);
  if (!resolved.target) {
    const why = resolved.module ? `imported from ${printable(resolved.module)}, which is not in the workspace` : "no definition of that name found";
    throw notFoundError(`cannot resolve ${printable(call.callee)} (line ${call.line}): ${why}`, "search_symbols / `search` may find it by another name");
  }
  const targetFile = await repo.parsed(resolved.target.path);
  return { kind: "call", callee: call.callee, line: call.line, resolved, target: await defaultView(targetFile, resolved.target.symbol) };
}
