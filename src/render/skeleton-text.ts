// The skeleton as text: one line a branch, indented by nesting, then the calls grouped by callee.
//
//   # src/orders.py:10-120 Orders.process (method, 111 lines, skeleton, sha256:4cedf6ffe0fc)
//   def process(self, order)
//     12-20 if order.paid
//       14-18 for item in order.items
//     21-40 else
//   calls: self.validate@12 ship@15,33 log.info@41
import type { Skeleton } from "../core/skeleton/skeleton.ts";
import { HASH_PREFIX } from "./outline-text.ts";

/** Branches nested deeper than this are counted on their parent's line, not listed (drill shows them). */
export const SKELETON_MAX_DEPTH = 2;

export function renderSkeletonText(sk: Skeleton, path: string, hash: string, maxDepth = SKELETON_MAX_DEPTH): string {
  const s = sk.symbol;
  const out: string[] = [];
  out.push(`# ${path}:${s.startLine}-${s.endLine} ${s.qualifiedName} (${s.kind}, ${sk.lineCount} lines, skeleton, sha256:${hash.slice(0, HASH_PREFIX)})`);
  out.push(s.signature + (s.doc ? `  — ${s.doc}` : ""));
  const events: { line: number; text: string }[] = [];
  sk.branches.forEach((b, i) => {
    if (b.depth >= maxDepth) return;
    let hidden = 0;
    if (b.depth === maxDepth - 1) for (let j = i + 1; j < sk.branches.length && sk.branches[j].from < b.to; j++) hidden++;
    const more = hidden ? `  [+${hidden} nested, drill ${b.label}]` : "";
    events.push({ line: b.startLine, text: `${"  ".repeat(b.depth + 1)}${range(b.startLine, b.endLine)} ${b.header}${more}` });
  });
  for (const n of sk.nested) events.push({ line: n.startLine, text: `  ${range(n.startLine, n.endLine)} ${n.signature} [nested ${n.kind}]` });
  events.sort((a, b) => a.line - b.line);
  for (const e of events) out.push(e.text);
  if (sk.calls.length) {
    const byCallee = new Map<string, number[]>();
    for (const c of sk.calls) {
      const lines = byCallee.get(c.callee) ?? [];
      if (!lines.includes(c.line)) lines.push(c.line);
      byCallee.set(c.callee, lines);
    }
    out.push(`calls: ${[...byCallee].map(([callee, lines]) => `${callee}@${lines.join(",")}`).join(" ")}`);
  }
  if (sk.branches.length || sk.calls.length) {
    const example = sk.branches[0]?.label ?? sk.calls[0].label;
    out.push(`drill labels: ${example} | <kind>@<line> | call:<name>[@line] | <n>-th branch`);
  }
  return out.join("\n") + "\n";
}

function range(a: number, b: number): string {
  return a === b ? `${a}` : `${a}-${b}`;
}
