// The skeleton as text: one line a branch, indented by nesting, guard clauses folded into one
// line, then each callee once with the line of its first call.
//
//   # src/orders.py:10-120 Orders.process (method, 111 lines, skeleton, sha256:4cedf6ffe0fc)
//   def process(self, order)  — Ship one order.
//     12-20 if order.paid
//       14-18 for item in order.items  [+2 nested]
//     21-40 else
//   exits: raise@11,44 return@46
//   calls: self.validate@12 ship@15 log.info@41 (+3)
//   drill: if@12 | call:<name>
//
// Every part is capped so that a skeleton stays a fraction of its body; text.ts shows
// the full text instead when it would not be.
import type { Skeleton, SkeletonBranch } from "../../core/skeleton/skeleton.ts";
import type { TextBlock } from "../../core/symbols/view.ts";
import { cutText, printable, quoteName } from "../../core/text/quote.ts";
import { symbolHeader } from "./header.ts";

/**
 * Branches nested deeper than the shown depth are counted on their parent's line, not listed
 * (drill shows them). The depth is the deepest (up to this) whose lines fit the budget.
 */
export const SKELETON_MAX_DEPTH = 3;
const decoder = new TextDecoder();
/** Branch lines a skeleton may list: one per this many lines of body, at least MIN_BRANCH_LINES. */
const LINES_PER_BRANCH_LINE = 12;
const MIN_BRANCH_LINES = 6;
/** Longest condition text shown (`if a and b and …`). */
const MAX_HEADER = 48;
const MAX_DOC = 80;
/** Callees listed; the rest are counted. */
const MAX_CALLS = 10;

export interface SkeletonTextOptions {
  /** Deepest nesting listed; by default the deepest that fits the budget. */
  maxDepth?: number;
  /** Guards as `exits:` line numbers (default true); false lists them as branches. */
  foldExits?: boolean;
  /** More parts for the header line (the symbol's hash, what it changed since). */
  headerParts?: string[];
  /** A focused read: these lines are shown in full (`12| text`), in place of the branches they hold. */
  focus?: { terms: string[]; blocks: TextBlock[] };
}

export function renderSkeletonText(sk: Skeleton, path: string, hash: string, options: SkeletonTextOptions = {}): string {
  let maxDepth = options.maxDepth;
  const foldExits = options.foldExits ?? true;
  if (maxDepth === undefined) {
    const budget = Math.max(MIN_BRANCH_LINES, Math.floor(sk.lineCount / LINES_PER_BRANCH_LINE));
    maxDepth = SKELETON_MAX_DEPTH;
    while (maxDepth > 1 && sk.branches.filter((b) => b.depth < maxDepth!).length > budget) maxDepth--;
  }
  const s = sk.symbol;
  const focus = options.focus;
  const shownWhole = (line: number) => !!focus?.blocks.some((b) => b.startLine <= line && line <= b.endLine);
  const out: string[] = [];
  out.push(symbolHeader(path, s.startLine, s.endLine, quoteName(s.qualifiedName), [s.kind, `${sk.lineCount} lines`, "skeleton", ...(focus ? [`focus: ${cap(focus.terms.join(" "), MAX_HEADER)}`] : []), ...(options.headerParts ?? [])], hash).slice(0, -1));
  out.push(signature(s.signature) + (s.doc ? `  — ${cap(s.doc, MAX_DOC)}` : ""));

  const events: { line: number; text: string }[] = [];
  const exits = new Map<string, number[]>();
  sk.branches.forEach((b, i) => {
    if (b.depth >= maxDepth || shownWhole(b.startLine)) return;
    // A guard (its body one return / raise / continue) is a line number, not a line.
    if (foldExits && b.exit && !hasInner(sk.branches, i)) {
      const at = exits.get(b.exit) ?? [];
      at.push(b.startLine);
      exits.set(b.exit, at);
      return;
    }
    const hidden = b.depth === maxDepth - 1 ? countInner(sk.branches, i) : 0;
    const more = hidden ? `  [+${hidden} nested]` : "";
    events.push({ line: b.startLine, text: `${"  ".repeat(b.depth + 1)}${range(b.startLine, b.endLine)} ${cap(b.header, MAX_HEADER)}${more}` });
  });
  for (const b of focus?.blocks ?? []) events.push({ line: b.startLine, text: numbered(b) });
  for (const n of sk.nested) if (!shownWhole(n.startLine)) events.push({ line: n.startLine, text: `  ${range(n.startLine, n.endLine)} ${signature(n.signature)} [nested ${n.kind}]` });
  events.sort((a, b) => a.line - b.line);
  for (const e of events) out.push(e.text);
  if (exits.size) out.push(`exits: ${[...exits].map(([kind, lines]) => `${kind}@${lines.join(",")}`).join(" ")}`);

  if (sk.calls.length) {
    // Each callee once, at its first call; `f(x).get` and `", ".join` read as `.get`, `.join`.
    const first = new Map<string, number>();
    for (const c of sk.calls) {
      const shown = /[("'`\[]/.test(c.callee) ? `.${c.name}` : c.callee;
      if (!first.has(shown)) first.set(shown, c.line);
    }
    const listed = [...first].slice(0, MAX_CALLS).map(([callee, line]) => `${callee}@${line}`);
    const rest = first.size - listed.length;
    out.push(`calls: ${printable(listed.join(" "))}${rest > 0 ? ` (+${rest})` : ""}`);
  }
  if (sk.branches.length || sk.calls.length) {
    const example = sk.branches[0]?.label ?? sk.calls[0].label;
    out.push(`drill: ${printable(example)} | call:<name>`);
  }
  return out.join("\n") + "\n";
}

/** A block's lines as `12| text`, the file's own indentation kept. */
function numbered(b: TextBlock): string {
  const lines = decoder.decode(b.text).replace(/\r?\n$/, "").split(/\r?\n/);
  return lines.map((l, i) => `${b.startLine + i}| ${l.split("\t").map(printable).join("\t")}`).join("\n");
}

function countInner(all: SkeletonBranch[], i: number): number {
  let n = 0;
  for (let j = i + 1; j < all.length && all[j].from < all[i].to; j++) n++;
  return n;
}

function hasInner(all: SkeletonBranch[], i: number): boolean {
  return i + 1 < all.length && all[i + 1].from < all[i].to;
}

/** `def f(x): # why` -> `def f(x)`: a comment after the colon is not the signature. */
function signature(sig: string): string {
  return printable(sig.replace(/:\s+#.*$/, ""));
}

/** Source text (a condition, a doc) cut to `max` and made printable. */
function cap(s: string, max: number): string {
  return printable(cutText(s, max));
}

function range(a: number, b: number): string {
  return a === b ? `${a}` : `${a}-${b}`;
}
