// The names a file uses that another file may define (calls, members, types, imports), from
// grammars/<lang>/references.scm: what the ranked `digest` links files and definitions by.
// Kept in the file's cache object (names with counts, and per symbol the names used inside it)
// and, the names only, in the symbol pack's refs files, so a digest never parses a file again.
import type { Query, Tree } from "web-tree-sitter";
import type { FileReferences, OutlineSymbol } from "../types.ts";

/** Names shorter than this are not kept: they are locals and loop variables far more often than definitions. */
const MIN_NAME = 2;

/** One tree's part of a file: the text from `from` up to `to` (a resumed parse reads the rest). */
export interface TreeSpan {
  tree: Tree;
  from: number;
  to?: number;
}

/** What the captures of `query` name in these spans: per file with counts, and per innermost symbol. */
export function collectReferences(spans: TreeSpan[], query: Query, symbols: OutlineSymbol[], lineCount: number): FileReferences {
  const flat = preOrder(symbols);
  // The innermost symbol of each line: members are visited after their container and overwrite it.
  const owner = new Int32Array(lineCount + 2).fill(-1);
  flat.forEach((s, i) => owner.fill(i, s.startLine, Math.min(s.endLine, lineCount) + 1));
  const counts = new Map<string, number>();
  const bySymbol = flat.map(() => new Set<string>());
  for (const { tree, from, to } of spans) {
    const captures = query.captures(tree.rootNode, to === undefined ? { startIndex: from } : { startIndex: from, endIndex: to });
    for (const cap of captures) {
      if (cap.node.startIndex < from || (to !== undefined && cap.node.startIndex >= to)) continue;
      const name = cap.node.text;
      if (name.length < MIN_NAME || /\s/.test(name)) continue;
      counts.set(name, (counts.get(name) ?? 0) + 1);
      const at = owner[cap.node.startPosition.row + 1];
      if (at >= 0) bySymbol[at].add(name);
    }
  }
  return {
    names: [...counts].sort(([a], [b]) => byName(a, b)).map(([n, c]) => `${n} ${c}`).join(" "),
    bySymbol: bySymbol.map((set) => [...set].sort(byName).join(" ")),
  };
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function preOrder(symbols: OutlineSymbol[], out: OutlineSymbol[] = []): OutlineSymbol[] {
  for (const s of symbols) {
    out.push(s);
    if (s.children) preOrder(s.children, out);
  }
  return out;
}

/** A references line read back: name -> count (a damaged pair is skipped). */
export function parseReferences(line: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  if (!line) return out;
  const parts = line.split(" ");
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const n = Number(parts[i + 1]);
    if (parts[i] && Number.isInteger(n) && n > 0) out.set(parts[i], n);
  }
  return out;
}
