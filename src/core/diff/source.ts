// One side of a file as the diff sees it: its lines, its lines with comments blanked out, and
// its symbols as a tree of nodes that know their "own" text (their lines minus their members').
// Pure.
import type { OutlineSymbol, SymbolKind } from "../types.ts";
import { columnsOf } from "../outline/columns.ts";
import { MODULE_NAME } from "./types.ts";

export interface DiffSide {
  path: string;
  /** The decoded text the outline was computed from. */
  text: string;
  symbols: OutlineSymbol[];
  /**
   * Comment spans [start, end) as offsets into `text` (tree-sitter comment nodes), a third
   * element 1 on a comment that is code (a directive: never cosmetic, but not part of a
   * signature either). A function is asked only when comment-free code is first needed (most
   * symbols never need it).
   */
  comments?: CommentSpan[] | (() => CommentSpan[]);
  /** `splitLines(text)`, when the caller has it already (the app splits both sides for the line diff). */
  lines?: string[];
  /** A string literal opening a body is its doc (registry `bodyDocstring`: Python). */
  bodyDocstring?: boolean;
  /** The parser could not read all of it: a definition may sit outside its real parent. */
  unparsed?: boolean;
}

/** A comment's [start, end), with 1 third when the comment is code (a directive, a pragma). */
export type CommentSpan = [number, number] | [number, number, 1];

/** Kinds whose declaration may carry a value (`= …`): what follows the assignment is the value, not the signature. */
const VALUE_KINDS = new Set<SymbolKind>(["variable", "constant", "field", "property"]);

/**
 * A symbol as the diff sees it. What every pair needs (its own lines, their raw text) is
 * computed up front; the comment-free forms only for the few symbols whose text differs or
 * that are matched as renames or moves.
 */
export class SymNode {
  children: SymNode[] = [];
  readonly kind: SymbolKind;
  /** Own non-blank lines, exactly as written (on a shared line, only its own part): any difference is a change. */
  readonly raw: string;
  private memo?: { codeLines: string[]; code: string; decl: string; body: string; value: string; doc: string };
  private full?: string;

  constructor(
    private readonly side: SideText,
    readonly sym: OutlineSymbol,
    readonly parent: SymNode | undefined,
    /** Key among its siblings: qualified name relative to the parent, plus an ordinal when repeated. */
    readonly key: string,
    /** The key without the ordinal: siblings sharing it are overloads, getter/setter pairs, redefinitions. */
    readonly baseKey: string,
    /** First line that belongs to it: its leading doc comment, else its start line. */
    readonly first: number,
    /** Line numbers of its own non-blank lines: its range minus its members' ranges. */
    readonly ownLines: number[],
    /** For the own lines it shares with another symbol, the [from, to) column spans that are its own. */
    private readonly parts_: Map<number, Span[]> | undefined,
    /** Where its range starts on its first line and ends on its last (columns; 0 and Infinity when the line is all its own). */
    private readonly bounds: Span,
  ) {
    this.kind = sym.kind;
    this.raw = ownLines.map((l) => this.own(side.lines, l, "\n")).join("\n");
  }

  /** Line `l` of `lines` (the raw or the blanked ones) cut to its own spans, joined by `sep`. */
  private own(lines: string[], l: number, sep: string): string {
    const line = lines[l - 1] ?? "";
    const spans = this.parts_?.get(l);
    return spans ? spans.map(([a, b]) => line.slice(a, b)).join(sep) : line;
  }

