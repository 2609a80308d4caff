// One side of a file as the diff sees it: its lines, its lines with comments blanked out, and
// its symbols as a tree of nodes that know their "own" text (their lines minus their members').
// Pure.
import type { OutlineSymbol, SymbolKind } from "../types.ts";
import { MODULE_NAME } from "./types.ts";

export interface DiffSide {
  path: string;
  /** The decoded text the outline was computed from. */
  text: string;
  symbols: OutlineSymbol[];
  /** Comment spans [start, end) as offsets into `text` (tree-sitter comment nodes). */
  comments?: [number, number][];
}

export interface SymNode {
  sym: OutlineSymbol;
  kind: SymbolKind;
  parent?: SymNode;
  children: SymNode[];
  /** Key among its siblings: qualified name relative to the parent, plus an ordinal when repeated. */
  key: string;
  /** The key without the ordinal: siblings sharing it are overloads, getter/setter pairs, redefinitions. */
  baseKey: string;
  /** First line that belongs to it: its leading doc comment, else its start line. */
  first: number;
  /** Line numbers of its own non-blank lines: its range minus its members' ranges. */
  ownLines: number[];
  /** Own non-blank lines, exactly as written: any difference is a change. */
  raw: string;
  /** Own code with comments and all whitespace removed: equal means the change is cosmetic. */
  code: string;
  /** `code` split at the end of the declaration (decorators + signature) and the rest. */
  decl: string;
  body: string;
  /** The whole range's code (members included), for matching moves. */
  fullCode: string;
  /** Own code lines (whitespace removed, blank dropped), for similarity. */
  codeLines: string[];
}

export class SideText {
  readonly lines: string[];
  readonly codeLines: string[];
  /** codeLines with all whitespace removed. */
  private readonly squeezed: string[];
  readonly root: SymNode;

  constructor(readonly side: DiffSide) {
    this.lines = splitLines(side.text);
    this.codeLines = splitLines(blankComments(side.text, side.comments ?? []));
    this.squeezed = this.codeLines.map(squeeze);
    const moduleSym: OutlineSymbol = {
      kind: "module", name: MODULE_NAME, qualifiedName: MODULE_NAME, signature: "",
      startLine: 1, endLine: Math.max(1, this.lines.length), children: side.symbols,
    };
    this.root = this.node(moduleSym, undefined, MODULE_NAME, MODULE_NAME, true);
  }

  /** Every node below the module, depth first. */
  all(): SymNode[] {
    const out: SymNode[] = [];
    const walk = (n: SymNode) => {
      for (const c of n.children) {
        out.push(c);
        walk(c);
      }
    };
    walk(this.root);
    return out;
  }

  private node(sym: OutlineSymbol, parent: SymNode | undefined, key: string, baseKey: string, isModule = false): SymNode {
    const first = isModule ? 1 : Math.min(sym.docStartLine ?? sym.startLine, sym.startLine);
    const excluded = new Set<number>();
    for (const c of sym.children ?? []) {
      for (let l = Math.min(c.docStartLine ?? c.startLine, c.startLine); l <= c.endLine; l++) {
        // A member on its parent's first line (`class A { m() {} }`) leaves that line to the parent.
        if (!isModule && l === sym.startLine) continue;
        excluded.add(l);
      }
    }
    const ownLines: number[] = [];
    for (let l = first; l <= sym.endLine; l++) if (!excluded.has(l) && (this.lines[l - 1] ?? "").trim() !== "") ownLines.push(l);
    const nonBlank = ownLines;
    const raw = nonBlank.map((l) => this.lines[l - 1]).join("\n");
    const codeLines = nonBlank.map((l) => this.squeezed[l - 1] ?? "").filter((s) => s !== "");
    const code = codeLines.join("");
    const [decl, body] = isModule ? ["", code] : splitDeclaration(code, squeeze(sym.signature), codeLines[0] ?? "");
    const fullCode = isModule ? "" : this.squeezed.slice(first - 1, sym.endLine).join("");
    const n: SymNode = { sym, kind: sym.kind, parent, children: [], key, baseKey, first, ownLines, raw, code, decl, body, fullCode, codeLines };
    const seen = new Map<string, number>();
    for (const c of sym.children ?? []) {
      const rel = isModule || !c.qualifiedName.startsWith(sym.qualifiedName + ".") ? c.qualifiedName : c.qualifiedName.slice(sym.qualifiedName.length + 1);
      const ord = seen.get(rel) ?? 0;
      seen.set(rel, ord + 1);
      n.children.push(this.node(c, n, ord ? `${rel}#${ord}` : rel, rel));
    }
    return n;
  }
}

/** Lines without their `\n` (a final newline does not open a line). */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

const squeeze = (s: string) => s.replace(/\s+/g, "");

/** The text with comment spans turned into spaces (line breaks kept, so lines still line up). */
function blankComments(text: string, spans: [number, number][]): string {
  if (!spans.length) return text;
  let out = "";
  let pos = 0;
  for (const [s, e] of [...spans].sort((x, y) => x[0] - y[0])) {
    if (s < pos) continue;
    out += text.slice(pos, s) + text.slice(s, e).replace(/[^\n]/g, " ");
    pos = e;
  }
  return out + text.slice(pos);
}

/**
 * Split whitespace-free code after the declaration: everything up to the end of the signature
 * (decorators included, since they come first). The outline's signature folds line breaks and
 * drops a trailing comma before a closing bracket, so the match skips such commas.
 */
export function splitDeclaration(code: string, sig: string, firstLine: string): [string, string] {
  if (!sig) return ["", code];
  const probe = sig.slice(0, Math.min(8, sig.length));
  for (let at = code.indexOf(probe); at !== -1; at = code.indexOf(probe, at + 1)) {
    const end = matchFrom(code, at, sig);
    if (end !== -1) return [code.slice(0, end), code.slice(end)];
  }
  // The signature is not in the code (a comment inside it, an elided value): fall back to the
  // first code line as the declaration.
  return [firstLine, code.slice(firstLine.length)];
}

function matchFrom(code: string, at: number, sig: string): number {
  let i = at;
  for (let j = 0; j < sig.length; j++, i++) {
    if (code[i] === sig[j]) continue;
    if (code[i] === "," && ")]}>".includes(code[i + 1] ?? "") && sig[j] === code[i + 1]) {
      i++;
      continue;
    }
    if (sig[j] === "…") return i; // a capped signature: what was shown is the declaration
    return -1;
  }
  return i;
}
