// What one file may cost. Past a limit that file is not outlined and says why (a skipped reason
// in `changed` and `index`, a note in a folder outline, an input error when named); the rest of
// the answer goes on. The limits bound time and memory for any input a stranger can commit.
import { OutlineError, problemOf } from "../errors.ts";
import type { LimitReason } from "../skip-reason.ts";

/**
 * Definitions nested deeper than this are refused. Real code stays far below it; past it,
 * qualified names grow with the depth (their total with its square) and every walk of the
 * symbol tree recurses that deep.
 */
export const MAX_DEFINITION_DEPTH = 1000;

const DEFAULT_PARSE_BUDGET_MS = 1000;
/** The text (in characters) each further budget of a file's parse is for. */
const PARSE_BUDGET_UNIT = 100 * 1024;

/**
 * The WebAssembly heap a parse may grow past. A syntax tree takes about 23 bytes of heap per
 * byte of ordinary source, up to ~70 for dense minified code: a parse passing this is stopped,
 * so a huge file fails alone instead of aborting the process when the heap hits WebAssembly's
 * 2 GiB. Tests lower it.
 */
export const parseLimits = {
  heapBytes: 1024 * 1024 * 1024,
  /**
   * The time a parse of a small file may take, in ms; a file gets this once more per 100 KB of
   * its text (0: no bound). Real code parses at megabytes a second, so the budget is many times
   * what a real file takes; nested constructs some grammars parse in quadratic or cubic time
   * pass it and the file fails alone. AST_OUTLINE_PARSE_BUDGET_MS sets it (docs/limits.md).
   */
  budgetMs: DEFAULT_PARSE_BUDGET_MS,
};

/** What a parse of `chars` characters may take under parseLimits.budgetMs (0: no bound). */
export function parseBudgetMs(chars: number): number {
  return parseLimits.budgetMs * (1 + chars / PARSE_BUDGET_UNIT);
}

/**
 * Whether a parse has outlasted its budget: the wall clock and the CPU time the process spent since
 * the parse began must both pass it. Time the parse spent waiting for a busy machine is not the
 * parse's cost, so it alone never stops one; the CPU time is the whole process's (parse workers
 * included), so it reaches the budget sooner, never later, than this parse's own would.
 */
export function pastParseBudget(wallMs: number, cpuMs: () => number, budgetMs: number): boolean {
  return budgetMs > 0 && wallMs > budgetMs && cpuMs() > budgetMs; // the CPU clock read only past the wall budget: it is a system call
}

/** A clock of the CPU time this process uses from now on, in ms; where the runtime cannot tell, Infinity (the wall clock alone decides). */
export function cpuClock(): () => number {
  const cpuUsage = globalThis.process?.cpuUsage;
  if (typeof cpuUsage !== "function") return () => Number.POSITIVE_INFINITY;
  const start = cpuUsage.call(globalThis.process);
  return () => {
    const used = cpuUsage.call(globalThis.process, start);
    return (used.user + used.system) / 1000;
  };
}

/** The variable's value as a budget in ms: a whole number of ms (0: no bound), else undefined. */
export function parseBudgetSetting(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,9}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/** A parse stopped by parseLimits (the parser knows no path; outlineSource names the file: namingFile). */
export const parseLimitError = (reason: LimitReason) => new OutlineError({ kind: "parse-limit", reason });

/** A file refused by a limit: `reason` is the skipped reason, the message names the file. */
export const outlineLimitError = (path: string, reason: LimitReason, hint?: string) => new OutlineError({ kind: "outline-limit", file: path, reason, hint });

/** `e` naming the file `path` when it is a parse stopped by a limit; any other error as it is. */
export function namingFile(path: string, e: unknown): unknown {
  const limit = problemOf(e, "parse-limit");
  return limit ? outlineLimitError(path, limit.reason, (e as OutlineError).hint) : e;
}

/** The skipped reason when `e` is a file refused by a limit, else undefined. */
export function limitReason(e: unknown): LimitReason | undefined {
  return problemOf(e, "outline-limit")?.reason;
}

/** What went wrong with one file, without its path (the caller names the file). */
export function jobErrorText(e: unknown): string {
  return limitReason(e) ?? (e instanceof Error ? e.message : String(e));
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
    throw outlineLimitError(path, `definitions nested ${depth} levels deep (the limit is ${MAX_DEFINITION_DEPTH})`, "`region` reads its lines");
  }
}
