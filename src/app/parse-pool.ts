// Parsing on all cores for `index`: this thread and a pool of worker threads, each with its own
// tree-sitter runtime, outline files and write their cache objects (store-outline.ts). Small
// batches are parsed in this thread alone (starting a worker costs ~50 ms of runtime and
// grammar loading); if workers cannot start, everything is parsed here and the caller is told why.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { LanguageSpec } from "../core/languages/registry.ts";
import type { CacheStore } from "../io/cache-store.ts";
import { outlineAndStore, type StoredOutline } from "./store-outline.ts";

/** Where workers write objects: they open their own CacheStore on it. */
export interface PoolTarget {
  root: string;
  engine: string;
}

export interface ParseRequest {
  id: number;
  path: string;
  bytes: Uint8Array;
  language: string;
}

export type ParseResponse = { id: number; stored: StoredOutline; error?: undefined } | { id: number; error: string; stored?: undefined };

export interface ParseJob {
  path: string;
  bytes: Uint8Array;
  language: LanguageSpec;
}

/** Below this much work the pool is not worth starting. */
const MIN_FILES_FOR_WORKERS = 16;
const MIN_BYTES_FOR_WORKERS = 512 * 1024;
const IN_FLIGHT_PER_WORKER = 2;

let workerEntry: () => URL | string = () =>
  new URL(import.meta.url.endsWith(".ts") ? "./parse-worker.ts" : "./parse-worker.js", import.meta.url);

export interface BatchSize {
  files: number;
  bytes: number;
}

let beforeParse: ((batch: BatchSize) => void) | undefined;

/**
 * Called once before a non-empty batch is parsed, before anything of it is written. The
 * compiled binary uses it to run itself again without JSC's optimizing wasm tier when the
 * batch is short (src/bin/binary.ts): only then, so a warm cache never pays a second start.
 */
export function setBeforeParse(hook: ((batch: BatchSize) => void) | undefined): void {
  beforeParse = hook;
}

/** The compiled binary points this at its own embedded worker entry. */
export function setWorkerEntry(entry: () => URL | string): void {
  workerEntry = entry;
}

export interface ParseOutcome {
  job: ParseJob;
  stored?: StoredOutline;
  error?: string;
}

export interface ParseAllResult {
  /** Threads that parsed (1: this one only). */
  threads: number;
  /** Why workers were not used although the batch was large, if so. */
  fallback?: string;
}

/**
 * Outline and store every job, calling `done` for each as it finishes (in completion order).
 * Parse errors are reported per job, never thrown. `threads` counts this thread: on two cores
 * one worker parses beside this thread, which saves a second runtime and grammar compilation
 * (and JSC's optimizing recompiles of them) over two workers and an idle main thread.
 */
export async function parseAll(jobs: ParseJob[], store: CacheStore, done: (o: ParseOutcome) => void, opts: { threads?: number } = {}): Promise<ParseAllResult> {
  const bytes = jobs.reduce((n, j) => n + j.bytes.length, 0);
  if (jobs.length) beforeParse?.({ files: jobs.length, bytes });
  const threads = Math.max(1, Math.min(opts.threads ?? availableParallelism(), jobs.length));
  // Largest first: workers take from the front, so one big file does not finish last on its
  // own; this thread takes from the back, small files, so it answers worker messages often.
  const queue = [...jobs].sort((a, b) => b.bytes.length - a.bytes.length);
  if (threads < 2 || jobs.length < MIN_FILES_FOR_WORKERS || bytes < MIN_BYTES_FOR_WORKERS) {
    await parseHere(queue, store, done, () => queue.shift());
    return { threads: 1 };
  }
  const target: PoolTarget = { root: store.root, engine: store.engine };
  try {
    await parseInWorkers(queue, threads - 1, target, store, done);
    return { threads };
  } catch (e) {
    await parseHere(queue, store, done, () => queue.shift()); // whatever the workers did not finish
    return { threads: 1, fallback: e instanceof Error ? e.message : String(e) };
  }
}

async function parseOne(job: ParseJob, store: CacheStore): Promise<ParseOutcome> {
  try {
    return { job, stored: await outlineAndStore(job, store) };
  } catch (e) {
    return { job, error: e instanceof Error ? e.message : String(e) };
  }
}

async function parseHere(queue: ParseJob[], store: CacheStore, done: (o: ParseOutcome) => void, take: () => ParseJob | undefined): Promise<void> {
  for (let job = take(); job; job = take()) done(await parseOne(job, store));
}

/**
 * Runs jobs off `queue` on `count` workers and this thread; on a worker failure the unfinished
 * ones are put back and it throws once this thread is between files.
 */
function parseInWorkers(queue: ParseJob[], count: number, target: PoolTarget, store: CacheStore, done: (o: ParseOutcome) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    const pending = new Map<number, ParseJob>();
    let nextId = 0;
    let failure: unknown;
    let stopped = false;
    let hereBusy = true;

    const settle = () => {
      if (hereBusy) return; // this thread is mid-file: it settles when it gets back
      if (failure !== undefined) {
        queue.unshift(...pending.values());
        return reject(failure);
      }
      if (!queue.length && !pending.size) resolve();
    };
    const stop = (error?: unknown) => {
      if (stopped) return;
      stopped = true;
      failure = error;
      for (const w of workers) void w.terminate();
      settle();
    };
    const feed = (w: Worker) => {
      const job = queue.shift();
      if (!job) {
        if (!pending.size) stop();
        return;
      }
      const id = nextId++;
      pending.set(id, job);
      // Copy, not transfer: the caller may still hold the bytes (hash, fallback).
      w.postMessage({ id, path: job.path, bytes: job.bytes, language: job.language.id } satisfies ParseRequest);
    };

    for (let i = 0; i < count; i++) {
      let w: Worker;
      try {
        w = new Worker(workerEntry(), { workerData: target });
      } catch (e) {
        stop(e);
        break;
      }
      workers.push(w);
      w.on("message", (res: ParseResponse) => {
        const job = pending.get(res.id);
        if (!job || stopped) return;
        pending.delete(res.id);
        done(res.stored ? { job, stored: res.stored } : { job, error: res.error });
        feed(w);
      });
      w.on("error", (e) => stop(e));
      w.on("exit", (code) => {
        if (!stopped) stop(new Error(`parse worker exited with code ${code}`));
      });
      for (let k = 0; k < IN_FLIGHT_PER_WORKER; k++) feed(w);
    }

    // This thread parses too, from the small end, yielding between files so worker answers
    // are taken (and the workers fed) promptly.
    void (async () => {
      while (!stopped || failure === undefined) {
        const job = queue.pop();
        if (!job) break;
        done(await parseOne(job, store));
        await new Promise((r) => setImmediate(r));
        if (failure !== undefined) break;
      }
      hereBusy = false;
      if (!queue.length && !pending.size) stop();
      settle();
    })();
  });
}