  private get parts() {
    if (this.memo) return this.memo;
    const squeezed = this.side.squeezed;
    const blanked = this.parts_ && this.side.blanked;
    const codeLines = this.ownLines.map((l) => (blanked && this.parts_!.has(l) ? squeeze(this.own(blanked, l, " ")) : squeezed[l - 1] ?? "")).filter((s) => s !== "");
    // A data key's trailing comma separates it from the next key (JSON): not part of it.
    const code = this.kind === "key" ? codeLines.join("").replace(/,$/, "") : codeLines.join("");
    if (!this.parent) return (this.memo = { codeLines, code, decl: "", body: code, value: "", doc: "" });
    // The leading doc comment, as written (comments are blanked in `code`; a doc comment is doc, not a cosmetic comment).
    let doc = this.ownLines.filter((l) => l < this.sym.startLine).map((l) => squeeze(this.own(this.side.lines, l, " "))).join("");
    // A type alias is all declaration: its definition is what callers type against (the outline's signature may show only its first line).
    let [decl, body] = this.kind === "type" ? [code, ""] : this.splitDeclaration(code, codeLines[0] ?? "");
    let value = "";
    const assign = VALUE_KINDS.has(this.kind) ? assignmentAt(code) : this.kind === "key" ? keyValueAt(code) : -1;
    if (assign !== -1) [decl, value, body] = [code.slice(0, assign), code.slice(assign), ""];
    else if (this.side.side.bodyDocstring) {
      const m = DOCSTRING.exec(body);
      if (m) {
        doc += m[1];
        body = body.slice(0, m.index + m[0].length - m[1].length) + body.slice(m.index + m[0].length);
      }
    }
    return (this.memo = { codeLines, code, decl, body, value, doc });
  }

  /**
   * `code` split after the declaration. The outline's signature leaves every comment out; where a
   * comment that is code sits inside the header (`self, x: int = _s  # type: ignore`), the
   * signature is looked for in the code without such comments and the end found there is mapped back.
   */
  private splitDeclaration(code: string, firstLine: string): [string, string] {
    const sig = squeeze(this.sym.signature);
    const end = declarationEnd(code, sig);
    if (end !== -1) return [code.slice(0, end), code.slice(end)];
    if (this.side.hasCodeComments && this.kind !== "key") {
      const { bare, at } = this.withoutCodeComments();
      const bareEnd = bare.length < code.length ? declarationEnd(bare, sig) : -1;
      if (bareEnd > 0) {
        // The declaration without those comments; they count with the body (code, but not the signature).
        const codeEnd = at[bareEnd - 1] + 1;
        const inHeader = new Set(at.slice(0, bareEnd));
        let comments = "";
        for (let i = 0; i < codeEnd; i++) if (!inHeader.has(i)) comments += code[i];
        return [bare.slice(0, bareEnd), comments + code.slice(codeEnd)];
      }
    }
    // The signature is not in the code (an ordinary comment inside it, an elided value): the first code line is the declaration.
    return [firstLine, code.slice(firstLine.length)];
  }

  /** Own code with comments that are code blanked too, and for each of its characters, where it is in `code`. */
  private withoutCodeComments(): { bare: string; at: number[] } {
    const { blanked, bareBlanked } = this.side;
    let bare = "";
    const at: number[] = [];
    let offset = 0;
    for (const l of this.ownLines) {
      const kept = this.parts_?.has(l) ? this.own(blanked, l, " ") : blanked[l - 1] ?? "";
      const plain = this.parts_?.has(l) ? this.own(bareBlanked, l, " ") : bareBlanked[l - 1] ?? "";
      let k = 0; // characters of `kept` squeezed so far on this line
      for (let c = 0; c < kept.length; c++) {
        if (/\s/.test(kept[c])) continue;
        if (!/\s/.test(plain[c] ?? " ")) {
          bare += plain[c];
          at.push(offset + k);
        }
        k++;
      }
      offset += k;
    }
    return { bare, at };
  }

  /** Own code with comments and all whitespace removed: equal means the change is cosmetic. */
  get code(): string {
    return this.parts.code;
  }
  /** `code` split at the end of the declaration (decorators + signature) and the rest. */
  get decl(): string {
    return this.parts.decl;
  }
  get body(): string {
    return this.parts.body;
  }
  /** For a variable, constant, field or property with an initializer: the assignment and what follows (else ""). */
  get value(): string {
    return this.parts.value;
  }
  /** Its doc as written, whitespace removed: the leading doc comment's lines, and a docstring opening its body. */
  get doc(): string {
    return this.parts.doc;
  }
  /** Own code lines (whitespace removed, blank dropped), for similarity. */
  get codeLines(): string[] {
    return this.parts.codeLines;
  }
  /** The whole range's code (members included), for matching moves. */
  get fullCode(): string {
    return (this.full ??= this.fullCodeText().map(squeeze).join(""));
  }
  /** Its own lines with comments blanked, whitespace kept (for tokens). */
  ownCodeText(): string[] {
    const blanked = this.side.blanked;
    return this.ownLines.map((l) => this.own(blanked, l, " "));
  }
  /** Its whole range with comments blanked, members included (for a container's tokens); cut at its columns on a shared first or last line. */
  fullCodeText(): string[] {
    if (!this.parent) return [];
    const lines = this.side.blanked.slice(this.first - 1, this.sym.endLine);
    const [from, to] = this.bounds;
    if (!lines.length || (from === 0 && to === Infinity)) return lines;
    const at = this.sym.startLine - this.first;
    const last = lines.length - 1;
    if (at === last) lines[at] = lines[at].slice(from, to);
    else {
      if (at < last) lines[at] = lines[at].slice(from);
      lines[last] = lines[last].slice(0, to);
    }
    return lines;
  }
  /** The file this side is. */
  get path(): string {
    return this.side.side.path;
  }
  /** Its file did not parse whole (its parent may be an artifact of error recovery). */
  get unparsed(): boolean {
    return this.side.side.unparsed === true;
  }
}

