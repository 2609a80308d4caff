// The second opinion per bench language, and which of its definitions are scored: the kinds
// both it and the outline report. Each oracle maps many files to their definitions at once
// (one ctags or python3 process per language).
import { readFileSync } from "node:fs";
import { ctagsTags, type CtagsTag } from "./ctags.ts";
import { blankCodeNoise, scalaDefs, solidityDefs, swiftDefs, zigDefs, zshDefs } from "./line-oracles.ts";
import { cssDefs, hclDefs, jsonDefs, makeDefs, markdownDefs, tomlDefs, yamlDefs } from "./data-oracles.ts";
import type { OracleDef } from "./match.ts";
import { pythonDefs } from "./python-ast.ts";
import { typescriptDefs } from "./typescript-defs.ts";

/** A file's definitions, or why the oracle could not read it (the file is then not scored). */
export type OracleResult = OracleDef[] | { error: string };

export interface Oracle {
  /** What the table calls it. */
  label: string;
  defs(files: string[]): Promise<Map<string, OracleResult>>;
  /** For a ctags oracle, its rule (tests apply it to saved ctags output). */
  ctags?: CtagsRule;
}

/** What a `keep` test may look at besides the tag's own line. */
interface FileView {
  /** The file's lines as `code` gives them. */
  lines: string[];
  /** Every tag ctags gave for the file. */
  tags: CtagsTag[];
}

export interface CtagsRule {
  /** ctags' parser name. */
  language: string;
  extra?: string[];
  /** ctags kinds (long names) that are scored. */
  kinds: string[];
  /** A further test on a tag and the text of its line. */
  keep?: (tag: CtagsTag, line: string, file: FileView) => boolean;
  /** The file's text as `keep` and `rename` see it (e.g. comments blanked, lines kept). */
  code?: (text: string) => string;
  /** The definition's name where ctags spells it otherwise than the language does. */
  rename?: (tag: CtagsTag, line: string) => string;
  /** ctags' end lines for this language are not scored (its parser guesses them). */
  noEnds?: boolean;
}

function ctagsOracle(rule: CtagsRule): Oracle {
  return {
    label: `ctags ${rule.language}`,
    ctags: rule,
    async defs(files) {
      const tags = await ctagsTags(files, rule.language, rule.extra);
      const out = new Map<string, OracleResult>();
      for (const [file, list] of tags) {
        const wanted = list.some((t) => rule.kinds.includes(t.kind));
        out.set(file, ctagsDefs(rule, list, wanted && (rule.keep || rule.rename) ? readFileSync(file, "utf8") : ""));
      }
      return out;
    },
  };
}

/** One file's scored definitions from its ctags tags and its text, by `rule`. */
export function ctagsDefs(rule: CtagsRule, tags: CtagsTag[], text: string): OracleDef[] {
  // `__anon…` names are ctags' own for anonymous namespaces, structs and enums.
  const kept = tags.filter((t) => rule.kinds.includes(t.kind) && !t.name.startsWith("__anon"));
  const lines = (rule.code ? rule.code(text) : text).split("\n");
  // One definition per name and line, with the widest end: ctags tags a Java enum constant with
  // a body twice (as the constant, one line, and as a method, with its body), Ruby's
  // `attr_accessor :a` as `a` and `a=`.
  const seen = new Map<string, OracleDef>();
  for (const t of kept) {
    const line = lines[t.line - 1] ?? "";
    if (rule.keep && !rule.keep(t, line, { lines, tags })) continue;
    const name = rule.rename ? rule.rename(t, line) : t.name;
    const key = `${name}\0${t.line}`;
    const had = seen.get(key);
    const end = rule.noEnds ? undefined : t.end;
    if (!had) seen.set(key, { name, kind: t.kind, line: t.line, end });
    else if (end !== undefined && (had.end === undefined || end > had.end)) had.end = end;
  }
  return [...seen.values()];
}

/** An oracle that reads one file at a time in this process. */
function perFile(label: string, read: (file: string, text: string) => OracleDef[]): Oracle {
  return {
    label,
    async defs(files) {
      const out = new Map<string, OracleResult>();
      for (const f of files) {
        try {
          out.set(f, read(f, readFileSync(f, "utf8")));
        } catch (e) {
          out.set(f, { error: String(e) });
        }
      }
      return out;
    },
  };
}

