// A long header on one outline line without losing a parameter: default values go first
// (`timeout=…`), then type annotations (`x: int` -> `x`), then the return type, until the line
// fits. Every parameter name stays; the JSON keeps the whole header.
//
//   def request(self, method: str, url: str, params: dict | None = None, …) -> Response
//   -> def request(self, method, url, params=…, …)
//
// Works on the text of the signature, for the `name: type = default` family (Python, TS/JS,
// Rust, Kotlin, Swift, Scala, PHP defaults); a type written before the name (C, Java, Go) is
// left as written, so a name is never taken for a type.

/** A signature longer than this, in characters, is shortened on an outline line. */
export const SIGNATURE_LINE_MAX = 120;

export interface FittedSignature {
  text: string;
  shortened: boolean;
}

export function fitSignature(signature: string, name: string, max = SIGNATURE_LINE_MAX): FittedSignature {
  if (signature.length <= max) return { text: signature, shortened: false };
  const open = paramListStart(signature, name);
  if (open < 0) return { text: signature, shortened: false };
  const close = matching(signature, open);
  if (close < 0) return { text: signature, shortened: false };
  const head = signature.slice(0, open + 1);
  const params = splitTopLevel(signature.slice(open + 1, close), ",").map((p) => p.trim()).filter(Boolean);
  const tail = signature.slice(close);
  const steps: ((ps: string[], t: string) => [string[], string])[] = [
    (ps, t) => [ps.map(withoutDefault), t],
    (ps, t) => [ps.map(withoutAnnotation), t],
    (ps, t) => [ps, withoutReturnType(t)],
  ];
  let ps = params;
  let t = tail;
  let text = signature;
  for (const step of steps) {
    [ps, t] = step(ps, t);
    text = `${head}${ps.join(", ")}${t}`;
    if (text.length <= max) break;
  }
  return text === signature ? { text, shortened: false } : { text, shortened: true };
}

/** The `(` opening the parameter list: the first one at bracket depth 0 after the name (generics skipped). */
function paramListStart(sig: string, name: string): number {
  let from = name ? wordAt(sig, name) : 0;
  if (from < 0) from = 0;
  let depth = 0;
  for (let i = from + name.length; i < sig.length; i++) {
    const ch = sig[i];
    if (ch === "<" && /[\w$\s]/.test(sig[i - 1] ?? "")) depth++;
    else if (ch === ">" && depth > 0 && sig[i - 1] !== "=" && sig[i - 1] !== "-") depth--;
    else if (ch === "(" && depth === 0) return i;
    else if (ch === "{" && depth === 0) return -1;
  }
  return -1;
}

function wordAt(text: string, word: string): number {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (!/[\w$]/.test(text[at - 1] ?? " ") && !/[\w$]/.test(text[at + word.length] ?? " ")) return at;
  }
  return -1;
}

/** Index of the bracket closing the one at `open`, strings skipped; -1 when it is not closed. */
function matching(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE || c === APOSTROPHE || c === BACKTICK) i = stringEnd(text, i);
    else if (c === 40 || c === 91 || c === 123) depth++;
    else if ((c === 41 || c === 93 || c === 125) && --depth === 0) return i;
  }
  return -1;
}

/** Where a string literal starting at `i` ends (its closing quote), or `i` when none starts there. */
function stringEnd(text: string, i: number): number {
  const q = text[i];
  if (q !== '"' && q !== "'" && q !== "`") return i;
  // A Rust lifetime or a lone apostrophe is not a string: without a closing quote, none.
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === q) return j;
  }
  return i;
}

/** Positions of `sep` outside brackets and strings (`<>` count after a name: `Map<K, V>`). */
function topLevel(text: string, sep: (text: string, i: number) => boolean): number[] {
  const at: number[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE || c === APOSTROPHE || c === BACKTICK) {
      const end = stringEnd(text, i);
      if (end > i) {
        i = end;
        continue;
      }
    } else if (c === 40 || c === 91 || c === 123 || (c === 60 && isWordCode(text.charCodeAt(i - 1)))) {
      depth++;
      continue;
    } else if (c === 41 || c === 93 || c === 125 || (c === 62 && depth > 0 && i > 0 && text[i - 1] !== "=" && text[i - 1] !== "-")) {
      if (depth > 0) depth--;
      continue;
    }
    if (depth === 0 && sep(text, i)) at.push(i);
  }
  return at;
}

function splitTopLevel(text: string, ch: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const i of topLevel(text, (t, j) => t[j] === ch)) {
    out.push(text.slice(from, i));
    from = i + 1;
  }
  out.push(text.slice(from));
  return out;
}

/** `=` that assigns a default (not `==`, `=>`, `<=`, `>=`, `!=`). */
const isDefault = (t: string, i: number) => t[i] === "=" && t[i + 1] !== "=" && t[i + 1] !== ">" && !"=!<>".includes(t[i - 1] ?? "");

/** `timeout: float = 5.0` -> `timeout: float=…`. */
function withoutDefault(param: string): string {
  const at = topLevel(param, isDefault)[0];
  return at === undefined ? param : `${param.slice(0, at).trimEnd()}=…`;
}

/** `timeout: float=…` -> `timeout=…`, `opts?: Options` -> `opts?`; a `::` is a path, not an annotation. */
function withoutAnnotation(param: string): string {
  const at = topLevel(param, (t, i) => t[i] === ":" && t[i + 1] !== ":" && t[i - 1] !== ":")[0];
  if (at === undefined) return param;
  const name = param.slice(0, at).trimEnd();
  if (!name) return param;
  // Defaults are gone by now (withoutDefault runs first): what is left of one is `=…`.
  return param.endsWith("=…") ? `${name}=…` : name;
}

/** `) -> Response` / `): Promise<T> =>` -> `)` / `) =>`. */
function withoutReturnType(tail: string): string {
  const m = /^\)\s*(->|:)/.exec(tail);
  if (!m) return tail;
  const rest = tail.slice(m[0].length);
  const arrow = topLevel(rest, (t, i) => t[i] === "=" && t[i + 1] === ">")[0];
  return arrow === undefined ? ")" : `) ${rest.slice(arrow)}`;
}

// The scans above compare character codes: an outline line is fitted in a process that has just
// started, where a string made per character and a method call per test cost several times more.
const QUOTE = 34, APOSTROPHE = 39, BACKTICK = 96;

/** `[\w$]` by code: a letter, digit, `_` or `$` (NaN, before the start, is none). */
function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}
