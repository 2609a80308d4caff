// The compiled binary's start-up tuning, in one place: whether a run starts itself again with
// other JavaScriptCore and allocator settings, when, and with which. JSC and mimalloc read their
// settings only when a process starts, so the only way to change them for a run is to start it
// again (execve, in place). Which commands parse, and which of their options take a value, come
// from the CLI's own command table (src/cli/commands.ts). No Node modules are imported: this runs
// first, and for a short parsing command all it does is start again.
//
// Why: JSC's optimizing wasm tier (OMG) and JS tiers (DFG, FTL) recompile the tree-sitter
// runtime and grammar as soon as they run hot, which costs a short run more than it saves; a
// long batch keeps OMG and DFG but not FTL; mimalloc returns freed pages to the kernel after
// 10 ms, and a parse frees and takes tens of MB a file (figures: bench/README.md).
//
// The rule that makes starting again late safe: the second process does the whole run again,
// so the first must not have written anything a person or a program could see. lateStart
// enforces it: it starts again only while nothing has been written to stdout or stderr (the
// batch hook fires before the first parse, before any result or note of it); after a write it
// runs on as it is. test/startup.test.ts fails if a command writes before it.
import { COMMANDS, valueOptions, type CommandSpec } from "../cli/commands.ts";
import type { CliIO } from "../cli/io.ts";
import type { BatchSize } from "../io/env.ts";
import { hasCache, workTreeAbove, type TreeProbe } from "../io/work-tree.ts";

/**
 * - `now`: a short parsing run: start again without the optimizing tiers before anything else.
 * - `serve`: a server: start again without wasm's optimizing tier (serverSettings).
 * - `late`: the size of the work is known only later (a cache refresh, a folder walk): decide
 *   before the first parse, with the batch's bytes (lateStart).
 * - `keep`: run on as we are.
 */
export type StartupPlan = "now" | "late" | "serve" | "keep";

type Vars = Record<string, string | undefined>;

export interface StartupProbes {
  /** The environment variables that decide (a user's own JSC setting wins). */
  env: Vars;
  /** Whether a cache may answer this run: one at the work tree's top around this folder or file. */
  cacheMayAnswer: (path: string) => boolean;
  isDirectory: (path: string) => boolean;
}

/** Set in the environment of the process started again, so it never starts a third. */
export const RERUN_MARK = "AST_OUTLINE_RERUN";
const PURGE_FLAG = "MIMALLOC_PURGE_DELAY";

export function startupPlan(args: readonly string[], probes: StartupProbes): StartupPlan {
  const { env } = probes;
  if (env.BUN_JSC_useOMGJIT !== undefined || env[RERUN_MARK] || env.AST_OUTLINE_NO_REEXEC) return "keep";
  const spec = COMMANDS.find((c) => c.name === args[0]);
  if (!spec || spec.startup === "keeps") return "keep";
  if (spec.options.some((o) => o.keepsStartup && args.includes(o.flags.split(/[\s,]+/)[0]))) return "keep";
  if (spec.startup === "serves") return "serve";
  if (spec.startup === "refreshes") return "late";
  const paths = positionalArgs(spec, args.slice(1));
  if (spec.startup === "cached" && env.AST_OUTLINE_NO_CACHE !== "1" && [".", ...paths.slice(0, 1)].some(probes.cacheMayAnswer)) return "keep";
  // A folder can hold megabytes: its walk knows the bytes before the first parse.
  if (spec.name === "outline" && (paths.length ? paths : ["."]).some(probes.isDirectory)) return "late";
  return "now";
}

