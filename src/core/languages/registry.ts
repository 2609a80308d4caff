// The language table. A language is data: this row plus grammars/<id>/outline.scm and imports.scm.
// Nothing else in the code switches on a language id; quirks a query cannot express are
// named here as flags and implemented once, generically, in core/outline.

export interface GrammarSource {
  /** npm package that ships the .wasm (pinned exactly in package.json), or whose sources a built grammar comes from. */
  package: string;
  /** File inside the package; for a built grammar, the .wasm under grammars/ (`swift/tree-sitter-swift.wasm`). */
  file: string;
  /**
   * Built in this repository from the package's published C sources (scripts/build-grammar.ts)
   * and committed: provenance in GRAMMAR.md beside the .wasm.
   */
  built?: boolean;
}

/** A well-known kind of file of a language, outlined by a query of its own (profiles.ts). */
export interface QueryProfile {
  /** What the file is: `github-workflow`. */
  id: string;
  /** The query file in the language's query folder compiled instead of outline.scm. */
  query: string;
  /** Regexes (multiline: `^` is a line start) that must all match the file's first 64 KiB. */
  when: string[];
}

export interface LanguageSpec {
  id: string;
  /** Human name for `languages`. */
  name: string;
  extensions: string[];
  filenames?: string[];
  /** Interpreter names recognised on a `#!` line. */
  interpreters?: string[];
  grammar: GrammarSource;
  /** Query folder under grammars/ (defaults to id); lets tsx share typescript's query. */
  query?: string;
  /** Parent node types whose range belongs to the definition (decorators, `export`). */
  wrapperTypes?: string[];
  /** Sibling node types just before a definition that belong to it (attributes, decorators). */
  leadingTypes?: string[];
  /**
   * A leading node (of `leadingTypes`) belongs to the definition only when its text matches
   * this (regex source): Elixir's `@doc`, `@spec`, `@impl` above a `def`, not `@timeout 5_000`.
   */
  leadingText?: string;
  /**
   * A leading node (of `leadingTypes`) whose text matches this (regex source) is the doc: the
   * first group is the doc's text (Elixir `@doc "..."`, a Julia docstring above a function).
   */
  leadingDoc?: string;
  /**
   * Kinds whose adjacent definitions of one name at the same level are one symbol, from the
   * first to the last: a type signature and the equations below it (Haskell), the clauses of
   * one function (Elixir). The symbol keeps the first's signature and the first doc.
   */
  mergeClauses?: string[];
  /**
   * Node types at the start of a definition (or of its first child, e.g. Java `modifiers`)
   * that are in its range but left out of its signature: annotations, like decorators.
   */
  signatureSkipTypes?: string[];
  /**
   * Definition node types that, without a body, run to the end of their parent (C# `namespace
   * X;`), or to the line before the next sibling of their type (Perl `package A; … package B;`).
   */
  spanToParentEnd?: string[];
  /** Comment node types; comments directly above a definition are its doc. */
  commentTypes?: string[];
  /**
   * Comments that are code (core/parse/comments.ts): `changed` never calls an edit of one
   * cosmetic. `text`: regex source matched against the comment's text (a pragma, a build
   * constraint, a magic comment); `before`: regex source matched against the text of the first
   * node after a run of comments, which makes the whole run code (cgo's preamble before
   * `import "C"`).
   */
  directiveComments?: { text?: string; before?: string };
  /**
   * An encoding declaration (regex source, group 1 the encoding's name) looked for in the
   * file's first two lines: when it names an encoding other than UTF-8 or ASCII, comments of
   * the file are not what the language reads (`# coding: utf-7` turns `+AAo-` into a line
   * break), so none of them is called cosmetic.
   */
  encodingDeclaration?: string;
  /** Kinds inside which a `function` is reported as a `method`. */
  methodContainers?: string[];
  /**
   * Names (regex source) that make a `@definition.variable` a `constant`: one query pattern
   * then serves both kinds (each extra pattern costs query compile time at every start).
   * When one node matches twice in that pattern, the constant wins, as an earlier pattern would.
   */
  constantNames?: string;
  /**
   * The body's first named child of type `statement` holding a `string` node is the doc
   * (Python docstrings). Found in code: an anchored optional `@doc` pattern is slow to compile.
   */
  bodyDocstring?: { statement: string; string: string };
  /**
   * Node types that, as a direct child of a definition whose pattern captured no `@body`, are
   * its body: saves a second capture where pairing `@name` with `@body` is slow to compile
   * (Swift `function_declaration`).
   */
  bodyTypes?: string[];
  /** Pattern (regex source) removed from every name, each match: `^:` for Ruby's `attr_reader :sku`. */
  nameTrim?: string;
  /**
   * Names may be quoted with these (each character a quote: a backtick in Kotlin, Swift, Scala;
   * `"'` for YAML keys): the name is the text between the quotes.
   */
  quotedNames?: string;
  /** Separator used inside qualified names in this language's source (`::` in C++/Rust). */
  scopeSeparator?: string;
  /**
   * An extension shared with a sibling language (`.h`: C or C++): when the file's first
   * 64 KiB match `pattern` (multiline), it is parsed as `language` instead.
   */
  sharedExtension?: { extensions: string[]; pattern: string; language: string };
  /**
   * Receivers that name the enclosing object (`self`, `this`, `super()`): a call through one
   * resolves to a method of the calling symbol's own class first (app/calls/resolver.ts).
   */
  selfNames?: string[];
  /** Receivers that name the enclosing class's base (`super`, Python's `super()`): a method call through one starts at the base (app/calls/receiver-types.ts). */
  superNames?: string[];
  /** A method calls its own class's methods and reads its fields by bare name (Java's implicit `this`). */
  implicitSelf?: boolean;
  /**
   * Top-level names of the files of one folder are visible to each other without an import (a
   * Go or Java package): a file of the folder declares `{name}` when its text matches this
   * (regex source, `{name}` replaced), checked before the file is parsed.
   */
  folderScope?: string;
  /**
   * What every call of a callable named `{name}` looks like in the text (regex source, `{name}`
   * replaced by the name escaped): the name, then what may stand between it and its argument
   * list. A file whose text never matches it holds no such call and is not parsed for call sites
   * (`changed --impact`). Absent where a call can stand without one (an alias, a decorator).
   * test/call-shape.test.ts checks it against every call the skeleton query finds.
   */
  callShape?: string;
  /** Folders under the workspace root that absolute module names also start from (Python's `src/` layout). */
  moduleRoots?: string[];
  /** Names (without extension) a folder's own module file goes by: `__init__`, `index`, `mod` (core/calls/modules.ts). */
  packageEntries?: string[];
  /**
   * Import paths (regex source) that name a module of this workspace even when no file maps to
   * them (Rust's `crate::`, `super::`, `self::`): a call through one that does not resolve falls
   * to a name match instead of being called outside the workspace.
   */
  localModules?: string;
  /** An extension (regex source) an import may write for any of this language's (`./x.js` for ./x.ts). */
  importExtensions?: string;
  /**
   * The grammar handles this language only in part (a dialect parsed with a relative's grammar):
   * every outline carries this note as a warning, and `languages` shows it.
   */
  partial?: string;
  /**
   * A definition without a captured `@body` is signed by its first line, never by its whole
   * text folded (data formats: a step's `- name: Install …`, not every key of the step).
   */
  signatureFirstLine?: boolean;
  /**
   * Comments a definition's node ends with are left out of its range (YAML and TOML put the
   * comment lines above the next key inside the key before; those are the next key's doc).
   */
  trimTrailingComments?: boolean;
  /**
   * Node types that, with the comments before them, are left out of a definition's range when
   * its node ends in them, unless they hold a node of the given type that is the definition's
   * own (not inside a nested node of the definition's type): a Make `conditional` after a recipe
   * belongs to the rule when it holds `recipe_line`s, and is what follows the rule when it holds
   * other rules or variables.
   */
  trailingUnless?: Record<string, string>;
  /** Well-known files outlined by a query of their own; the first whose `when` matches is used. */
  profiles?: QueryProfile[];
  /**
   * Each definition node has one name: the first pattern naming it wins, and a later pattern
   * naming the same node otherwise is a fallback, not another name (a workflow step is named by
   * `name:`, else `id:`, else `uses:`).
   */
  singleName?: boolean;
  /**
   * Copies of the text the parser reads instead of the file, each as long as the file with its
   * line breaks kept (core/outline/masks.ts): "macros" blanks C/C++ macros heading a
   * declaration (`struct FMT_API pipe`); "preprocessor" parses one configuration (the first
   * branch of each #if) when the file as written does not parse; "branches" (C/C++) does so
   * only for conditionals inside function bodies or splitting a block (core/outline/branches.ts);
   * "swift" blanks Swift's conditional compilation lines and syntax newer than the grammar
   * (core/outline/swift-mask.ts); "julia" makes readable the Julia the grammar does not know
   * (core/outline/julia-mask.ts); "make" blanks parentheses that are text, not references
   * (core/outline/make-mask.ts).
   */
  parseMasks?: ("macros" | "preprocessor" | "branches" | "swift" | "julia" | "make")[];
  /**
   * The most lines the grammar reads in one parse: past it the file is read in pieces that
   * start at a top-level line (core/outline/pieces.ts). tree-sitter-yaml's scanner keeps rows
   * in 16 bits (tree-sitter-grammars/tree-sitter-yaml#49): at 32,769 lines everything before
   * the last 32,768 became one error region, its keys silently gone.
   */
  maxParseRows?: number;
  /** The file is a container format: only the embedded script is outlined (Vue SFC). */
  embedded?: { hostGrammar: GrammarSource; scriptLanguages: Record<string, string>; defaultScript: string };
}

