// Node built-ins that only some commands need, loaded when first used (core/lazy-module.ts says why).
import { lazyModule as lazy } from "../core/lazy-module.ts";

export const childProcess = lazy<typeof import("node:child_process")>("node:child_process");
export const nodeCrypto = lazy<typeof import("node:crypto")>("node:crypto");
export const fsPromises = lazy<typeof import("node:fs/promises")>("node:fs/promises");
export const nodeOs = lazy<typeof import("node:os")>("node:os");
export const nodeUrl = lazy<typeof import("node:url")>("node:url");
export const workerThreads = lazy<typeof import("node:worker_threads")>("node:worker_threads");
export const nodeZlib = lazy<typeof import("node:zlib")>("node:zlib");
