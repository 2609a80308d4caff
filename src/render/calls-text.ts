// Call chains and callers as text within a token budget, the same for the CLI's `calls` /
// `callers` and the MCP get_calls / get_callers.
import type { CallChain, Callers, CallStep, Resolved } from "../core/calls/types.ts";
import { printable, quoteName, quotePath } from "../core/text/quote.ts";
import { estimateTokens } from "../core/text/tokens.ts";

function where(r: Resolved): string {
  if (!r.target) return r.module ? `[${r.resolution}: ${printable(r.module)}, not in the workspace]` : `[${r.resolution}]`;
  const s = r.target.symbol;
  const count = r.resolution === "name-match" && (r.candidates ?? 0) > 1 ? ` 1 of ${r.candidates}` : "";
  return `-> ${quotePath(r.target.path)}:${s.startLine}-${s.endLine} ${quoteName(s.qualifiedName)} [${r.resolution}${count}]`;
}

export function renderCallChainText(chain: CallChain, maxTokens: number): string {
  const s = chain.root.symbol;
  const head = `calls from ${quotePath(chain.root.path)}:${s.startLine}-${s.endLine} ${quoteName(s.qualifiedName)} (depth ${chain.depth}; same-file, import, name-match = by name only, not type-checked)`;
  const lines: string[] = [];
  const walk = (steps: CallStep[], indent: string) => {
    for (const st of steps) {
      lines.push(`${indent}${printable(st.callee)} @${st.lines.join(",")} ${where(st.resolved)}${st.seen ? " (seen)" : ""}`);
      if (st.children) walk(st.children, indent + "  ");
      if (st.elided) lines.push(`${indent}  … ${st.elided} more callees`);
    }
  };
  walk(chain.steps, "  ");
  if (chain.elided) lines.push(`  … ${chain.elided} more callees`);
  return fitBudget(head, lines, maxTokens, "lower --depth or raise --max-tokens");
}

/** The callers, and a note when there are none (the CLI writes it to stderr, the MCP answer ends with it). */
export function renderCallersText(callers: Callers, maxTokens: number): { text: string; notes: string[] } {
  const { name, groups } = callers;
  const notes = groups.length ? [] : [`no calls to \`${name}\` found${callers.within !== undefined ? ` under ${callers.within}` : ""} (callers match call sites by name; a call through a variable or reflection is not seen)`];
  return { text: callersText(name, groups, maxTokens), notes };
}

function callersText(name: string, groups: Callers["groups"], maxTokens: number): string {
  const sites = groups.reduce((n, g) => n + g.sites.length, 0);
  const nameOnly = groups.filter((g) => g.resolution === "name-match").length;
  const head = `callers of \`${printable(name)}\`: ${sites} call site${sites === 1 ? "" : "s"} in ${groups.length} symbol${groups.length === 1 ? "" : "s"}` +
    (nameOnly ? ` (${nameOnly} matched by name only: the receiver's type is not checked)` : "");
  const lines: string[] = [];
  let lastPath = "";
  for (const g of groups) {
    if (g.path !== lastPath) lines.push(quotePath(g.path));
    lastPath = g.path;
    const owner = g.symbol ? `${g.symbol.startLine}-${g.symbol.endLine} ${quoteName(g.symbol.qualifiedName)} (${g.symbol.kind})` : "(module level)";
    const byCallee = new Map<string, number[]>();
    for (const s of g.sites) byCallee.set(s.callee, [...(byCallee.get(s.callee) ?? []), s.line]);
    lines.push(`  ${owner}: ${[...byCallee].map(([c, ls]) => `${printable(c)}@${ls.join(",")}`).join(" ")} [${g.resolution}]`);
  }
  return fitBudget(head, lines, maxTokens, "narrow with --path or raise --max-tokens");
}

function fitBudget(head: string, lines: string[], maxTokens: number, hint: string): string {
  let used = estimateTokens(head) + 1;
  const out = [head];
  for (let i = 0; i < lines.length; i++) {
    const cost = estimateTokens(lines[i]) + 1;
    if (used + cost > maxTokens) {
      out.push(`… ${lines.length - i} more lines cut by the ${maxTokens}-token budget (${hint})`);
      break;
    }
    used += cost;
    out.push(lines[i]);
  }
  return out.join("\n") + "\n";
}
