// How a cache object stores its symbol tree: as arrays under shared key lists ("shapes"), not
// as one JSON object per symbol. Every symbol of a file spells the same six to eight keys, which
// made an object larger than its source file (test_typing.py: 150 KB of Python, 307 KB of JSON);
// arrays halve that, and with it what `index` writes and what `search`, `outline` and `symbol`
// read and parse from the cache. The shapes keep each symbol's own keys in their own order, so a
// decoded tree is the tree that was encoded, key order included (the JSON output depends on it).
//   shapes:  [["kind","name","qualifiedName","signature","startLine","endLine","children"], ...]
//   symbol:  [shapeIndex, value, value, ...]   (the value for "children" is a list of symbols)
import type { OutlineSymbol } from "../types.ts";

export type EncodedSymbol = [number, ...unknown[]];

export interface EncodedTree {
  shapes: string[][];
  symbols: EncodedSymbol[];
}

export function encodeSymbols(symbols: OutlineSymbol[]): EncodedTree {
  const shapes: string[][] = [];
  const shapeIndex = new Map<string, number>();
  const encode = (s: OutlineSymbol): EncodedSymbol => {
    const keys = Object.keys(s);
    const id = keys.join("\u0000");
    let index = shapeIndex.get(id);
    if (index === undefined) {
      index = shapes.push(keys) - 1;
      shapeIndex.set(id, index);
    }
    const row: EncodedSymbol = [index];
    for (const k of keys) {
      const v = (s as unknown as Record<string, unknown>)[k];
      row.push(k === "children" ? (v as OutlineSymbol[]).map(encode) : v);
    }
    return row;
  };
  return { shapes, symbols: symbols.map(encode) };
}

/** Keys every symbol has: a shape without one of them is damage, not data. */
const REQUIRED = ["kind", "name", "qualifiedName", "signature", "startLine", "endLine"];

/** The symbols back, or undefined when the encoding is damaged (a bad shape, a row that fits none). */
export function decodeSymbols(tree: EncodedTree): OutlineSymbol[] | undefined {
  const { shapes } = tree;
  if (!Array.isArray(shapes) || !Array.isArray(tree.symbols)) return undefined;
  for (const keys of shapes) if (!Array.isArray(keys) || !REQUIRED.every((k) => keys.includes(k))) return undefined;
  const decode = (row: unknown): OutlineSymbol => {
    if (!Array.isArray(row)) throw new Error("not a symbol row");
    const keys = shapes[row[0] as number];
    if (!Array.isArray(keys) || keys.length !== row.length - 1) throw new Error("row does not fit its shape");
    const s: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i];
      const v = row[i + 1];
      if (k === "children") {
        if (!Array.isArray(v)) throw new Error("children is not a list");
        s[k] = v.map(decode);
      } else s[k] = v;
    }
    return s as unknown as OutlineSymbol;
  };
  try {
    return tree.symbols.map(decode);
  } catch {
    return undefined;
  }
}
