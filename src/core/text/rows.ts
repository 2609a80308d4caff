// Rows of a decoded text the way tree-sitter counts them (a row ends at each "\n"), by UTF-16
// index: a node's end row without asking the tree (a WASM call and an object per read).

export class Rows {
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  /** The 0-based row that holds `index`. */
  at(index: number): number {
    const starts = (this.starts ??= lineStarts(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * The last row of a node that starts on `startRow` and ends at `endIndex`: a node ending at
   * column 0 ends on the row before (its last byte is a newline).
   */
  endRow(startRow: number, endIndex: number): number {
    const row = this.at(endIndex);
    const atColumn0 = endIndex === 0 || this.text.charCodeAt(endIndex - 1) === 10;
    return atColumn0 && row > startRow ? row - 1 : row;
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}
