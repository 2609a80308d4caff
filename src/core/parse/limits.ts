// What one file may cost. Past a limit that file is not outlined and says why (a skipped reason
// in `changed` and `index`, a note in a folder outline, an input error when named); the rest of
// the answer goes on. The limits bound time and memory for any input a stranger can commit.
import { OutlineError } from "../errors.ts";

/**
 * Definitions nested deeper than this are refused. Real code stays far below it; past it,
 * qualified names grow with the depth (their total with its square) and every walk of the
 * symbol tree recurses that deep.
 */
export const MAX_DEFINITION_DEPTH = 1000;

/**
 * The WebAssembly heap a parse may grow past. A syntax tree takes about 23 bytes of heap per
 * byte of ordinary source, up to ~70 for dense minified code: a parse passing this is stopped,
 * so a huge file fails alone instead of aborting the process when the heap hits WebAssembly's
 * 2 GiB. Tests lower it.
 */
export const parseLimits = { heapBytes: 1024 * 1024 * 1024 };

/** A parse stopped by parseLimits (the parser knows no path; outlineSource adds it). */
export class ParseLimitError extends OutlineError {
  constructor(readonly reason: string) {
    super("input", reason, "`region` reads its lines");
  }
}

/** A file refused by a limit: `reason` is the skipped reason, the message names the file. */
export class OutlineLimitError extends OutlineError {
  constructor(
    readonly path: string,
    readonly reason: string,
    hint?: string,
  ) {
    super("input", `${path}: ${reason}`, hint);
  }
}

/** What went wrong with one file, without its path (the caller names the file). */
export function jobErrorText(e: unknown): string {
  if (e instanceof OutlineLimitError) return e.reason;
  return e instanceof Error ? e.message : String(e);
}

/** How deeply definitions nest: `defs` sorted by start, the longer first on a tie. */
export function definitionDepth(defs: readonly { startIndex: number; endIndex: number }[]): number {
  const open: number[] = [];
  let deepest = 0;
  for (const d of defs) {
    while (open.length && open[open.length - 1] <= d.startIndex) open.pop();
    open.push(d.endIndex);
    if (open.length > deepest) deepest = open.length;
  }
  return deepest;
}

export function checkDefinitionDepth(path: string, defs: readonly { startIndex: number; endIndex: number }[]): void {
  const depth = definitionDepth(defs);
  if (depth > MAX_DEFINITION_DEPTH) {
    throw new OutlineLimitError(path, `definitions nested ${depth} levels deep (the limit is ${MAX_DEFINITION_DEPTH})`, "`region` reads its lines");
  }
}
