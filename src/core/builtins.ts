// Node built-ins that only some commands need, loaded when first used. The compiled binary is
// one ESM bundle, where every static `import ... from "node:x"` is hoisted to its top and
// evaluated at every start, whatever the command, so those a short command does not need are
// loaded here on first use. createRequire is plain Node ESM (Node 20, Deno, Bun).
import { createRequire } from "node:module";

const nodeRequire = createRequire(import.meta.url);
const lazy = <T>(id: string) => {
  let mod: T | undefined;
  return (): T => (mod ??= nodeRequire(id) as T);
};

export const childProcess = lazy<typeof import("node:child_process")>("node:child_process");
export const nodeCrypto = lazy<typeof import("node:crypto")>("node:crypto");
export const fsPromises = lazy<typeof import("node:fs/promises")>("node:fs/promises");
export const nodeOs = lazy<typeof import("node:os")>("node:os");
export const nodeUrl = lazy<typeof import("node:url")>("node:url");
export const workerThreads = lazy<typeof import("node:worker_threads")>("node:worker_threads");
export const nodeZlib = lazy<typeof import("node:zlib")>("node:zlib");
