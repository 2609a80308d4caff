// The data the core returns. Field names are the JSON contract (docs/outline.schema.json):
// a field is added, never renamed.

/** One vocabulary of kinds for every language (docs/contract.md). */
export const SYMBOL_KINDS = [
  "class", "interface", "struct", "enum", "trait", "impl", "type", "module", "namespace",
  "function", "method", "constructor", "field", "property", "variable", "constant", "macro",
  // Data and build files: keys, tables and sections of YAML/JSON/TOML/Markdown, Terraform
  // resources and outputs, CI jobs and steps, Compose services, Makefile targets, CSS rules.
  "key", "table", "section", "resource", "output", "job", "step", "service", "target", "rule",
] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

export interface OutlineSymbol {
  kind: SymbolKind;
  name: string;
  qualifiedName: string;
  signature: string;
  /** First line of the definition itself, decorators/annotations/attributes included. */
  startLine: number;
  endLine: number;
  /** First sentence of the docstring or leading doc comment. */
  doc?: string;
  /** First line of the leading doc comment, when the doc is a comment above the definition. */
  docStartLine?: number;
  /** A declaration without a body (C/C++ prototype, TS overload signature, abstract member). */
  declaration?: true;
  /** The range was cut back because error recovery swallowed what followed. */
  truncated?: true;
  children?: OutlineSymbol[];
  /** Set by the JSON outline: the first 12 hex digits of the sha256 of the symbol's own lines (app/symbol-hash.ts). */
  hash?: string;
  /** Set by renderers only: members left out by --max-children. */
  elidedChildren?: number;
}

export interface Diagnostic {
  severity: "error" | "warning";
  message: string;
  line: number;
  column?: number;
}

/** 1-based, inclusive. */
export interface LineRange {
  startLine: number;
  endLine: number;
}

export interface FileOutline {
  path: string;
  language: string;
  /** sha256 of the file's bytes, hex. */
  hash: string;
  lineCount: number;
  imports: string[];
  symbols: OutlineSymbol[];
  diagnostics: Diagnostic[];
  /**
   * Lines the parser could not read (error regions, less what recovery still parsed whole):
   * definitions there may be missing. Absent when there are none.
   */
  unparsedRanges?: LineRange[];
  /** What the file's code refers to (core/outline/references.ts): kept in the cache for the ranked digest, never part of an outline's output. */
  references?: FileReferences;
}

/** The names a file uses that another file may define (core/outline/references.ts). */
export interface FileReferences {
  /** `name count` pairs, sorted by name, space-separated. */
  names: string;
  /** For each symbol in pre-order, the distinct names used inside it and in none of its members, space-separated. */
  bySymbol: string[];
}
