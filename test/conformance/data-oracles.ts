// Line oracles for the data and build formats: a second opinion of our own, read from the
// lines alone (no tree-sitter, nothing shared with the outline's code), that states what each
// format's outline must hold, with start and end lines. What each counts:
//   YAML:     the keys at column 0 of each document (`---` starts one); in a GitHub workflow
//             (top-level `on:` and `jobs:`) also each job under `jobs:` and each step of a job's
//             `steps:`, named by its `name:`, else `id:`, else `uses:`, else a one-line `run:`;
//             in a Kubernetes manifest (top-level `apiVersion:` and `kind:`) instead one object
//             per document, `<kind>/<metadata.name>`; in a Compose file (top-level `services:`)
//             also each service.
//   JSON:     the keys of the top-level object and of the objects directly in it (a tokenizer
//             that tracks strings and depth; JSON.parse must accept the file, comments aside).
//   TOML:     `[table]` and `[[array]]` headers, keys at the top level and in tables (multi-line
//             arrays, inline tables and strings followed to their end).
//   Markdown: ATX (`## x`) and setext headings outside fenced code, indented code, HTML comments
//             and front matter; a section ends before the next heading of its level or above.
//   HCL:      blocks whose header starts at column 0 and whose `}` closes at column 0, named as
//             Terraform addresses them; `locals` attributes; top-level attributes.
//   CSS:      rule sets and block at-rules at the top level, and rule sets inside `@media`,
//             `@supports`, `@layer`, `@container`, `@scope`, `@document` (a brace scanner that
//             skips comments and strings).
//   Make:     targets of rules at column 0 (special `.UPPER` targets left out), variables assigned
//             at column 0 outside recipes and `define` blocks, `define NAME`.
// Ends are the last line that is not blank (nor, in YAML and TOML, a comment line) before what
// follows. Every definition has a start and an end: both are scored.
import type { OracleDef } from "./match.ts";

const def = (name: string, kind: string, start: number, end: number): OracleDef => ({ name, kind, line: start, start, end });

const isBlank = (s: string | undefined) => s === undefined || /^\s*$/.test(s);
const indentOf = (s: string) => s.length - s.trimStart().length;

/** The last line in [from, to] (1-based) that is not blank and not a `#` comment line; `from` when none is. */
function lastContent(lines: string[], from: number, to: number, comment = /^\s*#/): number {
  for (let l = to; l > from; l--) if (!isBlank(lines[l - 1]) && !comment.test(lines[l - 1])) return l;
  return from;
}

