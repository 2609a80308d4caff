// `context` / get_context: one symbol with its neighbourhood, gathered in one question: its text
// and skeleton, every callee resolved through the call graph (calls/chain.ts, one level), the
// call sites of its name elsewhere that the resolver does not tie to another definition, and
// the type-like definitions it names (the same resolver, over type kinds). render/context/
// ranks and cuts it to the budget.
import { callChain, findCallers } from "../calls/index.ts";
import { callResolver, TYPE_KINDS } from "../calls/resolver.ts";
import { fullView, skeletonView } from "../symbol-view.ts";
import { parsedOrSkip, type ParsedFile, type RepoSymbols } from "../repo-symbols.ts";
import { namesUsed } from "../../core/context/names.ts";
import type { ContextCaller, ContextData, ContextType } from "../../core/context/types.ts";
import type { CallTarget, ResolutionKind } from "../../core/calls/types.ts";
import { flatten, symbolChain } from "../../core/symbols/find.ts";
import { REGISTRY } from "../../core/languages/registry.ts";
import { LineIndex, decodeSource } from "../../core/text/lines.ts";
import type { OutlineSymbol } from "../../core/types.ts";

/** Call sites kept, best ranked first; the rest are counted. */
export const MAX_CALLERS = 200;
/** Names looked up as types, most used first. */
const MAX_TYPE_NAMES = 40;
/** A caller's line is cut to this many characters. */
const MAX_CALL_LINE = 160;

export async function symbolContext(repo: RepoSymbols, file: ParsedFile, symbol: OutlineSymbol): Promise<ContextData> {
  const path = file.file.path;
  const target: CallTarget = { path, symbol };
  const full = await fullView(file, symbol);
  const skeleton = file.scan ? await skeletonView(file, symbol) : undefined;
  const chain = await callChain(repo, target, 1, Infinity);
  const callees = chain.steps.map((s) => ({ callee: s.callee, lines: s.lines, resolved: s.resolved }));
  // A constructor is called by its class's name, and a call resolves to the class.
  const owner = symbol.kind === "constructor" ? symbolChain(file.outline.symbols, symbol)?.at(-2) : undefined;
  const calledAs = owner?.name ?? symbol.name;
  const { callers, elided } = await callersOf(repo, target, calledAs, owner ? [target, { path, symbol: owner }] : [target]);
  const calleeNames = new Set(callees.map((c) => c.callee.split(/\.|::|->/).pop()!));
  const types = await typesNamed(repo, file, target, calleeNames);
  return { target, full, ...(skeleton ? { skeleton } : {}), callees, callers, callersElided: elided, calledAs, types };
}

const same = (a: CallTarget, b: CallTarget) => a.path === b.path && a.symbol.startLine === b.symbol.startLine && a.symbol.qualifiedName === b.symbol.qualifiedName;

const RESOLUTION_RANK: Record<ResolutionKind, number> = { "same-file": 0, import: 1, "receiver-type": 2, "name-match": 3, unresolved: 4 };

/**
 * The call sites of `name` outside the symbol: kept when the resolver ties them to this symbol,
 * or only matches them by name (they may be its calls); dropped when it ties them to another
 * definition or to a module outside the workspace.
 */
async function callersOf(repo: RepoSymbols, target: CallTarget, name: string, ties: CallTarget[]): Promise<{ callers: ContextCaller[]; elided: number }> {
  const tied = (t: CallTarget) => ties.some((x) => same(x, t));
  const resolver = callResolver(repo);
  const found = await findCallers(repo, name);
  const out: ContextCaller[] = [];
  for (const g of found.groups) {
    const parsed = await parsedOrSkip(repo, g.path);
    if (!parsed) continue;
    const lines = new LineIndex(parsed.file.bytes);
    for (const site of g.sites) {
      if (g.path === target.path && site.line >= target.symbol.startLine && site.line <= target.symbol.endLine) continue;
      const r = await resolver.resolve({ path: g.path, file: parsed, symbol: g.symbol }, { callee: site.callee, name, line: site.line, from: 0 });
      if (r.resolution === "unresolved" || !r.target) continue;
      if (r.resolution !== "name-match" && !tied(r.target)) continue;
      const text = decodeSource(lines.slice(site.line, site.line)).trim();
      out.push({
        path: g.path, line: site.line, text: text.length > MAX_CALL_LINE ? `${text.slice(0, MAX_CALL_LINE - 1)}…` : text,
        ...(g.symbol ? { in: g.symbol.qualifiedName } : {}),
        resolution: tied(r.target) ? r.resolution : "name-match",
      });
    }
  }
  const dir = (p: string) => p.slice(0, p.lastIndexOf("/") + 1);
  const nearness = (p: string) => (p === target.path ? 0 : dir(p) === dir(target.path) ? 1 : 2);
  out.sort((a, b) => RESOLUTION_RANK[a.resolution] - RESOLUTION_RANK[b.resolution] || nearness(a.path) - nearness(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line));
  return { callers: out.slice(0, MAX_CALLERS), elided: Math.max(0, out.length - MAX_CALLERS) };
}

/** The type-like definitions the symbol names (not those it only calls: they are callees), tied ones first, then by uses. */
async function typesNamed(repo: RepoSymbols, file: ParsedFile, target: CallTarget, calleeNames: Set<string>): Promise<ContextType[]> {
  const language = REGISTRY.byId.get(file.outline.language);
  if (!language) return [];
  const { symbol } = target;
  const used = await namesUsed(decodeSource(file.file.bytes), language, symbol.startLine, symbol.endLine);
  const own = new Set([symbol.name, ...flatten(symbol.children ?? []).map((s) => s.name)]);
  const names = [...used].filter(([n]) => !own.has(n) && !calleeNames.has(n)).sort((a, b) => b[1] - a[1]).slice(0, MAX_TYPE_NAMES);
  const resolver = callResolver(repo, TYPE_KINDS);
  const out: ContextType[] = [];
  const seen = new Set<string>();
  for (const [name, uses] of names) {
    const r = await resolver.resolve({ path: target.path, file, symbol }, { callee: name, name, line: symbol.startLine, from: 0 });
    if (!r.target || r.resolution === "unresolved" || !TYPE_KINDS.has(r.target.symbol.kind) || same(r.target, target)) continue;
    const key = `${r.target.path}#${r.target.symbol.startLine}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ name, uses, target: r.target, resolution: r.resolution, ...(r.candidates ? { candidates: r.candidates } : {}) });
  }
  const tied = (t: ContextType) => (t.resolution === "name-match" ? 1 : 0);
  return out.sort((a, b) => tied(a) - tied(b) || b.uses - a.uses);
}
