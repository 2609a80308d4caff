// Names written between quotes (Kotlin, Swift and Scala backticks: `my test`, `default`,
// `src|<x y`). The quotes are syntax, not part of the name: the name is the whole text between
// them, whatever it holds. A grammar that does not know the quotes splits such a name around
// error nodes (tree-sitter-wasms' Scala names `def `a b`()` "b"): the name node is then widened
// to the quotes around it on its line.
import type { Node } from "web-tree-sitter";

/**
 * `quotes`: each character is a quote (YAML keys may be `"on"` or `'on'`). `defHasError`: only a
 * definition with a syntax error can hold a name split by the grammar.
 */
export function unquotedName(def: Node, name: Node, nameText: string, quotes: string, defHasError: boolean): string {
  for (const quote of quotes) {
    if (nameText.length >= 2 && nameText.startsWith(quote) && nameText.endsWith(quote)) return nameText.slice(1, -1);
  }
  if (!defHasError) return nameText;
  for (const quote of quotes) {
    const widened = widenedToQuotes(def, name, quote);
    if (widened !== undefined) return widened;
  }
  return nameText;
}

/** The text between the quotes around a name split by the grammar, on its line; undefined when there are none. */
function widenedToQuotes(def: Node, name: Node, quote: string): string | undefined {
  const src = def.text;
  const start = name.startIndex - def.startIndex;
  const end = name.endIndex - def.startIndex;
  const before = src.slice(0, start);
  const open = before.lastIndexOf(quote);
  const close = src.indexOf(quote, end);
  // Quotes on both sides, on the name's line, with no other quote between them.
  if (open < 0 || close < 0 || before.slice(open).includes("\n") || src.slice(end, close).includes("\n")) return undefined;
  if (src.slice(end, close).includes(quote)) return undefined;
  return src.slice(open + quote.length, close);
}
