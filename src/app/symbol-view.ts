// One symbol, read three ways: full text, skeleton (branches and calls, bodies elided), or a
// drill into one branch or one call's target. Shared by `symbol` and the MCP `get_symbol`.
import { OutlineError } from "../core/errors.ts";
import { resolveSymbol } from "../core/symbols/find.ts";
import { LineIndex, decodeSource } from "../core/text/lines.ts";
import { printable, quoteName, quotePath } from "../core/text/quote.ts";
import type { OutlineSymbol } from "../core/types.ts";
import { buildSkeleton, findDrill } from "../core/skeleton/skeleton.ts";
import { outerNames, scanScope, symbolChain, type OuterName } from "../core/skeleton/free-names.ts";
import { REGISTRY } from "../core/languages/registry.ts";
import { renderSkeletonText } from "../render/skeleton-text.ts";
import { HASH_PREFIX } from "../render/outline-text.ts";
import { symbolBlock } from "./read-symbol.ts";
import { callResolver } from "./calls.ts";
import type { ParsedFile, RepoSymbols } from "./repo-symbols.ts";

export type SymbolMode = "full" | "skeleton" | "drill";

/** The MCP default: skeleton above this many lines, full text up to it. */
export const SKELETON_OVER_LINES = 80;

const decoder = new TextDecoder();

export function findOne(file: ParsedFile, name: string): OutlineSymbol {
  const r = resolveSymbol(file.outline.symbols, name);
  const path = quotePath(file.outline.path);
  if (r.status === "found") return r.symbols[0];
  if (r.status === "ambiguous") {
    throw new OutlineError("not-found", `\`${printable(name)}\` matches ${r.candidates.length} symbols in ${path}: ${r.candidates.map((c) => `${quoteName(c.qualifiedName)}@${c.startLine}`).join(", ")}`, "name one by its qualified name");
  }
  const hint = r.suggestions.length ? `did you mean: ${r.suggestions.map((s) => quoteName(s.qualifiedName)).join(", ")}` : `the outline of ${path} lists its symbols`;
  throw new OutlineError("not-found", `no symbol \`${printable(name)}\` in ${path}`, hint);
}

const scopeCache = new WeakMap<ParsedFile, ReturnType<typeof scanScope>>();

export async function outerNamesOf(file: ParsedFile, symbol: OutlineSymbol): Promise<OuterName[]> {
  const chain = symbolChain(file.outline.symbols, symbol);
  if (!chain || chain.length < 2) return [];
  // The language the outline was made in: one decision per file.
  const language = REGISTRY.byId.get(file.outline.language);
  if (!language) return [];
  // Only a function inside a function has outer names: skip the parse for methods and the like.
  if (!chain.slice(0, -1).some((s) => s.kind === "function" || s.kind === "method" || s.kind === "constructor")) return [];
  let scope = scopeCache.get(file);
  if (!scope) {
    scope = scanScope(decodeSource(file.file.bytes), language);
    scopeCache.set(file, scope);
  }
  const scanned = await scope;
  return scanned ? outerNames(chain, scanned) : [];
}

export function renderOuterNames(names: OuterName[]): string {
  if (!names.length) return "";
  return `# uses from enclosing scope: ${names.map((n) => `${quoteName(n.name)} (${quoteName(n.in)}:${n.line})`).join(", ")}\n`;
}

/** A skeleton must save at least this share of the body's text, else the full text is shown. */
export const SKELETON_MIN_SAVING = 0.3;

export async function fullText(file: ParsedFile, symbol: OutlineSymbol, note = ""): Promise<string> {
  const b = symbolBlock(symbol, new LineIndex(file.file.bytes));
  let text = decoder.decode(b.text);
  if (!text.endsWith("\n")) text += "\n";
  const head = `# ${quotePath(file.outline.path)}:${b.startLine}-${b.endLine} ${quoteName(symbol.qualifiedName)} (${symbol.kind}${symbol.truncated ? ", truncated" : ""}${note}, sha256:${file.outline.hash.slice(0, HASH_PREFIX)})\n`;
  return head + renderOuterNames(await outerNamesOf(file, symbol)) + text;
}

/**
 * The skeleton, or the full text (marked so) when the skeleton would not be clearly shorter:
 * a short or flat body says more than its outline.
 */
export async function skeletonText(file: ParsedFile, symbol: OutlineSymbol): Promise<string> {
  if (!file.scan) {
    throw new OutlineError("input", `no skeleton query for ${file.outline.language} yet`, "read the full text instead (mode full / without --skeleton)");
  }
  const skeleton = renderSkeletonText(buildSkeleton(symbol, file.scan), file.outline.path, file.outline.hash);
  const full = await fullText(file, symbol, ", full text: a skeleton would not be shorter");
  return skeleton.length <= (1 - SKELETON_MIN_SAVING) * full.length ? skeleton : full;
}

/**
 * What get_symbol returns without a mode: the skeleton for a long symbol (when it saves
 * enough; see skeletonText), the full text for a short one.
 */
export async function defaultSymbolText(file: ParsedFile, symbol: OutlineSymbol): Promise<string> {
  const lines = symbol.endLine - symbol.startLine + 1;
  return lines > SKELETON_OVER_LINES && file.scan ? skeletonText(file, symbol) : fullText(file, symbol);
}

export async function drillText(repo: RepoSymbols, file: ParsedFile, symbol: OutlineSymbol, label: string): Promise<string> {
  if (!file.scan) throw new OutlineError("input", `no skeleton query for ${file.outline.language} yet`, "read the full text instead");
  const sk = buildSkeleton(symbol, file.scan);
  const target = findDrill(sk, label);
  const path = file.outline.path;
  if (target.type === "missing") {
    const some = target.labels.slice(0, 12).join(", ");
    throw new OutlineError("not-found", `no drill label \`${printable(label)}\` in ${quoteName(symbol.qualifiedName)}`, some ? `labels: ${printable(some)}${target.labels.length > 12 ? ", …" : ""}` : "it has no branches or calls");
  }
  if (target.type === "branch") {
    const b = target.branch;
    const index = new LineIndex(file.file.bytes);
    let text = decoder.decode(index.slice(b.startLine, b.endLine));
    if (!text.endsWith("\n")) text += "\n";
    return `# ${quotePath(path)}:${b.startLine}-${b.endLine} ${quoteName(symbol.qualifiedName)} ${printable(b.label)} (sha256:${file.outline.hash.slice(0, HASH_PREFIX)})\n${text}`;
  }
  const call = target.call;
  const r = await callResolver(repo).resolve({ path, file, symbol }, call);
  if (!r.target) {
    const why = r.module ? `imported from ${printable(r.module)}, which is not in the workspace` : "no definition of that name found";
    throw new OutlineError("not-found", `cannot resolve ${printable(call.callee)} (line ${call.line}): ${why}`, "search_symbols / `search` may find it by another name");
  }
  const targetFile = await repo.parsed(r.target.path);
  const note = `# ${printable(call.callee)}@${call.line} resolves by ${r.resolution}${r.resolution === "name-match" ? ` (by name only${(r.candidates ?? 0) > 1 ? `, 1 of ${r.candidates}` : ""})` : ""}\n`;
  return note + (await defaultSymbolText(targetFile, r.target.symbol));
}
