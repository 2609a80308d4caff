// When the compiled binary runs itself again with other JavaScriptCore settings (see
// binary.ts for why). A pure decision over the arguments and a few probes, so it is tested
// without starting processes.

/**
 * - `now`: a short parsing run: start again without the optimizing tiers before anything else.
 * - `late`: the size of the work is known only later (a cache refresh, a folder walk): decide
 *   in setBeforeParse, before the first parse, with the batch's bytes.
 * - `keep`: run on as we are.
 */
export type StartupPlan = "now" | "late" | "keep";

export interface StartupProbes {
  /** The environment variables that decide (a user's own JSC setting wins). */
  env: Record<string, string | undefined>;
  /** Whether a cache may answer this run (an indexed repository around the cwd or the file). */
  cacheMayAnswer: () => boolean;
  isDirectory: (path: string) => boolean;
}

/** Commands that parse source in a short run. */
const PARSING = new Set(["outline", "symbol", "changed", "calls", "callers", "hook", "dump-tree"]);
/** Commands that usually answer from a warm .ast_outline_cache without parsing at all. */
const CACHE_SERVED = new Set(["outline", "symbol"]);
/** Commands that refresh the cache and know only then whether (and how much) to parse. */
const LATE = new Set(["index", "search", "digest"]);
/** Options of `outline` that take a value: their value is not a path. */
const OUTLINE_VALUE_OPTIONS = new Set(["--format", "--max-children", "--max-size", "--language"]);

export function startupPlan(args: readonly string[], probes: StartupProbes): StartupPlan {
  const { env } = probes;
  if (env.BUN_JSC_useOMGJIT !== undefined || env.AST_OUTLINE_RERUN || env.AST_OUTLINE_NO_REEXEC) return "keep";
  const command = args[0];
  if (LATE.has(command)) return "late";
  if (!PARSING.has(command)) return "keep";
  const cacheMayAnswer = CACHE_SERVED.has(command) && env.AST_OUTLINE_NO_CACHE !== "1" && probes.cacheMayAnswer();
  if (cacheMayAnswer) return "keep";
  // A folder can hold megabytes: without the optimizing tier the outline of the stdlib took
  // twice as long (26 vs 12 s). Its walk knows the bytes before the first parse.
  if (command === "outline" && outlinePaths(args.slice(1)).some((p) => probes.isDirectory(p))) return "late";
  return "now";
}

/** Above this a batch keeps the optimizing wasm tier: its compile cost is paid back (measured on the stdlib). */
export const SHORT_BATCH_BYTES = 4 * 1024 * 1024;

type Env = Record<string, string | undefined>;

/** A short parsing run: without wasm's optimizing tier (OMG) and JS's DFG (see binary.ts); a user's own DFG setting wins. */
export function shortRunSettings(env: Env): Record<string, string> {
  return {
    BUN_JSC_useOMGJIT: "0",
    BUN_JSC_useDFGJIT: env.BUN_JSC_useDFGJIT ?? "0",
    // The garbage collector's first cycle comes after 8 MB of allocation (JSC's largeHeapSize),
    // and tree-sitter's wasm memory (~34 MB, counted as allocated) alone passes that: every
    // short run paid an eden collection (2-8 ms) early, and a larger diff a full one. 128 MB
    // first puts it off past the end of a short run (one-commit `changed` of psf/requests,
    // interleaved, medians: 123.7 -> 115.0 ms wall, 119 -> 112 ms CPU; peak RSS of a 150 KB
    // commit 68.9 -> 69.8 MB).
    BUN_JSC_largeHeapSize: env.BUN_JSC_largeHeapSize ?? String(128 << 20),
    // JSC runs its wasm compiler thread (the baseline compiles this thread waits for,
    // interpreting meanwhile) one nice level below the main thread; on a busy machine that
    // thread waited too. Same level: one-commit `changed` 212 -> 195 ms wall median under load
    // 5.6 (135 -> 129 under 4.6), CPU equal.
    BUN_JSC_priorityDeltaOfWasmCompilerThreads: env.BUN_JSC_priorityDeltaOfWasmCompilerThreads ?? "0",
  };
}

/**
 * What a `late` run starts again with once it knows its batch's bytes, or undefined to run on
 * as it is. A short batch: shortRunSettings. A long one (a cold `index`) keeps OMG and DFG
 * (each off, the stdlib's parse threads took ~45% and ~25% more CPU) but not FTL, JS's top
 * tier: on a cold stdlib index its compiles took 3.4-5.1 s CPU on JSC's compiler thread (perf,
 * by thread; 2.4-3.1 s on one core), ~17% of the run, and the two parse threads were no faster
 * with it (7.8-9.1 s CPU each, with or without); on two cores that thread competes with them.
 * binary.ts's runAgain also stops mimalloc's purging: a long run starts again when either is
 * unset. A user's own FTL setting wins.
 */
export function batchSettings(bytes: number, env: Env): Record<string, string> | undefined {
  if (bytes <= SHORT_BATCH_BYTES) return shortRunSettings(env);
  if (env.MIMALLOC_PURGE_DELAY !== undefined && env.BUN_JSC_useFTLJIT !== undefined) return undefined;
  return { BUN_JSC_useFTLJIT: env.BUN_JSC_useFTLJIT ?? "0" };
}

/** The path arguments of `outline` (no paths means the current folder). */
export function outlinePaths(rest: readonly string[]): string[] {
  const paths: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === "--") {
      paths.push(...rest.slice(i + 1));
      break;
    }
    if (a.startsWith("-")) {
      if (OUTLINE_VALUE_OPTIONS.has(a)) i++;
      continue;
    }
    paths.push(a);
  }
  return paths.length ? paths : ["."];
}