/** `MAX_SIZE`, `_DEFAULT`: the usual spelling of a constant. */
const UPPER_CASE = "^_*[A-Z][A-Z0-9_]*$";

const CLASS_LIKE = ["class", "struct", "interface", "trait", "impl", "enum"];
/** What may stand between a name and what follows it in C-like syntax (callShape): white space and comments. */
const GAP_C = String.raw`(?:\s|/\*[\s\S]*?\*/|//[^\n]*)*`;

const JS_FAMILY = {
  // `export`, `export default`, `declare` (TS ambient declarations) belong to what they wrap.
  wrapperTypes: ["export_statement", "ambient_declaration"],
  leadingTypes: ["decorator"],
  commentTypes: ["comment"],
  // JSX pragmas, TypeScript's checker switches and triple-slash references, lint and bundler
  // directives: each changes what the tools do with the code.
  directiveComments: { text: "^(?://|/\\*)[\\s*]*(?:@jsx|@ts-(?:ignore|expect-error|nocheck|check)|@flow|@noflow|/?\\s*<(?:reference|amd-module)|eslint|jshint|global\\s|prettier-ignore|istanbul\\s|c8\\s|webpack|@vite-ignore|#__PURE__|@__PURE__|@license|@preserve)|@jsx" },
  methodContainers: CLASS_LIKE,
  selfNames: ["this"],
  superNames: ["super"],
  packageEntries: ["index"],
  importExtensions: "\\.(m?js|cjs|jsx)$",
};

