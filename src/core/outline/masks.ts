// Parse masks: copies of a file's text in which what the grammar cannot read is blanked,
// character for character (line breaks kept), so every offset and line of the tree is the
// file's and the outline is still sliced from the file itself. A language opts in through its
// registry row (`parseMasks`).
//
// "macros": C/C++ declarations headed by macros the parser cannot expand. Only all-caps names
// in a declaration's head are blanked, where a compiler would find a macro:
//   a line of its own before a declaration   NLOHMANN_JSON_NAMESPACE_BEGIN / MACRO("x")
//   between class-key and name               struct FMT_API pipe {
//   before or among specifiers and type      FMT_CONSTEXPR20 auto f() / static JSON_INLINE constexpr int n
//   after a parameter list                   void f() FMT_NOEXCEPT {
//   a declaration a macro makes              DOCTEST_DEFINE_DECORATOR(skip, bool, true);
//   an access label a macro makes            JSON_PRIVATE_UNLESS_TESTED:
// "preprocessor": one configuration of the file, the first branch of each #if/#ifdef (none of
// an `#if 0`), with the conditional directives and the other branches blanked. Used only when
// the file as written does not parse (outline.ts), and the lines left out are reported.
import type { LineRange } from "../types.ts";
import { tokenize, type Token } from "./c-tokens.ts";

/** Words a C/C++ declaration can start with, after any macros. */
const DECLARATION_WORDS = new Set([
  "void", "bool", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "auto",
  "wchar_t", "char8_t", "char16_t", "char32_t", "static", "inline", "extern", "constexpr", "consteval",
  "constinit", "virtual", "explicit", "friend", "typename", "template", "const", "volatile", "mutable",
  "thread_local", "register", "class", "struct", "union", "enum", "namespace", "using", "typedef",
  "operator", "public", "private", "protected", "decltype", "concept", "export", "_Noreturn", "__inline",
]);

/** Specifiers a macro can stand among (`static FMT_INLINE constexpr`). */
const SPECIFIERS = new Set(["static", "inline", "extern", "constexpr", "consteval", "constinit", "virtual", "explicit", "friend", "const"]);

/** What can follow a parameter list: a trailing macro before one of these is an annotation. */
const AFTER_PARAMETERS = new Set(["{", ";", "=", ":", "override", "final", "const", "noexcept", "->", "&", "&&"]);

/** An all-caps name of two characters or more (a one-letter name is a template parameter). */
const MACRO_NAME = /^_*[A-Z][A-Z0-9_]+$/;

