// Runs one CLI command in a fresh process and prints, as JSON, the grammars the command loaded
// (every grammar read goes through the asset source, so wrapping it sees them all).
//   bun test/helpers/grammar-loads.ts <cwd> <args...>
import { main } from "../../src/cli/main.ts";
import { captureIO } from "../../src/cli/io.ts";
import { diskAssets, setAssetSource } from "../../src/core/parse/assets.ts";
import { processEnv } from "../../src/io/env.ts";

const [cwd, ...args] = process.argv.slice(2);
const disk = diskAssets();
const grammars: string[] = [];
setAssetSource({
  ...disk,
  grammarWasm: (g) => {
    grammars.push(g.file);
    return disk.grammarWasm(g);
  },
});
const io = captureIO();
const code = await main(args, io, processEnv({ cwd, vars: { ...process.env }, warn: io.note }));
console.log(JSON.stringify({ code, grammars }));