export class SideText {
  readonly lines: string[];
  readonly root: SymNode;
  private squeezedLines?: string[];
  private blankedLines?: string[];
  private bareLines?: string[];
  private spans?: CommentSpan[];
  /** 1 where line l (1-based, index l) has a non-space character. */
  private readonly nonBlank: Uint8Array;
  /** Lines claimed by the members of the node being built: `mark[l] === stamp` (one array, no Set per node). */
  private readonly mark: Uint32Array;
  private stamp = 0;

  constructor(readonly side: DiffSide) {
    this.lines = side.lines ?? splitLines(side.text);
    this.nonBlank = new Uint8Array(this.lines.length + 2);
    for (let i = 0; i < this.lines.length; i++) if (/\S/.test(this.lines[i])) this.nonBlank[i + 1] = 1;
    this.mark = new Uint32Array(this.lines.length + 2);
    const moduleSym: OutlineSymbol = {
      kind: "module", name: MODULE_NAME, qualifiedName: MODULE_NAME, signature: "",
      startLine: 1, endLine: Math.max(1, this.lines.length), children: side.symbols,
    };
    this.root = this.node(moduleSym, undefined, MODULE_NAME, MODULE_NAME, true);
  }

  /** The lines with comments blanked and all whitespace removed (computed on first use). */
  get squeezed(): string[] {
    return (this.squeezedLines ??= this.blanked.map(squeeze));
  }

  private get commentSpans(): CommentSpan[] {
    if (!this.spans) {
      const c = this.side.comments;
      this.spans = typeof c === "function" ? c() : c ?? [];
    }
    return this.spans;
  }

  /** The lines with ordinary comments blanked, whitespace kept (computed on first use). */
  get blanked(): string[] {
    return (this.blankedLines ??= splitLines(blankComments(this.side.text, this.commentSpans.filter((s) => s.length === 2))));
  }

  /** The lines with every comment blanked, those that are code too (computed on first use). */
  get bareBlanked(): string[] {
    return (this.bareLines ??= splitLines(blankComments(this.side.text, this.commentSpans)));
  }

