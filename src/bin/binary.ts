// Entry point of the compiled binary: the grammars, the tree-sitter runtime and the queries
// are embedded (build/embedded.gen.ts, written by scripts/build.mjs). Bun-only.
import { setAssetSource } from "../core/parse/assets.ts";
import { embeddedAssets } from "../../build/embedded.gen.ts";
import { main } from "../cli/main.ts";
import { processIO } from "../cli/io.ts";

setAssetSource(embeddedAssets);
process.exitCode = await main(process.argv.slice(2), processIO());
