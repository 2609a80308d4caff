// What `changed` reports. Field names are the JSON contract (docs/contract.md, `changed`):
// added, never renamed.
import type { SymbolKind } from "../types.ts";
import type { ImpactSite } from "../calls/types.ts";
import type { SkipReason } from "../skip-reason.ts";

export type SymbolChangeKind = "added" | "removed" | "modified" | "renamed" | "moved";

/** A run of changed diff lines inside a symbol: LEFT = old side, RIGHT = new side (as GitHub names them). */
export interface Anchor {
  side: "LEFT" | "RIGHT";
  startLine: number;
  endLine: number;
}

/** Changes outside every symbol are reported against this pseudo-symbol (kind "module"). */
export const MODULE_NAME = "<module>";

export interface SymbolChange {
  change: SymbolChangeKind;
  kind: SymbolKind;
  name: string;
  qualifiedName: string;
  /** For renamed / moved: the name in the base. */
  oldQualifiedName?: string;
  /** For moved or renamed out of another file (a renamed file, a class that moved with its file): the file it came from. */
  oldPath?: string;
  /**
   * For renamed / moved: what paired it. "body": its text with its name abstracted is alike;
   * "signature": a short or body-less declaration, the same text but for its name; "name": its
   * name kept, the text alike enough; "parent": its old parent is paired with its new one, the
   * text alike enough; "call-sites": lines that used the old name use the new one instead (call
   * sites, references), the text alike enough; "hierarchy": its old and new classes are related by
   * inheritance (pulled up, pushed down), the text alike enough; "file-rename": it moved with its
   * renamed file.
   */
  evidence?: "body" | "signature" | "name" | "parent" | "call-sites" | "hierarchy" | "file-rename";
  /** For renamed / moved: token similarity of the old and new text, own names abstracted (0-1). */
  similarity?: number;
  startLine?: number;
  endLine?: number;
  oldStartLine?: number;
  oldEndLine?: number;
  signature?: string;
  oldSignature?: string;
  /** The declaration changed: parameters, return type, type parameters, modifiers, visibility/export, decorators. */
  signatureChanged: boolean;
  /** An initializer or a constant's value changed (the text after its `=`). */
  valueChanged: boolean;
  /** Its leading doc comment or docstring changed; never a signature change by itself. */
  docChanged: boolean;
  bodyChanged: boolean;
  /** Only whitespace or ordinary comments differ (directive comments and pragmas are code). */
  cosmetic: boolean;
  /** LEFT anchors are lines of the old file (`oldPath` for moved symbols), RIGHT of the new one. */
  anchors: Anchor[];
  /**
   * `--impact`, for a removed, renamed, moved or signature-changed callable: every call site in
   * the work tree the diff did not touch, by path and line.
   */
  callers?: ImpactSite[];
}

export type FileStatus = "added" | "deleted" | "modified" | "renamed" | "copied" | "type-changed";

export interface FileChange {
  path: string;
  oldPath?: string;
  status: FileStatus;
  language?: string;
  /** Why symbols were not computed: "unsupported language", "binary", "too large", "submodule", "symlink", …. */
  skipped?: SkipReason;
  symbols: SymbolChange[];
}

export interface ChangeSet {
  base: string;
  /** A sha, or "WORKTREE" / "INDEX". */
  head: string;
  files: FileChange[];
}
