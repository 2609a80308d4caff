// Parsing on all cores for `index`: this thread and a pool of worker threads, each with its own
// tree-sitter runtime, outline files and write their cache objects (store-outline.ts).
//
// Jobs stream in while the caller is still reading and hashing files: the pool starts at the
// first job, so a worker compiles its runtime and grammar, then parses, while this thread
// reads on; at `finish()` this thread parses too. Small batches are parsed in this thread
// alone (starting a worker costs ~50 ms of runtime and grammar loading); if workers cannot
// start or die, what they did not finish is parsed here and the caller is told why.
import type { Worker } from "node:worker_threads";
import { nodeOs, workerThreads } from "../core/builtins.ts";
import type { LanguageSpec } from "../core/languages/registry.ts";
import type { CacheStore } from "../io/cache-store.ts";
import { beforeParse, workerEntry, type BatchSize } from "./pool-hooks.ts";
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

/** Sent once all jobs are done: the worker answers when its background writes are on disk. */
export interface FlushRequest {
  flush: true;
}

export interface FlushResponse {
  flushed: true;
  unwritable?: string;
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

export interface ParseOutcome {
  job: ParseJob;
  stored?: StoredOutline;
  error?: string;
}

/** How a pool's batch went. */
export interface PoolResult {
  /** Threads that parsed (1: this one only). */
  threads: number;
  /** Why workers were not used although the batch was large, if so. */
  fallback?: string;
}

export interface ParsePool {
  /**
   * Queue a job. `expected` is the size of this job and all still to come (an upper bound is
   * fine): the first submit decides, from it, whether workers are worth starting.
   */
  submit(job: ParseJob, expected: BatchSize): void;
  /** Let worker answers in (and feed the workers): call now and then while submitting. */
  breathe(): Promise<void>;
  /** Parse what is left, here and on the workers; resolves when every job is done. */
  finish(): Promise<PoolResult>;
}

/**
 * A pool that outlines and stores jobs, calling `done` for each as it finishes (in completion
 * order). Parse errors are reported per job, never thrown. `threads` counts this thread: on two
 * cores one worker parses beside this thread, which saves a second runtime and grammar
 * compilation (and JSC's optimizing recompiles of them) over two workers and an idle main thread.
 */
export function openPool(store: CacheStore, done: (o: ParseOutcome) => void, opts: { threads?: number } = {}): ParsePool {
  const queue: ParseJob[] = [];
  const workers: Worker[] = [];
  const pending = new Map<number, ParseJob>();
  const idle: Worker[] = [];
  let started = false;
  let nextId = 0;
  let failure: string | undefined;
  /** Resolves a worker's flush request. */
  const flushed = new Map<Worker, () => void>();
  /** Wakes finish() when a worker answers or dies. */
  let wake: (() => void) | undefined;

  const send = (w: Worker): boolean => {
    const job = queue.shift();
    if (!job) return false;
    const id = nextId++;
    pending.set(id, job);
    // Copy, not transfer: the caller may still hold the bytes (hash, fallback).
    w.postMessage({ id, path: job.path, bytes: job.bytes, language: job.language.id } satisfies ParseRequest);
    return true;
  };
  const fail = (why: string) => {
    if (failure !== undefined) return;
    failure = why;
    for (const w of workers) void w.terminate();
    queue.unshift(...pending.values()); // this thread parses them
    pending.clear();
    idle.length = 0;
    wake?.();
  };

  const startWorkers = (count: number) => {
    const target: PoolTarget = { root: store.root, engine: store.engine };
    for (let i = 0; i < count; i++) {
      let w: Worker;
      try {
        w = new (workerThreads().Worker)(workerEntry()(), { workerData: target });
      } catch (e) {
        return fail(e instanceof Error ? e.message : String(e));
      }
      workers.push(w);
      w.on("message", (res: ParseResponse | FlushResponse) => {
        if ("flushed" in res) {
          if (res.unwritable) store.markUnwritable(res.unwritable);
          flushed.get(w)?.();
          return;
        }
        const job = pending.get(res.id);
        if (!job || failure !== undefined) return;
        pending.delete(res.id);
        done(res.stored ? { job, stored: res.stored } : { job, error: res.error });
        if (!send(w)) idle.push(w);
        wake?.();
      });
      w.on("error", (e) => fail(e.message));
      w.on("exit", (code) => fail(`parse worker exited with code ${code}`));
      for (let k = 0; k < IN_FLIGHT_PER_WORKER; k++) idle.push(w);
    }
  };

  const parseHere = async (job: ParseJob) => {
    try {
      done({ job, stored: await outlineAndStore(job, store) });
    } catch (e) {
      done({ job, error: e instanceof Error ? e.message : String(e) });
    }
  };

  return {
    submit(job, expected) {
      if (!started) {
        started = true;
        beforeParse()?.(expected);
        const threads = Math.max(1, Math.min(opts.threads ?? nodeOs().availableParallelism(), expected.files));
        if (threads >= 2 && expected.files >= MIN_FILES_FOR_WORKERS && expected.bytes >= MIN_BYTES_FOR_WORKERS) startWorkers(threads - 1);
      }
      queue.push(job);
      while (idle.length && queue.length) send(idle.pop()!);
    },
    breathe: () => new Promise((r) => setImmediate(r)),
    async finish() {
      // This thread takes from the back, workers from the front: it parses what was read
      // last while they finish what they were sent.
      while (queue.length || pending.size) {
        const job = queue.pop();
        if (job) {
          await parseHere(job);
          await new Promise((r) => setImmediate(r)); // let worker answers in between files
        } else {
          await new Promise<void>((r) => (wake = r));
          wake = undefined;
        }
      }
      // Objects are written in the background (CacheStore.writeOutlineSoon): they must all be
      // on disk before the caller writes a manifest that points at them. A worker that dies
      // meanwhile leaves objects missing, which the next run finds by their size and parses again.
      if (failure === undefined) {
        await Promise.all(workers.map((w) => new Promise<void>((resolve) => {
          flushed.set(w, resolve);
          w.once("exit", () => resolve());
          w.postMessage({ flush: true } satisfies FlushRequest);
        })));
      }
      await store.flush();
      for (const w of workers) {
        w.removeAllListeners("exit");
        void w.terminate();
      }
      if (failure !== undefined) return { threads: 1, fallback: failure };
      return { threads: workers.length + 1 };
    },
  };
}
