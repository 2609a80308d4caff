// Small text helpers for signatures, names and doc lines.

/** One-line signature: whitespace runs (line breaks included) fold to one space. */
export function foldSignature(text: string): string {
  // Every replacement below needs a line break, and those in the blanks the trim removes
  // change nothing: most signatures have no other (a header ends with the break before its body).
  const trimmed = text.trim();
  if (!trimmed.includes("\n")) return trimmed;
  return text
    .replace(/([([{<])[ \t]*\r?\n\s*/g, "$1") // "(\n    a" -> "(a"
    .replace(/,?[ \t]*\r?\n\s*([)\]}>])/g, "$1") // "b,\n)" -> "b)"
    .replace(/[ \t]*\r?\n\s*/g, " ")
    .trim();
}

const MAX_VALUE_SIGNATURE = 120;

/** A definition without a body (variable, field, alias): its first line, capped. */
export function firstLineSignature(text: string): string {
  const nl = text.indexOf("\n");
  let line = (nl === -1 ? text : text.slice(0, nl)).trimEnd();
  const cut = nl !== -1;
  if (line.length > MAX_VALUE_SIGNATURE) return line.slice(0, MAX_VALUE_SIGNATURE).trimEnd() + " …";
  return cut ? line + " …" : line;
}

/** `*Server` / `&'a mut Vec<T>` / `Server[T]` -> the bare type name used to qualify members. */
export function bareTypeName(text: string): string {
  let t = text.replace(/\s+/g, "");
  t = t.replace(/^[(*&]+|[)]+$/g, "").replace(/^'[A-Za-z_]+/, "").replace(/^(mut|const|dyn)(?=[A-Z_a-z])/, "");
  t = stripBrackets(t, "<", ">");
  t = stripBrackets(t, "[", "]");
  return t.replace(/^[*&]+/, "");
}

/**
 * An impl's (extension's) name: a named type by its bare name (`Vec<T>` -> Vec); any other type
 * as written, blanks folded (`()`, `&T`, `[T]`, `(A, B)`, `dyn Fn()`): never empty.
 */
export function implName(text: string): string {
  const t = text.trim();
  return /^[A-Za-z_$][\w$]*(\s*(::|\.)\s*[A-Za-z_$][\w$]*)*\s*(<[\s\S]*>)?$/.test(t) ? bareTypeName(t) : t.replace(/\s+/g, " ");
}

function stripBrackets(t: string, open: string, close: string): string {
  let out = "";
  let depth = 0;
  for (const ch of t) {
    if (ch === open) depth++;
    else if (ch === close) depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out;
}

/** Comments that are file headers, not docs. */
export function isLicenseComment(text: string): boolean {
  return /\b(copyright|licen[cs]e|spdx-license|all rights reserved)\b/i.test(text);
}

/** Nothing but blanks before `index` on its line. */
export function startsLine(text: string, index: number): boolean {
  for (let i = index - 1; i >= 0; i--) {
    const ch = text[i];
    if (ch === "\n") return true;
    if (ch !== " " && ch !== "\t" && ch !== "\r") return false;
  }
  return true;
}
