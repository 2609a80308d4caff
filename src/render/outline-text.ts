// The default outline for models and people: one line a definition, nesting by indentation.
//
//   src/notifier.py (python, 30 lines, 8 symbols, sha256:4cedf6ffe0fc)
//   imports: smtplib, typing.List
//   9-26 class Notifier — Sends mail.
//     13-15 def __init__(self, smtp_host: str)
import type { FileOutline, OutlineSymbol } from "../core/types.ts";

export interface TextOptions {
  maxChildren: number;
  maxImports?: number;
}

export const HASH_PREFIX = 12;
const MAX_DIAGNOSTICS_SHOWN = 5;

export function countSymbols(symbols: OutlineSymbol[]): number {
  let n = 0;
  for (const s of symbols) n += 1 + countSymbols(s.children ?? []);
  return n;
}

export function renderOutlineText(file: FileOutline, opts: TextOptions): string {
  const lines: string[] = [];
  const count = countSymbols(file.symbols);
  lines.push(`${file.path} (${file.language}, ${file.lineCount} lines, ${count} symbol${count === 1 ? "" : "s"}, sha256:${file.hash.slice(0, HASH_PREFIX)})`);
  if (file.imports.length) {
    const max = opts.maxImports ?? 24;
    const shown = file.imports.slice(0, max).join(", ");
    lines.push(`imports: ${shown}${file.imports.length > max ? `, … +${file.imports.length - max}` : ""}`);
  }
  if (file.diagnostics.length) {
    const shown = file.diagnostics.slice(0, MAX_DIAGNOSTICS_SHOWN).map((d) => `${d.message} at line ${d.line}`);
    const more = file.diagnostics.length - shown.length;
    lines.push(`diagnostics: ${shown.join("; ")}${more > 0 ? `; … +${more} more (--format json lists them)` : ""}`);
  }
  renderLevel(file.symbols, "", { ...opts, maxChildren: 0 }, lines, opts);
  return lines.join("\n") + "\n";
}

function range(s: OutlineSymbol): string {
  return s.startLine === s.endLine ? `${s.startLine}` : `${s.startLine}-${s.endLine}`;
}

/** The file's top level is never cut; members of a container are (`memberOpts`). */
function renderLevel(symbols: OutlineSymbol[], indent: string, opts: TextOptions, out: string[], memberOpts: TextOptions): void {
  const limit = opts.maxChildren > 0 ? opts.maxChildren : Infinity;
  symbols.slice(0, limit).forEach((s) => {
    let line = `${indent}${range(s)} ${s.signature}`;
    if (s.truncated) line += " [truncated]";
    if (s.doc) line += ` — ${s.doc}`;
    out.push(line);
    if (s.children?.length) renderLevel(s.children, indent + "  ", memberOpts, out, memberOpts);
  });
  if (symbols.length > limit) {
    const rest = symbols.slice(limit);
    const from = rest[0].startLine;
    const to = Math.max(...rest.map((s) => s.endLine));
    out.push(`${indent}… ${rest.length} more (lines ${from}-${to}; --max-children 0 shows all)`);
  }
}
