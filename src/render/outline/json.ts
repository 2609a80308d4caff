// The JSON contract (docs/contract.md, docs/outline.schema.json). Complete unless the caller asks
// for a cap: maxChildren 0 lists every member; a cap given with --max-children is applied
// here too, and said with `elidedChildren`.
import type { FileOutline, OutlineSymbol } from "../../core/types.ts";
import { toJson } from "../../core/text/quote.ts";

/** Members of containers beyond maxChildren are cut; the file's top level never is. */
export function elide(symbols: OutlineSymbol[], maxChildren: number, topLevel = true): OutlineSymbol[] {
  const limit = maxChildren > 0 && !topLevel ? maxChildren : Infinity;
  return symbols.slice(0, limit).map((s) => {
    if (!s.children) return s;
    const children = elide(s.children, maxChildren, false);
    const copy: OutlineSymbol = { ...s, children };
    if (maxChildren > 0 && s.children.length > maxChildren) copy.elidedChildren = s.children.length - maxChildren;
    return copy;
  });
}

export function outlineJsonValue(file: FileOutline, maxChildren: number): FileOutline {
  const { references: _cacheOnly, ...value } = file;
  return { ...value, symbols: elide(file.symbols, maxChildren) };
}

export function renderOutlineJson(files: FileOutline[], maxChildren: number, single: boolean): string {
  const values = files.map((f) => outlineJsonValue(f, maxChildren));
  return toJson(single ? values[0] : values, 2) + "\n";
}

export function renderOutlineJsonl(file: FileOutline, maxChildren: number): string {
  return toJson(outlineJsonValue(file, maxChildren)) + "\n";
}
