// Entry point of the compiled binary: the grammars, the tree-sitter runtime and the queries
// are embedded (build/embedded.gen.ts, written by scripts/build.mjs). Bun-only.
import { setAssetSource } from "../core/parse/assets.ts";
import { embeddedAssets, hookScript } from "../../build/embedded.gen.ts";
import { setHookScript } from "../app/hook-script.ts";
import { setWorkerEntry } from "../app/parse-pool.ts";
import { main } from "../cli/main.ts";
import { processIO } from "../cli/io.ts";

setAssetSource(embeddedAssets);
setHookScript(hookScript);
// The worker is a second entry point of the binary (scripts/build.ts), which Bun resolves by its file name.
setWorkerEntry(() => "./parse-worker.ts");
process.exitCode = await main(process.argv.slice(2), processIO());
