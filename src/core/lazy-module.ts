// A Node built-in loaded when first used. The compiled binary is one ESM bundle, where every
// static `import ... from "node:x"` is hoisted to its top and evaluated at every start,
// whatever the command, so the modules a short command does not need are loaded on first use.
// createRequire is plain Node ESM (Node 20, Deno, Bun). Core itself loads only computation
// (node:crypto); what touches the disk, processes or threads is loaded in src/io/builtins.ts.
import { createRequire } from "node:module";

const nodeRequire = createRequire(import.meta.url);

export function lazyModule<T>(id: string): () => T {
  let mod: T | undefined;
  return (): T => (mod ??= nodeRequire(id) as T);
}
