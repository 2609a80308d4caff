// The "c/macros" parse mask (core/outline/parse-mask.ts), read always: C/C++ declarations
// headed by macros the parser cannot expand, blanked character for character (line breaks
// kept). Only all-caps names in a declaration's head are blanked, where a compiler would find a
// macro:
//   a line of its own before a declaration   NLOHMANN_JSON_NAMESPACE_BEGIN / MACRO("x")
//   between class-key and name               struct FMT_API pipe {
//   before or among specifiers and type      FMT_CONSTEXPR20 auto f() / static JSON_INLINE constexpr int n
//   after a parameter list                   void f() FMT_NOEXCEPT {
//   a declaration a macro makes              DOCTEST_DEFINE_DECORATOR(skip, bool, true);
//   an access label a macro makes            JSON_PRIVATE_UNLESS_TESTED:
//   a block a macro heads                    TEST_CASE("x") { / SECTION("y") {
//   a statement a macro makes (in a body)    CAPTURE(x)
//   a template parameter a macro makes       template <typename T, FMT_ENABLE_IF(c)>
// and the type argument of `va_arg(ap, char *)`, an `__attribute__((…))` before a declarator
// after a comma.
import type { ParseMask } from "../../../src/core/outline/parse-mask.ts";
import { tokenize, type Token } from "./tokens.ts";
import { AFTER_PARAMETERS, blankOf, blankTokens, Code, DECLARATION_WORDS, firstOfLine, SPECIFIERS, STATEMENT_WORDS } from "./code.ts";

export const plugin: ParseMask = { reads: "always", mask: (text) => ({ text: maskMacros(text), leftOut: [] }) };

export interface MacroOptions {
  /**
   * C: a block a macro heads at file scope keeps one letter of its arguments, `TEST(x       ) {`
   * (C has no function without a type; this reads as one typed by the macro, a parenthesized
   * name the query takes as a macro block). C++ reads `TEST(   ) {` as a function already.
   */
  typedBlocks?: boolean;
}

/** C/C++: the text with macros in declaration heads blanked (the same text when there are none). */
export function maskMacros(text: string, options: MacroOptions = {}): string {
  if (!/[A-Z][A-Z0-9]*_|[A-Z]{3}|__has_include|va_arg/.test(text)) return text;
  const code = new Code(text, tokenize(text));
  // Where a letter stands in what is blanked (a typed block's arguments).
  const letters: number[] = [];
  const n = code.toks.length;
  const conditions: { start: number; end: number }[] = [];
  const inBody = code.bodies();
  const inValues = code.values();
  for (let i = 0; i < n; i++) {
    const t = code.toks[i];
    if (t.kind === "directive") {
      const condition = unreadableCondition(text, t);
      if (condition) conditions.push(condition);
      continue;
    }
    if (t.kind !== "ident") continue;
    const word = code.str(i);
    if (word === "va_arg" && code.isPunct(i + 1, "(")) {
      typeArgument(code, i + 1);
      continue;
    }
    if (macroBlock(code, i, inBody[i], options.typedBlocks ? letters : undefined) || macroParameter(code, i)) continue;
    // An attribute before a later declarator of a declaration: `a = {…}, __attribute__((x)) b = {…}`.
    if (word === "__attribute__" && code.isPunct(i - 1, ",") && !inBody[i] && code.isPunct(i + 1, "(")) {
      const after = code.afterMacro(i);
      if (after > 0) code.blank(i, after);
      continue;
    }
    if (word === "class" || word === "struct" || word === "union") {
      macrosAfterClassKey(code, i);
      continue;
    }
    // An enumerator or a value outside function bodies (`CS_LAST` after an `#endif` in an
    // enum) heads no declaration. (In a body, `{ {` opens a plain block of statements.)
    if (!code.isMacro(i) || code.masked.has(i) || (inValues[i] && !inBody[i])) continue;
    const after = code.afterMacro(i);
    if (after < 0) continue;
    const next = code.toks[after];
    // A line of its own: NLOHMANN_JSON_NAMESPACE_BEGIN, MACRO("x"). With arguments it is no
    // type either, so a constructor may follow (`JSON_HEDLEY_NON_NULL(3)` / `exception(int id)`).
    // A statement a macro makes in a function body, its `;` in the expansion: CAPTURE(x).
    if (inBody[i] && after > i + 1 && code.aloneOnItsLines(i, after) && code.boundaryBefore(i) && statementFollows(code, after)) {
      code.blank(i, after);
      continue;
    }
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
    if (headed && next?.line === t.line && (code.declarationAt(after) || (!inBody[i] && constructorAt(code, after)))) {
      code.blank(i, after);
      continue;
    }
    // After a parameter list: void f() FMT_NOEXCEPT {.
    const close = prev === ")" ? i - 1 : prev === "const" && code.str(i - 2) === ")" ? i - 2 : -1;
    if (close >= 0 && code.closesParameters(close)) {
      // A run of them, with arguments outside function bodies: `) ATTR PRINTF_ATTR(3, 4);`.
      let end = after;
      while (!inBody[i] && code.isMacro(end) && end > 0) end = code.afterMacro(end);
      if (end > 0 && (end === i + 1 || !inBody[i]) && AFTER_PARAMETERS.has(code.str(end))) code.blank(i, end);
    }
  }
  return withLetters(withConditionsTrue(blankTokens(text, code), conditions), letters);
}

