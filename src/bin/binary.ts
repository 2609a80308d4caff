// Entry point of the compiled binary: the grammars, the tree-sitter runtime, the queries and
// the hook script are embedded (build/embedded.gen.ts, written by scripts/build.ts). Bun-only.
// No node: imports: this module runs first, and for a parsing command all it does is start
// again (below). Node modules it needs on some paths come from process.getBuiltinModule, on use;
// node:fs and node:path alone cost the first process ~2.5 ms CPU (compiled hello world, 2-core box).
// startup-plan.ts is plain code with no imports of its own.
import { batchSettings, shortRunSettings, startupPlan } from "./startup-plan.ts";
const fs = () => process.getBuiltinModule("node:fs") as typeof import("node:fs");
const path = () => process.getBuiltinModule("node:path") as typeof import("node:path");

// JavaScriptCore's optimizing wasm tier (OMG) recompiles the tree-sitter runtime and grammar
// on background threads as soon as they run hot. For a short run that is pure cost: on
// 2 cores the outline of a 2,000-line Python file took ~350 ms with it and ~140 ms without,
// and a 33-file folder half the CPU time. JSC reads its options only at start-up, so when
// the option is not set we run ourselves again with it. Long runs (the MCP server, a cold
// `index`: OMG saves ~20% CPU over the whole stdlib) keep the optimizing tier, and so do
// commands a warm cache answers without parsing (a second start costs ~40 ms, more than a
// cache hit). The cache commands decide late: they run here until they know what is stale,
// and start again only when a short batch is about to be parsed (setBeforeParse); nothing has
// been written or printed at that point. AST_OUTLINE_NO_REEXEC=1 turns this off. Which
// settings a run starts again with: startup-plan.ts.
// mimalloc (Bun's allocator) hands freed pages back to the kernel after 10 ms by default. A
// parse frees and allocates tens of MB per file, so a cold `index` of the stdlib made ~10,000
// madvise calls and faulted the pages back in: ~7 s of its ~23 s CPU. Never purging costs a
// few percent more peak memory in a process that exits soon. Like the JSC flag it is read at
// start-up only. The MCP server, which lives long, keeps the default.
const PURGE_FLAG = "MIMALLOC_PURGE_DELAY";
/** Set in the environment of the process we start again, so it never starts a third. */
const RERUN_MARK = "AST_OUTLINE_RERUN";
const args = process.argv.slice(2);

/** Run this command again with these start-up settings, in place of this process where possible. */
function runAgain(settings: Record<string, string>): boolean {
  const env = { ...process.env, [PURGE_FLAG]: process.env[PURGE_FLAG] ?? "-1", [RERUN_MARK]: "1", ...settings };
  // execve replaces this process: no first process left waiting (and exiting) around the
  // second. Where it is missing (Windows) or fails, spawn and wait.
  const execve = (process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never }).execve;
  if (typeof execve === "function" && process.platform !== "win32") {
    try {
      execve(process.execPath, [process.execPath, ...args], env);
    } catch {
      // fall through to spawnSync
    }
  }
  const childProcess = process.getBuiltinModule("node:child_process") as typeof import("node:child_process");
  const child = childProcess.spawnSync(process.execPath, args, { stdio: "inherit", env });
  if (child.error) return false; // could not start ourselves again (unusual sandbox): carry on in this process
  const os = process.getBuiltinModule("node:os") as typeof import("node:os");
  const signal = child.signal ? (os.constants.signals as Record<string, number>)[child.signal] : undefined;
  process.exit(child.status ?? (signal ? 128 + signal : 1));
}

// JS's optimizing tiers (DFG, and FTL above it) do not pay in such a run either: the time goes
// to wasm. Measured interleaved on 2 cores: `changed` on single commits of psf/requests 318 ->
// 287 ms CPU (median of 60), a 235-file range 2.6 -> 2.1 s CPU, the outline of a 2,000-line
// Python file 225 -> 200 ms CPU. The baseline JIT stays; a user's own setting wins.
const runAgainWithoutOMG = () => runAgain(shortRunSettings(process.env));

/** Whether the folder (or one above it) holds a cache: checked for the cwd and the file named. */
function indexedAbove(start: string): boolean {
  const { dirname, join, resolve } = path();
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (fs().existsSync(join(dir, ".ast_outline_cache", "VERSION"))) return true;
    if (dirname(dir) === dir) return false;
  }
}

function insideIndexedRepo(): boolean {
  const file = args[1];
  return indexedAbove(process.cwd()) || (file !== undefined && !file.startsWith("-") && indexedAbove(path().dirname(file)));
}

const isDirectory = (path: string) => {
  try {
    return fs().statSync(path).isDirectory();
  } catch {
    return false;
  }
};
// AST_OUTLINE_NO_CACHE=1 (src/app/cache-lookup.ts) makes every outline a parse, cache or not.
const plan = startupPlan(args, { env: process.env, cacheMayAnswer: insideIndexedRepo, isDirectory });
if (plan === "now") runAgainWithoutOMG();

const { setAssetSource } = await import("../core/parse/assets.ts");
const { setSha256Hex } = await import("../core/hash.ts");
const { embeddedAssets, hookScript } = await import("../../build/embedded.gen.ts");
const { setHookScript } = await import("../app/hook-script.ts");
const { main } = await import("../cli/main.ts");
const { processIO } = await import("../cli/io.ts");
const { processEnv } = await import("../io/env.ts");

setAssetSource(embeddedAssets);
// Bun's hasher is native: node:crypto need not be loaded (~10 ms CPU of a short run).
setSha256Hex((data) => new Bun.CryptoHasher("sha256").update(data).digest("hex"));
setHookScript(hookScript);
const io = processIO();
const env = processEnv({
  warn: io.note,
  // The worker is a second entry point of the binary (scripts/build.ts), which Bun resolves by its file name.
  parseWorker: () => "./parse-worker.ts",
  // A long batch keeps the optimizing wasm tier; it starts again only to stop the purging and
  // JS's FTL tier (a second start costs ~50 ms, each of them seconds): startup-plan.ts.
  batchStarting: plan === "late"
    ? (batch) => {
        const settings = batchSettings(batch.bytes, process.env);
        if (settings) runAgain(settings);
      }
    : undefined,
});
process.exitCode = await main(args, io, env);
