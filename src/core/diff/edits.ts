// The tree-sitter edits that turn the old text of a file into the new one, from the line diff
// `changed` computes anyway. With them the new side is parsed incrementally from the old side's
// tree (Tree.edit + parser.parse(text, oldTree)): tree-sitter reuses every subtree outside the
// edited lines. Pure. Offsets and columns are UTF-16 code units, as web-tree-sitter counts them.
import type { LineDiff } from "./lines.ts";

export interface Point {
  row: number;
  column: number;
}

/** web-tree-sitter's Edit, spelled out so the diff core needs no parser import. */
export interface TextEdit {
  startIndex: number;
  oldEndIndex: number;
  newEndIndex: number;
  startPosition: Point;
  oldEndPosition: Point;
  newEndPosition: Point;
}

interface Spot extends Point {
  index: number;
}

/** Offsets where each line starts (split on `\n`, as splitLines and tree-sitter rows do). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** Start of line `line` (0-based); past the last line, the end of the text. */
function spot(starts: number[], text: string, line: number): Spot {
  if (line < starts.length) return { index: starts[line], row: line, column: 0 };
  const row = starts.length - 1;
  return { index: text.length, row, column: text.length - starts[row] };
}

/**
 * The edits, in the order to apply them to the old tree (last hunk first, so each edit is in
 * the coordinates the tree still has), or undefined when the line diff does not map the texts
 * onto each other exactly (e.g. a last line that gained or lost its newline): the caller then
 * parses from scratch. Every kept run is checked to be the same text on both sides.
 */
export function lineEdits(oldText: string, newText: string, diff: LineDiff, oldLines: number, newLines: number): TextEdit[] | undefined {
  const oldStarts = lineStarts(oldText);
  const newStarts = lineStarts(newText);
  const hunks: [number, number, number, number][] = [];
  let i = 0;
  let j = 0;
  let keptFromI = 0;
  let keptFromJ = 0;
  const keptSame = (toI: number, toJ: number) =>
    oldText.slice(spot(oldStarts, oldText, keptFromI).index, spot(oldStarts, oldText, toI).index) ===
    newText.slice(spot(newStarts, newText, keptFromJ).index, spot(newStarts, newText, toJ).index);
  while (i < oldLines || j < newLines) {
    if (i < oldLines && j < newLines && !diff.deleted.has(i + 1) && !diff.inserted.has(j + 1)) {
      i++;
      j++;
      continue;
    }
    if (!keptSame(i, j)) return undefined;
    const i0 = i;
    const j0 = j;
    while (i < oldLines && diff.deleted.has(i + 1)) i++;
    while (j < newLines && diff.inserted.has(j + 1)) j++;
    if (i === i0 && j === j0) return undefined; // the diff and the line counts disagree
    hunks.push([i0, i, j0, j]);
    keptFromI = i;
    keptFromJ = j;
  }
  if (!keptSame(oldLines, newLines)) return undefined;
  // Whatever follows the last line (a final newline or not) must match too.
  if (oldText.slice(spot(oldStarts, oldText, oldLines).index) !== newText.slice(spot(newStarts, newText, newLines).index)) return undefined;
  const edits: TextEdit[] = [];
  for (let h = hunks.length - 1; h >= 0; h--) {
    const [i0, i1, j0, j1] = hunks[h];
    const s = spot(oldStarts, oldText, i0);
    const e = spot(oldStarts, oldText, i1);
    const n0 = spot(newStarts, newText, j0);
    const n1 = spot(newStarts, newText, j1);
    const rows = n1.row - n0.row;
    edits.push({
      startIndex: s.index,
      oldEndIndex: e.index,
      newEndIndex: s.index + (n1.index - n0.index),
      startPosition: { row: s.row, column: s.column },
      oldEndPosition: { row: e.row, column: e.column },
      newEndPosition: { row: s.row + rows, column: rows === 0 ? s.column + (n1.column - n0.column) : n1.column },
    });
  }
  return edits;
}
