// A parse worker that crashes: it claims the first job it is sent (as the real worker does
// before parsing) and then exits without answering. test/parse-pool.test.ts points the pool at it.
import { parentPort, workerData } from "node:worker_threads";
import { claimJob, type JobsRequest, type PoolTarget } from "../../src/app/index/parse/pool.ts";

const target = workerData as PoolTarget;
parentPort?.on("message", (req: JobsRequest) => {
  if (!req.jobs?.length) return;
  claimJob(new Int32Array(target.claims), req.jobs[0].id, target.mark);
  process.exit(3);
});
