// The default outline for models and people: one line a definition, nesting by indentation.
//
//   src/notifier.py (python, 30 lines, 8 symbols, sha256:4cedf6ffe0fc)
//   imports: smtplib, typing.{List,Dict}
//   5 EMAIL_TEMPLATE = "hello {name}"
//   9-26 class Notifier — Sends mail.
//    13-15 def __init__(self, smtp_host: str)
//
// Every definition keeps its line range and signature; what is left out to stay small (the JSON
// has all of it, `docs: "all"` / `--docs` shows every doc): values longer than VALUE_SHOWN_MAX (`= …`),
// defaults, annotations and return types of headers too long for a line (signature-fit.ts,
// every parameter name kept, marked `[shortened]`), and doc sentences except on public
// top-level classes and functions (measured in bench/tokens.ts).
import type { FileOutline, LineRange, OutlineSymbol } from "../../core/types.ts";
import { HASH_PREFIX } from "../../core/hash.ts";
import { printable, quoteName, quotePath } from "../../core/text/quote.ts";
import { fitSignature } from "./signature-fit.ts";

export interface TextOptions {
  maxChildren: number;
  maxImports?: number;
  /** "top" (default): docs on public top-level non-value definitions, cut at TOP_DOC_MAX; "all": every doc. */
  docs?: "top" | "all";
}

const MAX_DIAGNOSTICS_SHOWN = 5;
const MAX_UNPARSED_SHOWN = 8;
/** One space a level: a two-space indent costs o200k two tokens a line, one space one. */
const INDENT = " ";
/** A value longer than this shows as `NAME = …`. */
export const VALUE_SHOWN_MAX = 24;
const TOP_DOC_MAX = 80;
const VALUE_KINDS = new Set(["variable", "constant", "field", "property"]);
/** Containers whose members count as the top of the file for docs. */
const OPEN_CONTAINERS = new Set(["module", "namespace"]);

export function countSymbols(symbols: OutlineSymbol[]): number {
  let n = 0;
  for (const s of symbols) n += 1 + countSymbols(s.children ?? []);
  return n;
}

export function renderOutlineText(file: FileOutline, opts: TextOptions): string {
  const lines: string[] = [];
  const count = countSymbols(file.symbols);
  lines.push(`${quotePath(file.path)} (${file.language}, ${file.lineCount} lines, ${count} symbol${count === 1 ? "" : "s"}, sha256:${file.hash.slice(0, HASH_PREFIX)})`);
  if (file.imports.length) {
    const max = opts.maxImports ?? 24;
    const imports = groupImports(file.imports).map(printable);
    const shown = imports.slice(0, max).join(", ");
    lines.push(`imports: ${shown}${imports.length > max ? `, … +${imports.length - max}` : ""}`);
  }
  if (file.diagnostics.length) {
    const shown = file.diagnostics.slice(0, MAX_DIAGNOSTICS_SHOWN).map((d) => `${printable(d.message)} at line ${d.line}`);
    const more = file.diagnostics.length - shown.length;
    lines.push(`diagnostics: ${shown.join("; ")}${more > 0 ? `; … +${more} more (--format json lists them)` : ""}`);
  }
  if (file.unparsedRanges?.length) lines.push(unparsedLine(file.unparsedRanges));
  renderLevel(file.symbols, "", { ...opts, maxChildren: 0 }, lines, opts);
  return lines.join("\n") + "\n";
}

/** The lines the parser could not read, so the reader knows to read them with region or grep. */
function unparsedLine(ranges: LineRange[]): string {
  const shown = ranges.slice(0, MAX_UNPARSED_SHOWN).map((r) => (r.startLine === r.endLine ? `${r.startLine}` : `${r.startLine}-${r.endLine}`));
  const more = ranges.length - shown.length;
  const word = ranges.length === 1 && ranges[0].startLine === ranges[0].endLine ? "line" : "lines";
  return `unparsed: ${word} ${shown.join(", ")}${more > 0 ? `, … +${more} more` : ""} (definitions there may be missing: read them with region)`;
}

function range(s: OutlineSymbol): string {
  return s.startLine === s.endLine ? `${s.startLine}` : `${s.startLine}-${s.endLine}`;
}

