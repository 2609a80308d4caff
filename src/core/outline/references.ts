// The names a file uses that another file may define (calls, members, types, imports), from
// grammars/<lang>/references.scm: what the ranked `digest` links files and definitions by.
// Stored in the file's cache object and the symbol pack as one line of `name count` pairs,
// sorted by name, so a digest never parses a file again for them.
import type { Query, Tree } from "web-tree-sitter";

/** Names shorter than this are not kept: they are locals and loop variables far more often than definitions. */
const MIN_NAME = 2;

/** One tree's part of a file: the text from `from` up to `to` (a resumed parse reads the rest). */
export interface TreeSpan {
  tree: Tree;
  from: number;
  to?: number;
}

/** The `name count` line of what the captures of `query` name in these spans. */
export function collectReferences(spans: TreeSpan[], query: Query): string {
  const counts = new Map<string, number>();
  for (const { tree, from, to } of spans) {
    const captures = query.captures(tree.rootNode, to === undefined ? { startIndex: from } : { startIndex: from, endIndex: to });
    for (const cap of captures) {
      if (cap.node.startIndex < from || (to !== undefined && cap.node.startIndex >= to)) continue;
      const name = cap.node.text;
      if (name.length < MIN_NAME || !/^[^\s]+$/.test(name)) continue;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([n, c]) => `${n} ${c}`).join(" ");
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
