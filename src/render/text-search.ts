// `search --text` as text, the same for the CLI and MCP search_text: the lines grouped under the
// symbol they lie in (its path, range, kind and qualified name, as a symbol search prints a hit),
// each line numbered:
//
//   src/client.py:40-85 method Client.connect
//     52| raise ConnectionError("server closed the connection")
//   setup.cfg (not a supported language)
//     3| timeout = 30
//
// What the reader should know besides (more lines than shown, files left out, nothing found)
// comes as notes: the CLI writes them to stderr, the MCP answer ends with them.
import { printable, quoteName, quotePath, toJson } from "../core/text/quote.ts";
import type { TextMatch, TextSearchResult } from "../core/views.ts";

export interface TextSearchText {
  lines: string;
  notes: string[];
}

function groupHead(m: TextMatch): string {
  if (m.symbol) return `${quotePath(m.path)}:${m.symbol.startLine}-${m.symbol.endLine} ${m.symbol.kind} ${quoteName(m.symbol.qualifiedName)}`;
  return `${quotePath(m.path)} (${m.noOutline ?? "top level"})`;
}

/** Files named in a note at most; the rest are counted. */
const MAX_SKIPPED_NAMED = 10;

export function renderTextSearch(r: TextSearchResult): TextSearchText {
  const out: string[] = [];
  let last = "";
  for (const m of r.matches) {
    const head = groupHead(m);
    if (head !== last) out.push(head);
    last = head;
    out.push(`  ${m.line}| ${printable(m.text)}`);
  }
  const notes: string[] = [];
  const what = `${r.syntax === "literal" ? "text" : "regex"} \`${r.pattern}\`${r.ignoreCase ? " (ignoring case)" : ""}`;
  if (!r.matches.length) notes.push(`no line matches ${what}${r.within.length ? ` under ${r.within.join(", ")}` : ""}`);
  else if (r.total > r.matches.length || r.capped) {
    const more = r.total - r.matches.length;
    notes.push(`… ${r.capped ? "at least " : ""}${more} more matching line${more === 1 ? "" : "s"} (${r.total}${r.capped ? "+" : ""} in ${r.files} file${r.files === 1 ? "" : "s"}; narrow with a path, or raise the limit)`);
  }
  if (r.skipped.length) {
    const named = r.skipped.slice(0, MAX_SKIPPED_NAMED).map((s) => `${quotePath(s.path)}: ${s.reason}`);
    const rest = r.skipped.length - named.length;
    notes.push(`skipped ${named.join("; ")}${rest > 0 ? `; and ${rest} more` : ""}`);
  }
  return { lines: out.length ? out.join("\n") + "\n" : "", notes };
}

/** One answer string (MCP): the lines, then the notes. */
export function textSearchAnswer(r: TextSearchResult): string {
  const t = renderTextSearch(r);
  return t.lines + t.notes.map((n) => `${printable(n)}\n`).join("");
}

export function renderTextSearchJson(r: TextSearchResult): string {
  return toJson({ pattern: r.pattern, syntax: r.syntax, ignoreCase: r.ignoreCase, within: r.within, results: r.matches, total: r.total, files: r.files, capped: r.capped, skipped: r.skipped, searchedBy: r.searchedBy }, 2) + "\n";
}
