// The two settings the compiled binary gives the parse pool, kept apart from parse-pool.ts so
// that setting them at start-up loads neither node:worker_threads nor the outline engine (a
// warm `search` never opens the pool).

export interface BatchSize {
  files: number;
  bytes: number;
}

let workerEntrySetting: () => URL | string = () =>
  new URL(import.meta.url.endsWith(".ts") ? "./parse-worker.ts" : "./parse-worker.js", import.meta.url);

let beforeParseHook: ((batch: BatchSize) => void) | undefined;

/**
 * Called once before the first job of a batch is parsed, before anything of it is written,
 * with the batch's expected size. The compiled binary uses it to run itself again without
 * JSC's optimizing wasm tier when the batch is short (src/bin/binary.ts): only then, so a
 * warm cache never pays a second start.
 */
export function setBeforeParse(hook: ((batch: BatchSize) => void) | undefined): void {
  beforeParseHook = hook;
}

/** The compiled binary points this at its own embedded worker entry. */
export function setWorkerEntry(entry: () => URL | string): void {
  workerEntrySetting = entry;
}

export const beforeParse = () => beforeParseHook;
export const workerEntry = () => workerEntrySetting;
