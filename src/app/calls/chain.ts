// The call chain from a symbol, depth-limited: each callee grouped with the lines it is called
// on and resolved (resolver.ts); a visited set cuts cycles.
import type { CallChain, CallStep, CallTarget } from "../../core/calls/types.ts";
import type { CallSite } from "../../core/skeleton/scan.ts";
import { callResolver } from "./resolver.ts";
import { parsedOrSkip, type RepoSymbols } from "../repo-symbols.ts";

export const MAX_CALL_CHILDREN = 40;

/** `maxChildren`: callees kept per step, the rest counted (`context` keeps them all: Infinity). */
export async function callChain(repo: RepoSymbols, root: CallTarget, depth: number, maxChildren = MAX_CALL_CHILDREN): Promise<CallChain> {
  const resolver = callResolver(repo);
  const visited = new Set<string>([key(root)]);

  const expand = async (at: CallTarget, level: number): Promise<{ steps: CallStep[]; elided?: number }> => {
    const file = await parsedOrSkip(repo, at.path);
    if (!file?.scan) return { steps: [] };
    const nested = at.symbol.children ?? [];
    const own = file.scan.calls.filter(
      (c) => c.line >= at.symbol.startLine && c.line <= at.symbol.endLine && !nested.some((n) => c.line >= n.startLine && c.line <= n.endLine),
    );
    // One step per callee expression, with every line it is called on.
    const grouped = new Map<string, { call: CallSite; lines: number[] }>();
    for (const c of own) {
      const g = grouped.get(c.callee);
      if (g) g.lines.push(c.line);
      else grouped.set(c.callee, { call: c, lines: [c.line] });
    }
    const groups = [...grouped.values()];
    const steps: CallStep[] = [];
    for (const { call, lines } of groups.slice(0, maxChildren)) {
      const resolved = await resolver.resolve({ path: at.path, file, symbol: at.symbol }, call);
      const step: CallStep = { callee: call.callee, lines, resolved };
      if (resolved.target) {
        const k = key(resolved.target);
        if (visited.has(k)) step.seen = true;
        else if (level < depth) {
          visited.add(k);
          const sub = await expand(resolved.target, level + 1);
          step.children = sub.steps;
          if (sub.elided) step.elided = sub.elided;
        }
      }
      steps.push(step);
    }
    return { steps, elided: groups.length > maxChildren ? groups.length - maxChildren : undefined };
  };

  const top = await expand(root, 1);
  return { root, depth, steps: top.steps, elided: top.elided };
}

function key(t: CallTarget): string {
  return `${t.path}#${t.symbol.qualifiedName}@${t.symbol.startLine}`;
}
