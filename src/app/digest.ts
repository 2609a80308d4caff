// `digest` / the MCP digest tool: per file its line count and its symbols (kind, name, depth),
// from the repository index's names files, which hold all a digest shows.
import { parseNameRow } from "../core/cache/pack.ts";
import type { DigestFile, DigestSymbol } from "../core/views.ts";
import type { SymbolIndex } from "./search.ts";

/** The files of the index that `keep` admits (paths relative to the index's root), in index order. */
export function digestFiles(index: Pick<SymbolIndex, "keys" | "loadNames">, keep: (path: string) => boolean): DigestFile[] {
  const wanted = [...index.keys].filter(([p]) => keep(p));
  const names = index.loadNames(wanted.map(([, key]) => key));
  const files: DigestFile[] = [];
  for (const [path, key] of wanted) {
    const obj = names.get(key);
    if (!obj) continue;
    const symbols: DigestSymbol[] = [];
    if (obj.rows) for (const line of obj.rows.split("\n")) {
      const row = parseNameRow(line);
      if (row) symbols.push(row);
    }
    files.push({ path, lineCount: obj.lineCount, symbols });
  }
  return files;
}
