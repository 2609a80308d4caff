// Entry point of the compiled binary: the grammars, the tree-sitter runtime, the queries and
// the hook script are embedded (build/embedded.gen.ts, written by scripts/build.ts). Bun-only.
// It first asks the start-up seam (startup.ts) whether to start again with other engine
// settings; nothing else is loaded before that, and Node modules come from
// process.getBuiltinModule on use.
import { cacheAbove, countWrites, lateStart, quietExecveWarning, restartEnv, serverSettings, shortRunSettings, startupPlan } from "./startup.ts";
const fs = () => process.getBuiltinModule("node:fs") as typeof import("node:fs");
const path = () => process.getBuiltinModule("node:path") as typeof import("node:path");
const args = process.argv.slice(2);

/** Run this command again with these settings: in place (execve) where possible, else as a child we wait for. */
function runAgain(settings: Record<string, string>): void {
  // An argument that was not UTF-8 reaches us with U+FFFD for its bad bytes (io/argv.ts reads
  // them back): started again, the new process would get the U+FFFD. Carry on here instead.
  if (args.some((a) => a.includes("\uFFFD"))) return;
  const env = restartEnv(process.env, settings) as NodeJS.ProcessEnv;
  const execve = (process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never }).execve;
  if (typeof execve === "function" && process.platform !== "win32") {
    quietExecveWarning(process);
    try {
      execve(process.execPath, [process.execPath, ...args], env);
    } catch {
      // fall through to spawnSync
    }
  }
  const childProcess = process.getBuiltinModule("node:child_process") as typeof import("node:child_process");
  const child = childProcess.spawnSync(process.execPath, args, { stdio: "inherit", env });
  if (child.error) return; // could not start ourselves again (unusual sandbox): carry on in this process
  const os = process.getBuiltinModule("node:os") as typeof import("node:os");
  const signal = child.signal ? (os.constants.signals as Record<string, number>)[child.signal] : undefined;
  process.exit(child.status ?? (signal ? 128 + signal : 1));
}

const isDirectory = (p: string) => {
  try {
    return fs().statSync(p).isDirectory();
  } catch {
    return false;
  }
};
const exists = (p: string) => {
  try {
    fs().lstatSync(p);
    return true;
  } catch {
    return false;
  }
};
const plan = startupPlan(args, {
  env: process.env,
  isDirectory,
  cacheMayAnswer: (p) => cacheAbove({ exists, isDirectory, dirname: (x) => path().dirname(x), join: (...x) => path().join(...x), resolve: (x) => path().resolve(x) })(p),
});
if (plan === "now") runAgain(shortRunSettings(process.env));
if (plan === "serve") runAgain(serverSettings(process.env));

const { setAssetSource } = await import("../core/parse/assets.ts");
const { setSha256Hex } = await import("../core/hash.ts");
const { embeddedAssets, hookScript } = await import("../../build/embedded.gen.ts");
const { setHookScript } = await import("../app/hook/script.ts");
const { main } = await import("../cli/main.ts");
const { processIO } = await import("../cli/io.ts");
const { processEnv } = await import("../io/env.ts");

setAssetSource(embeddedAssets);
// Bun's hasher is native: node:crypto need not be loaded.
setSha256Hex((data) => new Bun.CryptoHasher("sha256").update(data).digest("hex"));
setHookScript(hookScript);
const io = countWrites(processIO());
const env = processEnv({
  warn: io.note,
  // The worker is a second entry point of the binary (scripts/build.ts), which Bun resolves by its file name.
  parseWorker: () => "./parse-worker.ts",
  batchStarting: plan === "late" ? lateStart(io, runAgain, process.env) : undefined,
});
const { argvFromBytes } = await import("../io/argv.ts");
process.exitCode = await main(argvFromBytes(args), io, env);
