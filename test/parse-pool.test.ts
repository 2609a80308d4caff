// The parse pool (src/app/index/parse/pool.ts): this thread and a worker share the jobs through
// claims, so every job is outlined and reported exactly once, with what one thread would have
// made, and its object is on disk when finish() returns; a worker that dies holding a claimed
// job leaves that job (and all it did not reach) to this thread.
import { describe, expect, test } from "bun:test";
import { claimJob, openPool, type ParseJob, type ParseOutcome, type PoolTarget } from "../src/app/index/parse/pool.ts";
import { engineId } from "../src/app/engine/id.ts";
import { packObject } from "../src/core/cache/pack.ts";
import { parseLimits } from "../src/core/parse/limits.ts";
import { Worker } from "node:worker_threads";
import { REGISTRY } from "../src/core/languages/registry.ts";
import { outlineSource } from "../src/core/outline/outline.ts";
import { CacheStore } from "../src/io/cache-store.ts";
import { tempDir } from "./helpers/cli.ts";

const python = REGISTRY.byId.get("python")!;

/** `n` distinct Python files of different sizes, over the pool's floor for starting a worker (16 files, 512 KB). */
function jobs(n: number): ParseJob[] {
  return Array.from({ length: n }, (_, i) => {
    let text = "";
    for (let k = 0; k < 300 + 20 * i; k++) text += `class C${i}_${k}:\n    def m${k}(self, a):\n        return a + ${k}\n\n`;
    return { path: `pkg/m${i}.py`, bytes: new TextEncoder().encode(text), language: python };
  });
}

async function runPool(all: ParseJob[], workerEntry?: () => URL) {
  const dir = tempDir();
  const store = new CacheStore(dir.path, engineId());
  store.prepare();
  const outcomes: ParseOutcome[] = [];
  const pool = openPool(store, (o) => outcomes.push(o), { threads: 2, workerEntry });
  const bytes = all.reduce((n, j) => n + j.bytes.length, 0);
  all.forEach((job, i) => pool.submit(job, { files: all.length - i, bytes }));
  const result = await pool.finish();
  return { dir, store, outcomes, result };
}

describe("parse pool", () => {
  test("claims: exactly one of several claimers wins a job", () => {
    const claims = new Int32Array(new SharedArrayBuffer(8));
    expect(claimJob(claims, 1, 1)).toBe(true);
    expect(claimJob(claims, 1, 2)).toBe(false);
    expect(claimJob(claims, 0, 2)).toBe(true);
    expect([...claims]).toEqual([2, 1]);
  });

  test("this thread and a worker: every job once, as one thread makes it, its object on disk", async () => {
    const all = jobs(24);
    const { dir, store, outcomes, result } = await runPool(all);
    try {
      expect(result).toEqual({ threads: 2 });
      expect(outcomes.map((o) => o.job.path).sort()).toEqual(all.map((j) => j.path).sort());
      for (const o of outcomes) {
        expect(o.error).toBeUndefined();
        const direct = await outlineSource(o.job);
        expect(o.stored!.hash).toBe(direct.hash);
        expect(o.stored!.pack).toEqual(packObject(direct));
        expect(store.objectSize(direct.hash, "python")).toBe(o.stored!.size);
        expect(store.readOutline(o.job.bytes, "python", o.job.path)).toEqual(direct);
      }
    } finally {
      dir.cleanup();
    }
  }, 60000);

  for (const threads of [1, 2]) {
    test(`reading waits for parsing: the bytes submitted and not done stay within the bound (${threads} thread${threads > 1 ? "s" : ""})`, async () => {
      const all = jobs(40);
      const dir = tempDir();
      const store = new CacheStore(dir.path, engineId());
      store.prepare();
      const bound = 64 * 1024;
      let waiting = 0;
      let most = 0;
      const outcomes: ParseOutcome[] = [];
      const pool = openPool(store, (o) => {
        outcomes.push(o);
        waiting -= o.job.bytes.length;
      }, { threads, maxWaitingBytes: bound });
      const bytes = all.reduce((n, j) => n + j.bytes.length, 0);
      try {
        for (const [i, job] of all.entries()) {
          pool.submit(job, { files: all.length - i, bytes });
          waiting += job.bytes.length;
          most = Math.max(most, waiting);
          if (pool.behind) await pool.catchUp();
          expect(pool.behind).toBe(false);
          expect(waiting).toBeLessThanOrEqual(bound);
        }
        // Without the bound every job would be waiting at the last submit.
        expect(most).toBeLessThan(bytes / 4);
        const result = await pool.finish();
        expect(result.threads).toBe(threads);
        expect(outcomes.map((o) => o.job.path).sort()).toEqual(all.map((j) => j.path).sort());
        for (const o of outcomes) {
          expect(o.error).toBeUndefined();
          expect(store.objectSize(o.stored!.hash, "python")).toBe(o.stored!.size);
        }
      } finally {
        dir.cleanup();
      }
    }, 60000);
  }

  test("a worker that dies holding a job: this thread parses what it did not answer, and says why", async () => {
    const all = jobs(20);
    const { dir, store, outcomes, result } = await runPool(all, () => new URL("./helpers/dying-parse-worker.ts", import.meta.url));
    try {
      expect(result.threads).toBe(1);
      expect(result.fallback).toMatch(/exited with code 3/);
      expect(outcomes.map((o) => o.job.path).sort()).toEqual(all.map((j) => j.path).sort());
      for (const o of outcomes) expect(store.objectSize(o.stored!.hash, "python")).toBe(o.stored!.size);
    } finally {
      dir.cleanup();
    }
  }, 60000);

  test("workers parse under the caller's limits (AST_OUTLINE_PARSE_BUDGET_MS), not their own defaults", async () => {
    const saved = { ...parseLimits };
    parseLimits.budgetMs = 123_456;
    parseLimits.heapBytes = 654_321_000;
    try {
      const all = jobs(20);
      const { dir, outcomes } = await runPool(all, () => new URL("./helpers/limits-parse-worker.ts", import.meta.url));
      try {
        const fromWorker = outcomes.filter((o) => o.error?.startsWith("limits "));
        expect(fromWorker.length).toBeGreaterThan(0);
        for (const o of fromWorker) expect(JSON.parse(o.error!.slice("limits ".length))).toEqual({ heapBytes: 654_321_000, budgetMs: 123_456 });
      } finally {
        dir.cleanup();
      }
    } finally {
      Object.assign(parseLimits, saved);
    }
  }, 60000);

  test("the real worker applies the limits it is given: a 1 ms budget fails a parse that takes longer", async () => {
    const [job] = jobs(1).map((j) => ({ ...j, bytes: new TextEncoder().encode(new TextDecoder().decode(j.bytes).repeat(20)) }));
    const dir = tempDir();
    const claims = new SharedArrayBuffer(4);
    const target: PoolTarget = { root: dir.path, engine: engineId(), claims, mark: 7, off: "test", limits: { heapBytes: parseLimits.heapBytes, budgetMs: 1 } };
    const w = new Worker(new URL("../src/app/index/parse/worker.ts", import.meta.url), { workerData: target });
    try {
      const answer = await new Promise<{ error?: string }>((resolve, reject) => {
        w.on("message", resolve);
        w.on("error", reject);
        w.postMessage({ jobs: [{ id: 0, path: job.path, bytes: job.bytes, language: "python" }] });
      });
      expect(answer.error).toMatch(/parse budget exceeded/);
    } finally {
      await w.terminate();
      dir.cleanup();
    }
  }, 60000);
});
