// A skeleton read for a task: the lines of a symbol that mention any of the focus terms are
// expanded, each to the innermost branch holding it (its whole text), or to the line alone
// when no branch holds it or the branch is too long to show whole; the rest stays collapsed.
// Pure: the symbol's lines and branches in, line ranges out.
import type { LineRange } from "../types.ts";
import type { Skeleton } from "./skeleton.ts";

/** A branch longer than this is not expanded whole: only its lines that mention a term are. */
export const FOCUS_BRANCH_MAX_LINES = 40;

/** `"retry, timeout"` -> [retry, timeout]: words of 2+ characters, lower case, each once. */
export function focusTerms(focus: string): string[] {
  return [...new Set(focus.toLowerCase().split(/[\s,;|]+/).filter((w) => w.length >= 2))];
}

/**
 * How many of the symbol's first lines are its decorators and header: up to the line holding
 * the name, then as many as the folded signature spans.
 */
function headerLines(lines: string[], name: string, signature: string): number {
  let i = lines.findIndex((l) => l.includes(name));
  if (i < 0) return 0;
  let length = 0;
  while (i < lines.length && length < signature.length) length += lines[i++].trim().length + 1;
  return i;
}

/**
 * The ranges to show in full, in order and merged: for each line of the symbol (from
 * `firstLine`, lines[i] is line firstLine + i) that mentions a term, the innermost branch of
 * the skeleton holding it, or that line.
 */
export function focusRanges(sk: Skeleton, lines: string[], firstLine: number, terms: string[]): LineRange[] {
  if (!terms.length) return [];
  const ranges: LineRange[] = [];
  const body = headerLines(lines, sk.symbol.name, sk.symbol.signature);
  lines.forEach((text, i) => {
    if (i < body) return; // the signature is on the skeleton's second line already
    const line = firstLine + i;
    const lower = text.toLowerCase();
    if (!terms.some((t) => lower.includes(t))) return;
    let inner: LineRange | undefined;
    for (const b of sk.branches) {
      if (b.startLine <= line && line <= b.endLine && (!inner || b.endLine - b.startLine <= inner.endLine - inner.startLine)) inner = b;
    }
    ranges.push(inner && inner.endLine - inner.startLine < FOCUS_BRANCH_MAX_LINES ? { startLine: inner.startLine, endLine: inner.endLine } : { startLine: line, endLine: line });
  });
  ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const merged: LineRange[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r.startLine <= last.endLine + 1) last.endLine = Math.max(last.endLine, r.endLine);
    else merged.push({ ...r });
  }
  return merged;
}
