// A view of C-family code tokens (tokens.ts) for the parse masks of this folder:
// comments left out, preprocessor lines kept, and the set of tokens a mask blanks.
import type { Token } from "./tokens.ts";

/** Words a C/C++ declaration can start with, after any macros. */
export const DECLARATION_WORDS = new Set([
  "void", "bool", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "auto",
  "wchar_t", "char8_t", "char16_t", "char32_t", "static", "inline", "extern", "constexpr", "consteval",
  "constinit", "virtual", "explicit", "friend", "typename", "template", "const", "volatile", "mutable",
  "thread_local", "register", "class", "struct", "union", "enum", "namespace", "using", "typedef",
  "operator", "public", "private", "protected", "decltype", "concept", "export", "_Noreturn", "__inline",
]);

/** Keywords a parenthesis can follow that do not make it a parameter list. */
export const STATEMENT_WORDS = new Set(["if", "while", "for", "switch", "return", "sizeof", "alignof", "_Alignof", "decltype", "catch", "throw", "case", "do", "else", "noexcept", "typeid", "static_assert", "_Static_assert", "co_return", "co_await", "co_yield", "new", "delete"]);

/** Specifiers a macro can stand among (`static FMT_INLINE constexpr`). */
export const SPECIFIERS = new Set(["static", "inline", "extern", "constexpr", "consteval", "constinit", "virtual", "explicit", "friend", "const"]);

/** What can follow a parameter list: a trailing macro before one of these is an annotation. */
export const AFTER_PARAMETERS = new Set(["{", ";", "=", ":", "override", "final", "const", "noexcept", "->", "&", "&&"]);

/** What may stand between a parameter list and its body. */
const BODY_QUALIFIERS = new Set(["const", "override", "final", "noexcept", "volatile", "mutable", "&", "&&"]);

/** An all-caps name of two characters or more (a one-letter name is a template parameter). */
export const MACRO_NAME = /^_*[A-Z][A-Z0-9_]+$/;

export class Code {
  /** Code tokens: comments left out; preprocessor lines kept (they separate declarations). */
  readonly toks: Token[];
  readonly masked = new Set<number>();

  constructor(readonly text: string, tokens: Token[]) {
    this.toks = tokens.filter((t) => t.kind !== "comment");
  }

  str(i: number): string {
    const t = this.toks[i];
    return t ? this.text.slice(t.start, t.end) : "";
  }

  isPunct(i: number, p: string): boolean {
    const t = this.toks[i];
    if (!t || t.kind !== "punct" || t.end - t.start !== p.length) return false;
    return p.length === 1 ? this.text.charCodeAt(t.start) === p.charCodeAt(0) : this.text.startsWith(p, t.start);
  }

  isMacro(i: number): boolean {
    const t = this.toks[i];
    if (!t || t.kind !== "ident") return false;
    const word = this.text.slice(t.start, t.end);
    return MACRO_NAME.test(word) && !DECLARATION_WORDS.has(word);
  }

  /** Index after the `)` that closes the `(` at `i` (within 2,000 tokens), or -1. */
  closeParen(i: number): number {
    let depth = 0;
    for (let k = i; k < this.toks.length && k < i + 2000; k++) {
      if (this.toks[k].kind === "directive") return -1;
      if (this.isPunct(k, "(")) depth++;
      else if (this.isPunct(k, ")") && --depth === 0) return k + 1;
    }
    return -1;
  }

  /** Index of the `(` that the `)` at `i` closes (within 2,000 tokens), or -1. */
  openParen(i: number): number {
    let depth = 0;
    for (let k = i; k >= 0 && k > i - 2000; k--) {
      if (this.toks[k].kind === "directive") return -1;
      if (this.isPunct(k, ")")) depth++;
      else if (this.isPunct(k, "(") && --depth === 0) return k;
    }
    return -1;
  }

  /**
   * The `)` at `i` closes what can be a parameter list: its `(` follows a name (not `if (`, not
   * a cast's `(void)`) or a function pointer's `(*name)`.
   */
  closesParameters(i: number): boolean {
    const open = this.openParen(i);
    if (open <= 0) return false;
    if (this.isPunct(open - 1, ")")) return this.isPunct(this.openParen(open - 1) + 1, "*");
    return this.toks[open - 1].kind === "ident" && !STATEMENT_WORDS.has(this.str(open - 1));
  }

  /**
   * Per token, whether it stands inside a function body: within braces opened after a
   * parameter list (`f(int x) {`, `g() const {`, `TEST("x") {`), followed through every branch
   * of a conditional as written.
   */
  bodies(): boolean[] {
    const inside: boolean[] = new Array(this.toks.length).fill(false);
    const braces: boolean[] = [];
    let open = 0;
    for (let i = 0; i < this.toks.length; i++) {
      inside[i] = open > 0;
      if (this.isPunct(i, "{")) {
        const body = open > 0 || this.followsParameters(i);
        braces.push(body);
        if (body) open++;
      } else if (this.isPunct(i, "}") && braces.length && braces.pop()) open--;
    }
    return inside;
  }