/** The file's top level is never cut; members of a container are (`memberOpts`). */
function renderLevel(symbols: OutlineSymbol[], indent: string, opts: TextOptions, out: string[], memberOpts: TextOptions, parent?: OutlineSymbol): void {
  const limit = opts.maxChildren > 0 ? opts.maxChildren : Infinity;
  const shown = symbols.slice(0, limit);
  shown.forEach((s, i) => {
    if (i > 0 && sameDeclaration(shown[i - 1], s)) return;
    const fitted = VALUE_KINDS.has(s.kind) ? { text: valueSignature(s.signature), shortened: false } : fitSignature(s.signature, s.name);
    let line = `${indent}${range(s)} ${printable(fitted.text)}`;
    // A line standing for several names lists them when the signature shown leaves one out
    // (`const { …` over several lines).
    const names = [s.name];
    for (let j = i + 1; j < shown.length && sameDeclaration(shown[j - 1], shown[j]); j++) names.push(shown[j].name);
    if (names.length > 1 && names.some((n) => !line.includes(n))) line += ` (${names.map(quoteName).join(", ")})`;
    // A name the signature does not show (a Kubernetes object's `Deployment/web`, a Terraform
    // resource's `aws_vpc.this`) is added after it.
    else if (names.length === 1 && !line.includes(printable(s.name))) line += ` (${quoteName(s.name)})`;
    if (fitted.shortened) line += " [shortened]";
    if (s.truncated) line += " [truncated]";
    const doc = shownDoc(s, parent, opts.docs ?? "top");
    if (doc) line += ` — ${printable(doc)}`;
    out.push(line);
    if (s.children?.length) renderLevel(s.children, indent + INDENT, memberOpts, out, memberOpts, s);
  });
  if (symbols.length > limit) {
    const rest = symbols.slice(limit);
    const from = rest[0].startLine;
    const to = Math.max(...rest.map((s) => s.endLine));
    out.push(`${indent}… ${rest.length} more (lines ${from}-${to}; --max-children 0 shows all)`);
  }
}

/**
 * The names of one declaration (`const { a, b } = o`, Go `a, b int`) are separate symbols with
 * one range and signature: the line that shows them all is printed once.
 */
function sameDeclaration(a: OutlineSymbol, b: OutlineSymbol): boolean {
  return a.startLine === b.startLine && a.endLine === b.endLine && a.signature === b.signature && !a.children && !b.children;
}

/**
 * Docs cost a fifth of an outline's tokens; a member's is one `symbol` call away. By default
 * only public (no leading `_`) definitions at the top of the file (or of a namespace/module)
 * carry theirs, cut at TOP_DOC_MAX; members of classes and nested functions do not.
 */
function shownDoc(s: OutlineSymbol, parent: OutlineSymbol | undefined, mode: "top" | "all"): string | undefined {
  if (!s.doc || mode === "all") return s.doc;
  if (parent && !OPEN_CONTAINERS.has(parent.kind)) return undefined;
  if (VALUE_KINDS.has(s.kind) || isPrivateName(s.name)) return undefined;
  return cutAtWord(s.doc, TOP_DOC_MAX);
}

/** At most `max` characters, cut after a whole word and marked with `…`. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(" ");
  return (space > max / 2 ? head.slice(0, space) : head).replace(/[\s,;:.-]+$/, "") + "…";
}

/** `_helper`, `__mangled` (not `__dunder__`). */
function isPrivateName(name: string): boolean {
  return name.startsWith("_") && !/^__.+__$/.test(name);
}

/**
 * `NAME = <value>` with a value longer than VALUE_SHOWN_MAX (or spanning lines) shown as
 * `NAME = …`; whatever precedes the `=` (keywords, type) is kept. No top-level `=`: unchanged.
 */
export function valueSignature(signature: string): string {
  const at = assignmentAt(signature);
  if (at < 0) return signature;
  const value = signature.slice(at + 1).trim();
  if (value.length <= VALUE_SHOWN_MAX && !value.endsWith("…")) return signature;
  // The spacing around `=` stays as written (`X=…` in a shell script).
  return `${signature.slice(0, at + 1)}${/\s/.test(signature[at + 1] ?? "") ? " " : ""}…`;
}

/** Index of the first `=` outside brackets and strings that is an assignment, or -1. */
function assignmentAt(text: string): number {
  let depth = 0;
  let quote = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = "";
    } else if (ch === "'" && /(&|<|[<,+] )$/.test(text.slice(0, i)) && /^'[A-Za-z_]\w*(?!['\w])/.test(text.slice(i))) {
      continue; // a Rust lifetime (`&'static str`), not a quote
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) depth = Math.max(0, depth - 1);
    else if (ch === "=" && depth === 0) {
      const prev = text[i - 1] ?? "";
      const next = text[i + 1] ?? "";
      if (next !== "=" && next !== ">" && !"=!<>:+-*/%&|^~.?".includes(prev) && i > 0) return i;
      if (next === "=") i++;
    }
  }
  return -1;
}

/** `typing.List, typing.Dict, os` -> `typing.{List,Dict}, os`: imports under one dotted or `::` path share it. */
export function groupImports(imports: string[]): string[] {
  const groups = new Map<string, { sep: string; tails: string[] }>();
  const order: string[] = [];
  for (const imp of imports) {
    const m = /^([\w$@]+(?:(?:\.|::|\\)[\w$]+)*)(\.|::|\\)([\w$*]+)$/.exec(imp);
    const key = m ? `${m[1]}${m[2]}` : `\0${imp}`;
    if (!groups.has(key)) {
      groups.set(key, { sep: m ? m[2] : "", tails: [] });
      order.push(key);
    }
    groups.get(key)!.tails.push(m ? m[3] : imp);
  }
  return order.flatMap((key) => {
    const { tails } = groups.get(key)!;
    if (key.startsWith("\0")) return tails;
    if (tails.length === 1) return [key + tails[0]];
    return [`${key}{${tails.join(",")}}`];
  });
}
