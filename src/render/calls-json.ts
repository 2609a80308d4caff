// `calls --format json` and `callers --format json`: the whole chain or every call site, as data
// (the text is cut to --max-tokens; machine output is complete). A symbol is named by its place
// and signature, not with its members.
import type { CallChain, Callers, CallStep, Resolved } from "../core/calls/types.ts";
import type { OutlineSymbol } from "../core/types.ts";
import { toJson } from "../core/text/quote.ts";

const symbolRef = (s: OutlineSymbol) => ({ kind: s.kind, qualifiedName: s.qualifiedName, startLine: s.startLine, endLine: s.endLine, signature: s.signature });

function resolution(r: Resolved) {
  return {
    resolution: r.resolution,
    ...(r.target ? { path: r.target.path, ...symbolRef(r.target.symbol) } : {}),
    ...(r.module ? { module: r.module } : {}),
    ...(r.candidates ? { candidates: r.candidates } : {}),
  };
}

function step(s: CallStep): Record<string, unknown> {
  return {
    callee: s.callee,
    lines: s.lines,
    ...resolution(s.resolved),
    ...(s.seen ? { seen: true } : {}),
    ...(s.children ? { calls: s.children.map(step) } : {}),
    ...(s.elided ? { elided: s.elided } : {}),
  };
}

export function renderCallChainJson(chain: CallChain): string {
  return toJson({ path: chain.root.path, symbol: symbolRef(chain.root.symbol), depth: chain.depth, calls: chain.steps.map(step), ...(chain.elided ? { elided: chain.elided } : {}) }, 2) + "\n";
}

export function renderCallersJson(callers: Callers): string {
  return toJson({
    name: callers.name,
    ...(callers.within !== undefined ? { within: callers.within } : {}),
    groups: callers.groups.map((g) => ({ path: g.path, symbol: g.symbol ? symbolRef(g.symbol) : null, resolution: g.resolution, sites: g.sites })),
  }, 2) + "\n";
}
