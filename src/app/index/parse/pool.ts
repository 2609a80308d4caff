// Parsing on all cores for `index`: this thread and a pool of worker threads, each with its own
// tree-sitter runtime, outline files and write their cache objects (store-outline.ts).
//
// Jobs stream in while the caller is still reading and hashing files: the pool starts at the
// first job, so a worker compiles its runtime and grammar, then parses, while this thread
// reads on; this thread parses too when the reading is too far ahead (catchUp) and at
// `finish()`. Small batches are parsed in this thread alone (a worker must first load its
// own runtime and grammar); if workers cannot start or die, what they did not finish is parsed
// here and the caller is told why.
//
// Who parses which job is settled by a claim per job in shared memory (claimJob), not by
// messages: every job goes to a worker as soon as it is submitted, the worker takes its jobs
// from the front and this thread takes jobs from the back, each claiming a job with one
// compare-and-swap before parsing it. Neither ever waits for the other to hand out work: a
// worker is never idle while this thread is inside a long parse.
//
// What is waiting is bounded: a job's bytes are held here (and copied to a worker) from its
// submit until it is done, so once the jobs not yet done pass maxWaitingBytes the caller lets
// this thread parse the newest of them (catchUp) before it reads on. The reading never runs
// far ahead of the parsing, whatever the size of the repository.
import { jobErrorText, parseLimits } from "../../../core/parse/limits.ts";
import type { Worker } from "node:worker_threads";
import { nodeOs, workerThreads } from "../../../io/builtins.ts";
import type { LanguageSpec } from "../../../core/languages/registry.ts";
import type { IndexStore } from "../../../io/cache-store.ts";
import type { BatchSize } from "../../../io/env.ts";
import { outlineAndStore, type StoredOutline } from "./store-outline.ts";

/** Where workers write objects (they open their own CacheStore on it), and the shared claims. */
export interface PoolTarget {
  root: string;
  engine: string;
  /** One Int32 per job id (claimJob): 0 while unclaimed, then the claimer's mark. */
  claims: SharedArrayBuffer;
  /** What this worker writes into a claim. */
  mark: number;
  /** Why the worker must not write the cache (the caller's store is off or failed), if so. */
  off?: string;
  /**
   * The caller's parse limits (limits.ts): a worker is a thread with module state of its own,
   * so without them it would parse under the defaults, not under AST_OUTLINE_PARSE_BUDGET_MS.
   */
  limits: typeof parseLimits;
}

export interface ParseRequest {
  id: number;
  path: string;
  bytes: Uint8Array;
  language: string;
}

