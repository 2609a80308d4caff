// The ranked map (app/digest/digest.ts rankedMap) as text, fitted to a token budget: the best
// definitions first, each with its line range and header under its file, files best first;
// the next ones as bare names, one line per file (`  + name name`), so the budget names more;
// then as many of the remaining files as fit, one line each; then how many are left out.
// A focus file is listed first, without its definitions. The same text for the CLI's `digest`
// and the MCP digest tool (core/text/tokens.ts estimates).
import type { MapDefinition, MapFile, RankedMap } from "../../core/views.ts";
import { printable, quotePath } from "../../core/text/quote.ts";
import { estimateTokens } from "../../core/text/tokens.ts";
import type { DigestAnswer } from "../../app/digest/index.ts";
import { renderDigest, sizeClass } from "./flat.ts";

function header(map: RankedMap): string {
  const focus = map.focus.length ? `, centred on ${map.focus.map(printable).join(", ")}` : "";
  return `# ${map.files.length} files, ${map.totalLines} lines: definitions ranked by references${focus} (size: XS<=50 S<=200 M<=1000 L<=5000 XL lines)\n`;
}

function fileHead(f: MapFile): string {
  return `${quotePath(f.path)} [${sizeClass(f.lineCount)} ${f.lineCount}L]${f.focus ? " (focus)" : ""}`;
}

/**
 * The share of the budget (past the title line) the best definitions' header lines may take; the
 * rest goes to bare names, which name about four times as many definitions per token.
 */
const HEADER_SHARE = 0.25;

/** The map with the best `headed` definitions on lines of their own and the next `named` as bare names, and which files it listed. */
function withDefinitions(map: RankedMap, headed: number, named: number, focusFiles: number[]): { text: string; listed: Set<number> } {
  const byFile = new Map<number, { lines: MapDefinition[]; names: MapDefinition[] }>();
  map.definitions.slice(0, headed + named).forEach((d, at) => {
    let entry = byFile.get(d.file);
    if (!entry) byFile.set(d.file, (entry = { lines: [], names: [] }));
    (at < headed && d.signature !== undefined ? entry.lines : entry.names).push(d);
  });
  const byLine = (a: MapDefinition, b: MapDefinition) => a.startLine - b.startLine || a.depth - b.depth;
  const listed = new Set<number>();
  const lines: string[] = [];
  // The files with definitions shown and the focus files, in the map's order.
  const shown = [...new Set([...byFile.keys(), ...focusFiles])].sort((a, b) => a - b);
  for (const i of shown) {
    const f = map.files[i];
    const defs = byFile.get(i);
    listed.add(i);
    const count = defs ? defs.lines.length + defs.names.length : 0;
    lines.push(defs ? `${fileHead(f)}: ${count} of ${f.symbolCount} symbols` : fileHead(f));
    if (!defs) continue;
    for (const d of defs.lines.sort(byLine)) lines.push(`${"  ".repeat(d.depth + 1)}${d.startLine}-${d.endLine} ${printable(d.signature!)}`);
    if (defs.names.length) lines.push(`  + ${defs.names.sort(byLine).map((d) => printable(d.name)).join(" ")}`);
  }
  return { text: header(map) + lines.map((l) => `${l}\n`).join(""), listed };
}

/** The map's focus files, by index. */
function focusIndexes(map: RankedMap): number[] {
  const out: number[] = [];
  map.files.forEach((f, i) => f.focus && out.push(i));
  return out;
}

/** The largest k in [0, hi] for which `fits(k)` holds (it holds for 0 and, once false, stays false). */
function most(hi: number, fits: (k: number) => boolean): number {
  let lo = 0;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The text of the maps app/digest/digest.ts keeps to answer again (frozen, and changed by nobody), by budget. */
const texts = new WeakMap<RankedMap, Map<number, string>>();

export function renderRankedMap(map: RankedMap, maxTokens: number): string {
  if (!Object.isFrozen(map)) return renderMap(map, maxTokens);
  let byBudget = texts.get(map);
  if (!byBudget) texts.set(map, (byBudget = new Map()));
  let text = byBudget.get(maxTokens);
  if (text === undefined) byBudget.set(maxTokens, (text = renderMap(map, maxTokens)));
  return text;
}

function renderMap(map: RankedMap, maxTokens: number): string {
  // The best definitions with their headers, within HEADER_SHARE of the budget; then as many
  // more as fit as bare names (the text grows with each one).
  const withHeader = map.definitions.findIndex((d) => d.signature === undefined);
  const headable = withHeader < 0 ? map.definitions.length : withHeader;
  const title = estimateTokens(header(map));
  const focusFiles = focusIndexes(map);
  const headed = most(headable, (k) => estimateTokens(withDefinitions(map, k, 0, focusFiles).text) <= title + HEADER_SHARE * (maxTokens - title));
  const named = most(map.definitions.length - headed, (k) => estimateTokens(withDefinitions(map, headed, k, focusFiles).text) <= maxTokens);
  const { text, listed } = withDefinitions(map, headed, named, focusFiles);
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

/** `digest`'s answer as text: the ranked map when there is one, else the flat map (flat.ts). */
export function renderDigestAnswer(answer: DigestAnswer, maxTokens: number): string {
  return answer.map ? renderRankedMap(answer.map, maxTokens) : renderDigest(answer.files, maxTokens).text;
}
