// A parse worker: receives jobs (path, bytes, language) in submission order, claims each before
// parsing it (the main thread may have claimed it first: pool.ts), outlines the file,
// writes its cache object (in the background, until a flush request) and answers with the
// object's size and symbol rows (store-outline.ts). Started by pool.ts; in the compiled
// binary src/bin/parse-worker.ts wraps it with the embedded assets.
import { jobErrorText, parseLimits } from "../../../core/parse/limits.ts";
import { parentPort, workerData } from "node:worker_threads";
import { REGISTRY } from "../../../core/languages/registry.ts";
import { CacheStore } from "../../../io/cache-store.ts";
import { claimJob, type FlushRequest, type FlushResponse, type JobsRequest, type ParseRequest, type ParseResponse, type PoolTarget } from "./pool.ts";
import { outlineAndStore } from "./store-outline.ts";

const port = parentPort;
if (port) {
  const target = workerData as PoolTarget;
  Object.assign(parseLimits, target.limits);
  // The caller checked the cache (cache-trust.ts); this store checks each object folder it writes to.
  const store = new CacheStore(target.root, target.engine, target.off);
  const claims = new Int32Array(target.claims);
  /** Jobs received and not yet taken; `head` is the next to take. */
  let queue: (ParseRequest | undefined)[] = [];
  let head = 0;
  let running = false;

  const parse = async (req: ParseRequest): Promise<ParseResponse> => {
    try {
      const language = REGISTRY.byId.get(req.language);
      if (!language) throw new Error(`unknown language ${req.language}`);
      return { id: req.id, stored: await outlineAndStore({ path: req.path, bytes: req.bytes, language }, store) };
    } catch (e) {
      return { id: req.id, error: jobErrorText(e) };
    }
  };

  const run = async () => {
    running = true;
    while (head < queue.length) {
      const req = queue[head]!;
      queue[head++] = undefined;
      // The main thread claims from the back: jobs it took are dropped from the tail unread.
      while (queue.length > head && Atomics.load(claims, queue[queue.length - 1]!.id) !== 0) queue.pop();
      if (!claimJob(claims, req.id, target.mark)) continue;
      port.postMessage(await parse(req));
      // A turn of the event loop: new jobs come in, finished background writes are let go.
      await new Promise((r) => setImmediate(r));
    }
    queue = [];
    head = 0;
    running = false;
  };

  port.on("message", async (req: JobsRequest | FlushRequest) => {
    if ("flush" in req) {
      // The pool is done: every object this thread wrote in the background must be on disk.
      await store.flush();
      port.postMessage({ flushed: true, unwritable: store.unwritable } satisfies FlushResponse);
      return;
    }
    for (const job of req.jobs) queue.push(job);
    if (!running) void run();
  });
}
