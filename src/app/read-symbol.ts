// A symbol's source text, sliced from the file's bytes: leading doc comment, decorators and
// attributes included.
import { resolveSymbol } from "../core/symbols/find.ts";
import { LineIndex } from "../core/text/lines.ts";
import type { FileOutline, OutlineSymbol } from "../core/types.ts";

export interface SymbolBlock {
  symbol: OutlineSymbol;
  /** The lines of `text`: from the doc comment (if any) to the end of the definition. */
  startLine: number;
  endLine: number;
  text: Uint8Array;
}

export type SymbolRead =
  | { query: string; status: "found"; blocks: SymbolBlock[] }
  | { query: string; status: "ambiguous"; candidates: OutlineSymbol[] }
  | { query: string; status: "missing"; suggestions: OutlineSymbol[] };

export function readSymbols(outline: FileOutline, bytes: Uint8Array, queries: string[]): SymbolRead[] {
  const index = new LineIndex(bytes);
  return queries.map((query) => {
    const r = resolveSymbol(outline.symbols, query);
    if (r.status === "ambiguous") return { query, status: "ambiguous", candidates: r.candidates };
    if (r.status === "missing") return { query, status: "missing", suggestions: r.suggestions };
    return { query, status: "found", blocks: r.symbols.map((s) => symbolBlock(s, index)) };
  });
}

export function symbolBlock(symbol: OutlineSymbol, index: LineIndex): SymbolBlock {
  const startLine = symbol.docStartLine ?? symbol.startLine;
  const endLine = symbol.endLine;
  return { symbol, startLine, endLine, text: index.slice(startLine, endLine) };
}