const fromRef = (d: { name: string; start: number; end: number; kind?: string }): OracleDef => ({ name: d.name, kind: d.kind ?? "", line: d.start, start: d.start, end: d.end });

const PYTHON: Oracle = {
  label: "CPython ast",
  async defs(files) {
    return new Map(pythonDefs(files, "python3", { values: true, attributes: true }).map((r) => [r.path, "error" in r ? { error: r.error } : r.defs.map(fromRef)]));
  },
};

const TYPESCRIPT = perFile("TS compiler", (file, text) => typescriptDefs(file, text, { values: true }).map(fromRef));

/**
 * Vue: the `<script>` blocks found by a regex (not by the outline's host grammar), everything
 * else blanked so lines hold, read by the TypeScript compiler as TS, TSX or JS per `lang`.
 */
export function vueScriptText(text: string): { text: string; ext: string } {
  let out = "";
  let pos = 0;
  let ext = ".js";
  const blank = (s: string) => s.replace(/[^\n\r]/g, " ");
  for (const m of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const lang = /\blang\s*=\s*["']?(\w+)/i.exec(m[1])?.[1].toLowerCase();
    if (lang === "ts") ext = ".ts";
    else if (lang === "tsx") ext = ".tsx";
    else if (lang === "jsx") ext = ".jsx";
    const bodyAt = m.index! + m[0].length - m[2].length - /<\/script\s*>$/i.exec(m[0])![0].length;
    out += blank(text.slice(pos, bodyAt)) + m[2];
    pos = bodyAt + m[2].length;
  }
  return { text: out + blank(text.slice(pos)), ext };
}

const VUE = perFile("TS compiler on <script>", (file, text) => {
  const script = vueScriptText(text);
  return typescriptDefs(file + script.ext, script.text, { values: true }).map(fromRef);
});

/** The name's first place on the line is inside parentheses: a call in a macro's arguments, not a declaration. */
function insideParens(line: string, name: string): boolean {
  const m = new RegExp(`(^|[^\\w$])${escape(name)}($|[^\\w$])`).exec(line);
  if (!m) return false;
  const at = m.index + m[1].length;
  let depth = 0;
  for (const c of line.slice(0, at)) depth += c === "(" ? 1 : c === ")" ? -1 : 0;
  return depth > 0;
}

/** Lua long comments and long strings (`--[[ … ]]`, `[==[ … ]==]`) turned to spaces, line breaks kept. */
export function blankLuaLongBrackets(text: string): string {
  return text.replace(/(--)?\[(=*)\[[\s\S]*?\]\2\]/g, (m) => m.replace(/[^\n]/g, " "));
}

/** Depth of `{` nesting at the start of each line of a text whose comments and strings are blanked. */
export function braceDepths(lines: string[]): number[] {
  const out: number[] = [];
  let depth = 0;
  for (const line of lines) {
    out.push(depth);
    for (const c of line) depth += c === "{" ? 1 : c === "}" ? -1 : 0;
  }
  return out;
}

const depthCache = new WeakMap<string[], number[]>();

/**
 * The tag lies at file level, or in the body of its enclosing type (or in that type's header:
 * Kotlin `class A(val x: Int)`), not deeper: its line's brace depth is at most one more than the
 * type's line's.
 */
function atMemberDepth(t: CtagsTag, file: FileView): boolean {
  let depths = depthCache.get(file.lines);
  if (!depths) depthCache.set(file.lines, (depths = braceDepths(file.lines)));
  const at = depths[t.line - 1] ?? 0;
  if (!t.scopeKind || t.scopeKind === "package") return at === 0;
  if (!["class", "object", "interface"].includes(t.scopeKind)) return false;
  const owner = file.tags.find((o) => o.line <= t.line && (o.scope ? `${o.scope}.${o.name}` : o.name) === t.scope);
  return owner !== undefined && at <= (depths[owner.line - 1] ?? 0) + 1;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The line starts a shell function `name`: `name ()`, `function name`. */
function shellDefines(line: string, name: string): boolean {
  const n = escape(name);
  return new RegExp(`^\\s*(function\\s+${n}(\\s|\\(|\\{|$)|${n}\\s*\\(\\s*\\))`).test(line);
}

const TYPES_AND_CALLABLES_C = ["function", "prototype", "macro", "member", "enumerator", "variable", "typedef", "struct", "enum", "union"];

/**
 * ctags reads the body of a macro call it does not know (`TEST_CASE("x") { … }`) as file scope,
 * so locals there come out as global variables: a variable without a scope counts only when
 * its line starts at column 0; so does a prototype. It reads a macro call statement
 * (`CAPTURE(x);`, `FMT_TYPE_CONSTANT(int, int_type);`) as a prototype, also in a class body
 * (`GTEST_DISALLOW_COPY_AND_ASSIGN_(Mutex);`, curl's `BIT(secure);` in a struct): a prototype
 * counts when it has a return type or is a member that needs none (a constructor, named like
 * its class; a destructor; a conversion operator), and neither a prototype nor a function
 * counts when its name is inside parentheses on its line (`CHECK(json::from_bjdata(x) == j);`,
 * `TEST_CASE("x" * doctest::skip())`). An enumerator written as a macro call
 * (`CURLOPT(CURLOPT_URL, CURLOPTTYPE_STRINGPOINT, 2),`) is named after the macro: what the
 * enumerator is called depends on the macro's expansion, so it does not count.
 */
function cTag(t: CtagsTag, line: string): boolean {
  if ((t.kind === "prototype" || t.kind === "function") && insideParens(line, t.name)) return false;
  if (t.kind === "enumerator") return !new RegExp(`(^|[^\\w$])${escape(t.name)}\\s*\\(`).test(line);
  const fileScope = t.scope !== undefined || /^\S/.test(line);
  if (t.kind === "variable") return fileScope;
  if (t.kind === "prototype") return fileScope && (t.typeref !== undefined || needsNoType(t));
  return true;
}

/** A member declared without a return type: a constructor, a destructor, a conversion operator. */
function needsNoType(t: CtagsTag): boolean {
  if (!["class", "struct", "union"].includes(t.scopeKind ?? "")) return false;
  const owner = t.scope?.split("::").pop()?.replace(/<.*$/, "");
  return t.name === owner || t.name.startsWith("~") || t.name.startsWith("operator");
}

const ELIXIR_KINDS = ["module", "protocol", "implementation", "function", "macro", "guard", "delegate", "type", "callback"];

/** The contents of Elixir heredocs (`"""`, `\'\'\'`, sigils' too) turned to spaces, line breaks kept. */
export function blankElixirHeredocs(text: string): string {
  return text.replace(/("""|''')[\s\S]*?\1/g, (m) => m.replace(/[^\n]/g, " "));
}

const HASKELL_KINDS = ["module", "type", "constructor", "function"];
// (`return []` at column 0 is a Template Haskell splice; `type role T r` a role annotation.)
const HASKELL_KEYWORDS = new Set(["return", "role", "class", "instance", "family", "pattern", "infix", "infixl", "infixr", "data", "type", "newtype", "deriving", "foreign", "import", "default", "module", "where"]);

/**
 * ctags' OCaml parser names the file's own module (`module Hash_set` on line 1 of
 * hash_set.ml), `type nonrec t` `nonrec`, `let () = …` `()`, `module%template` `template`,
 * `let%test_module` `test`, operators by their keyword (`asr`), and tags first-class module
 * expressions (`(module Int)`) as modules, `with type t := …` constraints as types and
 * `let … in` locals as module values. A tag counts unless it is one of those: a module where
 * its line declares it, a type where its line declares a type (not `and type t :=`), a value or function
 * where its line is indented no deeper than its module nesting allows (two columns a level, as
 * ocamlformat writes: a local `let … in` is deeper), the file's module not at all.
 */
const OCAML_RULE: CtagsRule = {
  language: "OCaml",
  kinds: ["module", "class", "Exception", "Constructor", "function", "method", "val", "RecordField", "type", "var"],
  keep: (t, line) => {
    if (t.kind === "module" && t.line === 1 && t.name.toLowerCase() === t.path.split("/").pop()!.replace(/\.mli?$/, "")) return false;
    if (!/^[\w']+$/.test(t.name) || ["_", "template", "include", "open", "test", "asr", "land", "lor", "lsl", "lsr", "lxor", "mod"].includes(t.name)) return false;
    if (t.kind === "type") return /^\s*(type\b|and\s+(?!type\b))/.test(line);
    if (t.kind === "module") return new RegExp(`^\\s*(module(%\\w+)?(\\s+rec|\\s+type)?|and)\\s+${escape(t.name)}\\b`).test(line);
    if (t.kind === "var" || t.kind === "function") {
      const depth = t.scope ? t.scope.split(".").length : 0;
      return /^\s*(let|and)\b/.test(line) && line.length - line.trimStart().length <= 2 * depth;
    }
    return true;
  },
  rename: (t, line) => (t.name === "nonrec" ? (/\btype\s+nonrec\s+(?:\([^)]*\)\s*|'\w+\s+)?([\w']+)/.exec(line)?.[1] ?? t.name) : t.name),
};

/** Clojure strings and `;` comments turned to spaces, line breaks kept. */
export function blankClojureStrings(text: string): string {
  return text.replace(/"(?:[^"\\]|\\[\s\S])*"|;[^\n]*/g, (m) => m.replace(/[^\n]/g, " "));
}

/** Bench language -> its oracle. */
export const ORACLES: Record<string, Oracle> = {
  python: PYTHON,
  typescript: TYPESCRIPT,
  tsx: TYPESCRIPT,
  javascript: TYPESCRIPT,
  vue: VUE,
  java: ctagsOracle({
    language: "Java",
    kinds: ["class", "interface", "enum", "annotation", "method", "field", "enumConstant"],
    // ctags reads annotation defaults (`boolean serialize() default true;`, `0L`), annotations on
    // enum constants (`@SerializedName("a") A`) and enum constants' arguments as fields and
    // constants: a field or constant counts when its name is an identifier, not a literal, not an
    // annotation's and not inside parentheses.
    keep: (t, line) => {
      if (t.kind !== "field" && t.kind !== "enumConstant") return true;
      const n = escape(t.name);
      return /^[\p{L}_$][\p{L}\p{N}_$]*$/u.test(t.name) && !["true", "false", "null"].includes(t.name)
        && !new RegExp(`(@|\\d)${n}\\b`).test(line) && !insideParens(line, t.name);
    },
  }),
  go: ctagsOracle({ language: "Go", kinds: ["func", "struct", "interface", "type", "talias", "const", "var", "member", "methodSpec"] }),
  rust: ctagsOracle({
    language: "Rust",
    kinds: ["function", "method", "struct", "enum", "enumerator", "field", "interface", "implementation", "module", "typedef", "macro", "variable"],
    // ctags names `const X: &str = …` after its type (`str`): a variable counts where its line
    // declares that name.
    keep: (t, line) => t.kind !== "variable" || new RegExp(`^\\s*(pub(\\([^)]*\\))?\\s+)?(const|static)\\s+(mut\\s+)?${escape(t.name)}\\b`).test(line),
  }),
  c: ctagsOracle({ language: "C", extra: ["--kinds-C=+p"], kinds: TYPES_AND_CALLABLES_C, keep: cTag }),
  cpp: ctagsOracle({ language: "C++", extra: ["--kinds-C++=+p"], kinds: [...TYPES_AND_CALLABLES_C, "class", "namespace"], keep: cTag }),
  ruby: ctagsOracle({
    language: "Ruby",
    kinds: ["class", "module", "method", "singletonMethod", "constant", "accessor"],
    // ctags reads code in strings (`class_eval <<-RUBY … def current_#{name}`) and comparisons
    // (`if RUBY_ENGINE == "jruby"` as a constant): a method counts where its line is a `def`
    // without interpolation, a constant where its line assigns it.
    keep: (t, line) => {
      if (t.kind === "method" || t.kind === "singletonMethod") return /^\s*def\s/.test(line) && !/^\s*def\s+\S*#\{/.test(line);
      if (t.kind === "constant") return new RegExp(`\\b${escape(t.name)}\\s*(=[^=~]|\\|\\|=)`).test(line);
      return true;
    },
    // `attr_writer :a` is the property `a`; `def self.x` and `def obj.x` define `x` (ctags says
    // `self`, `obj`).
    rename: (t, line) => {
      if (t.kind === "accessor") return t.name.replace(/=$/, "");
      const def = /^\s*def\s+(?:[\w:]+\.)?([^\s(;]+)/.exec(line);
      return t.kind === "singletonMethod" && def ? def[1] : t.name;
    },
  }),
  csharp: ctagsOracle({
    language: "C#",
    kinds: ["class", "struct", "interface", "enum", "enumerator", "method", "property", "field", "event", "namespace"],
    // ctags misreads parameters of expression-bodied members and `where T : X` constraints as
    // fields and properties, call
    // statements and `new X(…)` as methods, `where T : …` as a class: a field or property counts
    // where its name is not inside parentheses, a method where its line is not a call, a type
    // where its line declares it.
    keep: (t, line) => {
      const n = escape(t.name);
      if (t.kind === "field" || t.kind === "property") return !insideParens(line, t.name) && !new RegExp(`\\bwhere\\s+\\w+\\s*:.*\\b${n}\\b`).test(line);
      if (t.kind === "method") return !new RegExp(`^\\s*${n}\\s*\\(.*\\)\\s*;\\s*$|\\bnew\\s+${n}\\b`).test(line);
      if (["class", "struct", "interface", "enum"].includes(t.kind)) return new RegExp(`\\b(class|record|struct|interface|enum)\\s+${n}\\b`).test(line);
      return true;
    },
    // An operator is named by its symbol, a conversion operator by its type, as the outline names them.
    rename: (t) => t.name.replace(/^operator\s+(?=\S)/, ""),
  }),
  php: ctagsOracle({
    language: "PHP",
    kinds: ["class", "interface", "trait", "function", "namespace", "define", "variable"],
    // A `variable` is scored as a property: in a class or trait, on a line that declares it with
    // a modifier (ctags also tags locals of methods there); top-level variables are not outlined.
    // `AnonymousClass…` names are ctags' own for `new class { … }`.
    keep: (t, line) => {
      if (t.name.startsWith("AnonymousClass")) return false;
      if (t.kind !== "variable") return true;
      const declares = new RegExp(`\\b(public|protected|private|var|static|readonly)\\b[^=;(]*\\$${escape(t.name)}\\b`);
      return (t.scopeKind === "class" || t.scopeKind === "trait") && declares.test(line);
    },
  }),
  bash: ctagsOracle({
    language: "Sh",
    kinds: ["function"],
    // ctags reads `COMPREPLY=( … )` as a function `COMPREPLY=`: a function counts where its line
    // defines it (`name ()` or `function name`).
    keep: (t, line) => !t.name.includes("=") && shellDefines(line, t.name),
  }),
  lua: ctagsOracle({
    language: "Lua",
    kinds: ["function"],
    // ctags tags any name on a line with `function` (`local x = filter(function(b)`, table
    // fields of a call's argument, IIFEs, code in `--[[ ]]` comments): a function counts where its
    // line, with long comments and long strings blanked, is
    // `[local] function name(` or `name = function(`, and a bracketed key only when it is a
    // string (`M["b"]` is `M.b`; `mod[k]` has no name to outline).
    code: blankLuaLongBrackets,
    keep: (t, line) => {
      if (!/^([\w.:]+|[\w.:]*\[\s*["'][^"']*["']\s*\])$/.test(t.name)) return false;
      const n = escape(t.name);
      return new RegExp(`^\\s*(local\\s+)?function\\s+${n}\\s*\\(|(^|[\\s,{;])${n}\\s*=\\s*function\\s*\\(`).test(line);
    },
    rename: (t) => t.name.replace(/\[\s*["']([^"']*)["']\s*\]$/, ".$1").replace(/^\./, ""),
  }),
  kotlin: ctagsOracle({
    language: "Kotlin",
    kinds: ["class", "interface", "object", "method", "typealias", "constant", "variable"],
    // ctags' Kotlin parser also tags lambdas, their parameters and text in strings as methods,
    // and locals (in functions, `init` blocks, getters) as constants/variables: a method counts
    // where its name follows `fun` on its line, a property where it is declared at its class's
    // body (or file) level, by the depth of braces outside comments and strings.
    code: (text) => blankCodeNoise(text, { nestedComments: true, charLiterals: true }),
    keep: (t, line, file) => {
      const n = escape(t.name);
      if (t.kind === "method") return new RegExp(`\\bfun\\s+(<[^>]*>\\s*)?([\\w.<>?, ]+\\.)?\`?${n}\`?\\s*[(<]`).test(line);
      if (t.kind === "constant" || t.kind === "variable") return new RegExp(`\\b(val|var)\\s+\`?${n}\\b`).test(line) && atMemberDepth(t, file);
      // An unnamed `companion object` is tagged `Companion`; the outline lists its members
      // under the enclosing class, as they are called (`Item.parse`), and the object itself
      // is no definition of its own (grammars/kotlin/outline.scm).
      if (t.kind === "object" && t.name === "Companion") return /\bCompanion\b/.test(line);
      return true;
    },
  }),
  elixir: ctagsOracle({
    language: "Elixir",
    kinds: ELIXIR_KINDS,
    // ctags reads code in heredocs (the examples in `@moduledoc`/`@doc`) and names
    // `def unquote(name)(…)` `unquote` (a name made at compile time, not outlined): a tag counts
    // where its line, heredocs blanked, defines it by name. The outline makes the adjacent
    // clauses of one function one symbol, so a clause right after a tag of the same name and kind
    // is not counted again. Its end lines are a regex parser's guesses (a module ends at the
    // first `end` at its indentation, or at a nested module): not scored.
    code: blankElixirHeredocs,
    noEnds: true,
    keep: (t, line, file) => {
      const def = /^\s*(?:def\w*|@(?:type|typep|opaque|callback|macrocallback))\s+([\w.?!]+)/.exec(line);
      if (!def || t.name === "unquote" || (def[1] !== t.name && !def[1].endsWith(`.${t.name}`))) return false;
      const before = file.tags.slice(0, file.tags.indexOf(t)).filter((o) => ELIXIR_KINDS.includes(o.kind));
      const prev = before[before.length - 1];
      return !(prev && prev.name === t.name && prev.kind === t.kind && prev.scope === t.scope);
    },
  }),
  haskell: ctagsOracle({
    language: "Haskell",
    kinds: HASKELL_KINDS,
    // ctags tags keywords (`class`, `instance`, `family`, `pattern`, `infixl`) as functions,
    // record fields as functions, and names a module by its first segment (`Data` for
    // `module Data.Shape`): a function counts where its line starts with its name (an equation
    // or binding at the top level), a type or constructor where its line declares it, a module
    // under its last segment. Each equation is a tag; the outline makes a signature and its
    // equations one symbol, so an equation right after a tag of the same name is not counted again.
    keep: (t, line, file) => {
      if (t.kind === "function") {
        if (!new RegExp(`^(${escape(t.name)}|\\(${escape(t.name)}\\))(\\s|$)|^\\S+\\s+\`?${escape(t.name)}\`?\\s`).test(line) || HASKELL_KEYWORDS.has(t.name)) return false;
        if (!line.startsWith(t.name) && !line.startsWith(`(${t.name})`) && !/^\S+\s+[^\w\s'(]/.test(line)) return false;
      }
      if (t.kind === "type") return !HASKELL_KEYWORDS.has(t.name) && /^(data|newtype|type)\s/.test(line);
      const before = file.tags.slice(0, file.tags.indexOf(t)).filter((o) => HASKELL_KINDS.includes(o.kind));
      const prev = before[before.length - 1];
      return !(prev && prev.name === t.name && prev.kind === t.kind);
    },
    rename: (t, line) => (t.kind === "module" ? (/^module\s+([\w.']+)/.exec(line)?.[1].split(".").pop() ?? t.name) : t.name),
  }),
  ocaml: ctagsOracle(OCAML_RULE),
  ocaml_interface: ctagsOracle(OCAML_RULE),
  r: ctagsOracle({
    language: "R",
    kinds: ["function", "globalVar"],
    // ctags names anonymous functions `anonFunc…` and tags assignments in the blocks passed to
    // calls (`test_that("x", { df <- … })`) as global variables: a variable counts where its
    // line assigns it at column 0 (a top-level assignment), a function unless anonymous.
    // Backticked names are named without their backticks, as the outline names them.
    keep: (t, line) => {
      if (t.name.startsWith("anonFunc")) return false;
      if (t.kind === "globalVar") return new RegExp(`^\`?${escape(t.name.replace(/^\`|\`$/g, ""))}\`?\\s*(<<?-|=[^=])`).test(line);
      return true;
    },
    rename: (t) => t.name.replace(/^`|`$/g, ""),
  }),
  // ctags reads `package X::%s;` in a here-document (code built at run time) as a package.
  perl: ctagsOracle({ language: "Perl", kinds: ["package", "subroutine", "constant"], keep: (t) => !t.name.endsWith("::") }),
  elm: ctagsOracle({
    language: "Elm",
    kinds: ["module", "type", "alias", "constructor", "function", "port"],
    // ctags also tags the functions of `let` blocks and the code examples in doc comments, and
    // names a type or constructor with its parameters or arguments (`Status a`, `Cred Username
    // String`): a function counts where its line starts with its name (the top level), any other
    // by its first word. Its end lines stop at the first blank line: not scored.
    keep: (t, line) => t.kind !== "function" || line.startsWith(`${t.name} `),
    rename: (t) => t.name.split(/\s/)[0],
    noEnds: true,
  }),
  clojure: ctagsOracle({
    language: "Clojure",
    kinds: ["function", "namespace"],
    // ctags reads code in strings (docstring examples, code templates): a tag counts where its
    // line, strings and comments blanked, has `(defn name` or `(ns name`.
    code: blankClojureStrings,
    keep: (t, line) => new RegExp(`\\((defn-?|ns)\\s+(\\^\\S+\\s+)*${escape(t.name)}(\\s|\\)|$)`).test(line),
  }),
  elisp: ctagsOracle({
    language: "EmacsLisp",
    kinds: ["custom", "derivedMode", "group", "face", "minorMode", "alias", "const", "function", "inline", "macro", "subst", "variable", "varalias", "unknown"],
    // `(define-advice f …)` changes an existing function, it defines none (ctags: unknown `f`).
    keep: (t, line) => !/^\s*\(define-advice\b/.test(line),
  }),
  julia: ctagsOracle({
    language: "Julia",
    kinds: ["module", "struct", "type", "function", "macro", "constant", "field"],
    // ctags gives no end lines for Julia. It names `function Base.:(==)(…)` after its module
    // (`Base`) and keeps the type parameters of `Vector{T}(…)`: the name is the operator, the type.
    noEnds: true,
    rename: (t, line) => new RegExp(`\\b${escape(t.name)}\\.:\\(([^()\\s]+)\\)`).exec(line)?.[1] ?? t.name.replace(/\{.*\}$/, ""),
  }),
  zig: perFile("line oracle (Zig)", (_, text) => zigDefs(text)),
  solidity: perFile("line oracle (Solidity)", (_, text) => solidityDefs(text)),
  svelte: VUE,
  swift: perFile("line oracle (Swift)", (_, text) => swiftDefs(text)),
  scala: perFile("line oracle (Scala)", (_, text) => scalaDefs(text)),
  zsh: perFile("line oracle (zsh functions)", (_, text) => zshDefs(text)),
  // Data and build formats: line oracles of our own (test/conformance/data-oracles.ts says what each counts).
  yaml: perFile("line oracle (YAML keys, workflow jobs/steps, k8s objects, services)", (_, text) => yamlDefs(text)),
  json: perFile("line oracle (JSON keys, 2 levels) + JSON.parse", (_, text) => jsonDefs(text)),
  toml: perFile("line oracle (TOML tables and keys)", (_, text) => tomlDefs(text)),
  markdown: perFile("line oracle (Markdown headings)", (_, text) => markdownDefs(text)),
  hcl: perFile("line oracle (HCL blocks at column 0)", (_, text) => hclDefs(text)),
  css: perFile("line oracle (CSS rule sets and at-rules)", (_, text) => cssDefs(text)),
  make: perFile("line oracle (Make targets and variables)", (_, text) => makeDefs(text)),
};
