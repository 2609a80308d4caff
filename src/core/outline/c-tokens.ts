// A small tokenizer for the C family (C, C++, C#), enough to tell code from comments, strings
// and preprocessor lines: the parse masks (masks.ts) look at code tokens only.

export type TokenKind = "ident" | "number" | "string" | "char" | "punct" | "comment" | "directive";

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  /** 0-based lines of the token's first and last character. */
  line: number;
  endLine: number;
}

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[\w$]/;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let line = 0;
  let lineStart = true; // only blanks so far on this line
  const n = text.length;
  const push = (kind: TokenKind, start: number) => {
    const first = line;
    for (let k = start; k < i; k++) if (text.charCodeAt(k) === 10) line++;
    // A token ending with its line break (a // comment does not) ends on the line before.
    out.push({ kind, start, end: i, line: first, endLine: text.charCodeAt(i - 1) === 10 ? line - 1 : line });
    lineStart = text.charCodeAt(i - 1) === 10;
  };
  while (i < n) {
    const c = text[i];
    if (c === "\n") {
      line++;
      i++;
      lineStart = true;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === "\f" || c === "\v") {
      i++;
      continue;
    }
    const start = i;
    if (c === "#" && lineStart) {
      // A preprocessor line, with its backslash continuations.
      while (i < n && text[i] !== "\n") {
        if (text[i] === "\\" && text[i + 1] === "\n") i += 2;
        else if (text[i] === "\\" && text[i + 1] === "\r" && text[i + 2] === "\n") i += 3;
        else if (text[i] === "/" && text[i + 1] === "*") i = skipBlockComment(text, i);
        else i++;
      }
      push("directive", start);
      continue;
    }
    if (c === "/" && text[i + 1] === "/") {
      while (i < n && text[i] !== "\n") i++;
      push("comment", start);
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      i = skipBlockComment(text, i);
      push("comment", start);
      continue;
    }
    if (c === '"' || ((c === "@" || c === "$") && (text[i + 1] === '"' || ((text[i + 1] === "@" || text[i + 1] === "$") && text[i + 2] === '"')))) {
      i = skipString(text, i);
      push("string", start);
      continue;
    }
    if (c === "'") {
      i = skipQuoted(text, i + 1, "'");
      push("char", start);
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(text[i + 1] ?? ""))) {
      i++;
      while (i < n && (/[\w.']/.test(text[i]) || ((text[i] === "+" || text[i] === "-") && /[eEpP]/.test(text[i - 1])))) i++;
      push("number", start);
      continue;
    }
    if (IDENT_START.test(c)) {
      while (i < n && IDENT_PART.test(text[i])) i++;
      // C++ string prefixes: R"x(...)x", u8"...", L'x'.
      const word = text.slice(start, i);
      if (text[i] === '"' && /^(u8|u|U|L)?R$/.test(word)) {
        i = skipRawString(text, i);
        push("string", start);
        continue;
      }
      if ((text[i] === '"' || text[i] === "'") && /^(u8|u|U|L)$/.test(word)) {
        const quote = text[i];
        i = skipQuoted(text, i + 1, quote);
        push(quote === '"' ? "string" : "char", start);
        continue;
      }
      push("ident", start);
      continue;
    }
    i++;
    push("punct", start);
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