  /** Whether any comment of this side is code. */
  get hasCodeComments(): boolean {
    return this.commentSpans.some((s) => s.length === 3);
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

  private node(sym: OutlineSymbol, parent: SymNode | undefined, key: string, baseKey: string, isModule = false, bounds: Span = WHOLE): SymNode {
    const first = isModule ? 1 : Math.min(sym.docStartLine ?? sym.startLine, sym.startLine);
    const stamp = ++this.stamp;
    const { mark, nonBlank } = this;
    const last = Math.min(sym.endLine, this.lines.length);
    const members = sym.children ?? [];
    const claims = members.map((c, i) => this.claim(c, members[i - 1], members[i + 1], isModule ? undefined : sym));
    // Lines its members take whole are marked; the columns they take of a line they share are listed.
    let taken: Map<number, Span[]> | undefined;
    members.forEach((c, i) => {
      // Only lines of this node's range matter below; a member can reach outside it.
      for (let l = Math.max(first, Math.min(c.docStartLine ?? c.startLine, c.startLine)), end = Math.min(c.endLine, last); l <= end; l++) {
        const from = l === c.startLine ? claims[i][0] : 0;
        const to = l === c.endLine ? claims[i][1] : Infinity;
        if (from === 0 && to === Infinity) mark[l] = stamp;
        else {
          taken ??= new Map();
          const spans = taken.get(l);
          if (spans) spans.push([from, to]);
          else taken.set(l, [[from, to]]);
        }
      }
    });
    // A member on its parent's first line (`class A { m() {} }`) whose columns are not known leaves that line to the parent.
    if (!isModule && sym.startLine >= 1 && sym.startLine <= last && mark[sym.startLine] === stamp) mark[sym.startLine] = 0;
    const ownLines: number[] = [];
    let parts: Map<number, Span[]> | undefined;
    for (let l = Math.max(1, first); l <= last; l++) {
      if (mark[l] === stamp || !nonBlank[l]) continue;
      const from = l === sym.startLine ? bounds[0] : 0;
      const to = l === sym.endLine ? bounds[1] : Infinity;
      const others = taken?.get(l);
      if (from === 0 && to === Infinity && !others) {
        ownLines.push(l);
        continue;
      }
      const line = this.lines[l - 1];
      const mine = subtract([from, Math.min(to, line.length)], others ?? []).filter(([x, y]) => /\S/.test(line.slice(x, y)));
      if (!mine.length) continue;
      ownLines.push(l);
      (parts ??= new Map()).set(l, mine);
    }
    const n = new SymNode(this, sym, parent, key, baseKey, first, ownLines, parts, bounds);
    const seen = new Map<string, number>();
    members.forEach((c, i) => {
      const rel = isModule || !c.qualifiedName.startsWith(sym.qualifiedName + ".") ? c.qualifiedName : c.qualifiedName.slice(sym.qualifiedName.length + 1);
      const ord = seen.get(rel) ?? 0;
      seen.set(rel, ord + 1);
      n.children.push(this.node(c, n, ord ? `${rel}#${ord}` : rel, rel, false, claims[i]));
    });
    return n;
  }

  /**
   * The columns a member takes of its first and last line: all of a line it shares with no
   * other symbol (what precedes or follows it there, `export`, a `;`, a trailing comment, is
   * its own), and only its own columns of a line a sibling or its parent's header or end is on.
   */
  private claim(c: OutlineSymbol, before: OutlineSymbol | undefined, after: OutlineSymbol | undefined, parent: OutlineSymbol | undefined): Span {
    const columns = columnsOf(c);
    if (!columns) return WHOLE;
    const sharedStart = before?.endLine === c.startLine || parent?.startLine === c.startLine;
    const sharedEnd = after?.startLine === c.endLine || parent?.endLine === c.endLine;
    const end = sharedEnd && columns.end !== undefined && c.endLine <= this.lines.length ? columns.end : Infinity;
    return [sharedStart ? columns.start : 0, end];
  }
}

/** [from, to) columns of one line. */
type Span = [number, number];
const WHOLE: Span = [0, Infinity];

/** What of `span` the `cuts` leave, in order. */
function subtract(span: Span, cuts: Span[]): Span[] {
  const out: Span[] = [];
  let at = span[0];
  for (const [a, b] of [...cuts].sort((x, y) => x[0] - y[0])) {
    if (a > at) out.push([at, Math.min(a, span[1])]);
    at = Math.max(at, b);
    if (at >= span[1]) break;
  }
  if (at < span[1]) out.push([at, span[1]]);
  return out.filter(([a, b]) => b > a);
}

/** Lines without their `\n` (a final newline does not open a line). */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

const squeeze = (s: string) => s.replace(/\s+/g, "");

/** A string literal first in a body (after the `:` that opens it), whitespace already removed: group 1 is the docstring. */
const DOCSTRING = /^:?([rRuUbB]{0,2}(?:"""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'))/;

/**
 * Where the initializer starts in whitespace-free declaration code: the first `=` (or `:=`)
 * outside brackets and string literals that is not part of `==`, `=>`, `<=`, `>=`, `!=`; -1
 * when there is none. The split is syntax every language with `=` initializers shares. What
 * precedes the assignment is a declaration, where `<` and `>` are type brackets
 * (`Record<string,Node>=…` assigns, whitespace being gone) and `'` may open a Rust lifetime
 * (`&'staticstr=…`).
 */
export function assignmentAt(code: string): number {
  let depth = 0;
  let angles = 0;
  /** Where the last `>` that closed a type bracket is. */
  let closedAngle = -1;
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === "'" && isLifetime(code, i)) continue;
    if (c === '"' || c === "'" || c === "`") {
      const close = code.indexOf(c, i + 1);
      if (close === -1) return -1;
      i = close;
    } else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
    else if (c === "<") angles++;
    else if (c === ">" && angles > 0 && code[i - 1] !== "-" && code[i - 1] !== "=") {
      angles--;
      closedAngle = i;
    } else if (c === "=" && depth === 0 && angles === 0) {
      const next = code[i + 1] ?? "";
      const prev = code[i - 1] ?? "";
      if (next === "=" || next === ">" || ("=!<>".includes(prev) && closedAngle !== i - 1)) continue;
      return prev === ":" ? i - 1 : i;
    }
  }
  return -1;
}

/**
 * Where a data key's value starts in whitespace-free code (JSON/YAML `"k":v`, TOML `k=v`): the
 * first `:` or `=` outside quotes; -1 when there is none.
 */
export function keyValueAt(code: string): number {
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'") {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === "\\") i++;
      if (i >= code.length) return -1;
    } else if (c === ":" || c === "=") return i;
  }
  return -1;
}

/** `'a` or `'static` not closed right after its name (a char or string literal is): a Rust lifetime. */
function isLifetime(code: string, i: number): boolean {
  const m = /^'[A-Za-z_]\w*/.exec(code.slice(i, i + 64));
  return m !== null && code[i + m[0].length] !== "'";
}

/** The text with comment spans turned into spaces (line breaks kept, so lines still line up). */
function blankComments(text: string, spans: readonly CommentSpan[]): string {
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
 * Where the declaration ends in whitespace-free code: after the end of the signature
 * (decorators included, since they come first); -1 when the signature is not in the code. The
 * outline's signature folds line breaks and drops a trailing comma before a closing bracket, so
 * the match skips such commas.
 */
export function declarationEnd(code: string, sig: string): number {
  if (!sig) return 0;
  const probe = sig.slice(0, Math.min(8, sig.length));
  for (let at = code.indexOf(probe); at !== -1; at = code.indexOf(probe, at + 1)) {
    const end = matchFrom(code, at, sig);
    if (end !== -1) return end;
  }
  return -1;
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

/**
 * Whitespace-free declaration text without the trailing commas a formatter adds or removes
 * (`f(a, b,)` as `f(a,b)`: Black's magic comma, Prettier's `trailingComma`), which change no
 * parameter. A group whose only comma is the trailing one keeps it: `(x,)` is a one-element
 * tuple in Python, not `(x)`.
 */
export function withoutTrailingCommas(decl: string): string {
  if (!decl.includes(",")) return decl;
  const open: number[] = []; // per open bracket, the commas met at its depth
  const drop = new Set<number>();
  for (let i = 0; i < decl.length; i++) {
    const c = decl[i];
    if (c === "(" || c === "[" || c === "{") open.push(0);
    else if (c === ")" || c === "]" || c === "}") {
      const commas = open.pop() ?? 0;
      if (decl[i - 1] === "," && commas > 1) drop.add(i - 1);
    } else if (c === "," && open.length) open[open.length - 1]++;
  }
  if (!drop.size) return decl;
  let out = "";
  for (let i = 0; i < decl.length; i++) if (!drop.has(i)) out += decl[i];
  return out;
}

/** What differs between two versions of a symbol, by part (the rule of docs/contract.md, "What counts as a change"). */
export interface ChangeParts {
  signatureChanged: boolean;
  valueChanged: boolean;
  docChanged: boolean;
  bodyChanged: boolean;
  cosmetic: boolean;
}

export function classify(o: SymNode, n: SymNode): ChangeParts {
  const docChanged = o.doc !== n.doc;
  const declChanged = o.decl !== n.decl && withoutTrailingCommas(o.decl) !== withoutTrailingCommas(n.decl);
  const sameCode = o.code === n.code || (!declChanged && o.value === n.value && o.body === n.body);
  const cosmetic = o.raw !== n.raw && !docChanged && sameCode;
  return {
    signatureChanged: !cosmetic && declChanged,
    valueChanged: !cosmetic && o.value !== n.value,
    docChanged,
    bodyChanged: !cosmetic && o.body !== n.body,
    cosmetic,
  };
}
