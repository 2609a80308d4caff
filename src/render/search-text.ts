// Search results as text (one line a hit), the same for the CLI's `search` and the MCP
// search_symbols:
//
//   src/parser.py:40-85 method Parser.parse  def parse(self, text: str) -> Tree
//
// What the reader should know besides the hits (none matched; more matched than shown) comes
// as notes: the CLI writes them to stderr, the MCP answer carries them as its last line.
import { printable, quoteName, quotePath, toJson } from "../core/text/quote.ts";
import type { SearchResult } from "../core/views.ts";

export interface SearchText {
  lines: string;
  notes: string[];
}

export function renderSearchText(r: SearchResult): SearchText {
  const lines = r.hits.map((h) => `${quotePath(h.path)}:${h.startLine}-${h.endLine} ${h.kind} ${quoteName(h.qualifiedName)}  ${printable(h.signature)}\n`).join("");
  const notes: string[] = [];
  if (!r.hits.length) {
    notes.push(`no symbol matches \`${r.query}\`${r.kinds ? ` of kind ${r.kinds.join(",")}` : ""}${r.within.length ? ` under ${r.within.join(", ")}` : ""}`);
  } else if (r.total > r.hits.length) {
    notes.push(`… ${r.total - r.hits.length} more (narrow with a kind or a path, or raise the limit)`);
  }
  return { lines, notes };
}

/** One answer string (MCP): the hits, then the notes. */
export function searchAnswer(r: SearchResult): string {
  const t = renderSearchText(r);
  return t.lines + t.notes.map((n) => `${printable(n)}\n`).join("");
}

export function renderSearchJson(r: SearchResult): string {
  return toJson({ query: r.query, results: r.hits }, 2) + "\n";
}