  /**
   * Per token, whether the innermost brace open around it holds values (enumerators, an
   * initializer: opensValues), whose all-caps names are no macros heading a declaration.
   */
  values(): boolean[] {
    const inside: boolean[] = new Array(this.toks.length).fill(false);
    const braces: boolean[] = [];
    for (let i = 0; i < this.toks.length; i++) {
      inside[i] = braces.length > 0 && braces[braces.length - 1];
      if (this.isPunct(i, "{")) braces.push(this.opensValues(i));
      else if (this.isPunct(i, "}")) braces.pop();
    }
    return inside;
  }

  /** The `{` at `i` follows a parameter list, maybe with qualifiers between: `) const noexcept {`. */
  private followsParameters(i: number): boolean {
    let k = i - 1;
    while (k > 0 && BODY_QUALIFIERS.has(this.str(k))) k--;
    return this.isPunct(k, ")") && this.closesParameters(k);
  }

  /** Index after a macro at `i` and its arguments, when it has any. */
  afterMacro(i: number): number {
    return this.isPunct(i + 1, "(") ? this.closeParen(i + 1) : i + 1;
  }

  /** `::` at i (two `:` tokens side by side). */
  isScope(i: number): boolean {
    return this.isPunct(i, ":") && this.isPunct(i + 1, ":") && this.toks[i + 1].start === this.toks[i].end;
  }

  /**
   * A declaration can start at `i`: a keyword, a type followed by a declarator, a destructor,
   * an attribute, a closing brace, a directive, the end, or another macro line before one.
   */
  declarationAt(i: number, depth = 0): boolean {
    const t = this.toks[i];
    if (!t || t.kind === "directive") return true;
    if (t.kind === "punct") return this.isPunct(i, "~") || this.isPunct(i, "}") || (this.isPunct(i, "[") && this.isPunct(i + 1, "["));
    if (t.kind !== "ident") return false;
    if (DECLARATION_WORDS.has(this.str(i))) return true;
    // A block a macro heads: `TEST_CASE("x") {`.
    if (this.isMacro(i) && this.isPunct(i + 1, "(") && this.isPunct(this.closeParen(i + 1), "{")) return true;
    if (this.isMacro(i) && depth < 8) {
      const after = this.afterMacro(i);
      if (after > 0 && this.aloneOnItsLines(i, after)) return this.declarationAt(after, depth + 1);
      if (after > i + 1 && this.isPunct(after, ";")) return true; // DECLARE_THING(x);
    }
    const next = this.toks[i + 1];
    if (!next) return false;
    // A function pointer's declarator follows its type: `size_t (*f)(…)`.
    const pointer = this.isPunct(i + 1, "(") && this.isPunct(i + 2, "*");
    return next.kind === "ident" || this.isScope(i + 1) || this.isPunct(i + 1, "<") || this.isPunct(i + 1, "*") || this.isPunct(i + 1, "&") || pointer;
  }

  /** Before `i` a declaration can begin: the file's start, a directive, `;`, `}`, a block's `{`, an access label, a blanked macro. */
  boundaryBefore(i: number): boolean {
    const p = i - 1;
    const t = this.toks[p];
    if (!t || t.kind === "directive" || this.masked.has(p)) return true;
    if (this.isPunct(p, ";") || this.isPunct(p, "}")) return true;
    if (this.isPunct(p, ":")) return ["public", "private", "protected"].includes(this.str(p - 1)) || this.masked.has(p);
    // The end of a template header: `template<typename T>` / MACRO / `void f()`.
    if (this.isPunct(p, ">")) return this.str(firstOfLine(this, p)) === "template";
    if (this.isPunct(p, "{")) return !this.opensValues(p);
    return false;
  }

  /** A `{` that opens enumerators or an initializer, whose lines are values, not declarations. */
  opensValues(brace: number): boolean {
    const before = this.str(brace - 1);
    if (["=", "(", ",", "[", "return", "{"].includes(before)) return true;
    for (let k = brace - 1; k >= 0 && k > brace - 40; k--) {
      const s = this.str(k);
      if (s === "enum") return true;
      if (s === ";" || s === "}" || s === "{" || this.toks[k].kind === "directive") return false;
    }
    return false;
  }

  /** Tokens from..to-1 have their lines to themselves. */
  aloneOnItsLines(from: number, to: number): boolean {
    const next = this.toks[to];
    return this.firstOnLine(from) && (!next || next.line > this.toks[to - 1].endLine);
  }

  firstOnLine(i: number): boolean {
    return i === 0 || this.toks[i - 1].endLine < this.toks[i].line;
  }

  blank(from: number, to: number): void {
    for (let k = from; k < to; k++) this.masked.add(k);
  }
}

export function firstOfLine(code: Code, i: number): number {
  while (i > 0 && !code.firstOnLine(i)) i--;
  return i;
}

export function blankTokens(text: string, code: Code): string {
  if (!code.masked.size) return text;
  const spans = [...code.masked].sort((a, b) => a - b).map((k) => code.toks[k]);
  let out = "";
  let at = 0;
  for (const t of spans) {
    // Comments between a macro's arguments are blanked with them.
    out += text.slice(at, t.start) + blankOf(text.slice(t.start, t.end));
    at = t.end;
  }
  return out + text.slice(at);
}

export function blankOf(s: string): string {
  return s.replace(/[^\n\r]/g, " ");
}

