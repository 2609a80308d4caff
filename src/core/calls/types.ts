// What a call chain and a callers search answer, as data (app/calls/chain.ts, app/calls/callers.ts
// build it; render/calls-text.ts prints it).
import type { OutlineSymbol } from "../types.ts";

/**
 * How a call was tied to a definition: the same file, an import, the receiver's class as syntax
 * types it (`changed --impact`: `new C()`, `x: C`, `self`, a base), the name alone (not
 * type-checked), or not at all.
 */
export type ResolutionKind = "same-file" | "import" | "receiver-type" | "name-match" | "unresolved";

export interface CallTarget {
  path: string;
  symbol: OutlineSymbol;
}

export interface Resolved {
  resolution: ResolutionKind;
  target?: CallTarget;
  /** For an import whose module is not in the workspace (stdlib, a package). */
  module?: string;
  /** name-match: how many definitions carry that name. */
  candidates?: number;
}

export interface CallStep {
  callee: string;
  lines: number[];
  resolved: Resolved;
  /** Already expanded higher up or elsewhere: not expanded again. */
  seen?: boolean;
  children?: CallStep[];
  /** Calls left out beyond the per-step limit. */
  elided?: number;
}

export interface CallChain {
  root: CallTarget;
  depth: number;
  steps: CallStep[];
  elided?: number;
}

export interface CallerGroup {
  path: string;
  /** The innermost symbol around the call sites; undefined at module level. */
  symbol?: OutlineSymbol;
  sites: { callee: string; line: number }[];
  resolution: ResolutionKind;
}

/** The call sites of one name, grouped by the symbol they are in. */
export interface Callers {
  name: string;
  /** The glob or folder the search was limited to, if any. */
  within?: string;
  groups: CallerGroup[];
}

/** A call site of a changed symbol that the diff did not touch (`changed --impact`). */
export interface ImpactSite {
  /** Repository-relative, as the change set's paths. */
  path: string;
  line: number;
  /** The called expression as written. */
  callee: string;
  /** The innermost symbol around the call; absent at module level. */
  symbol?: string;
  /** import / same-file: tied to the changed symbol's file; receiver-type: to its class through the receiver's type; name-match: the name alone. */
  resolution: Exclude<ResolutionKind, "unresolved">;
  /** Why the call no longer works with the head's definition (it is gone, or cannot take these arguments). */
  breaks?: string;
}
