// A small tokenizer for the C family (C, C++, C#), enough to tell code from comments, strings
// and preprocessor lines: the parse masks of this folder look at code tokens only.

export type TokenKind = "ident" | "number" | "string" | "char" | "punct" | "comment" | "directive";

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** 0-based lines of the token's first and last character. */
  line: number;
  endLine: number;
}

const NEWLINE = 10;

/** [A-Za-z_$] */
function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
}

/** [\w$] */
function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A character a number runs on with: [\w.'] (no `$`) */
function isNumberPart(c: number): boolean {
  return (isIdentPart(c) && c !== 36) || c === 46 || c === 39;
}

/** The prefixes of a C++ string or character literal: `u8"…"`, `L'x'`; with a final `R`, a raw string. */
const LITERAL_PREFIX = /^(u8|u|U|L)$/;
const RAW_PREFIX = /^(u8|u|U|L)?R$/;

// Characters are read by code (charCodeAt), never as one-character strings or through a
// regular expression: the masks tokenize every C and C++ file an outline reads.
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 0;
  let lineStart = true; // only blanks so far on this line
  const n = text.length;
  const push = (kind: TokenKind, start: number) => {
    const first = line;
    for (let k = start; k < i; k++) if (text.charCodeAt(k) === NEWLINE) line++;
    // A token ending with its line break (a // comment does not) ends on the line before.
    const endsLine = text.charCodeAt(i - 1) === NEWLINE;
    out.push({ kind, start, end: i, line: first, endLine: endsLine ? line - 1 : line });
    lineStart = endsLine;
  };
  /** push() of a token that holds no line break (a word, a number, a punctuator). */
  const pushInline = (kind: TokenKind, start: number) => {
    out.push({ kind, start, end: i, line, endLine: line });
    lineStart = false;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      line++;
      i++;
      lineStart = true;
      continue;
    }
    // space, \t, \r, \f, \v
    if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) {
      i++;
      continue;
    }
    const start = i;
    const next = text.charCodeAt(i + 1);
    if (c === 35 /* # */ && lineStart) {
      // A preprocessor line, with its backslash continuations.
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === NEWLINE) break;
        if (d === 92 /* \ */ && text.charCodeAt(i + 1) === NEWLINE) i += 2;
        else if (d === 92 && text.charCodeAt(i + 1) === 13 && text.charCodeAt(i + 2) === NEWLINE) i += 3;
        else if (d === 47 /* / */ && text.charCodeAt(i + 1) === 42 /* * */) i = skipBlockComment(text, i);
        else i++;
      }
      push("directive", start);
      continue;
    }
    if (c === 47 /* / */ && next === 47) {
      const end = text.indexOf("\n", i);
      i = end < 0 ? n : end;
      push("comment", start);
      continue;
    }
    if (c === 47 && next === 42 /* * */) {
      i = skipBlockComment(text, i);
      push("comment", start);
      continue;
    }
    // " or C# @" $" @$" $@" @@" …
    if (c === 34 || ((c === 64 || c === 36) && (next === 34 || ((next === 64 || next === 36) && text.charCodeAt(i + 2) === 34)))) {
      i = skipString(text, i);
      push("string", start);
      continue;
    }
    if (c === 39 /* ' */) {
      i = skipQuoted(text, i + 1, "'");
      push("char", start);
      continue;
    }
    if (isDigit(c) || (c === 46 /* . */ && isDigit(next))) {
      i++;
      for (; i < n; i++) {
        const d = text.charCodeAt(i);
        if (isNumberPart(d)) continue;
        // An exponent's sign: 1e+5, 0x1p-3.
        const prev = text.charCodeAt(i - 1);
        if ((d === 43 || d === 45) && (prev === 101 || prev === 69 || prev === 112 || prev === 80)) continue;
        break;
      }
      pushInline("number", start);
      continue;
    }
    if (isIdentStart(c)) {
      i++;
      while (i < n && isIdentPart(text.charCodeAt(i))) i++;
      const after = text.charCodeAt(i);
      // C++ string prefixes: R"x(...)x", u8"...", L'x' (a prefix is at most three letters).
      if ((after === 34 || after === 39) && i - start <= 3) {
        const word = text.slice(start, i);
        if (after === 34 && RAW_PREFIX.test(word)) {
          i = skipRawString(text, i);
          push("string", start);
          continue;
        }
        if (LITERAL_PREFIX.test(word)) {
          i = skipQuoted(text, i + 1, after === 34 ? '"' : "'");
          push(after === 34 ? "string" : "char", start);
          continue;
        }
      }
      pushInline("ident", start);
      continue;
    }
    i++;
    pushInline("punct", start);
  }
  return out;
}

function skipBlockComment(text: string, i: number): number {
  const end = text.indexOf("*/", i + 2);
  return end < 0 ? text.length : end + 2;
}

/** Past the closing quote; a line break ends an unclosed literal (the next line is code). */
function skipQuoted(text: string, i: number, quote: string): number {
  while (i < text.length) {
    const c = text[i];
    if (c === "\\") i += 2;
    else if (c === quote) return i + 1;
    else if (c === "\n") return i;
    else i++;
  }
  return i;
}

/** C# `"..."`, `@"..."` (verbatim: `""` escapes, lines allowed), `$"..."`, `"""raw"""`. */
function skipString(text: string, i: number): number {
  let verbatim = false;
  while (text[i] === "@" || text[i] === "$") {
    if (text[i] === "@") verbatim = true;
    i++;
  }
  if (text.startsWith('"""', i)) {
    let q = i;
    while (text[q] === '"') q++;
    const fence = text.slice(i, q);
    const end = text.indexOf(fence, q);
    return end < 0 ? text.length : end + fence.length;
  }
  if (!verbatim) return skipQuoted(text, i + 1, '"');
  i++;
  while (i < text.length) {
    if (text[i] === '"') {
      if (text[i + 1] === '"') i += 2;
      else return i + 1;
    } else i++;
  }
  return i;
}

/** C++ `R"delim( ... )delim"`, from the opening quote. */
function skipRawString(text: string, i: number): number {
  const open = text.indexOf("(", i);
  if (open < 0 || open - i > 17) return skipQuoted(text, i + 1, '"');
  const close = `)${text.slice(i + 1, open)}"`;
  const end = text.indexOf(close, open);
  return end < 0 ? text.length : end + close.length;
}