/** An `x` at each offset (same length: each was a character of a token, blanked). */
function withLetters(text: string, at: number[]): string {
  if (!at.length) return text;
  const chars = text.split("");
  for (const i of at) chars[i] = "x";
  return chars.join("");
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

/**
 * A block a macro heads, `TEST_CASE("x") {`, `SECTION("y") {`, `run_with_period(100) {`: a
 * call standing where a statement or declaration begins, its `)` followed by `{`. In a
 * function body the call is blanked (a plain block is left); elsewhere, for an all-caps name,
 * its arguments are (`TEST_CASE(   ) {` reads as a function of that name, which it defines),
 * but for a letter where they begin when `letters` is given (MacroOptions.typedBlocks).
 */
function macroBlock(code: Code, i: number, inBody: boolean, letters?: number[]): boolean {
  if (!code.isPunct(i + 1, "(") || !(code.boundaryBefore(i) || (!inBody && afterMacroStatement(code, i))) || code.masked.has(i)) return false;
  const word = code.str(i);
  if (STATEMENT_WORDS.has(word) || DECLARATION_WORDS.has(word)) return false;
  if (!inBody && !(code.isMacro(i) && code.firstOnLine(i))) return false;
  const after = code.closeParen(i + 1);
  if (after < 0 || !code.isPunct(after, "{") || code.toks[after].line > code.toks[after - 1].endLine + 1) return false;
  if (inBody) code.blank(i, after);
  else {
    code.blank(i + 2, after - 1);
    if (letters && after - 1 > i + 2) letters.push(code.toks[i + 2].start);
  }
  return true;
}

/**
 * At `i`, at the start of a line, a name follows a macro statement without its `;` (the
 * expansion has it) on an earlier line: `mq_gen(static, mq_, …)` / `TEST_BEGIN(test_x) {`. The
 * statement is a call, first on its line after a boundary, not a declarator (a type stands
 * before that), so what follows is no trailing macro of a function's head.
 */
function afterMacroStatement(code: Code, i: number): boolean {
  const t = code.toks[i];
  if (!code.isPunct(i - 1, ")") || code.text.lastIndexOf("\n", t.start - 1) !== t.start - 1 || code.toks[i - 1].endLine >= t.line) return false;
  const open = code.openParen(i - 1);
  return open > 0 && code.toks[open - 1].kind === "ident" && code.firstOnLine(open - 1) && code.boundaryBefore(open - 1);
}

/** What follows a statement (not `<< "msg";` continuing it): a name, a brace, a directive. */
function statementFollows(code: Code, i: number): boolean {
  const t = code.toks[i];
  return !t || t.kind === "ident" || t.kind === "directive" || code.isPunct(i, "}") || code.isPunct(i, "{");
}

/**
 * A template parameter a macro makes, `template <typename T, FMT_ENABLE_IF(c)>`: blanked with
 * its comma (the expansion is a defaulted parameter the parameter list does without).
 */
function macroParameter(code: Code, i: number): boolean {
  if (!code.isMacro(i) || !code.isPunct(i + 1, "(") || !code.isPunct(i - 1, ",")) return false;
  const after = code.closeParen(i + 1);
  if (after < 0 || !(code.isPunct(after, ">") || code.isPunct(after, ","))) return false;
  // Inside a template's parameter list: `template <` before, within the same declaration.
  for (let k = i - 2, depth = 0; k >= 0 && k > i - 200; k--) {
    if (code.isPunct(k, ">")) depth++;
    else if (code.isPunct(k, "<") && depth-- === 0) {
      if (code.str(k - 1) !== "template") return false;
      code.blank(i - 1, after);
      return true;
    } else if (code.isPunct(k, ";") || code.isPunct(k, "{") || code.isPunct(k, "}")) return false;
  }
  return false;
}

/** A constructor's head at `i`: `name(…)` then what follows a parameter list (`FMT_CONSTEXPR typed_node(const Arg& a) : value(a) {}`). */
function constructorAt(code: Code, i: number): boolean {
  if (code.toks[i]?.kind !== "ident" || !code.isPunct(i + 1, "(") || code.isMacro(i)) return false;
  const close = code.closeParen(i + 1);
  if (close < 0 || !AFTER_PARAMETERS.has(code.str(close)) || code.isScope(close)) return false;
  // Named like a class declared before it (`SOCKET win32_socket(…) {` is a function with a macro type).
  const name = code.str(i);
  for (let k = i - 1; k > 0 && k > i - 20000; k--) {
    if (code.str(k) === name && ["class", "struct"].includes(code.str(k - 1))) return true;
  }
  return false;
}

/** `va_arg(ap, char *)`: the type argument is blanked with its comma (a type where the grammar reads an expression). */
function typeArgument(code: Code, open: number): void {
  const close = code.closeParen(open);
  if (close < 0) return;
  let depth = 0;
  let comma = -1;
  for (let k = open + 1; k < close - 1; k++) {
    if (code.isPunct(k, "(") || code.isPunct(k, "[")) depth++;
    else if (code.isPunct(k, ")") || code.isPunct(k, "]")) depth--;
    else if (depth === 0 && code.isPunct(k, ",")) comma = k;
  }
  if (comma > 0) code.blank(comma, close - 1);
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
