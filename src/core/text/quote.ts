// Names, paths and source snippets come from repositories and pull requests, so they can hold
// anything a file name or an identifier can: line breaks, terminal escape sequences, bidi
// overrides, zero-width characters. Everything printed for people (text, Markdown, notes on
// stderr) passes through here, so that one record stays one line, nothing reaches a terminal
// or a CI log as a command, and a name reads as what it is.
//
// The characters escaped ("unsafe"): control characters (C0, DEL, C1), format characters
// (bidi embeddings, overrides, isolates and marks, zero-width spaces and joiners, soft hyphen,
// tag characters), the line and paragraph separators, and lone surrogates. An escape is C's:
// \a \b \t \n \v \f \r, else the octal of each UTF-8 byte (ESC is \033, U+202E is
// \342\200\256), as git prints paths. Every other character, non-ASCII included, is printed as
// is (git would octal-escape all non-ASCII; a readable name is kinder and cannot mislead).
//
// - quotePath: git's `core.quotepath` rule: a path holding an unsafe character, a backslash
//   or a double quote is printed in double quotes with those escaped: "a\nb.py".
// - quoteName: a symbol name is quoted the same way, but only when it holds an unsafe
//   character (a PHP namespace `App\Models` or C++ `operator""_km` stays as written).
// - printable: signatures, docs, imports, call text: unsafe characters escaped, no quotes.
// - toJson: JSON with the unsafe characters written as \uXXXX: still the exact text once parsed.

const UNSAFE_CLASS = "\\p{Cc}\\p{Cf}\\p{Cs}\\p{Zl}\\p{Zp}";
const UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`, "gu");
const HAS_UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`, "u");
const NEEDS_QUOTES = new RegExp(`[${UNSAFE_CLASS}"\\\\]`, "u");
const QUOTED_ESCAPES = new RegExp(`[${UNSAFE_CLASS}"\\\\]`, "gu");
/** JSON.stringify already escapes C0 and lone surrogates; these it leaves raw. */
const JSON_UNSAFE = /[\x7f-\x9f\p{Cf}\u2028\u2029]/gu;

const NAMED: Record<string, string> = { "\x07": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\v": "\\v", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\" };

/** Whether `text` holds a character that must not be printed raw. */
export function hasUnsafe(text: string): boolean {
  return HAS_UNSAFE.test(text);
}

/** Signatures, docs and other source text shown inline: unsafe characters escaped. */
export function printable(text: string): string {
  return HAS_UNSAFE.test(text) ? text.replace(UNSAFE, escapeChar) : text;
}

/** A path as git prints it with `core.quotepath` (non-ASCII kept): `"a\nb.py"` or as is. */
export function quotePath(path: string): string {
  return NEEDS_QUOTES.test(path) ? quoted(path) : path;
}

/** A symbol name: quoted like a path when it holds an unsafe character, else as written. */
export function quoteName(name: string): string {
  return HAS_UNSAFE.test(name) ? quoted(name) : name;
}

function quoted(text: string): string {
  return `"${text.replace(QUOTED_ESCAPES, escapeChar)}"`;
}

const escapes = new Map<string, string>(Object.entries(NAMED));

function escapeChar(ch: string): string {
  let e = escapes.get(ch);
  if (e === undefined) {
    const cp = ch.codePointAt(0)!;
    // U+DC80..U+DCFF alone is a byte of a name that is not UTF-8 (src/io/names.ts): that byte.
    if (cp >= 0xdc80 && cp <= 0xdcff) e = `\\${(cp - 0xdc00).toString(8)}`;
    else e = utf8Bytes(ch.codePointAt(0)!).map((b) => `\\${b.toString(8).padStart(3, "0")}`).join("");
    escapes.set(ch, e);
  }
  return e;
}

/** UTF-8 bytes of a code point; a lone surrogate gets the bytes its code point would have. */
function utf8Bytes(cp: number): number[] {
  if (cp < 0x80) return [cp];
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
}

/**
 * At most `max` characters (code points, so no surrogate pair is split), the last one `…`
 * when cut. Cut before escaping: an escape is never cut in half.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept: string[] = [];
  for (const ch of text) {
    if (kept.length === max) return `${kept.slice(0, max - 1).join("")}…`;
    kept.push(ch);
  }
  return text;
}

/** JSON.stringify, with control and format characters escaped (\u001b, \u202e): exact and safe to print. */
export function toJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(JSON_UNSAFE, jsonEscape);
}

const jsonEscapes = new Map<string, string>();

function jsonEscape(ch: string): string {
  let e = jsonEscapes.get(ch);
  if (e === undefined) {
    e = "";
    for (let i = 0; i < ch.length; i++) e += `\\u${ch.charCodeAt(i).toString(16).padStart(4, "0")}`;
    jsonEscapes.set(ch, e);
  }
  return e;
}
