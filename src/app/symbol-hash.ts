// Per-symbol freshness: each symbol's hash is the sha256 of its own lines (startLine..endLine,
// bytes as they are), so an edit elsewhere in the file leaves it unchanged and an edit inside
// it changes it. The JSON outline and every symbol header carry the first HASH_PREFIX digits;
// `symbol --hash`, MCP get_symbol and read_region take one back and answer whether the symbol
// is as it was read.
import { HASH_PREFIX, contentHash } from "../core/hash.ts";
import { LineIndex } from "../core/text/lines.ts";
import type { FileOutline, OutlineSymbol } from "../core/types.ts";

/** The short hash of a symbol's own lines. */
export function symbolHash(index: LineIndex, s: { startLine: number; endLine: number }): string {
  return contentHash(index.slice(s.startLine, s.endLine)).slice(0, HASH_PREFIX);
}

/**
 * symbolHash for many symbols of one file, each range hashed once: symbols sharing lines (a
 * minified file's thousands of functions on one line) share the hash, and the cost stays that of
 * the distinct ranges, not symbols x line length.
 */
function rangeHasher(index: LineIndex): (s: { startLine: number; endLine: number }) => string {
  const memo = new Map<string, string>();
  return (s) => {
    const key = `${s.startLine}-${s.endLine}`;
    let h = memo.get(key);
    if (h === undefined) memo.set(key, (h = symbolHash(index, s)));
    return h;
  };
}

/** The outline with each symbol's `hash` set (a copy; the cached outline is left as it is). */
export function withSymbolHashes(outline: FileOutline, bytes: Uint8Array): FileOutline {
  const hash = rangeHasher(new LineIndex(bytes));
  const each = (symbols: OutlineSymbol[]): OutlineSymbol[] =>
    symbols.map((s) => {
      const copy: OutlineSymbol = { ...s, hash: hash(s) };
      if (s.children) copy.children = each(s.children);
      return copy;
    });
  return { ...outline, symbols: each(outline.symbols) };
}

/** What a hash taken from an earlier read says about a symbol now. */
export interface Freshness {
  /** The hash given (normalised). */
  given: string;
  /** The symbol's hash now. */
  now: string;
  unchanged: boolean;
  symbol: OutlineSymbol;
}

export function freshness(index: LineIndex, symbol: OutlineSymbol, given: string, hash = (s: OutlineSymbol) => symbolHash(index, s)): Freshness {
  const now = hash(symbol);
  return { given, now, unchanged: now.startsWith(given) || given.startsWith(now), symbol };
}

/**
 * The symbol a hash names in the file as it is now: the one whose hash it is (wherever it has
 * moved), else the innermost symbol holding `line` (the one read there, since edited).
 */
export function symbolForHash(outline: FileOutline, bytes: Uint8Array, given: string, line: number): Freshness | undefined {
  const index = new LineIndex(bytes);
  const hash = rangeHasher(index);
  let holding: OutlineSymbol | undefined;
  const walk = (symbols: OutlineSymbol[]): Freshness | undefined => {
    for (const s of symbols) {
      const f = freshness(index, s, given, hash);
      if (f.unchanged) return f;
      if (s.startLine <= line && line <= s.endLine) holding = s;
      const inner = s.children ? walk(s.children) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  return walk(outline.symbols) ?? (holding ? freshness(index, holding, given, hash) : undefined);
}
