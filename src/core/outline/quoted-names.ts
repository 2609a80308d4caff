// Names written between quotes (Kotlin, Swift and Scala backticks: `my test`, `default`,
// `src|<x y`). The quotes are syntax, not part of the name: the name is the whole text between
// them, whatever it holds. A grammar that does not know the quotes splits such a name around
// error nodes (tree-sitter-wasms' Scala names `def `a b`()` "b"): the name node is then widened
// to the quotes around it on its line.
import type { Node } from "web-tree-sitter";

/** `defHasError`: only a definition with a syntax error can hold a name split by the grammar. */
export function unquotedName(def: Node, name: Node, nameText: string, quote: string, defHasError: boolean): string {
  if (nameText.length >= 2 && nameText.startsWith(quote) && nameText.endsWith(quote)) return nameText.slice(quote.length, -quote.length);
  if (!defHasError) return nameText;
  const src = def.text;
  const start = name.startIndex - def.startIndex;
  const end = name.endIndex - def.startIndex;
  const before = src.slice(0, start);
  const open = before.lastIndexOf(quote);
  const close = src.indexOf(quote, end);
  // Quotes on both sides, on the name's line, with no other quote between them.
  if (open < 0 || close < 0 || before.slice(open).includes("\n") || src.slice(end, close).includes("\n")) return nameText;
  if (src.slice(end, close).includes(quote)) return nameText;
  return src.slice(open + quote.length, close);
}
