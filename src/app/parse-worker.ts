// A parse worker: receives (path, bytes, language), outlines the file, writes its cache object
// (in the background, until a flush request) and answers with the object's size and symbol
// rows (store-outline.ts). Started by
// parse-pool.ts; in the compiled binary src/bin/parse-worker.ts wraps it with the embedded assets.
import { parentPort, workerData } from "node:worker_threads";
import { REGISTRY } from "../core/languages/registry.ts";
import { CacheStore } from "../io/cache-store.ts";
import type { FlushRequest, FlushResponse, ParseRequest, ParseResponse, PoolTarget } from "./parse-pool.ts";
import { outlineAndStore } from "./store-outline.ts";

const port = parentPort;
if (port) {
  const target = workerData as PoolTarget;
  const store = new CacheStore(target.root, target.engine);
  port.on("message", async (req: ParseRequest | FlushRequest) => {
    if ("flush" in req) {
      // The pool is done: every object this thread wrote in the background must be on disk.
      await store.flush();
      port.postMessage({ flushed: true, unwritable: store.unwritable } satisfies FlushResponse);
      return;
    }
    let res: ParseResponse;
    try {
      const language = REGISTRY.byId.get(req.language);
      if (!language) throw new Error(`unknown language ${req.language}`);
      res = { id: req.id, stored: await outlineAndStore({ path: req.path, bytes: req.bytes, language }, store) };
    } catch (e) {
      res = { id: req.id, error: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(res);
  });
}
