// Runs one CLI command in a fresh process and prints, as JSON, the grammars and the extra query
// files (folder/file.scm) the command loaded (every read goes through the asset source, so
// wrapping it sees them all).
//   bun test/helpers/grammar-loads.ts <cwd> <args...>
import { main } from "../../src/cli/main.ts";
import { captureIO } from "../../src/cli/io.ts";
import { configureRuntime } from "../../src/core/runtime.ts";
import { diskRuntime } from "../../src/io/disk-assets.ts";
import { processEnv } from "../../src/io/env.ts";

const [cwd, ...args] = process.argv.slice(2);
const runtime = diskRuntime();
const disk = runtime.assets;
const grammars: string[] = [];
const queries: string[] = [];
configureRuntime({ ...runtime });
configureRuntime({
  assets: {
    ...disk,
    grammarWasm: (g) => {
      grammars.push(g.file);
      return disk.grammarWasm(g);
    },
    queryFile: (folder, file) => {
      queries.push(`${folder}/${file}`);
      return disk.queryFile(folder, file);
    },
  },
});
const io = captureIO();
const code = await main(args, io, processEnv({ cwd, vars: { ...process.env }, warn: io.note }));
console.log(JSON.stringify({ code, grammars, queries }));