const OCAML = {
  // `let`, `type`, `module`, `class`, `exception` belong to what they introduce (range, signature).
  wrapperTypes: ["value_definition", "type_definition", "module_definition", "class_definition", "class_type_definition", "exception_definition"],
  commentTypes: ["comment"],
  // A polymorphic variant's tag `` `Text `` is named `Text`.
  nameTrim: "^`",
  methodContainers: ["class"],
};

export const LANGUAGES: LanguageSpec[] = [
  {
    id: "python", name: "Python",
    extensions: [".py", ".pyi", ".pyw"], interpreters: ["python", "python3", "python2", "pypy", "pypy3"],
    grammar: { package: "tree-sitter-python", file: "tree-sitter-python.wasm" },
    wrapperTypes: ["decorated_definition"],
    commentTypes: ["comment"],
    // PEP 263 / the vim form; linters' and type checkers' switches.
    directiveComments: { text: "^#.*?coding[:=]|^#\\s*(?:type:|noqa|pyright:|mypy:|pylint:|fmt:\\s*(?:off|on|skip)|isort:|pragma:)" },
    encodingDeclaration: "^[ \\t\\f]*#.*?coding[:=][ \\t]*([-_.a-zA-Z0-9]+)",
    methodContainers: ["class"],
    constantNames: UPPER_CASE,
    bodyDocstring: { statement: "expression_statement", string: "string" },
    selfNames: ["self", "cls", "super()"],
    superNames: ["super()"],
    packageEntries: ["__init__"],
    moduleRoots: ["src"],
  },
  {
    id: "javascript", name: "JavaScript (+JSX)",
    extensions: [".js", ".jsx", ".mjs", ".cjs"], interpreters: ["node", "nodejs", "bun", "deno"],
    grammar: { package: "tree-sitter-javascript", file: "tree-sitter-javascript.wasm" },
    ...JS_FAMILY,
  },
  {
    id: "typescript", name: "TypeScript",
    extensions: [".ts", ".mts", ".cts"], interpreters: ["ts-node", "tsx"],
    grammar: { package: "tree-sitter-typescript", file: "tree-sitter-typescript.wasm" },
    ...JS_FAMILY,
  },
  {
    id: "tsx", name: "TSX",
    extensions: [".tsx"],
    grammar: { package: "tree-sitter-typescript", file: "tree-sitter-tsx.wasm" },
    query: "typescript",
    ...JS_FAMILY,
  },
  {
    id: "java", name: "Java",
    extensions: [".java"],
    grammar: { package: "tree-sitter-java", file: "tree-sitter-java.wasm" },
    signatureSkipTypes: ["marker_annotation", "annotation"],
    commentTypes: ["block_comment", "line_comment"],
    methodContainers: CLASS_LIKE,
    selfNames: ["this"],
    superNames: ["super"],
    implicitSelf: true,
    folderScope: "\\b(?:class|interface|enum|record)\\s+{name}\\b",
    // `f(`, `this.<T>f(`, `new C<T>(`: white space and comments may stand before the `(` or `<`.
    callShape: `{name}${GAP_C}[(<]`,
  },
  {
    id: "go", name: "Go",
    extensions: [".go"],
    grammar: { package: "tree-sitter-go", file: "tree-sitter-go.wasm" },
    commentTypes: ["comment"],
    // Build constraints, tool directives (`//go:generate`, `//go:embed`, `//line`, cgo's
    // `//export`), and the cgo preamble: the comments right before `import "C"` are C code.
    directiveComments: { text: "^//(?:go:|\\s*\\+build\\b|line\\s|export\\s|extern\\s|nolint)", before: "^import\\s*(?:\\(\\s*)?\"C\"" },
    methodContainers: ["struct", "interface"],
    folderScope: "\\b(?:type\\s+{name}\\b|func\\s+{name}\\s*[[(])",
    // `f(`, `f[T](`.
    callShape: `{name}${GAP_C}[([]`,
  },
  {
    id: "rust", name: "Rust",
    extensions: [".rs"],
    grammar: { package: "tree-sitter-rust", file: "tree-sitter-rust.wasm" },
    leadingTypes: ["attribute_item"],
    commentTypes: ["line_comment", "block_comment"],
    // Inner doc comments (`//!`, `/*!`) document the enclosing module and hold doctests: never
    // cosmetic. Outer ones (`///`) are the doc of what follows (docChanged).
    directiveComments: { text: "^(?://!|/\\*!)" },
    methodContainers: ["impl", "trait"],
    scopeSeparator: "::",
    selfNames: ["self", "Self"],
    packageEntries: ["mod"],
    localModules: "^(crate|super|self)(::|$)",
  },
  {
    id: "c", name: "C",
    extensions: [".c", ".h"],
    grammar: { package: "tree-sitter-c", file: "tree-sitter-c.wasm" },
    sharedExtension: {
      extensions: [".h"],
      pattern: "^\\s*(class\\s+\\w+\\s*[:{]|namespace\\b|template\\s*<|using\\s+namespace\\b|(public|private|protected)\\s*:|#include\\s*<(iostream|string|vector|memory|map)>)",
      language: "cpp",
    },
    commentTypes: ["comment"],
    methodContainers: ["struct"],
    parseMasks: ["macros", "branches"],
  },
  {
    id: "cpp", name: "C++",
    extensions: [".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp"],
    grammar: { package: "tree-sitter-cpp", file: "tree-sitter-cpp.wasm" },
    wrapperTypes: ["template_declaration"],
    commentTypes: ["comment"],
    methodContainers: CLASS_LIKE,
    scopeSeparator: "::",
    parseMasks: ["macros", "branches"],
  },
  {
    id: "ruby", name: "Ruby",
    extensions: [".rb", ".rake", ".gemspec", ".ru"], filenames: ["Rakefile", "Gemfile", "Guardfile", "Vagrantfile"],
    interpreters: ["ruby", "jruby", "truffleruby"],
    grammar: { package: "tree-sitter-ruby", file: "tree-sitter-ruby.wasm" },
    commentTypes: ["comment"],
    // Magic comments (`# frozen_string_literal: true`, `# encoding: …`, the Emacs `-*-` form) and RuboCop's switches.
    directiveComments: { text: "^#.*?\\b(?:frozen_string_literal|encoding|coding|warn_indent|warn_past_scope|shareable_constant_value)\\s*:|^#\\s*rubocop:" },
    encodingDeclaration: "^#.*?\\b(?:en)?coding\\s*[:=]\\s*([-_.a-zA-Z0-9]+)",
    methodContainers: ["class", "module"],
    scopeSeparator: "::",
    nameTrim: "^:",
  },
  {
    id: "csharp", name: "C#",
    extensions: [".cs", ".csx"],
    grammar: { package: "tree-sitter-c-sharp", file: "tree-sitter-c_sharp.wasm" },
    signatureSkipTypes: ["attribute_list"],
    spanToParentEnd: ["file_scoped_namespace_declaration"],
    commentTypes: ["comment"],
    methodContainers: CLASS_LIKE,
    parseMasks: ["preprocessor"],
  },
  {
    id: "php", name: "PHP",
    extensions: [".php", ".phtml", ".php8", ".php7", ".inc"], interpreters: ["php"],
    grammar: { package: "tree-sitter-php", file: "tree-sitter-php.wasm" },
    signatureSkipTypes: ["attribute_list"],
    spanToParentEnd: ["namespace_definition"],
    commentTypes: ["comment"],
    methodContainers: CLASS_LIKE,
    scopeSeparator: "\\",
  },
  {
    id: "bash", name: "Bash / shell",
    extensions: [".sh", ".bash", ".ksh"], filenames: [".bashrc", ".bash_profile", ".profile"],
    interpreters: ["sh", "bash", "ksh", "dash"],
    grammar: { package: "tree-sitter-bash", file: "tree-sitter-bash.wasm" },
    commentTypes: ["comment"],
    constantNames: UPPER_CASE,
  },
  {
    // No published tree-sitter build parses zsh; the Bash grammar reads the common part.
    id: "zsh", name: "Zsh (partly: Bash grammar)",
    extensions: [".zsh", ".zsh-theme"], filenames: [".zshrc", ".zshenv", ".zprofile", ".zlogin", ".zlogout"],
    interpreters: ["zsh"],
    grammar: { package: "tree-sitter-bash", file: "tree-sitter-bash.wasm" },
    query: "bash",
    partial: "zsh is parsed with the Bash grammar: zsh-only syntax is not outlined",
    commentTypes: ["comment"],
    constantNames: UPPER_CASE,
  },
  {
    id: "kotlin", name: "Kotlin",
    extensions: [".kt", ".kts"], interpreters: ["kotlin"],
    // Built here from the package's sources with a scanner fix: grammars/kotlin/GRAMMAR.md.
    grammar: { package: "@tree-sitter-grammars/tree-sitter-kotlin", file: "kotlin/tree-sitter-kotlin.wasm", built: true },
    signatureSkipTypes: ["annotation"],
    commentTypes: ["line_comment", "block_comment"],
    methodContainers: CLASS_LIKE.concat("module"),
    quotedNames: "`",
  },
  {
    id: "swift", name: "Swift",
    extensions: [".swift"], interpreters: ["swift"],
    // Built here from the package's sources with scanner fixes: grammars/swift/GRAMMAR.md.
    grammar: { package: "tree-sitter-swift", file: "swift/tree-sitter-swift.wasm", built: true },
    signatureSkipTypes: ["attribute"],
    bodyTypes: ["function_body", "computed_property"],
    commentTypes: ["comment", "multiline_comment"],
    // `func \`default\`()` defines `default`.
    nameTrim: "^`|`$",
    methodContainers: CLASS_LIKE.concat("impl"),
    quotedNames: "`",
    parseMasks: ["swift"],
  },
  {
    id: "scala", name: "Scala",
    extensions: [".scala", ".sc"], interpreters: ["scala"],
    grammar: { package: "tree-sitter-scala", file: "tree-sitter-scala.wasm" },
    signatureSkipTypes: ["annotation"],
    commentTypes: ["comment", "block_comment"],
    methodContainers: CLASS_LIKE,
    quotedNames: "`",
  },
  {
    id: "lua", name: "Lua",
    extensions: [".lua"], interpreters: ["lua", "luajit"],
    // Not tree-sitter-wasms' Lua: that build keeps scanner state between parses.
    grammar: { package: "@tree-sitter-grammars/tree-sitter-lua", file: "tree-sitter-lua.wasm" },
    commentTypes: ["comment"],
    constantNames: UPPER_CASE,
  },
  {
    id: "vue", name: "Vue single-file component",
    extensions: [".vue"],
    grammar: { package: "tree-sitter-typescript", file: "tree-sitter-typescript.wasm" },
    query: "typescript",
    ...JS_FAMILY,
    embedded: {
      hostGrammar: { package: "tree-sitter-wasms", file: "out/tree-sitter-vue.wasm" },
      scriptLanguages: { ts: "typescript", typescript: "typescript", tsx: "tsx", js: "javascript", jsx: "javascript" },
      defaultScript: "javascript",
    },
  },
  {
    id: "yaml", name: "YAML",
    extensions: [".yml", ".yaml"],
    grammar: { package: "@tree-sitter-grammars/tree-sitter-yaml", file: "tree-sitter-yaml.wasm" },
    maxParseRows: 32_000,
    commentTypes: ["comment"],
    quotedNames: "\"'",
    singleName: true,
    signatureFirstLine: true,
    trimTrailingComments: true,
    profiles: [
      { id: "github-workflow", query: "github-workflow.scm", when: ["^jobs:", "^[\"']?on[\"']?:"] },
      { id: "kubernetes", query: "kubernetes.scm", when: ["^apiVersion:", "^kind:"] },
      { id: "compose", query: "compose.scm", when: ["^services:"] },
    ],
  },
  {
    id: "json", name: "JSON",
    extensions: [".json", ".jsonc"],
    grammar: { package: "tree-sitter-json", file: "tree-sitter-json.wasm" },
    commentTypes: ["comment"],
    quotedNames: "\"",
    signatureFirstLine: true,
  },
  {
    id: "toml", name: "TOML",
    extensions: [".toml"], filenames: ["Pipfile"],
    grammar: { package: "@tree-sitter-grammars/tree-sitter-toml", file: "tree-sitter-toml.wasm" },
    commentTypes: ["comment"],
    quotedNames: "\"'",
    signatureFirstLine: true,
    trimTrailingComments: true,
  },
  {
    id: "markdown", name: "Markdown",
    extensions: [".md", ".markdown", ".mdown", ".mkd"],
    grammar: { package: "@kerebron/wasm", file: "assets/tree-sitter-markdown/tree-sitter-markdown.wasm" },
    signatureFirstLine: true,
    // `## Usage ##`: the closing sequence is no part of the heading's text.
    nameTrim: "[ \\t]+#+[ \\t]*$",
  },
  {
    id: "hcl", name: "HCL / Terraform",
    extensions: [".tf", ".tfvars", ".hcl"],
    grammar: { package: "@tree-sitter-grammars/tree-sitter-hcl", file: "tree-sitter-hcl.wasm" },
    commentTypes: ["comment"],
    quotedNames: "\"",
    singleName: true,
    signatureFirstLine: true,
  },
  {
    id: "css", name: "CSS",
    extensions: [".css"],
    grammar: { package: "tree-sitter-css", file: "tree-sitter-css.wasm" },
    commentTypes: ["comment"],
  },
  {
    id: "make", name: "Makefile",
    extensions: [".mk", ".make"], filenames: ["Makefile", "makefile", "GNUmakefile"],
    grammar: { package: "tree-sitter-make", file: "tree-sitter-make.wasm" },
    parseMasks: ["make"],
    commentTypes: ["comment"],
    signatureFirstLine: true,
    trimTrailingComments: true,
    trailingUnless: { conditional: "recipe_line" },
  },
  {
    id: "elixir", name: "Elixir",
    extensions: [".ex", ".exs"], interpreters: ["elixir"],
    // Built here from the package's sources: grammars/elixir/GRAMMAR.md.
    grammar: { package: "tree-sitter-elixir", file: "elixir/tree-sitter-elixir.wasm", built: true },
    leadingTypes: ["unary_operator"],
    leadingText: "^@(doc|spec|impl|deprecated|since|dialyzer)\\b",
    leadingDoc: "^@doc\\s+(?:~[sS])?(\"[\\s\\S]*)$",
    commentTypes: ["comment"],
    mergeClauses: ["function", "macro"],
  },
  {
    id: "haskell", name: "Haskell",
    extensions: [".hs", ".hs-boot"], interpreters: ["runhaskell", "runghc", "stack"],
    grammar: { package: "tree-sitter-haskell", file: "tree-sitter-haskell.wasm" },
    spanToParentEnd: ["header"],
    commentTypes: ["comment", "haddock"],
    // `(<+>) :: …` declares the operator `<+>` that `a <+> b = …` defines.
    nameTrim: "^\\(|\\)$",
    methodContainers: ["class", "impl"],
    mergeClauses: ["function", "method"],
  },
  {
    id: "ocaml", name: "OCaml",
    extensions: [".ml"], interpreters: ["ocaml"],
    grammar: { package: "tree-sitter-ocaml", file: "tree-sitter-ocaml.wasm" },
    ...OCAML,
  },
  {
    id: "ocaml_interface", name: "OCaml interface",
    extensions: [".mli"],
    grammar: { package: "tree-sitter-ocaml", file: "tree-sitter-ocaml_interface.wasm" },
    query: "ocaml",
    ...OCAML,
  },
  {
    id: "r", name: "R",
    extensions: [".r"], filenames: [".Rprofile"], interpreters: ["Rscript"],
    // r-lib/tree-sitter-r 1.1.0 as built in this package (it has no peer dependency; the
    // grammar's own npm releases require the native tree-sitter binding).
    grammar: { package: "@cursorless/tree-sitter-wasms", file: "out/tree-sitter-r.wasm" },
    commentTypes: ["comment"],
    methodContainers: ["class"],
    constantNames: UPPER_CASE,
    quotedNames: "`",
  },
  {
    id: "perl", name: "Perl",
    extensions: [".pl", ".pm", ".t", ".psgi"], interpreters: ["perl", "perl5"],
    // Built here from the package's sources: grammars/perl/GRAMMAR.md.
    grammar: { package: "tree-sitter-perl", file: "perl/tree-sitter-perl.wasm", built: true },
    spanToParentEnd: ["package_statement"],
    commentTypes: ["comment"],
    scopeSeparator: "::",
  },
  {
    id: "elm", name: "Elm",
    extensions: [".elm"],
    // elm-tooling/tree-sitter-elm 5.7.0 as prebuilt there (the grammar's npm package ships no .wasm).
    grammar: { package: "@cursorless/tree-sitter-wasms", file: "out/tree-sitter-elm.wasm" },
    spanToParentEnd: ["module_declaration"],
    commentTypes: ["block_comment", "line_comment"],
    mergeClauses: ["function"],
  },
  {
    id: "clojure", name: "Clojure",
    extensions: [".clj", ".cljs", ".cljc", ".edn", ".bb"], interpreters: ["clojure", "bb"],
    // sogaiu/tree-sitter-clojure as prebuilt there (the grammar's npm release is ABI 9, too old).
    grammar: { package: "@cursorless/tree-sitter-wasms", file: "out/tree-sitter-clojure.wasm" },
    commentTypes: ["comment"],
    methodContainers: ["interface", "class"],
  },
  {
    id: "elisp", name: "Emacs Lisp",
    extensions: [".el"], filenames: [".emacs", "_emacs"],
    grammar: { package: "tree-sitter-wasms", file: "out/tree-sitter-elisp.wasm" },
    commentTypes: ["comment"],
  },
  {
    id: "zig", name: "Zig",
    extensions: [".zig"],
    grammar: { package: "@tree-sitter-grammars/tree-sitter-zig", file: "tree-sitter-zig.wasm" },
    commentTypes: ["comment"],
    methodContainers: ["struct", "enum"],
  },
  {
    id: "solidity", name: "Solidity",
    extensions: [".sol"],
    // Built here from the package's sources: grammars/solidity/GRAMMAR.md.
    grammar: { package: "tree-sitter-solidity", file: "solidity/tree-sitter-solidity.wasm", built: true },
    commentTypes: ["comment"],
    methodContainers: ["class", "interface", "module"],
    constantNames: UPPER_CASE,
  },
  {
    id: "svelte", name: "Svelte component",
    extensions: [".svelte"],
    grammar: { package: "tree-sitter-typescript", file: "tree-sitter-typescript.wasm" },
    query: "typescript",
    ...JS_FAMILY,
    embedded: {
      // Built here from the package's sources: grammars/svelte/GRAMMAR.md.
      hostGrammar: { package: "@tree-sitter-grammars/tree-sitter-svelte", file: "svelte/tree-sitter-svelte.wasm", built: true },
      scriptLanguages: { ts: "typescript", typescript: "typescript", js: "javascript", javascript: "javascript" },
      defaultScript: "javascript",
    },
  },
  {
    id: "julia", name: "Julia",
    extensions: [".jl"], interpreters: ["julia"],
    grammar: { package: "tree-sitter-julia", file: "tree-sitter-julia.wasm" },
    parseMasks: ["julia"],
    // A string right above a definition is its docstring; an indented signature line opening it is not its summary.
    leadingTypes: ["string_literal"],
    leadingDoc: "^(?:\"\"\"|\")(?:[ \\t]*\\r?\\n(?:(?: {4}|\\t)[^\\n]*\\r?\\n)+)?([\\s\\S]*)$",
    wrapperTypes: ["macro_argument_list", "macrocall_expression"],
    commentTypes: ["line_comment", "block_comment"],
    scopeSeparator: ".",
    // `Base.:+` and `Base.:(==)` define the operators `+` and `==`; `Vector{T}(…)` is a `Vector`
    // method; a type head `Point{T} <: Shape` names `Point`.
    nameTrim: "(?<=\\.):\\(?|(?<=\\.:\\(.+)\\)$|\\s*(?:\\{|<:)[\\s\\S]*$",
  },
];

export function buildRegistry(specs: LanguageSpec[]) {
  const byId = new Map<string, LanguageSpec>();
  const byExtension = new Map<string, LanguageSpec>();
  const byFilename = new Map<string, LanguageSpec>();
  const byInterpreter = new Map<string, LanguageSpec>();
  const claim = <K>(map: Map<K, LanguageSpec>, key: K, spec: LanguageSpec, what: string) => {
    const other = map.get(key);
    if (other) throw new Error(`language table: ${what} ${String(key)} claimed by ${other.id} and ${spec.id}`);
    map.set(key, spec);
  };
  for (const spec of specs) {
    claim(byId, spec.id, spec, "id");
    for (const ext of spec.extensions) claim(byExtension, ext.toLowerCase(), spec, "extension");
    for (const name of spec.filenames ?? []) claim(byFilename, name, spec, "file name");
    for (const interp of spec.interpreters ?? []) claim(byInterpreter, interp, spec, "interpreter");
  }
  return { byId, byExtension, byFilename, byInterpreter, all: specs };
}

export type Registry = ReturnType<typeof buildRegistry>;
export const REGISTRY: Registry = buildRegistry(LANGUAGES);
