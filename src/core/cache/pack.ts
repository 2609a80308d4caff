// The symbol pack: every cached outline flattened to rows, keyed by object key, in one file,
// so `search` and `digest` read one file instead of one per source file. It is derived data:
// rows for a key are right whenever present (keys are content addresses), missing keys are
// filled from the objects, and keys no file uses any more are dropped on rewrite.
// Rows are one tab-separated string per object (parsing 1,800 strings is far cheaper than
// 90,000 small arrays); signatures stay in the objects and are read for the hits shown.
import type { FileOutline, OutlineSymbol, SymbolKind } from "../types.ts";
import { CACHE_FORMAT } from "./format.ts";

export interface PackObject {
  lineCount: number;
  /** Lines of `kind \t name \t qualifiedName \t startLine \t endLine \t depth`. */
  rows: string;
}

export interface SymbolPack {
  format: number;
  engine: string;
  objects: Record<string, PackObject>;
}

export interface PackRow {
  kind: SymbolKind;
  name: string;
  qualifiedName: string;
  startLine: number;
  endLine: number;
  depth: number;
}

const clean = (s: string) => s.replace(/[\t\n]/g, " ");

export function packObject(outline: Pick<FileOutline, "lineCount" | "symbols">): PackObject {
  const rows: string[] = [];
  const visit = (symbols: OutlineSymbol[], depth: number) => {
    for (const s of symbols) {
      rows.push(`${s.kind}\t${clean(s.name)}\t${clean(s.qualifiedName)}\t${s.startLine}\t${s.endLine}\t${depth}`);
      if (s.children) visit(s.children, depth + 1);
    }
  };
  visit(outline.symbols, 0);
  return { lineCount: outline.lineCount, rows: rows.join("\n") };
}

export function unpackRows(obj: PackObject): PackRow[] {
  if (!obj.rows) return [];
  return obj.rows.split("\n").map((line) => {
    const [kind, name, qualifiedName, start, end, depth] = line.split("\t");
    return { kind: kind as SymbolKind, name, qualifiedName, startLine: Number(start), endLine: Number(end), depth: Number(depth) };
  });
}

export function emptyPack(engine: string): SymbolPack {
  return { format: CACHE_FORMAT, engine, objects: {} };
}

export function parsePack(text: string | undefined, engine: string): SymbolPack | undefined {
  if (text === undefined) return undefined;
  try {
    const p = JSON.parse(text) as Partial<SymbolPack>;
    if (p.format !== CACHE_FORMAT || p.engine !== engine || !p.objects || typeof p.objects !== "object") return undefined;
    return p as SymbolPack;
  } catch {
    return undefined;
  }
}
