// The 0-based line of an offset in the text being outlined. One outline is built at a time per
// thread, so the line starts of the last text asked about are kept and reused.
import type { Node } from "web-tree-sitter";

let last: { text: string; starts: number[] } | undefined;

export function rowAt(text: string, index: number): number {
  if (last?.text !== text) last = { text, starts: lineStarts(text) };
  const starts = last.starts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Forgets the text kept by rowAt (it can be large). */
export function releaseRows(): void {
  last = undefined;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** A node ending at column 0 ends on the line before (its last newline is the last byte). */
export function endRowOf(node: Node): number {
  const end = node.endPosition;
  return end.column === 0 && end.row > node.startPosition.row ? end.row - 1 : end.row;
}
