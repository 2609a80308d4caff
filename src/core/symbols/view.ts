// What a symbol read answers, as data: the full text, a skeleton, one branch, or the target of
// one call (app/symbol-view.ts builds it, render/symbol/text.ts prints it for the CLI's
// `symbol` and the MCP `get_symbol` alike).
import type { Resolved } from "../calls/types.ts";
import type { OuterName } from "../skeleton/free-names.ts";
import type { Skeleton, SkeletonBranch } from "../skeleton/skeleton.ts";
import type { OutlineSymbol } from "../types.ts";

/** The file a view was read from: its path as shown, its language and the sha256 of the bytes. */
export interface FileRef {
  path: string;
  language: string;
  hash: string;
}

/** Lines sliced from a file's bytes, as they are. */
export interface TextBlock {
  startLine: number;
  endLine: number;
  text: Uint8Array;
}

/** A symbol's exact text: from its leading doc comment (if any) to its last line. */
export interface FullView {
  kind: "full";
  file: FileRef;
  symbol: OutlineSymbol;
  block: TextBlock;
  /** For a nested function: the names it uses that enclosing functions bind. */
  outerNames: OuterName[];
  /** The short hash of the symbol's own lines (app/symbol-hash.ts). */
  symbolHash: string;
  /** The hash the caller read it with (`symbol:…`, or `sha256:…` for the file's), when it has changed since. */
  changedSince?: string;
}

/**
 * A symbol's skeleton, with its full text beside it: what is shown is the skeleton when its
 * text saves at least SKELETON_MIN_SAVING of the full text's, else the full text, marked so.
 */
export interface SkeletonView {
  kind: "skeleton";
  file: FileRef;
  skeleton: Skeleton;
  full: FullView;
  /** A focused read (core/skeleton/focus.ts): the terms, and the lines shown in full for them. */
  focus?: { terms: string[]; blocks: TextBlock[] };
}

/** One branch of a skeleton (`--drill if@12`): its lines. */
export interface BranchView {
  kind: "branch";
  file: FileRef;
  symbol: OutlineSymbol;
  branch: SkeletonBranch;
  block: TextBlock;
}

/** One call of a skeleton followed (`--drill call:helper`): how it resolved, and the definition it reached. */
export interface CallView {
  kind: "call";
  callee: string;
  line: number;
  resolved: Resolved;
  target: FullView | SkeletonView;
}

/** A symbol asked for with the hash it was read with, unchanged since: no text is sent again. */
export interface UnchangedView {
  kind: "unchanged";
  file: FileRef;
  symbol: OutlineSymbol;
  symbolHash: string;
}

export type SymbolView = FullView | SkeletonView | BranchView | CallView | UnchangedView;

/** A skeleton must save at least this share of the full text, else the full text is shown. */
export const SKELETON_MIN_SAVING = 0.3;

/** The result of looking one name up in a file. */
export type SymbolLookup =
  /** Several only when they share one qualified name (overloads, a property's getter and setter). */
  | { query: string; status: "found"; views: FullView[] }
  | { query: string; status: "ambiguous"; candidates: OutlineSymbol[] }
  | { query: string; status: "missing"; suggestions: OutlineSymbol[] };
