// What the read-only questions answer besides symbols (core/symbols/view.ts), as data: a
// region read, the entries of a folder outline, search results and a digest's files. The use
// cases in src/app build these; src/render prints them for the CLI and the MCP server alike.
import type { OutlineError } from "./errors.ts";
import type { SearchHit } from "./search/rank.ts";
import type { FileOutline, SymbolKind } from "./types.ts";

/** Lines of a text file, as its bytes are, with what the reader should know about them. */
export interface RegionView {
  path: string;
  /** sha256 of the file's bytes now. */
  hash: string;
  lineCount: number;
  startLine: number;
  /** The last line shown (the end asked for, clamped to the file and to the line limit). */
  endLine: number;
  /** The last line asked for. */
  requestedEnd: number;
  /** The end was cut at this many lines a read (MCP), not by the file's end. */
  lineLimit?: number;
  /** The hash (prefix) the caller expected, when the file no longer has it. */
  staleSince?: string;
  /**
   * When the hash given was not the file's: the symbol it names now (app/region.ts), `unchanged`
   * when it is a symbol's own hash (the lines shown are that symbol's, wherever it moved), else
   * the symbol holding the first line asked for, changed since.
   */
  symbol?: { name: string; unchanged: boolean; given: string; hash: string; startLine: number; endLine: number };
  lines: Uint8Array[];
}

/** One entry of a folder outline, in walk order. */
export type OutlineItem =
  | { type: "outline"; outline: FileOutline }
  /** Not outlined, and why (binary, minified, too large, unreadable, an odd name): the rest goes on. */
  | { type: "skipped"; path: string; reason: string }
  /** Could not be outlined (unsupported, binary, too deeply nested, ...): `explicit` when the user named it. */
  | { type: "failed"; path: string; error: OutlineError; explicit: boolean }
  /** Listed, then deleted before it was read: no longer part of the folder. */
  | { type: "gone"; path: string };

/** Ranked hits (the first `limit`), with how many matched in all. */
export interface SearchResult {
  query: string;
  kinds?: string[];
  /** The globs or folders the search was limited to. */
  within: string[];
  hits: SearchHit[];
  total: number;
}

export interface DigestSymbol {
  kind: SymbolKind;
  name: string;
  depth: number;
}

export interface DigestFile {
  path: string;
  lineCount: number;
  symbols: DigestSymbol[];
}

/** A definition of the ranked map: where it is, its header, and its score. */
export interface MapDefinition extends DigestSymbol {
  startLine: number;
  /** With the header: the best of the map, those it may show on a line of their own. */
  endLine?: number;
  /** The first line of its header, as the outline shows it. */
  signature?: string;
  score: number;
}

export interface MapFile {
  path: string;
  lineCount: number;
  symbolCount: number;
  score: number;
  /** A file the focus names: its definitions are left out (the agent has it open). */
  focus: boolean;
}

/** The ranked `digest` (app/digest/digest.ts rankedMap): files and their best definitions, best first. */
export interface RankedMap {
  totalLines: number;
  /** The focus as given (paths relative to the index's root, or names). */
  focus: string[];
  /** Every file, best first. */
  files: MapFile[];
  /** The best definitions outside the focus files, best first, as many as the budget could show as bare names (the first with their headers). */
  definitions: (MapDefinition & { file: number })[];
}

/** One line `search --text` found, with the symbol it lies in. */
export interface TextMatch {
  path: string;
  line: number;
  /** 1-based, in UTF-16 code units of the line. */
  column: number;
  /** The line, cut around the match when long. */
  text: string;
  /** The innermost symbol around the line; absent at the top level or without an outline. */
  symbol?: { kind: string; qualifiedName: string; startLine: number; endLine: number };
  /** Why the file has no outline (not a supported language, …): the line alone is the answer. */
  noOutline?: string;
}

export interface TextSearchResult {
  pattern: string;
  /** How the pattern was read: a literal string, or a JavaScript regular expression. */
  syntax: "literal" | "regex";
  ignoreCase: boolean;
  within: string[];
  /** The lines shown, in path and line order. */
  matches: TextMatch[];
  /** Matching lines found, and in how many files (a floor when `capped`). */
  total: number;
  files: number;
  /** A file had more matching lines than are read per file: `total` counts those read. */
  capped: boolean;
  /** Files that match or were not searched, left out with the reason (binary, too large, minified, …). */
  skipped: { path: string; reason: string }[];
  /** Who found the candidate lines: git grep (a git work tree) or a scan of the files. */
  searchedBy: "git grep" | "scan";
}