function splitLines(text: string): string[] {
  const lines = text.split("\n").map((l) => l.replace(/\r$/, ""));
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

// ---------------------------------------------------------------- YAML

function unquoteYaml(s: string): string {
  const t = s.trim();
  if (t.length >= 2 && ((t[0] === '"' && t.endsWith('"')) || (t[0] === "'" && t.endsWith("'")))) return t.slice(1, -1);
  return t;
}

/** A `key:` at the start of `s` (after `- ` for a sequence item): the key and the value text after the colon. */
function yamlKey(s: string): { key: string; value: string } | undefined {
  const m = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"\-?:,[\]{}&*!|>%@\x60][^#]*?|-[^\s#][^#]*?)\s*:(?:\s+(.*))?$/.exec(s);
  if (!m) return undefined;
  return { key: unquoteYaml(m[1]), value: (m[2] ?? "").replace(/\s+#.*$/, "").trim() };
}

interface Doc {
  /** 1-based first and last line of the document's content (separator lines excluded). */
  from: number;
  to: number;
}

function yamlDocuments(lines: string[]): Doc[] {
  const docs: Doc[] = [];
  let from = 1;
  lines.forEach((line, i) => {
    if (/^(---|\.\.\.)(\s|$)/.test(line)) {
      if (i + 1 > from) docs.push({ from, to: i });
      from = i + 2;
    }
  });
  if (from <= lines.length) docs.push({ from, to: lines.length });
  return docs;
}

/** Lines of a block scalar (`key: |`) and of multi-line flow collections are nobody's keys. */
function keyLinesAt(lines: string[], from: number, to: number, indent: number): number[] {
  const out: number[] = [];
  let scalarIndent = -1;
  for (let l = from; l <= to; l++) {
    const line = lines[l - 1];
    if (isBlank(line)) continue;
    const ind = indentOf(line);
    if (scalarIndent >= 0) {
      if (ind > scalarIndent) continue;
      scalarIndent = -1;
    }
    if (ind < indent) break;
    if (ind !== indent || /^\s*#/.test(line)) continue;
    const k = yamlKey(line.slice(ind));
    if (!k) continue;
    out.push(l);
    if (/^[|>]/.test(k.value)) scalarIndent = ind;
  }
  return out;
}

/** Each key line's extent: to the last content line before the next key line or `to`. */
function keyRanges(lines: string[], keyLines: number[], to: number): { line: number; key: string; value: string; end: number }[] {
  return keyLines.map((l, i) => {
    const next = i + 1 < keyLines.length ? keyLines[i + 1] - 1 : to;
    const k = yamlKey(lines[l - 1].trimStart())!;
    return { line: l, key: k.key, value: k.value, end: lastContent(lines, l, next) };
  });
}

/** The indentation of the first content line after `line` within [line+1, to], if deeper than `than`. */
function childIndent(lines: string[], line: number, to: number, than: number): number | undefined {
  for (let l = line + 1; l <= to; l++) {
    const s = lines[l - 1];
    if (isBlank(s) || /^\s*#/.test(s)) continue;
    const ind = indentOf(s);
    return ind > than || (ind === than && /^\s*-(\s|$)/.test(s)) ? ind : undefined;
  }
  return undefined;
}

/** The items of a block sequence whose `-` sits at `indent`, in [from, to]: each item's lines. */
function sequenceItems(lines: string[], from: number, to: number, indent: number): { line: number; end: number }[] {
  const starts: number[] = [];
  let stop = to;
  for (let l = from; l <= to; l++) {
    const s = lines[l - 1];
    if (isBlank(s) || /^\s*#/.test(s)) continue;
    const ind = indentOf(s);
    if (ind === indent && /^\s*-(\s|$)/.test(s)) starts.push(l);
    else if (ind <= indent) {
      stop = l - 1;
      break;
    }
  }
  return starts.map((l, i) => ({ line: l, end: lastContent(lines, l, i + 1 < starts.length ? starts[i + 1] - 1 : stop) }));
}

function stepName(lines: string[], item: { line: number; end: number }): string | undefined {
  const first = lines[item.line - 1];
  const keyCol = indentOf(first) + (/^\s*-\s+/.exec(first)?.[0].length ?? 0) - indentOf(first);
  const found = new Map<string, string>();
  for (const l of keyLinesAt(lines, item.line + 1, item.end, keyCol)) {
    const k = yamlKey(lines[l - 1].trimStart());
    if (k && !found.has(k.key)) found.set(k.key, k.value);
  }
  const k0 = yamlKey(first.slice(keyCol));
  if (k0 && !found.has(k0.key)) found.set(k0.key, k0.value);
  for (const key of ["name", "id", "uses", "run"]) {
    const v = found.get(key);
    if (v !== undefined && v !== "" && !/^[|>]/.test(v)) return unquoteYaml(v);
  }
  return undefined;
}

const hasLine = (lines: string[], re: RegExp) => lines.some((l) => re.test(l));

export function yamlDefs(text: string): OracleDef[] {
  const lines = splitLines(text);
  const head = lines.slice(0, 4000);
  const workflow = hasLine(head, /^jobs:/) && hasLine(head, /^["']?on["']?:/);
  const kubernetes = !workflow && hasLine(head, /^apiVersion:/) && hasLine(head, /^kind:/);
  const compose = !workflow && !kubernetes && hasLine(head, /^services:/);
  const out: OracleDef[] = [];
  for (const doc of yamlDocuments(lines)) {
    const top = keyRanges(lines, keyLinesAt(lines, doc.from, doc.to, 0), doc.to);
    if (kubernetes) {
      const kind = top.find((k) => k.key === "kind");
      if (!kind) continue;
      const meta = top.find((k) => k.key === "metadata");
      let name: string | undefined;
      if (meta) {
        const ind = childIndent(lines, meta.line, meta.end, 0);
        const nameLine = ind === undefined ? undefined : keyRanges(lines, keyLinesAt(lines, meta.line + 1, meta.end, ind), meta.end).find((k) => k.key === "name");
        if (nameLine && nameLine.value) name = unquoteYaml(nameLine.value);
      }
      const first = top[0].line;
      out.push(def(name ? `${unquoteYaml(kind.value)}/${name}` : unquoteYaml(kind.value), "resource", first, lastContent(lines, first, doc.to)));
      continue;
    }
    for (const k of top) out.push(def(k.key, "key", k.line, k.end));
    const nested = workflow ? "jobs" : compose ? "services" : undefined;
    const parent = nested ? top.find((k) => k.key === nested) : undefined;
    if (!parent) continue;
    const ind = childIndent(lines, parent.line, parent.end, 0);
    if (ind === undefined) continue;
    for (const child of keyRanges(lines, keyLinesAt(lines, parent.line + 1, parent.end, ind), parent.end)) {
      out.push(def(child.key, workflow ? "job" : "service", child.line, child.end));
      if (!workflow) continue;
      const jind = childIndent(lines, child.line, child.end, ind);
      if (jind === undefined) continue;
      const steps = keyRanges(lines, keyLinesAt(lines, child.line + 1, child.end, jind), child.end).find((k) => k.key === "steps");
      if (!steps) continue;
      const sind = childIndent(lines, steps.line, steps.end, jind - 1);
      if (sind === undefined) continue;
      for (const item of sequenceItems(lines, steps.line + 1, steps.end, sind)) {
        const name = stepName(lines, item);
        if (name !== undefined) out.push(def(name, "step", item.line, item.end));
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- JSON

/** Blanks line and block comments (tsconfig, VS Code settings), keeping line breaks. */
function blankJsonComments(text: string): string {
  return text.replace(/"(?:[^"\\\n]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m[0] === '"' ? m : m.replace(/[^\n]/g, " ")));
}

export function jsonDefs(text: string): OracleDef[] {
  const src = blankJsonComments(text);
  const value = JSON.parse(src.replace(/,(\s*[}\]])/g, "$1")) as unknown;
  const out: OracleDef[] = [];
  if (value === null || typeof value !== "object" || Array.isArray(value)) return out;
  // Tokens: strings, braces, brackets, colons, commas; depth of objects and arrays.
  let line = 1;
  const stack: { type: "{" | "["; key?: { name: string; start: number; depth: number } }[] = [];
  let pendingKey: { name: string; start: number } | undefined;
  let lastEnd = 1;
  // Keys open at depth 1 (top-level object) and 2 (an object directly in it): each ends at the
  // last token of its value.
  const open: { name: string; start: number; depth: number; valueDepth: number }[] = [];
  const closeAt = (depth: number) => {
    while (open.length && open[open.length - 1].valueDepth >= depth) {
      const k = open.pop()!;
      out.push(def(k.name, "key", k.start, lastEnd));
    }
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === "\n") {
      line++;
      continue;
    }
    if (/\s/.test(c)) continue;
    if (c === '"') {
      let j = i + 1;
      while (src[j] !== '"') j += src[j] === "\\" ? 2 : 1;
      const str = JSON.parse(src.slice(i, j + 1)) as string;
      let k = j + 1;
      while (/\s/.test(src[k] ?? "")) k++;
      const depth = stack.length;
      if (src[k] === ":" && stack[depth - 1]?.type === "{") {
        closeAt(depth);
        const parentOk = depth === 1 || (depth === 2 && stack[0].type === "{" && stack[1].type === "{");
        if (parentOk && str !== "") open.push({ name: str, start: line, depth, valueDepth: depth });
        pendingKey = { name: str, start: line };
      }
      lastEnd = line;
      i = j;
      continue;
    }
    if (c === "{" || c === "[") {
      stack.push({ type: c });
      lastEnd = line;
      continue;
    }
    if (c === "}" || c === "]") {
      closeAt(stack.length);
      lastEnd = line;
      stack.pop();
      continue;
    }
    if (c === ",") {
      closeAt(stack.length);
      continue;
    }
    if (c !== ":") lastEnd = line;
  }
  void pendingKey;
  closeAt(0);
  return out.sort((a, b) => a.line - b.line);
}

// ---------------------------------------------------------------- TOML

const TOML_KEY = String.raw`(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')`;
const TOML_DOTTED = String.raw`${TOML_KEY}(?:\s*\.\s*${TOML_KEY})*`;

export function tomlDefs(text: string): OracleDef[] {
  const lines = splitLines(text);
  const out: OracleDef[] = [];
  const headers: { line: number; name: string }[] = [];
  const keys: { line: number; end: number; name: string; table: number }[] = [];
  let l = 0;
  while (l < lines.length) {
    const s = lines[l];
    const header = new RegExp(String.raw`^\s*\[\[?\s*(${TOML_DOTTED})\s*\]\]?\s*(#.*)?$`).exec(s);
    if (header) {
      headers.push({ line: l + 1, name: header[1].replace(/\s*\.\s*/g, ".") });
      l++;
      continue;
    }
    const pair = new RegExp(String.raw`^\s*(${TOML_DOTTED})\s*=\s*(.*)$`).exec(s);
    if (!pair) {
      l++;
      continue;
    }
    const start = l;
    // Follow the value to its end: brackets and braces outside strings, and multi-line strings.
    let depth = 0;
    let rest = pair[2];
    for (;;) {
      let i = 0;
      while (i < rest.length) {
        const three = rest.slice(i, i + 3);
        if (three === '"""' || three === "'''") {
          const close = rest.indexOf(three, i + 3);
          if (close >= 0) {
            i = close + 3;
            continue;
          }
          // Runs onto later lines.
          for (l++; l < lines.length && !lines[l].includes(three); l++);
          rest = l < lines.length ? lines[l].slice(lines[l].indexOf(three) + 3) : "";
          i = 0;
          continue;
        }
        const c = rest[i];
        if (c === "#") break;
        if (c === '"' || c === "'") {
          let j = i + 1;
          while (j < rest.length && rest[j] !== c) j += c === '"' && rest[j] === "\\" ? 2 : 1;
          i = j + 1;
          continue;
        }
        if (c === "[" || c === "{") depth++;
        else if (c === "]" || c === "}") depth--;
        i++;
      }
      if (depth <= 0 || l + 1 >= lines.length) break;
      l++;
      rest = lines[l];
    }
    const name = pair[1].replace(/\s*\.\s*/g, ".");
    keys.push({ line: start + 1, end: l + 1, name, table: headers.length });
    l++;
  }
  const unquote = (n: string) => (/^(["']).*\1$/.test(n) ? n.slice(1, -1) : n);
  headers.forEach((h, i) => {
    const next = i + 1 < headers.length ? headers[i + 1].line - 1 : lines.length;
    out.push(def(unquote(h.name), "table", h.line, lastContent(lines, h.line, next)));
  });
  for (const k of keys) out.push(def(unquote(k.name), "key", k.line, k.end));
  return out.sort((a, b) => a.line - b.line);
}

// ---------------------------------------------------------------- Markdown

export function markdownDefs(text: string): OracleDef[] {
  const lines = splitLines(text);
  const heads: { line: number; level: number; name: string; end?: number }[] = [];
  let fence: string | undefined;
  let inComment = false;
  let start = 0;
  // YAML or TOML front matter at the very top.
  if (/^(---|\+\+\+)\s*$/.test(lines[0] ?? "")) {
    const close = lines.findIndex((s, i) => i > 0 && s.trim() === lines[0].trim());
    if (close > 0) start = close + 1;
  }
  let paragraph = false;
  let paragraphStart = 0;
  for (let i = start; i < lines.length; i++) {
    const s = lines[i];
    if (fence) {
      if (new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(s)) fence = undefined;
      continue;
    }
    if (inComment) {
      if (s.includes("-->")) inComment = false;
      continue;
    }
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(s);
    if (f && !(f[1][0] === "`" && s.slice(f[0].length).includes("`"))) {
      fence = f[1];
      paragraph = false;
      continue;
    }
    if (/^ {0,3}<!--/.test(s) && !s.includes("-->")) {
      inComment = true;
      paragraph = false;
      continue;
    }
    if (isBlank(s)) {
      paragraph = false;
      continue;
    }
    if (!paragraph && /^( {4}|\t)/.test(s)) continue; // indented code
    const atx = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(s);
    if (atx) {
      heads.push({ line: i + 1, level: atx[1].length, name: (atx[2] ?? "").replace(/[ \t]+#+$/, "").trim() });
      paragraph = false;
      continue;
    }
    const setext = /^ {0,3}(=+|-+)[ \t]*$/.exec(s);
    if (setext && paragraph) {
      const name = lines.slice(paragraphStart, i).map((x) => x.trim()).join(" ");
      heads.push({ line: paragraphStart + 1, level: setext[1][0] === "=" ? 1 : 2, name });
      paragraph = false;
      continue;
    }
    // Lines that open other blocks end a paragraph and start none that a setext line can underline.
    if (/^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/.test(s) || /^ {0,3}>/.test(s) || /^ {0,3}([-+*]|\d{1,9}[.)])([ \t]|$)/.test(s) || /^ {0,3}</.test(s)) {
      paragraph = false;
      continue;
    }
    if (!paragraph) {
      paragraph = true;
      paragraphStart = i;
    }
  }
  return heads.map((h, i) => {
    const next = heads.slice(i + 1).find((n) => n.level <= h.level);
    const to = next ? next.line - 1 : lines.length;
    return def(h.name, "section", h.line, lastContent(lines, h.line, to, /$^/));
  });
}

// ---------------------------------------------------------------- HCL

export function hclDefs(text: string): OracleDef[] {
  const lines = splitLines(text);
  const out: OracleDef[] = [];
  const label = String.raw`(?:"((?:[^"\\]|\\.)*)"|([A-Za-z_][\w-]*))`;
  const header = new RegExp(String.raw`^([A-Za-z_][\w-]*)((?:\s+${label})*)\s*\{`);
  for (let i = 0; i < lines.length; i++) {
    const s = lines[i];
    const m = header.exec(s);
    if (!m) {
      const attr = /^([A-Za-z_][\w-]*)\s*=/.exec(s);
      if (attr) out.push(def(attr[1], "variable", i + 1, i + 1));
      continue;
    }
    const labels = [...m[2].matchAll(new RegExp(label, "g"))].map((x) => x[1] ?? x[2]);
    // The block ends at the first `}` at column 0 (or on this line when it closes here).
    let end = i;
    if (!/\}\s*(#.*|\/\/.*)?$/.test(s) || s.indexOf("{") > s.lastIndexOf("}")) {
      for (end = i + 1; end < lines.length && !/^\}/.test(lines[end]); end++);
    }
    const type = m[1];
    let name = [type, ...labels].join(".");
    let kind = "section";
    if (type === "resource" && labels.length === 2) (kind = "resource"), (name = labels.join("."));
    else if (type === "data" && labels.length === 2) kind = "resource";
    else if (["module", "variable", "output"].includes(type) && labels.length === 1) (kind = type), (name = labels[0]);
    out.push(def(name, kind, i + 1, end + 1));
    if (type === "locals") {
      for (let j = i + 1; j < end; j++) {
        const a = /^\s{1,4}([A-Za-z_][\w-]*)\s*=/.exec(lines[j]);
        if (a && indentOf(lines[j]) === indentOf(lines[i + 1] ?? "")) out.push(def(a[1], "variable", j + 1, j + 1));
      }
    }
    i = end;
  }
  // A local or attribute whose value spans lines: ends where its brackets close.
  return out.map((d) => (d.kind === "variable" ? { ...d, end: valueEnd(lines, d.line) } : d));
}

function valueEnd(lines: string[], line: number): number {
  let depth = 0;
  for (let l = line; l <= lines.length; l++) {
    const s = lines[l - 1].replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/(#|\/\/).*$/, "");
    const heredoc = /<<-?(\w+)\s*$/.exec(s);
    if (heredoc) {
      for (l++; l <= lines.length && lines[l - 1].trim() !== heredoc[1]; l++);
      if (depth === 0) return l;
      continue;
    }
    for (const c of s) depth += "[{(".includes(c) ? 1 : ")}]".includes(c) ? -1 : 0;
    if (depth <= 0) return l;
  }
  return line;
}

// ---------------------------------------------------------------- CSS

const NESTING_AT_RULES = /^@(media|supports|layer|container|scope|document|-moz-document)\b/;

export function cssDefs(text: string): OracleDef[] {
  // Comments and strings blanked, line breaks kept.
  const src = text.replace(/\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (m) => (m.startsWith("/*") ? m.replace(/[^\n]/g, " ") : m.replace(/[^\n]/g, "x")));
  const out: OracleDef[] = [];
  let line = 1;
  let preludeStart = 0;
  let preludeLine = 1;
  // Per open block: whether its members are rules (the top level and nesting at-rules).
  const stack: { rules: boolean; name: string; line: number; index: number }[] = [];
  const rulesHere = () => stack.length === 0 || stack[stack.length - 1].rules;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === "\n") line++;
    if (c === "{") {
      const prelude = text.slice(preludeStart, i).replace(/\/\*[\s\S]*?\*\//g, "").replace(/\s+/g, " ").trim();
      const counted = rulesHere() && prelude !== "";
      stack.push({ rules: NESTING_AT_RULES.test(prelude), name: counted ? prelude : "", line: preludeLine, index: out.length });
      if (counted) out.push(def(prelude, "rule", preludeLine, line));
      preludeStart = i + 1;
      preludeLine = line;
    } else if (c === "}") {
      const open = stack.pop();
      if (open?.name) out[open.index].end = line;
      preludeStart = i + 1;
      preludeLine = line;
    } else if (c === ";") {
      preludeStart = i + 1;
      preludeLine = line;
    } else if (!/\s/.test(c) && /^\s*$/.test(src.slice(preludeStart, i))) {
      preludeLine = line;
    }
  }
  return out.filter((d) => !/^@(import|charset|namespace)\b/.test(d.name));
}

// ---------------------------------------------------------------- Make

export function makeDefs(text: string): OracleDef[] {
  const lines = splitLines(text);
  const out: OracleDef[] = [];
  let inDefine = false;
  for (let i = 0; i < lines.length; i++) {
    let s = lines[i];
    if (inDefine) {
      if (/^\s*endef\b/.test(s)) {
        inDefine = false;
        out[out.length - 1].end = i + 1;
      }
      continue;
    }
    const start = i;
    while (s.endsWith("\\") && i + 1 < lines.length) s = s.slice(0, -1) + " " + lines[++i];
    if (/^\t/.test(lines[start]) || /^\s*#/.test(s)) continue;
    const define = /^(?:(?:export|override)\s+)*define\s+([^\s=:]+)/.exec(s);
    if (define) {
      out.push(def(define[1], "variable", start + 1, start + 1));
      inDefine = true;
      continue;
    }
    // `32bit: CFLAGS += -m32` (a target's own variable) is a line of that target.
    const scoped = /^([^\s:#=][^:#=]*?):\s*(?:(?:export|override|private)\s+)*[^\s:#=]+\s*(?:::=|:::=|:=|\?=|\+=|!=|=)/.exec(s);
    if (scoped) {
      for (const name of splitTargets(scoped[1])) out.push(def(name, "target", start + 1, i + 1));
      continue;
    }
    const variable = /^(?:(?:export|override|private)\s+)*([^\s:#=]+)\s*(?:::=|:::=|:=|\?=|\+=|!=|=)/.exec(s);
    if (variable && !/^(ifeq|ifneq|ifdef|ifndef|else|endif|include|-include|sinclude|vpath|export|unexport)$/.test(variable[1])) {
      if (/^\S/.test(s)) out.push(def(variable[1], "variable", start + 1, i + 1));
      continue;
    }
    const targets = ruleTargets(s);
    if (targets === undefined || /^(ifeq|ifneq|ifdef|ifndef|else|endif|include|-include|sinclude|define|endef|export|override|vpath)\b/.test(targets)) continue;
    // The recipe: following lines that start with a tab (or continue one), blank lines between them.
    let end = i;
    for (let j = i + 1; j < lines.length; j++) {
      if (/^\t/.test(lines[j])) end = j;
      else if (!isBlank(lines[j]) && !/^\s*#/.test(lines[j])) break;
    }
    for (const name of splitTargets(targets)) {
      if (/^\.[A-Z_]+$/.test(name)) continue;
      out.push(def(name, "target", start + 1, end + 1));
    }
  }
  return out;
}

/** The targets of a rule line: the text before its first `:` outside `$(...)` (not `:=`); undefined for none. */
function ruleTargets(s: string): string | undefined {
  if (!/^[^\s:#=]/.test(s)) return undefined;
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "(" || c === "{") depth++;
    else if (c === ")" || c === "}") depth--;
    else if (c === "#" || (c === "=" && depth === 0)) return undefined;
    else if (c === ":" && depth === 0) return s[i + 1] === "=" ? undefined : s.slice(0, i).trim();
  }
  return undefined;
}

/** Target words, `$(VAR)` references kept whole; special `.UPPER` targets left out. */
function splitTargets(text: string): string[] {
  return (text.match(/(?:\$[({][^)}]*[)}]|[^\s$])+/g) ?? []).filter((n) => !/^\.[A-Z_]+$/.test(n));
}
