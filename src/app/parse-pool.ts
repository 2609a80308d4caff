// Parsing on all cores: a pool of worker threads, each with its own tree-sitter runtime.
// Small batches are parsed in this thread (starting a worker costs ~50 ms of runtime and
// grammar loading); if workers cannot start, everything is parsed here and the caller is told why.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { outlineSource } from "../core/outline/outline.ts";
import type { LanguageSpec } from "../core/languages/registry.ts";
import type { FileOutline } from "../core/types.ts";

export interface ParseRequest {
  id: number;
  path: string;
  bytes: Uint8Array;
  language: string;
}

export type ParseResponse = { id: number; outline: FileOutline; error?: undefined } | { id: number; error: string; outline?: undefined };

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
  outline?: FileOutline;
  error?: string;
}

export interface ParseAllResult {
  /** Threads used (1: this one). */
  threads: number;
  /** Why workers were not used although the batch was large, if so. */
  fallback?: string;
}

/**
 * Parse every job, calling `done` for each as it finishes (in completion order). Parse errors
 * are reported per job, never thrown.
 */
export async function parseAll(jobs: ParseJob[], done: (o: ParseOutcome) => void, opts: { threads?: number } = {}): Promise<ParseAllResult> {
  const bytes = jobs.reduce((n, j) => n + j.bytes.length, 0);
  if (jobs.length) beforeParse?.({ files: jobs.length, bytes });
  const threads = Math.max(1, Math.min(opts.threads ?? availableParallelism(), jobs.length));
  if (threads < 2 || jobs.length < MIN_FILES_FOR_WORKERS || bytes < MIN_BYTES_FOR_WORKERS) {
    await parseHere(jobs, done);
    return { threads: 1 };
  }
  // Largest first, so one big file does not finish last on its own.
  const queue = [...jobs].sort((a, b) => b.bytes.length - a.bytes.length);
  try {
    await parseInWorkers(queue, threads, done);
    return { threads };
  } catch (e) {
    await parseHere(queue, done); // whatever the workers did not finish
    return { threads: 1, fallback: e instanceof Error ? e.message : String(e) };
  }
}

async function parseHere(jobs: ParseJob[], done: (o: ParseOutcome) => void): Promise<void> {
  while (jobs.length) {
    const job = jobs.shift()!;
    try {
      done({ job, outline: await outlineSource(job) });
    } catch (e) {
      done({ job, error: e instanceof Error ? e.message : String(e) });
    }
  }
}

/** Runs jobs off the front of `queue` on worker threads; on a worker failure the unfinished ones are put back and it throws. */
function parseInWorkers(queue: ParseJob[], threads: number, done: (o: ParseOutcome) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    const pending = new Map<number, ParseJob>();
    let nextId = 0;
    let finished = false;

    const finish = (error?: unknown) => {
      if (finished) return;
      finished = true;
      for (const w of workers) void w.terminate();
      if (error === undefined) return resolve();
      queue.unshift(...pending.values());
      reject(error);
    };
    const feed = (w: Worker) => {
      const job = queue.shift();
      if (!job) {
        if (!pending.size) finish();
        return;
      }
      const id = nextId++;
      pending.set(id, job);
      // Copy, not transfer: the caller may still hold the bytes (hash, fallback).
      w.postMessage({ id, path: job.path, bytes: job.bytes, language: job.language.id } satisfies ParseRequest);
    };

    for (let i = 0; i < threads; i++) {
      let w: Worker;
      try {
        w = new Worker(workerEntry());
      } catch (e) {
        return finish(e);
      }
      workers.push(w);
      w.on("message", (res: ParseResponse) => {
        const job = pending.get(res.id);
        if (!job || finished) return;
        pending.delete(res.id);
        done(res.outline ? { job, outline: res.outline } : { job, error: res.error });
        feed(w);
      });
      w.on("error", (e) => finish(e));
      w.on("exit", (code) => {
        if (!finished) finish(new Error(`parse worker exited with code ${code}`));
      });
      for (let k = 0; k < IN_FLIGHT_PER_WORKER; k++) feed(w);
    }
  });
}
