// A region read as numbered lines, the same for the CLI's `region` and the MCP `read_region`:
//
//   # src/orders.py:21-22 of 120 lines (sha256:4cedf6ffe0fc)     (MCP: `header`)
//   21      def send(self, to: List[str],
//   22               subject: str, body: str) -> int:
//
// The lines are the file's bytes as they are. What the reader should know (the file changed
// since the hash it gave; the end was clamped) comes as notes: the CLI writes them to stderr,
// the MCP answer carries them as `#` lines under the header.
import { quoteName, quotePath, toJson } from "../core/text/quote.ts";
import type { RegionView } from "../core/views.ts";
import { HASH_PREFIX } from "../core/hash.ts";

export interface RegionNote {
  /** `stale`: the file no longer has the hash the caller expected; `clamped`: fewer lines than asked. */
  kind: "stale" | "clamped" | "symbol";
  text: string;
}

export interface RegionText {
  header: string;
  notes: RegionNote[];
  /** The numbered lines, as parts to write in order (line text as bytes). */
  lines: (string | Uint8Array)[];
}

export function renderRegionText(v: RegionView): RegionText {
  const path = quotePath(v.path);
  const notes: RegionNote[] = [];
  const sym = v.symbol;
  if (sym?.unchanged) {
    notes.push({ kind: "symbol", text: `${quoteName(sym.name)} unchanged since you read it (symbol:${sym.hash}); now lines ${sym.startLine}-${sym.endLine}` });
  } else if (v.staleSince !== undefined) {
    if (sym) notes.push({ kind: "symbol", text: `${quoteName(sym.name)} CHANGED since you read it: now lines ${sym.startLine}-${sym.endLine} (symbol:${sym.hash})` });
    notes.push({ kind: "stale", text: `${path} changed since hash ${v.staleSince.slice(0, HASH_PREFIX)} (now ${v.hash.slice(0, HASH_PREFIX)}); line numbers may be stale, run \`outline\` again` });
  }
  if (v.endLine < v.requestedEnd) {
    notes.push({ kind: "clamped", text: `${path} has ${v.lineCount} lines; showing ${v.startLine}-${v.endLine}${v.lineLimit ? ` (at most ${v.lineLimit} lines a read)` : ""}` });
  }
  const width = String(v.endLine).length;
  const lines: (string | Uint8Array)[] = [];
  v.lines.forEach((l, i) => lines.push(`${String(v.startLine + i).padStart(width)}  `, l, "\n"));
  return { header: `# ${path}:${v.startLine}-${v.endLine} of ${v.lineCount} lines (sha256:${v.hash.slice(0, HASH_PREFIX)})\n`, notes, lines };
}

/** One answer string (MCP): the header, the notes as `#` lines (a stale read marked STALE), then the lines. */
export function regionAnswer(v: RegionView): string {
  const t = renderRegionText(v);
  const decoder = new TextDecoder();
  const notes = t.notes.map((n) => `# ${n.kind === "stale" ? "STALE: " : ""}${n.text}\n`).join("");
  return t.header + notes + t.lines.map((p) => (typeof p === "string" ? p : decoder.decode(p))).join("");
}

export function renderRegionJson(v: RegionView): string {
  const decoder = new TextDecoder();
  return toJson({ path: v.path, hash: v.hash, stale: v.staleSince !== undefined && !v.symbol?.unchanged, ...(v.symbol ? { symbol: v.symbol } : {}), startLine: v.startLine, endLine: v.endLine, lineCount: v.lineCount, lines: v.lines.map((l) => decoder.decode(l)) }, 2) + "\n";
}
