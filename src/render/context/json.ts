// `context --format json`: the same selection as the text (fit.ts), as data.
import type { ContextCallee } from "../../core/context/types.ts";
import type { OutlineSymbol } from "../../core/types.ts";
import { toJson } from "../../core/text/quote.ts";
import type { FittedContext } from "./fit.ts";

const symbolFields = ({ children: _children, ...s }: OutlineSymbol) => s;

function callee(c: ContextCallee, signature: boolean) {
  const t = c.resolved.target;
  return {
    callee: c.callee, lines: c.lines, resolution: c.resolved.resolution,
    ...(t ? { path: t.path, qualifiedName: t.symbol.qualifiedName, kind: t.symbol.kind, startLine: t.symbol.startLine, endLine: t.symbol.endLine, ...(signature ? { signature: t.symbol.signature } : {}) } : {}),
    ...(c.resolved.module ? { module: c.resolved.module } : {}),
    ...(c.resolved.candidates ? { candidates: c.resolved.candidates } : {}),
  };
}

export function renderContextJson(f: FittedContext): string {
  const d = f.data;
  return toJson({
    path: d.target.path, language: d.full.file.language, hash: d.full.file.hash, symbol: { ...symbolFields(d.target.symbol), hash: d.full.symbolHash },
    maxTokens: f.maxTokens, view: f.view, text: f.body,
    callees: [...f.callees.map((c) => callee(c.callee, c.signature)), ...f.others.map((c) => callee(c, false))],
    types: f.types.map((t) => ({ uses: t.uses, resolution: t.resolution, path: t.target.path, ...symbolFields(t.target.symbol), ...(t.candidates ? { candidates: t.candidates } : {}) })),
    calledAs: d.calledAs,
    callers: f.callers,
    cut: { ...f.cut, ...(f.fullTokens !== undefined ? { fullTextTokens: f.fullTokens } : {}) },
  }, 2) + "\n";
}