class Code {
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
    return !!t && t.kind === "punct" && t.end - t.start === p.length && this.text.startsWith(p, t.start);
  }

  isMacro(i: number): boolean {
    const t = this.toks[i];
    return !!t && t.kind === "ident" && MACRO_NAME.test(this.str(i)) && !DECLARATION_WORDS.has(this.str(i));
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
    if (this.isMacro(i) && depth < 8) {
      const after = this.afterMacro(i);
      if (after > 0 && this.aloneOnItsLines(i, after)) return this.declarationAt(after, depth + 1);
      if (after > i + 1 && this.isPunct(after, ";")) return true; // DECLARE_THING(x);
    }
    const next = this.toks[i + 1];
    if (!next) return false;
    return next.kind === "ident" || this.isScope(i + 1) || this.isPunct(i + 1, "<") || this.isPunct(i + 1, "*") || this.isPunct(i + 1, "&");
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

/** C/C++: the text with macros in declaration heads blanked (the same text when there are none). */
export function maskMacros(text: string): string {
  if (!/[A-Z][A-Z0-9]*_|[A-Z]{3}|__has_include/.test(text)) return text;
  const code = new Code(text, tokenize(text));
  const n = code.toks.length;
  const conditions: { start: number; end: number }[] = [];
  for (let i = 0; i < n; i++) {
    const t = code.toks[i];
    if (t.kind === "directive") {
      const condition = unreadableCondition(text, t);
      if (condition) conditions.push(condition);
      continue;
    }
    if (t.kind !== "ident") continue;
    const word = code.str(i);
    if (word === "class" || word === "struct" || word === "union") {
      macrosAfterClassKey(code, i);
      continue;
    }
    if (!code.isMacro(i) || code.masked.has(i)) continue;
    const after = code.afterMacro(i);
    if (after < 0) continue;
    const next = code.toks[after];
    // A line of its own: NLOHMANN_JSON_NAMESPACE_BEGIN, MACRO("x"). With arguments it is no
    // type either, so a constructor may follow (`JSON_HEDLEY_NON_NULL(3)` / `exception(int id)`).
    if (code.aloneOnItsLines(i, after)) {
      const call = after > i + 1 && code.toks[after]?.kind === "ident" && code.isPunct(after + 1, "(");
      if (code.boundaryBefore(i) && (call || code.declarationAt(after))) code.blank(i, after);
      continue;
    }
    // An access label a macro makes: JSON_PRIVATE_UNLESS_TESTED:
    if (after === i + 1 && code.firstOnLine(i) && code.isPunct(after, ":") && !code.isScope(after) && code.aloneOnItsLines(i, after + 1)) {
      code.blank(i, after + 1);
      continue;
    }
    // A declaration a macro makes, alone on its line: DOCTEST_DEFINE_DECORATOR(skip, bool, true);
    if (after > i + 1 && code.isPunct(after, ";") && code.aloneOnItsLines(i, after + 1) && code.boundaryBefore(i)) {
      code.blank(i, after + 1);
      continue;
    }
    // At the head of a declaration, or among its specifiers: FMT_API void f(), static FMT_INLINE int n.
    const prev = code.str(i - 1);
    const headed = (code.firstOnLine(i) && code.boundaryBefore(i)) || SPECIFIERS.has(prev) || code.masked.has(i - 1) || (prev === ">" && code.str(firstOfLine(code, i)) === "template");
    if (headed && next?.line === t.line && code.declarationAt(after)) {
      code.blank(i, after);
      continue;
    }
    // After a parameter list: void f() FMT_NOEXCEPT {.
    const afterParameters = prev === ")" || (prev === "const" && code.str(i - 2) === ")");
    if (afterParameters && after === i + 1 && AFTER_PARAMETERS.has(code.str(after))) code.blank(i, after);
  }
  return withConditionsTrue(blankTokens(text, code), conditions);
}

/**
 * The condition of an `#if`/`#elif` the grammar cannot read (a string or a header name as an
 * argument: `JSON_HEDLEY_HAS_WARNING("-Wpedantic")`, `__has_include(<version>)`). Which branch
 * a compiler would take does not change what the outline lists.
 */
function unreadableCondition(text: string, t: Token): { start: number; end: number } | undefined {
  const m = /^(\s*#\s*(?:if|elif)\s)(.*)$/s.exec(text.slice(t.start, t.end));
  if (!m || !/"|__has_include|HAS_INCLUDE\s*\(/.test(m[2])) return undefined;
  return { start: t.start + m[1].length, end: t.end };
}

/** Each condition read as `1`, padded with blanks (line continuations kept). */
function withConditionsTrue(text: string, conditions: { start: number; end: number }[]): string {
  let out = "";
  let at = 0;
  for (const c of conditions) {
    out += text.slice(at, c.start) + "1" + blankOf(text.slice(c.start + 1, c.end)).replace(/ (?=\r?\n)/g, "\\");
    at = c.end;
  }
  return out + text.slice(at);
}

/** `struct FMT_API pipe {`: the macros between the class-key and the name, when a body or base list follows. */
function macrosAfterClassKey(code: Code, key: number): void {
  const names: { from: number; to: number }[] = [];
  let k = key + 1;
  while (code.toks[k]?.kind === "ident") {
    const to = code.isMacro(k) ? code.afterMacro(k) : k + 1;
    if (to < 0) return;
    names.push({ from: k, to });
    k = to;
  }
  if (names.length && code.str(names[names.length - 1].from) === "final") names.pop();
  if (names.length < 2) return;
  const name = names[names.length - 1];
  if (name.to !== name.from + 1) return;
  const after = code.str(name.to);
  if (!["{", ":", "<", "final"].includes(after)) return;
  const macros = names.slice(0, -1);
  if (!macros.every((m) => code.isMacro(m.from))) return;
  for (const m of macros) code.blank(m.from, m.to);
}

function firstOfLine(code: Code, i: number): number {
  while (i > 0 && !code.firstOnLine(i)) i--;
  return i;
}

function blankTokens(text: string, code: Code): string {
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

function blankOf(s: string): string {
  return s.replace(/[^\n\r]/g, " ");
}

const CONDITIONAL = /^#\s*(if|ifdef|ifndef|elif|elifdef|elifndef|else|endif)\b(.*)$/s;

/**
 * One configuration of the file: the first branch of each conditional (`#if 0` and the like
 * never taken), the conditional directives and every other branch blanked. Undefined when the
 * file has no conditional with a branch to leave out. `inactive` are the lines of the branches
 * left out that hold anything.
 */
export function maskPreprocessor(text: string): { text: string; inactive: LineRange[] } | undefined {
  if (!/^[ \t]*#[ \t]*(if|el)/m.test(text)) return undefined;
  const tokens = tokenize(text);
  const blanks: { start: number; end: number }[] = [];
  const inactive: LineRange[] = [];
  // Per open conditional: is its current branch the one kept, and was one kept already.
  const stack: { active: boolean; taken: boolean }[] = [];
  const live = () => stack.every((s) => s.active);
  let leftOut = false;
  for (const t of tokens) {
    const m = t.kind === "directive" ? CONDITIONAL.exec(text.slice(t.start, t.end).trimStart()) : null;
    if (!m) {
      if (!live()) {
        blanks.push(t);
        const last = inactive[inactive.length - 1];
        if (last && t.line <= last.endLine + 1) last.endLine = Math.max(last.endLine, t.endLine + 1);
        else inactive.push({ startLine: t.line + 1, endLine: t.endLine + 1 });
      }
      continue;
    }
    blanks.push(t);
    const word = m[1];
    const never = /^\s*(0|false)\s*(\/[/*].*)?$/s.test(m[2]);
    if (word === "if" || word === "ifdef" || word === "ifndef") stack.push({ active: !never, taken: !never });
    else if (word === "endif") stack.pop();
    else if (stack.length) {
      const top = stack[stack.length - 1];
      const take = !top.taken && (word === "else" || !never);
      if (top.taken) leftOut = true;
      top.active = take;
      top.taken ||= take;
    }
  }
  if (!leftOut && !inactive.length) {
    // Only directives to blank: worth it when they split a construct (a base list, an if/else).
    if (!blanks.length) return undefined;
  }
  let out = "";
  let at = 0;
  for (const b of blanks.sort((x, y) => x.start - y.start)) {
    out += text.slice(at, b.start) + blankOf(text.slice(b.start, b.end));
    at = b.end;
  }
  return { text: out + text.slice(at), inactive };
}
