// A parse worker that answers each job it claims with the parse limits it was started with,
// as the job's error (test/parse-pool.test.ts checks the caller's limits reach its workers).
import { parentPort, workerData } from "node:worker_threads";
import { claimJob, type JobsRequest, type PoolTarget } from "../../src/app/index/parse/pool.ts";

const target = workerData as PoolTarget;
parentPort?.on("message", (req: JobsRequest | { flush: true }) => {
  if ("flush" in req) return void parentPort!.postMessage({ flushed: true });
  for (const job of req.jobs) {
    if (claimJob(new Int32Array(target.claims), job.id, target.mark)) parentPort!.postMessage({ id: job.id, error: `limits ${JSON.stringify(target.limits)}` });
  }
});
