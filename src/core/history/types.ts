// What `history` reports. Field names are the JSON contract (docs/contract.md, `history`).
import type { SymbolChange } from "../diff/types.ts";
import type { SkipReason } from "../skip-reason.ts";
import type { SymbolKind } from "../types.ts";

/** One commit that changed the symbol: the commit, then the symbol's change as `changed` reports it (no anchors). */
export interface HistoryEntry extends Omit<SymbolChange, "anchors" | "oldPath"> {
  commit: string;
  /** Committer date, ISO 8601 (UTC). */
  date: string;
  author: string;
  subject: string;
  /** The file the symbol is in after the commit. */
  path: string;
  /** The file it was in before, when that differs (moved, or its file renamed). */
  oldPath?: string;
  /**
   * Set when `history`'s own search for this symbol's origin made the link (`changed`'s rule
   * saw an addition): the similarity of the two own texts (Dice over comment-free code lines),
   * 1 for the same body.
   */
  similarity?: number;
}

/**
 * Why the walk stopped: the commit that added the symbol was reached ("added"), the limit
 * ("limit"), the --since date ("since"), the start of the file's history without an adding
 * commit ("history"), or a move from a file outside what may be read ("outside").
 */
export type HistoryEnd = "added" | "limit" | "since" | "history" | "outside";

export interface SymbolHistory {
  /** Where the walk started: the file and the symbol as they are at `rev`. */
  path: string;
  symbol: string;
  kind: SymbolKind;
  startLine: number;
  endLine: number;
  rev: string;
  /** Newest first. */
  commits: HistoryEntry[];
  end: HistoryEnd;
  /** Commits of the followed files that were examined. */
  examined: number;
  /** Versions that could not be outlined (too large, binary, a parse limit): the symbol was followed past them by name. */
  skipped: { commit: string; path: string; reason: SkipReason }[];
}
