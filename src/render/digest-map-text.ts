// The ranked map (app/digest.ts rankedMap) as text, fitted to a token budget: the best
// definitions first, each with its line range and header under its file, files best first;
// then as many of the remaining files as fit, one line each; then how many are left out.
// A focus file is listed first, without its definitions. The same text for the CLI's `digest`
// and the MCP digest tool (core/text/tokens.ts estimates).
import type { MapFile, RankedMap } from "../core/views.ts";
import { printable, quotePath } from "../core/text/quote.ts";
import { estimateTokens } from "../core/text/tokens.ts";
import type { DigestAnswer } from "../app/digest.ts";
import { renderDigest, sizeClass } from "./digest-text.ts";

function header(map: RankedMap): string {
  const focus = map.focus.length ? `, centred on ${map.focus.map(printable).join(", ")}` : "";
  return `# ${map.files.length} files, ${map.totalLines} lines: definitions ranked by references${focus} (size: XS<=50 S<=200 M<=1000 L<=5000 XL lines)\n`;
}

function fileHead(f: MapFile): string {
  return `${quotePath(f.path)} [${sizeClass(f.lineCount)} ${f.lineCount}L]${f.focus ? " (focus)" : ""}`;
}

/** The map with the best `k` definitions, and which files it listed. */
function withDefinitions(map: RankedMap, k: number): { text: string; listed: Set<number> } {
  const byFile = new Map<number, RankedMap["definitions"]>();
  for (const d of map.definitions.slice(0, k)) {
    const list = byFile.get(d.file);
    if (list) list.push(d);
    else byFile.set(d.file, [d]);
  }
  const listed = new Set<number>();
  const lines: string[] = [];
  map.files.forEach((f, i) => {
    const defs = byFile.get(i);
    if (!defs && !f.focus) return;
    listed.add(i);
    lines.push(defs ? `${fileHead(f)}: ${defs.length} of ${f.symbolCount} symbols` : fileHead(f));
    for (const d of (defs ?? []).sort((a, b) => a.startLine - b.startLine || a.depth - b.depth)) {
      lines.push(`${"  ".repeat(d.depth + 1)}${d.startLine}-${d.endLine} ${printable(d.signature)}`);
    }
  });
  return { text: header(map) + lines.map((l) => `${l}\n`).join(""), listed };
}

export function renderRankedMap(map: RankedMap, maxTokens: number): string {
  // The most definitions that fit (the text grows with each one).
  let lo = 0;
  let hi = map.definitions.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (estimateTokens(withDefinitions(map, mid).text) <= maxTokens) lo = mid;
    else hi = mid - 1;
  }
  const { text, listed } = withDefinitions(map, lo);
  let out = text;
  const rest = map.files.map((_, i) => i).filter((i) => !listed.has(i));
  for (let at = 0; at < rest.length; at++) {
    const f = map.files[rest[at]];
    const line = `${fileHead(f)} ${f.symbolCount} symbols\n`;
    const left = rest.length - at - 1;
    const tail = left ? `... ${left} more files\n` : "";
    if (estimateTokens(out + line + tail) > maxTokens) return out + `... ${rest.length - at} more files\n`;
    out += line;
  }
  return out;
}

/** `digest`'s answer as text: the ranked map when there is one, else the flat map (digest-text.ts). */
export function renderDigestAnswer(answer: DigestAnswer, maxTokens: number): string {
  return answer.map ? renderRankedMap(answer.map, maxTokens) : renderDigest(answer.files, maxTokens).text;
}
