// Line oracles: a second opinion of our own for languages Universal Ctags (5.9) has no parser
// for. Each blanks comments and string literals (line breaks kept, so lines hold), then reads
// declarations where a statement starts: at the start of a line, or after `{`, `;` or `=>`
// on it, behind any attributes and modifiers. They give the line of the declaring keyword and
// no end (no exact-range score). What each counts:
//   Swift: func (operators included), init, deinit, subscript, class, struct, enum, protocol,
//          actor, extension (named by its type as written), typealias, associatedtype.
//          Not counted: var/let (a line cannot tell a property from a local), enum cases.
//   Scala: def (`def this` included), class, object, `package object`, trait, enum, type,
//          named given.
//          Not counted: val/var (members and locals look alike), enum cases, anonymous givens,
//          `extension (x: T)` itself (the defs inside it are counted).
//   zsh:   `name () {`, `function name {` and `function a b {` (each name), nested ones too;
//          not inside here-documents or comment lines. Not counted: anonymous `() { … }`.
//   Zig:   `fn name` (with `pub`, `export`, `extern`, `inline`, `noinline` before it), a
//          `const`/`var` bound to `struct`, `enum`, `union`, `opaque` (`extern`/`packed` ones
//          too) or `error{…}`, `test "name"` and `test name`; multi-line `\\` strings blanked
//          too. Not counted: other `const`/`var` (globals and locals look alike), fields.
//   Solidity: `contract`, `abstract contract`, `interface`, `library`, `struct`, `enum`,
//          `function`, `modifier`, `event`, `error`, `type X is`, `constructor`, `receive`,
//          `fallback` (the last three named by their keyword), where a statement starts. Not
//          counted: state variables and constants (a line cannot tell them from locals), enum
//          values, struct members.
import type { OracleDef } from "./match.ts";

/** Comments and string literals of a C-family text turned to spaces, line breaks kept. */
export function blankCodeNoise(text: string, opts: { nestedComments: boolean; rawStrings?: boolean; charLiterals?: boolean }): string {
  const out = text.split("");
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n" && out[k] !== "\r") out[k] = " ";
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === "/" && text[i + 1] === "/") {
      const e = text.indexOf("\n", i);
      const end = e < 0 ? n : e;
      blank(i, end);
      i = end;
    } else if (c === "/" && text[i + 1] === "*") {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (opts.nestedComments && text[j] === "/" && text[j + 1] === "*") (depth++, (j += 2));
        else if (text[j] === "*" && text[j + 1] === "/") (depth--, (j += 2));
        else j++;
      }
      blank(i, j);
      i = j;
    } else if (c === '"' || (opts.rawStrings && c === "#" && /^#+"/.test(text.slice(i, i + 8)))) {
      // Swift raw strings: #"…"#, ##"…"##; Swift and Scala multi-line strings: """…""".
      const hashes = c === "#" ? /^#+/.exec(text.slice(i))![0] : "";
      const q = i + hashes.length;
      const triple = text.startsWith('"""', q);
      const close = (triple ? '"""' : '"') + hashes;
      let j = q + (triple ? 3 : 1);
      while (j < n) {
        if (!hashes && text[j] === "\\") j += 2;
        else if (text.startsWith(close, j)) break;
        else if (!triple && text[j] === "\n") break; // an unclosed one-line string ends at the line
        else j++;
      }
      j = Math.min(n, j + (text.startsWith(close, j) ? close.length : 0));
      blank(i, j);
      i = j;
    } else if (opts.charLiterals && c === "'" && /^'(\\.[^']*|[^'\\\n])'/.test(text.slice(i, i + 12))) {
      const m = /^'(\\.[^']*|[^'\\\n])'/.exec(text.slice(i, i + 12))!;
      blank(i, i + m[0].length);
      i += m[0].length;
    } else i++;
  }
  return out.join("");
}