/** Jobs for a worker, in submission order (it claims them from the front). */
export interface JobsRequest {
  jobs: ParseRequest[];
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
/** Jobs sent to a worker in one message (each message costs both threads a copy and a wake-up). */
const JOBS_PER_MESSAGE = 8;
/**
 * Bytes of submitted jobs not yet done past which the caller parses here before reading on
 * (catchUp): enough that a worker's queue does not run dry while this thread parses one of the
 * smaller jobs, little next to what a repository holds.
 */
export const MAX_WAITING_BYTES = 8 * 1024 * 1024;
/** This thread's mark in a claim; worker k writes WORKER_MARK + k. */
const MAIN_MARK = 1;
const WORKER_MARK = 2;

/** Claim job `id` for `mark`: true for exactly one of the threads that try. */
export function claimJob(claims: Int32Array, id: number, mark: number): boolean {
  return Atomics.compareExchange(claims, id, 0, mark) === 0;
}

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
   * Queue a job. `expected` is the number and size of this job and all still to come (an
   * upper bound): the first submit decides, from it, whether workers are worth starting, and
   * sizes the claims (a job past that count is parsed here).
   */
  submit(job: ParseJob, expected: BatchSize): void;
  /** The jobs submitted and not done hold more than maxWaitingBytes: call catchUp before submitting more. */
  readonly behind: boolean;
  /** Parse the newest jobs no thread has taken here (or wait for a worker's answers) until no longer behind. */
  catchUp(): Promise<void>;
  /** Let worker answers in (and send queued jobs): call now and then while submitting. */
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
export interface PoolOptions {
  /** Threads to parse on, this one included (default: the cores). */
  threads?: number;
  /** Where a worker starts (default: worker.ts beside this module). */
  workerEntry?: () => URL | string;
  /** Told the batch's size before its first job is parsed (Env.batchStarting). */
  batchStarting?: (batch: BatchSize) => void;
  /** See MAX_WAITING_BYTES (tests lower it). */
  maxWaitingBytes?: number;
}

/** The worker module beside this one, as source or as the tsc output. */
const defaultWorkerEntry = () => new URL(import.meta.url.endsWith(".ts") ? "./worker.ts" : "./worker.js", import.meta.url);

export function openPool(store: IndexStore, done: (o: ParseOutcome) => void, opts: PoolOptions = {}): ParsePool {
  /** Every job by id (submission order), kept until done: a dead worker's jobs are parsed here. */
  const jobs: ParseJob[] = [];
  const finished: boolean[] = [];
  let finishedCount = 0;
  /** Bytes of the jobs submitted and not yet done. */
  let waitingBytes = 0;
  const maxWaitingBytes = opts.maxWaitingBytes ?? MAX_WAITING_BYTES;
  /**
   * Jobs this thread may still take, oldest first; it takes from the end. A job found taken by
   * a worker is dropped from it (a worker that dies leaves its jobs to fail(), which refills it).
   */
  let open: number[] = [];
  const workers: Worker[] = [];
  /** Jobs not yet sent, per worker. */
  const outbox: ParseRequest[][] = [];
  let claims: Int32Array | undefined;
  let started = false;
  let failure: string | undefined;
  /** Resolves a worker's flush request. */
  const flushed = new Map<Worker, () => void>();
  /** Wakes finish() when a worker answers or dies. */
  let wake: (() => void) | undefined;

  const complete = (id: number, outcome: Omit<ParseOutcome, "job">) => {
    if (finished[id]) return;
    finished[id] = true;
    finishedCount++;
    const job = jobs[id];
    delete jobs[id]; // its bytes are no longer needed here
    waitingBytes -= job.bytes.length;
    done({ job, ...outcome });
  };
  const post = (k: number) => {
    const batch = outbox[k];
    if (!batch.length || failure !== undefined) return;
    outbox[k] = [];
    // Copy, not transfer: the caller may still hold the bytes (hash), and this thread parses the job if the worker dies.
    workers[k].postMessage({ jobs: batch } satisfies JobsRequest);
  };
  const postAll = () => {
    for (let k = 0; k < workers.length; k++) post(k);
  };
  const fail = (why: string) => {
    if (failure !== undefined) return;
    failure = why;
    for (const w of workers) void w.terminate();
    // What the workers took and did not answer is this thread's now.
    open = [];
    for (let id = 0; id < jobs.length; id++) if (!finished[id]) open.push(id);
    wake?.();
  };

  const startWorkers = (count: number, capacity: number) => {
    const shared = new SharedArrayBuffer(capacity * Int32Array.BYTES_PER_ELEMENT);
    claims = new Int32Array(shared);
    for (let k = 0; k < count; k++) {
      let w: Worker;
      const target: PoolTarget = { root: store.root, engine: store.engine, claims: shared, mark: WORKER_MARK + k, off: store.off ?? store.unwritable, limits: { ...parseLimits } };
      try {
        w = new (workerThreads().Worker)((opts.workerEntry ?? defaultWorkerEntry)(), { workerData: target });
      } catch (e) {
        return fail(e instanceof Error ? e.message : String(e));
      }
      workers.push(w);
      outbox.push([]);
      w.on("message", (res: ParseResponse | FlushResponse) => {
        if ("flushed" in res) {
          if (res.unwritable) store.markUnwritable(res.unwritable);
          flushed.get(w)?.();
          return;
        }
        if (failure !== undefined) return;
        complete(res.id, res.stored ? { stored: res.stored } : { error: res.error });
        wake?.();
      });
      w.on("error", (e) => fail(e.message));
      w.on("exit", (code) => fail(`parse worker exited with code ${code}`));
    }
  };

  const parseHere = async (id: number) => {
    const job = jobs[id];
    try {
      complete(id, { stored: await outlineAndStore(job, store) });
    } catch (e) {
      complete(id, { error: jobErrorText(e) });
    }
  };
  const nextTurn = () => new Promise<void>((r) => setImmediate(r));
  /** The newest job not done that this thread may parse, now claimed; undefined when every one left is a worker's. */
  const claimNewest = (): number | undefined => {
    while (open.length) {
      const id = open.pop()!;
      if (finished[id]) continue;
      if (failure !== undefined || !claims || id >= claims.length || !workers.length || claimJob(claims, id, MAIN_MARK)) return id;
    }
    return undefined;
  };
  /** Until a worker answers or dies. */
  const answer = async () => {
    await new Promise<void>((r) => (wake = r));
    wake = undefined;
  };

  return {
    submit(job, expected) {
      if (!started) {
        started = true;
        opts.batchStarting?.(expected);
        // Workers write their objects themselves: an index kept in memory is filled by this thread alone.
        const threads = store.inMemory ? 1 : Math.max(1, Math.min(opts.threads ?? nodeOs().availableParallelism(), expected.files));
        if (threads >= 2 && expected.files >= MIN_FILES_FOR_WORKERS && expected.bytes >= MIN_BYTES_FOR_WORKERS) startWorkers(threads - 1, expected.files);
      }
      const id = jobs.length;
      jobs.push(job);
      open.push(id);
      waitingBytes += job.bytes.length;
      if (!claims || id >= claims.length || failure !== undefined || !workers.length) return;
      // Dealt round-robin: with the caller's largest-first order each worker gets a like share.
      const k = id % workers.length;
      outbox[k].push({ id, path: job.path, bytes: job.bytes, language: job.language.id });
      // The first job goes at once (the worker is idle); later ones in batches.
      if (outbox[k].length >= JOBS_PER_MESSAGE || id < workers.length) post(k);
    },
    get behind() {
      return waitingBytes > maxWaitingBytes;
    },
    async catchUp() {
      postAll();
      while (waitingBytes > maxWaitingBytes) {
        const id = claimNewest();
        if (id === undefined) await answer();
        else {
          await parseHere(id);
          await nextTurn(); // let worker answers in
        }
      }
    },
    breathe: () => {
      postAll();
      return nextTurn();
    },
    async finish() {
      postAll();
      // This thread claims from the back, workers from the front: each parses without waiting
      // for the other, and they meet at the end of the list. Workers that fail leave what they
      // claimed but did not answer to this thread (fail() puts it back in `open`).
      for (;;) {
        const id = claimNewest();
        if (id !== undefined) {
          await parseHere(id);
          await nextTurn(); // let worker answers in between files
        } else if (finishedCount < jobs.length) await answer();
        else break;
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
