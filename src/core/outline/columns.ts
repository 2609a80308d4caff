// Where a symbol starts and ends within its first and last line. Kept beside the symbols, not in
// them: the JSON contract and the cache carry lines only. The diff (core/diff/source.ts) reads
// them to cut a line that several definitions share (`class K { m(x) {} n() {} }`); a symbol
// without them (an outline read from the cache, a copy) is cut by whole lines.
import type { OutlineSymbol } from "../types.ts";

export interface Columns {
  /** 0-based column (UTF-16 code units) of its first character on `startLine` (decorators included, its doc not). */
  start: number;
  /** Column just past its last code character on `endLine`; absent when that is not known (the line is its own to the end). */
  end?: number;
}

const COLUMNS = new WeakMap<OutlineSymbol, Columns>();

export function setColumns(sym: OutlineSymbol, columns: Columns): void {
  COLUMNS.set(sym, columns);
}

export function columnsOf(sym: OutlineSymbol): Columns | undefined {
  return COLUMNS.get(sym);
}
