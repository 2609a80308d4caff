// The second opinion per bench language, and which of its definitions are scored: the kinds
// both it and the outline report. Each oracle maps many files to their definitions at once
// (one ctags or python3 process per language).
import { readFileSync } from "node:fs";
import { ctagsTags, type CtagsTag } from "./ctags.ts";
import { scalaDefs, swiftDefs, zshDefs } from "./line-oracles.ts";
import type { OracleDef } from "./match.ts";
import { pythonDefs } from "./python-ast.ts";
import { typescriptDefs } from "./typescript-defs.ts";

/** A file's definitions, or why the oracle could not read it (the file is then not scored). */
export type OracleResult = OracleDef[] | { error: string };

export interface Oracle {
  /** What the table calls it. */
  label: string;
  defs(files: string[]): Promise<Map<string, OracleResult>>;
}

interface CtagsRule {
  /** ctags' parser name. */
  language: string;
  extra?: string[];
  /** ctags kinds (long names) that are scored. */
  kinds: string[];
  /** A further test on a tag and the text of its line. */
  keep?: (tag: CtagsTag, line: string) => boolean;
}

function ctagsOracle(rule: CtagsRule): Oracle {
  return {
    label: `ctags ${rule.language}`,
    async defs(files) {
      const tags = await ctagsTags(files, rule.language, rule.extra);
      const out = new Map<string, OracleResult>();
      for (const [file, list] of tags) {
        // `__anon…` names are ctags' own for anonymous namespaces, structs and enums.
        const kept = list.filter((t) => rule.kinds.includes(t.kind) && !t.name.startsWith("__anon"));
        const lines = rule.keep && kept.length ? readFileSync(file, "utf8").split("\n") : [];
        // One definition per name and line: ctags tags a Java enum constant with a body twice
        // (as the constant and as a method).
        const seen = new Set<string>();
        const defs = kept.filter((t) => {
          const key = `${t.name}\0${t.line}`;
          if (seen.has(key) || (rule.keep && !rule.keep(t, lines[t.line - 1] ?? ""))) return false;
          seen.add(key);
          return true;
        });
        out.set(file, defs.map((t) => ({ name: t.name, kind: t.kind, line: t.line, end: t.end })));
      }
      return out;
    },
  };
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
    return new Map(pythonDefs(files).map((r) => [r.path, "error" in r ? { error: r.error } : r.defs.map(fromRef)]));
  },
};

const TYPESCRIPT = perFile("TS compiler", (file, text) => typescriptDefs(file, text).map(fromRef));

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
  return typescriptDefs(file + script.ext, script.text).map(fromRef);
});

/** The name's first place on the line is inside parentheses: a call in a macro's arguments, not a declaration. */
function insideParens(line: string, name: string): boolean {
  const at = line.indexOf(name);
  if (at < 0) return false;
  let depth = 0;
  for (const c of line.slice(0, at)) depth += c === "(" ? 1 : c === ")" ? -1 : 0;
  return depth > 0;
}

const TYPES_AND_CALLABLES_C = ["function", "prototype", "macro", "member", "enumerator", "variable", "typedef", "struct", "enum", "union"];

/**
 * ctags reads the body of a macro call it does not know (`TEST_CASE("x") { … }`) as file scope,
 * so locals there come out as global variables: a variable without a scope counts only when
 * its line starts at column 0; so does a prototype. It reads a macro call statement
 * (`CAPTURE(x);`, `FMT_TYPE_CONSTANT(int, int_type);`) as a prototype: a prototype counts when
 * it has a return type or is a member (constructors, destructors), and neither a prototype
 * nor a function counts when its name is inside parentheses on its line
 * (`CHECK(json::from_bjdata(x) == j);`, `TEST_CASE("x" * doctest::skip())`).
 */
function cTag(t: CtagsTag, line: string): boolean {
  if ((t.kind === "prototype" || t.kind === "function") && insideParens(line, t.name)) return false;
  const fileScope = t.scope !== undefined || /^\S/.test(line);
  if (t.kind === "variable") return fileScope;
  if (t.kind === "prototype") return fileScope && (t.typeref !== undefined || ["class", "struct", "union"].includes(t.scopeKind ?? ""));
  return true;
}

/** Bench language -> its oracle. */
export const ORACLES: Record<string, Oracle> = {
  python: PYTHON,
  typescript: TYPESCRIPT,
  tsx: TYPESCRIPT,
  javascript: TYPESCRIPT,
  vue: VUE,
  java: ctagsOracle({ language: "Java", kinds: ["class", "interface", "enum", "annotation", "method", "field", "enumConstant"] }),
  go: ctagsOracle({ language: "Go", kinds: ["func", "struct", "interface", "type", "talias", "const", "var", "member", "methodSpec"] }),
  rust: ctagsOracle({
    language: "Rust",
    kinds: ["function", "method", "struct", "enum", "enumerator", "field", "interface", "implementation", "module", "typedef", "macro", "variable"],
    // ctags names `const X: &str = …` after its type (`str`): a variable counts where its line
    // declares that name.
    keep: (t, line) => t.kind !== "variable" || new RegExp(`\\b(const|static)\\s+(mut\\s+)?${t.name}\\b`).test(line),
  }),
  c: ctagsOracle({ language: "C", extra: ["--kinds-C=+p"], kinds: TYPES_AND_CALLABLES_C, keep: cTag }),
  cpp: ctagsOracle({ language: "C++", extra: ["--kinds-C++=+p"], kinds: [...TYPES_AND_CALLABLES_C, "class", "namespace"], keep: cTag }),
  ruby: ctagsOracle({ language: "Ruby", kinds: ["class", "module", "method", "singletonMethod", "constant", "accessor"] }),
  csharp: ctagsOracle({ language: "C#", kinds: ["class", "struct", "interface", "enum", "enumerator", "method", "property", "field", "event", "namespace"] }),
  php: ctagsOracle({
    language: "PHP",
    kinds: ["class", "interface", "trait", "function", "namespace", "define", "variable"],
    // A `variable` is scored as a property (in a class or trait); top-level variables are not outlined.
    keep: (t) => t.kind !== "variable" || t.scopeKind === "class" || t.scopeKind === "trait",
  }),
  bash: ctagsOracle({ language: "Sh", kinds: ["function"] }),
  lua: ctagsOracle({ language: "Lua", kinds: ["function"] }),
  kotlin: ctagsOracle({
    language: "Kotlin",
    kinds: ["class", "interface", "object", "method", "typealias", "constant", "variable"],
    // ctags' Kotlin parser also tags lambdas and their parameters as methods, and locals as
    // constants/variables: a method counts where its line has `fun`, a property where it is
    // not inside a function.
    keep: (t, line) => {
      if (t.kind === "method") return /\bfun\b/.test(line);
      if (t.kind === "constant" || t.kind === "variable") return t.scopeKind !== "method" && /\b(val|var)\b/.test(line);
      return true;
    },
  }),
  swift: perFile("line oracle (Swift)", (_, text) => swiftDefs(text)),
  scala: perFile("line oracle (Scala)", (_, text) => scalaDefs(text)),
  zsh: perFile("line oracle (zsh functions)", (_, text) => zshDefs(text)),
};
