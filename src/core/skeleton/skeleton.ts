// A symbol's skeleton: its signature, its branch structure (bodies elided), the calls it makes
// and its size, cut from the file's scan. Pure: outline + scan in, data out.
import type { OutlineSymbol } from "../types.ts";
import type { BranchSite, CallSite, FileScan } from "./scan.ts";

export interface SkeletonBranch extends BranchSite {
  /** Nesting among the symbol's branches (0 = directly in its body). */
  depth: number;
  /** `if@12`: what `--drill` takes. */
  label: string;
}

export interface SkeletonCall extends CallSite {
  label: string;
}

export interface Skeleton {
  symbol: OutlineSymbol;
  lineCount: number;
  branches: SkeletonBranch[];
  calls: SkeletonCall[];
  /** Definitions nested in the symbol: shown as one line each; their bodies are theirs. */
  nested: OutlineSymbol[];
}

export function buildSkeleton(symbol: OutlineSymbol, scan: FileScan): Skeleton {
  const nested = symbol.children ?? [];
  const own = (line: number) =>
    line >= symbol.startLine && line <= symbol.endLine && !nested.some((c) => line >= c.startLine && line <= c.endLine);

  const branches: SkeletonBranch[] = [];
  const open: BranchSite[] = [];
  const labels = new Map<string, number>();
  for (const b of scan.branches) {
    if (!own(b.startLine)) continue;
    while (open.length && b.from >= open[open.length - 1].to) open.pop();
    branches.push({ ...b, depth: open.length, label: uniqueLabel(`${b.kind}@${b.startLine}`, labels) });
    open.push(b);
  }
  const calls = scan.calls
    .filter((c) => own(c.line))
    .map((c) => ({ ...c, label: uniqueLabel(`call:${c.name}@${c.line}`, labels) }));
  return { symbol, lineCount: symbol.endLine - symbol.startLine + 1, branches, calls, nested };
}

/** Two `if`s on one line: `if@3`, `if@3.2`. */
function uniqueLabel(label: string, seen: Map<string, number>): string {
  const n = (seen.get(label) ?? 0) + 1;
  seen.set(label, n);
  return n === 1 ? label : `${label}.${n}`;
}

export type DrillTarget =
  | { type: "branch"; branch: SkeletonBranch }
  | { type: "call"; call: SkeletonCall }
  | { type: "missing"; labels: string[] };

/**
 * `if@12`, `call:foo@30`, `call:foo` (its first call), or a number (the n-th branch, 1-based,
 * in skeleton order).
 */
export function findDrill(sk: Skeleton, rawLabel: string): DrillTarget {
  const label = rawLabel.trim();
  if (/^\d+$/.test(label)) {
    const b = sk.branches[Number(label) - 1];
    if (b) return { type: "branch", branch: b };
  }
  const branch = sk.branches.find((b) => b.label === label);
  if (branch) return { type: "branch", branch };
  if (label.startsWith("call:")) {
    const want = label.slice(5);
    const call = sk.calls.find((c) => c.label === label) ?? sk.calls.find((c) => c.name === want || c.callee === want);
    if (call) return { type: "call", call };
  }
  return { type: "missing", labels: [...sk.branches.map((b) => b.label), ...sk.calls.map((c) => c.label)] };
}
