// A one-page map of many files, fitted to a token budget. Detail is dropped in order of
// least importance until the text fits:
//   1. all top-level symbols and their members
//   2. members that are private (`_x`) or data (field, property, variable, constant)
//   3. all members; top-level variables and constants
//   4. top-level symbols beyond 10 per file, then beyond 3
//   5. symbol names (files with size class only)
//   6. files (one line per folder), then folders beyond what fits
// The same text for the CLI's `digest` and the MCP `digest` tool (core/text/tokens.ts estimates).
import type { SymbolKind } from "../../core/types.ts";
import type { DigestFile } from "../../core/views.ts";
import { quoteName, quotePath } from "../../core/text/quote.ts";
import { CHARS_PER_TOKEN, estimateTokens } from "../../core/text/tokens.ts";

export function sizeClass(lines: number): string {
  return lines <= 50 ? "XS" : lines <= 200 ? "S" : lines <= 1000 ? "M" : lines <= 5000 ? "L" : "XL";
}

/** Values, dropped before callables and types; a data file's keys are values too. */
const DATA_KINDS = new Set<SymbolKind>(["field", "property", "variable", "constant", "key"]);
const isPrivate = (name: string) => name.startsWith("_") && !/^__\w+__$/.test(name);

interface Level {
  members: "all" | "public" | "none";
  topData: boolean;
  cap: number;
  names: boolean;
  files: boolean;
}

const LEVELS: Level[] = [
  { members: "all", topData: true, cap: Infinity, names: true, files: true },
  { members: "public", topData: true, cap: Infinity, names: true, files: true },
  { members: "none", topData: false, cap: Infinity, names: true, files: true },
  { members: "none", topData: false, cap: 10, names: true, files: true },
  { members: "none", topData: false, cap: 3, names: true, files: true },
  { members: "none", topData: false, cap: 0, names: false, files: true },
  { members: "none", topData: false, cap: 0, names: false, files: false },
];

function fileLine(f: DigestFile, level: Level): string {
  const head = `${quotePath(f.path)} [${sizeClass(f.lineCount)} ${f.lineCount}L]`;
  if (!level.names) return `${head} ${f.symbols.filter((s) => s.depth === 0).length} symbols`;
  const parts: string[] = [];
  let top = 0;
  let dropped = 0;
  let current: { name: string; members: string[] } | undefined;
  for (const s of f.symbols) {
    if (s.depth === 0) {
      current = undefined;
      if (!level.topData && DATA_KINDS.has(s.kind)) continue;
      if (top >= level.cap) {
        dropped++;
        continue;
      }
      top++;
      current = { name: quoteName(s.name), members: [] };
      parts.push(current.name);
      continue;
    }
    if (s.depth !== 1 || !current || level.members === "none") continue;
    if (level.members === "public" && (isPrivate(s.name) || DATA_KINDS.has(s.kind))) continue;
    current.members.push(quoteName(s.name));
    parts[parts.length - 1] = `${current.name}{${current.members.join(" ")}}`;
  }
  if (dropped) parts.push(`+${dropped}`);
  return parts.length ? `${head}: ${parts.join(", ")}` : head;
}

function folderLines(files: DigestFile[]): string[] {
  const dirs = new Map<string, { files: number; lines: number }>();
  for (const f of files) {
    const dir = f.path.includes("/") ? f.path.slice(0, f.path.lastIndexOf("/") + 1) : "./";
    const d = dirs.get(dir) ?? { files: 0, lines: 0 };
    d.files++;
    d.lines += f.lineCount;
    dirs.set(dir, d);
  }
  return [...dirs].map(([dir, d]) => `${quotePath(dir)} ${d.files} files, ${d.lines}L`);
}

/** The flat map's last level that still names every file's top-level symbols. */
const ALL_TOP_LEVEL = 3;

/** Whether the flat map fits the budget with every file's top-level names (else `digest` ranks). */
export function flatDigestFits(files: DigestFile[], maxTokens: number): boolean {
  // Up to that level every file has a line starting with its path: when the paths alone are
  // over the budget it cannot fit, and a large repository is not rendered to find that out.
  let chars = 0;
  for (const f of files) if ((chars += f.path.length + 1) > maxTokens * CHARS_PER_TOKEN) return false;
  return renderDigest(files, maxTokens).level <= ALL_TOP_LEVEL;
}

export function renderDigest(files: DigestFile[], maxTokens: number): { text: string; level: number } {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const total = sorted.reduce((n, f) => n + f.lineCount, 0);
  const header = `# ${sorted.length} files, ${total} lines (size: XS<=50 S<=200 M<=1000 L<=5000 XL lines)\n`;
  for (let i = 0; i < LEVELS.length; i++) {
    const lines = LEVELS[i].files ? sorted.map((f) => fileLine(f, LEVELS[i])) : folderLines(sorted);
    const text = header + lines.join("\n") + "\n";
    if (estimateTokens(text) <= maxTokens) return { text, level: i + 1 };
  }
  // Even one line per folder is too long: as many folders as fit.
  const lines = folderLines(sorted);
  let text = header;
  for (let i = 0; i < lines.length; i++) {
    const tail = `... ${lines.length - i} more folders\n`;
    if (estimateTokens(text + lines[i] + "\n" + tail) > maxTokens) return { text: text + tail, level: LEVELS.length + 1 };
    text += lines[i] + "\n";
  }
  return { text, level: LEVELS.length + 1 };
}
