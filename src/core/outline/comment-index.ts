// The comment nodes of one tree by position (gathered on the walk that finds the definitions,
// see matches.ts): whether a comment can sit next to a definition, answered without stepping
// through siblings in the tree (each step a WASM call).
import type { Node } from "web-tree-sitter";

export class CommentIndex {
  private readonly starts: number[];
  /** furthestEnds[i]: the largest end among comments 0..i, filled as far as asked. */
  private readonly furthestEnds: number[] = [];

  /** `comments`: every node of the language's comment types in one tree, in document order. */
  constructor(private readonly comments: Node[]) {
    this.starts = comments.map((c) => c.startIndex);
  }

  /** Whether a comment starts at or after `from` and before `to`. */
  startsWithin(from: number, to: number): boolean {
    const i = this.firstAtOrAfter(from);
    return i < this.starts.length && this.starts[i] < to;
  }

  /** The ranges of the comments that start at or after `from` and before `to`. */
  rangesWithin(from: number, to: number): { start: number; end: number }[] {
    const out: { start: number; end: number }[] = [];
    for (let i = this.firstAtOrAfter(from); i < this.starts.length && this.starts[i] < to; i++) out.push({ start: this.starts[i], end: this.comments[i].endIndex });
    return out;
  }

  /** The largest end of the comments that start before `index`; -1 when none does. */
  furthestEndBefore(index: number): number {
    const last = this.firstAtOrAfter(index) - 1;
    if (last < 0) return -1;
    const ends = this.furthestEnds;
    // Comments do not overlap in the grammars we know, but one inside another would still be
    // counted right: the running maximum, not the last comment's end.
    for (let i = ends.length; i <= last; i++) ends.push(Math.max(i ? ends[i - 1] : -1, this.comments[i].endIndex));
    return ends[last];
  }

  private firstAtOrAfter(index: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] < index) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
