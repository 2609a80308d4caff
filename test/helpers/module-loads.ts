// Runs one CLI command in a fresh process and prints, as JSON, the modules it loaded (paths
// relative to the repository, src/..., and web-tree-sitter's as node_modules/web-tree-sitter/...).
// A loader plugin sees each module as Bun loads it, so a static import and an `import()` taken
// both show; other packages are not watched (their CommonJS interop stays Bun's).
//   bun test/helpers/module-loads.ts <cwd> <args...>
import { plugin } from "bun";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const loaded: string[] = [];
plugin({
  name: "module-loads",
  setup(build) {
    build.onLoad({ filter: /\.ts$|\/web-tree-sitter\/.*\.js$/ }, (args) => {
      loaded.push(relative(ROOT, args.path).replace(/^.*\/node_modules\//, "node_modules/"));
      return { contents: readFileSync(args.path, "utf8"), loader: args.path.endsWith(".ts") ? "ts" : "js" };
    });
  },
});
const [cwd, ...args] = process.argv.slice(2);
// As src/cli/index.ts does: the runtime from disk (the modules that takes are recorded too).
const { configureRuntime } = await import("../../src/core/runtime.ts");
const { diskRuntime } = await import("../../src/io/disk-assets.ts");
configureRuntime(diskRuntime());
const { main } = await import("../../src/cli/main.ts");
const { captureIO } = await import("../../src/cli/io.ts");
const { processEnv } = await import("../../src/io/env.ts");
const io = captureIO();
const code = await main(args, io, processEnv({ cwd, vars: { ...process.env }, warn: io.note }));
console.log(JSON.stringify({ code, stderr: io.stderr(), modules: loaded }));