/** The positional arguments of a command line (no options, no option values; all after `--`). */
export function positionalArgs(spec: CommandSpec, rest: readonly string[]): string[] {
  const takesValue = valueOptions(spec);
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (a === "--") {
      out.push(...rest.slice(i + 1));
      break;
    }
    if (a.startsWith("-")) {
      if (takesValue.has(a)) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** Above this a batch keeps the optimizing wasm tier: its compile cost is paid back. */
export const SHORT_BATCH_BYTES = 4 * 1024 * 1024;

/** A short parsing run: without wasm's optimizing tier (OMG) and JS's DFG; a user's own settings win. */
export function shortRunSettings(env: Vars): Record<string, string> {
  return {
    BUN_JSC_useOMGJIT: "0",
    BUN_JSC_useDFGJIT: env.BUN_JSC_useDFGJIT ?? "0",
    // The collector's first cycle would come after 8 MB of allocation, which tree-sitter's wasm
    // memory alone passes: put it off past the end of a short run.
    BUN_JSC_largeHeapSize: env.BUN_JSC_largeHeapSize ?? String(128 << 20),
    // The wasm compiler thread this thread waits for runs at the same priority, not one below.
    BUN_JSC_priorityDeltaOfWasmCompilerThreads: env.BUN_JSC_priorityDeltaOfWasmCompilerThreads ?? "0",
  };
}

/**
 * A server (`mcp`): without wasm's optimizing tier, which recompiles the tree-sitter runtime and
 * grammar while the first answers wait; the index a server builds later is no slower without it
 * (measured: bench/README.md). JS's tiers stay, and
 * mimalloc purges as it does by default: a server lives long and its memory should come back.
 */
export function serverSettings(env: Vars): Record<string, string> {
  return { BUN_JSC_useOMGJIT: "0", [PURGE_FLAG]: env[PURGE_FLAG] ?? "10" };
}

/**
 * What a `late` run starts again with once it knows its batch's bytes, or undefined to run on
 * as it is. A short batch: shortRunSettings. A long one keeps OMG and DFG but not FTL, JS's top
 * tier, and stops mimalloc's purging (runAgain sets that): it starts again when either is unset.
 * A user's own FTL setting wins.
 */
export function batchSettings(bytes: number, env: Vars): Record<string, string> | undefined {
  if (bytes <= SHORT_BATCH_BYTES) return shortRunSettings(env);
  if (env[PURGE_FLAG] !== undefined && env.BUN_JSC_useFTLJIT !== undefined) return undefined;
  return { BUN_JSC_useFTLJIT: env.BUN_JSC_useFTLJIT ?? "0" };
}

/** Output that counts what it writes: the CLI's stdout and stderr, for lateStart's rule. */
export interface WrittenCount {
  readonly written: number;
}

/** `io` with a count of the writes made through it (results, notes, progress). */
export function countWrites(io: CliIO): CliIO & WrittenCount {
  let written = 0;
  return {
    out: (chunk) => {
      written++;
      io.out(chunk);
    },
    note: (line) => {
      written++;
      io.note(line);
    },
    get isTTY() {
      return io.isTTY;
    },
    progress: io.progress
      ? (text) => {
          written++;
          io.progress!(text);
        }
      : undefined,
    get written() {
      return written;
    },
  };
}

/**
 * The batch hook of a `late` run (Env.batchStarting): start again with batchSettings, but only
 * while nothing has been written (see the top); after a write, run on as we are.
 */
export function lateStart(output: WrittenCount, restart: (settings: Record<string, string>) => void, env: Vars): (batch: BatchSize) => void {
  return (batch) => {
    if (output.written > 0) return;
    const settings = batchSettings(batch.bytes, env);
    if (settings) restart(settings);
  };
}

/** The probe a `cached` command's plan asks: a cache at the work tree's top above the folder, or above the file named. */
export function cacheAbove(probe: TreeProbe & { isDirectory(path: string): boolean; resolve(path: string): string }): (path: string) => boolean {
  return (path) => {
    const at = probe.resolve(path);
    const top = workTreeAbove(probe.isDirectory(at) ? at : probe.dirname(at), probe);
    return top !== undefined && hasCache(top, probe);
  };
}

/** The settings every restart carries: no purging (a user's own value wins) and the mark against a third start. */
export function restartEnv(base: Vars, settings: Record<string, string>): Vars {
  return { ...base, [PURGE_FLAG]: base[PURGE_FLAG] ?? "-1", [RERUN_MARK]: "1", ...settings };
}

/**
 * Keep the runtime's "process.execve is an experimental feature" warning off stderr: starting
 * again is this tool's business, not the user's, and the warning shows whenever execve fails
 * and the run carries on (it is queued before the call). Every other warning still reaches the
 * listeners that were there (the runtime's printer). Installed once, before the first execve.
 */
export function quietExecveWarning(proc: Pick<NodeJS.Process, "listeners" | "removeAllListeners" | "on">): void {
  if (quieted) return;
  quieted = true;
  const before = proc.listeners("warning") as ((w: Error) => void)[];
  proc.removeAllListeners("warning");
  proc.on("warning", (w: Error) => {
    if (w?.name === "ExperimentalWarning" && /process\.execve/.test(String(w.message))) return;
    for (const l of before) l.call(proc, w);
  });
}
let quieted = false;
