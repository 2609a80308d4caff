// What `context` answers, as data (app/context/ builds it; render/context/ fits it to a budget
// and prints it): one symbol's text with what it calls, who calls it and the types it names.
import type { Resolved, ResolutionKind, CallTarget } from "../calls/types.ts";
import type { FullView, SkeletonView } from "../symbols/view.ts";

/** One callee expression of the symbol, every line it is called on, and where it resolved. */
export interface ContextCallee {
  callee: string;
  lines: number[];
  resolved: Resolved;
}

/** One call site of the symbol elsewhere: the line as written, and the symbol it is in. */
export interface ContextCaller {
  path: string;
  line: number;
  /** The line's text, whitespace trimmed. */
  text: string;
  /** The innermost symbol around the call (its qualified name); absent at module level. */
  in?: string;
  /** same-file / import: tied to this symbol; name-match: a call of its name the resolver could not tie to another definition. */
  resolution: Exclude<ResolutionKind, "unresolved">;
}

/** A type-like definition (class, interface, struct, enum, trait, type) the symbol names. */
export interface ContextType {
  name: string;
  /** How often the symbol names it. */
  uses: number;
  target: CallTarget;
  resolution: Exclude<ResolutionKind, "unresolved">;
  candidates?: number;
}

export interface ContextData {
  target: CallTarget;
  /** The symbol's text, and its skeleton when its language has one (the answer shows one of them). */
  full: FullView;
  skeleton?: SkeletonView;
  /** Every callee expression, in the order of first call. */
  callees: ContextCallee[];
  /** Ranked: tied to this symbol first (same file, then import), then by name; nearer files first. */
  callers: ContextCaller[];
  /** Call sites of its name found beyond those kept (MAX_CALLERS). */
  callersElided: number;
  /** The name the callers were looked up by (a constructor's: its class's). */
  calledAs: string;
  /** Ranked: tied by the same file or an import first, then by uses. */
  types: ContextType[];
}