/** Places a statement can start on a line: column 0 and after `{`, `;`, `=>`. */
function statementStarts(line: string): string[] {
  const out = [line];
  for (const m of line.matchAll(/\{|;|=>/g)) out.push(line.slice(m.index! + m[0].length));
  return out;
}

const SWIFT_MODIFIERS =
  "public|private|fileprivate|internal|open|package|static|class|final|override|mutating|nonmutating|convenience|required|lazy|weak|unowned|dynamic|indirect|optional|nonisolated|isolated|distributed|prefix|postfix|infix|consuming|borrowing|__consuming";
const SWIFT_NOT_NAMES = new Set(["var", "let", "func", "subscript", "init", "deinit", "case", "typealias"]);
const SWIFT_DECL = new RegExp(
  String.raw`^\s*(?:@[\w.]+(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?\s*)*(?:(?:${SWIFT_MODIFIERS})(?:\([\w\s]*\))?\s+)*` +
    String.raw`(func|init|deinit|subscript|class|struct|enum|protocol|actor|extension|typealias|associatedtype)\b\s*(.*)`,
);

export function swiftDefs(text: string): OracleDef[] {
  const lines = blankCodeNoise(text, { nestedComments: true, rawStrings: true }).split("\n");
  const out: OracleDef[] = [];
  lines.forEach((line, i) => {
    for (const at of statementStarts(line)) {
      const m = SWIFT_DECL.exec(at);
      if (!m) continue;
      const [, kw, rest] = m;
      let name: string | undefined;
      if (kw === "init" || kw === "deinit" || kw === "subscript") name = /^[?!]?\s*[(<{]|^$/.test(rest) || kw === "deinit" ? kw : undefined;
      else if (kw === "func") name = /^(`[^`]+`|[\p{L}_][\p{L}\p{N}_]*|[-+*/%<>=!&|^~?.]+)/u.exec(rest)?.[1];
      else if (kw === "extension") name = /^([\w.]+|\[[^\]]*\])/.exec(rest)?.[1];
      else name = /^(`[^`]+`|[\p{L}_][\p{L}\p{N}_]*)/u.exec(rest)?.[1];
      // `class var x`, `class let`: `class` was a modifier of something not counted.
      if (kw === "class" && name && SWIFT_NOT_NAMES.has(name)) continue;
      if (name) out.push({ name: name.replace(/`/g, ""), kind: kw, line: i + 1 });
    }
  });
  return out;
}

const SCALA_MODIFIERS = "private|protected|override|final|sealed|abstract|implicit|lazy|case|inline|opaque|transparent|open|infix|erased|tracked";
const SCALA_DECL = new RegExp(
  String.raw`^\s*(?:@[\w.]+(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?\s*)*(?:(?:${SCALA_MODIFIERS})(?:\[[\w.]*\])?\s+)*` + String.raw`(def|class|(?:package\s+)?object|trait|enum|type|given)\b\s*(.*)`,
);

export function scalaDefs(text: string): OracleDef[] {
  const lines = blankCodeNoise(text, { nestedComments: true, charLiterals: true }).split("\n");
  const out: OracleDef[] = [];
  lines.forEach((line, i) => {
    for (const at of statementStarts(line)) {
      const m = SCALA_DECL.exec(at);
      if (!m) continue;
      const [, kw, rest] = m;
      const name = /^(`[^`]+`|[\p{L}_$][\p{L}\p{N}_$]*(?:(?<=_)[-+*/%<>=!&|^~?#:@\\]+)?|[-+*/%<>=!&|^~?#:@\\]+)/u.exec(rest)?.[1];
      if (!name) continue;
      // `given Ordering[Int] with`, `given [A]: …` are anonymous: a named given is
      // `given name[T](using …): Type`, type and value parameters optional.
      if (kw === "given" && !/^[\p{L}_][\p{L}\p{N}_]*\s*(\[[^\]]*\]\s*)?(\([^)]*\)\s*)*:/u.test(rest)) continue;
      out.push({ name: name.replace(/`/g, ""), kind: kw, line: i + 1 });
    }
  });
  return out;
}

const SHELL_RESERVED = new Set(["if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "select", "in", "time", "coproc", "function", "{", "}", "[[", "]]", "!"]);
const SHELL_NAME = String.raw`[^\s(){};|&<>"'$\`=#]+`;
const FN_KEYWORD = new RegExp(String.raw`^\s*function\s+((?:${SHELL_NAME}\s*)+?)\s*(?:\(\s*\))?\s*(?:\{|\(|$|\[\[|if\b|#)`);
const FN_PARENS = new RegExp(String.raw`^\s*(${SHELL_NAME})\s*\(\s*\)\s*(?:\{|\(|$|\[\[|#)`);

export function zshDefs(text: string): OracleDef[] {
  const out: OracleDef[] = [];
  const lines = text.split("\n");
  let heredoc: string | undefined;
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, "");
    if (heredoc !== undefined) {
      if (line.replace(/^\t+/, "") === heredoc) heredoc = undefined;
      return;
    }
    const hd = /<<-?\s*(['"]?)([\w.-]+)\1/.exec(line.replace(/'[^']*'|"(?:\\.|[^"\\])*"/g, (s) => (s.includes("<<") ? "" : s)));
    if (hd && !/<<</.test(line)) heredoc = hd[2];
    if (/^\s*#/.test(line)) return;
    const kw = FN_KEYWORD.exec(line);
    const names = kw ? kw[1].trim().split(/\s+/) : FN_PARENS.exec(line) ? [FN_PARENS.exec(line)![1]] : [];
    for (const name of names) if (!SHELL_RESERVED.has(name)) out.push({ name, kind: "function", line: i + 1 });
  });
  return out;
}

const ZIG_FN = /^\s*(?:(?:pub|export|inline|noinline|extern(?:\s+"[^"]*")?)\s+)*fn\s+([A-Za-z_]\w*|@"[^"]*")\s*\(/;
const ZIG_CONTAINER = /^\s*(?:pub\s+)?(?:const|var)\s+([A-Za-z_]\w*)\s*(?::[^=]*)?=\s*(?:(?:extern|packed)\s+)?(?:struct|enum|union|opaque|error)\b/;
const ZIG_TEST = /^\s*test\s+(?:"([^"]*)"|([A-Za-z_]\w*))\s*\{/;

export function zigDefs(text: string): OracleDef[] {
  // Zig has no block comments; its multi-line string lines start with `\\`.
  const noMultiline = text.replace(/^[ \t]*\\\\.*$/gm, (m) => " ".repeat(m.length));
  const raw = text.split("\n");
  const lines = blankCodeNoise(noMultiline, { charLiterals: true }).split("\n");
  const out: OracleDef[] = [];
  lines.forEach((line, i) => {
    const fn = ZIG_FN.exec(line);
    if (fn) out.push({ name: fn[1], kind: "fn", line: i + 1 });
    const c = ZIG_CONTAINER.exec(line);
    if (c) out.push({ name: c[1], kind: "container", line: i + 1 });
    // The test's name is a string, blanked in `line`: read it from the raw line.
    if (/^\s*test\s/.test(line)) {
      const t = ZIG_TEST.exec(raw[i]);
      if (t) out.push({ name: t[1] ?? t[2], kind: "test", line: i + 1 });
    }
  });
  return out;
}

const SOLIDITY_DECL = /^\s*(?:abstract\s+)?(contract|interface|library|struct|enum|function|modifier|event|error)\s+([A-Za-z_$][\w$]*)|^\s*type\s+([A-Za-z_$][\w$]*)\s+is\b|^\s*(constructor|receive|fallback)\s*\(/;

export function solidityDefs(text: string): OracleDef[] {
  const lines = blankCodeNoise(text, {}).split("\n");
  const out: OracleDef[] = [];
  lines.forEach((line, i) => {
    for (const at of statementStarts(line)) {
      const m = SOLIDITY_DECL.exec(at);
      if (!m) continue;
      // `error` and `event` are also ordinary words: only as a declaration (`error Name(`).
      if ((m[1] === "error" || m[1] === "event") && !/^\s*\(/.test(at.slice(m.index + m[0].length))) continue;
      out.push({ name: m[2] ?? m[3] ?? m[4], kind: m[1] ?? (m[3] ? "type" : m[4]), line: i + 1 });
    }
  });
  return out;
}
