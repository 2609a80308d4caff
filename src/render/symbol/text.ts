// Symbol views as text, the same for the CLI's `symbol` and the MCP `get_symbol`; each starts
// with the header line of header.ts.
import type { OuterName } from "../../core/skeleton/free-names.ts";
import { SKELETON_MIN_SAVING, type BranchView, type CallView, type FileRef, type FullView, type SkeletonView, type SymbolLookup, type SymbolView, type UnchangedView } from "../../core/symbols/view.ts";
import { printable, quoteName, quotePath, toJson } from "../../core/text/quote.ts";
import { HASH_PREFIX } from "../../core/hash.ts";
import { symbolHeader } from "./header.ts";
import { renderSkeletonText } from "./skeleton.ts";

const decoder = new TextDecoder();

export function renderOuterNames(names: OuterName[]): string {
  if (!names.length) return "";
  return `# uses from enclosing scope: ${names.map((n) => `${quoteName(n.name)} (${quoteName(n.in)}:${n.line})`).join(", ")}\n`;
}

/** The header and the outer names of a full view; its text follows as bytes (fullTextParts). */
function fullHead(v: FullView, note?: string): string {
  const s = v.symbol;
  const parts = [s.kind, ...(s.truncated ? ["truncated"] : []), ...(note ? [note] : []), ...hashParts(v)];
  return symbolHeader(v.file.path, v.block.startLine, v.block.endLine, quoteName(s.qualifiedName), parts, v.file.hash) + renderOuterNames(v.outerNames);
}

/** `symbol:1a2b…` (the symbol's own hash) and, when it changed since a read, the hash it was read with. */
function hashParts(v: { symbolHash: string; changedSince?: string }): string[] {
  return [`symbol:${v.symbolHash}`, ...(v.changedSince !== undefined ? [`CHANGED since you read it (${cutHash(v.changedSince)})`] : [])];
}

/** `symbol:` / `sha256:` and the first HASH_PREFIX hex digits. */
function cutHash(labelled: string): string {
  const colon = labelled.indexOf(":");
  return labelled.slice(0, colon + 1 + HASH_PREFIX);
}

function unchangedText(v: UnchangedView): string {
  const s = v.symbol;
  return symbolHeader(v.file.path, s.startLine, s.endLine, quoteName(s.qualifiedName), [s.kind, `symbol:${v.symbolHash}`, "unchanged since you read it"], v.file.hash);
}

/**
 * A full view as parts to write in order: the text is the file's bytes as they are (the CLI
 * writes them unchanged; a string answer decodes them), ending with a newline.
 */
export function fullTextParts(v: FullView, note?: string): (string | Uint8Array)[] {
  const text = v.block.text;
  return [fullHead(v, note), text, ...(text.length && text[text.length - 1] !== 0x0a ? ["\n"] : [])];
}

function decodeParts(parts: (string | Uint8Array)[]): string {
  return parts.map((p) => (typeof p === "string" ? p : decoder.decode(p))).join("");
}

function skeletonOrFull(v: SkeletonView): string {
  const skeleton = renderSkeletonText(v.skeleton, v.file.path, v.file.hash, { headerParts: hashParts(v.full), focus: v.focus });
  const full = decodeParts(fullTextParts(v.full, "full text: a skeleton would not be shorter"));
  return skeleton.length <= (1 - SKELETON_MIN_SAVING) * full.length ? skeleton : full;
}

function branchText(v: BranchView): string {
  let text = decoder.decode(v.block.text);
  if (!text.endsWith("\n")) text += "\n";
  return symbolHeader(v.file.path, v.block.startLine, v.block.endLine, `${quoteName(v.symbol.qualifiedName)} ${printable(v.branch.label)}`, [], v.file.hash) + text;
}

function callText(v: CallView): string {
  const r = v.resolved;
  const byName = r.resolution === "name-match" ? ` (by name only${(r.candidates ?? 0) > 1 ? `, 1 of ${r.candidates}` : ""})` : "";
  return `# ${printable(v.callee)}@${v.line} resolves by ${r.resolution}${byName}\n` + renderSymbolText(v.target);
}

/** Any symbol view as text (a skeleton falls back to the full text when it would not be clearly shorter). */
export function renderSymbolText(v: SymbolView): string {
  switch (v.kind) {
    case "full":
      return decodeParts(fullTextParts(v));
    case "skeleton":
      return skeletonOrFull(v);
    case "branch":
      return branchText(v);
    case "call":
      return callText(v);
    case "unchanged":
      return unchangedText(v);
  }
}

/** What a symbol lookup prints: the found symbols' text (bytes kept), candidate lines, and notes for stderr. */
export interface LookupText {
  out: (string | Uint8Array)[];
  notes: string[];
}

/** The CLI's `symbol FILE NAME...`: each found symbol's full text; an ambiguous name lists its candidates; a missing one says so. */
export function renderLookupsText(path: string, lookups: SymbolLookup[]): LookupText {
  const shown = quotePath(path);
  const out: (string | Uint8Array)[] = [];
  const notes: string[] = [];
  for (const r of lookups) {
    if (r.status === "found") {
      for (const v of r.views) out.push(...fullTextParts(v));
    } else if (r.status === "ambiguous") {
      notes.push(`\`${r.query}\` matches ${r.candidates.length} symbols in ${shown} (name one by its qualified name)`);
      for (const c of r.candidates) out.push(`${shown}:${c.startLine}-${c.endLine} ${c.kind} ${quoteName(c.qualifiedName)}\n`);
    } else {
      const hint = r.suggestions.length ? `did you mean: ${r.suggestions.map((s) => quoteName(s.qualifiedName)).join(", ")}` : `\`ast-outline outline ${shown}\` lists its symbols`;
      notes.push(`no symbol \`${r.query}\` in ${shown} (${hint})`);
    }
  }
  return { out, notes };
}

/** The same lookups as data (`symbol --format json`). */
export function renderLookupsJson(file: FileRef, lookups: SymbolLookup[]): string {
  const results = lookups.map((r) => {
    if (r.status === "found") {
      return {
        query: r.query,
        status: r.status,
        symbols: r.views.map((v) => {
          const { children, ...fields } = v.symbol;
          return { ...fields, hash: v.symbolHash, textStartLine: v.block.startLine, textEndLine: v.block.endLine, text: decoder.decode(v.block.text), ...(v.outerNames.length ? { outerNames: v.outerNames } : {}) };
        }),
      };
    }
    if (r.status === "ambiguous") return { query: r.query, status: r.status, candidates: r.candidates.map(({ children, ...c }) => c) };
    return { query: r.query, status: r.status, suggestions: r.suggestions.map((s) => s.qualifiedName) };
  });
  return toJson({ path: file.path, language: file.language, hash: file.hash, results }, 2) + "\n";
}
