// Definitions that run to the next one of the same or a higher level: a Markdown heading's
// section ends where the next heading of its level or above starts (or at the end of the
// file), whatever the grammar's own nodes say (setext headings, `Title\n=====`, get no section
// node of their own). A pattern gives its definitions a level with `(#set! section.level "2")`;
// 1 is the highest. Nesting then follows from the ranges, as everywhere.
import type { Node, Query } from "web-tree-sitter";

export const LEVEL_PROPERTY = "section.level";

/** Each pattern's level (undefined where it sets none); undefined when no pattern sets one. */
export function patternLevels(query: Query): (number | undefined)[] | undefined {
  const levels = query.setProperties.map((p) => {
    const v = p?.[LEVEL_PROPERTY];
    return v === undefined || v === null ? undefined : Number(v);
  });
  return levels.some((l) => l !== undefined) ? levels : undefined;
}

export interface Leveled {
  level?: number;
  startIndex: number;
  node: Node;
  /** Where the definition ends instead of its node's end: an index and the (0-based) row it is on. */
  spanEnd?: { index: number; row: number };
}

/**
 * Sets `spanEnd` of every leveled definition (`defs` in document order): the start of the next
 * leveled one whose level is the same or higher (a smaller or equal number), else the end of
 * `root`. The section's last line is then the last non-blank line before that point (build.ts).
 */
export function spanLevels(defs: Leveled[], root: Node): void {
  const open: Leveled[] = [];
  const close = (d: Leveled, index: number, row: number) => {
    d.spanEnd = { index, row };
  };
  for (const d of defs) {
    if (d.level === undefined) continue;
    const row = d.node.startPosition.row;
    while (open.length && open[open.length - 1].level! >= d.level) close(open.pop()!, d.startIndex, row);
    open.push(d);
  }
  const end = root.endPosition;
  for (const d of open) close(d, root.endIndex, end.row);
}
