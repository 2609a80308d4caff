// A parse worker: receives (path, bytes, language) and answers with the outline. Started by
// parse-pool.ts; in the compiled binary src/bin/parse-worker.ts wraps it with the embedded assets.
import { parentPort } from "node:worker_threads";
import { REGISTRY } from "../core/languages/registry.ts";
import { outlineSource } from "../core/outline/outline.ts";
import type { ParseRequest, ParseResponse } from "./parse-pool.ts";

const port = parentPort;
if (port) {
  port.on("message", async (req: ParseRequest) => {
    let res: ParseResponse;
    try {
      const language = REGISTRY.byId.get(req.language);
      if (!language) throw new Error(`unknown language ${req.language}`);
      res = { id: req.id, outline: await outlineSource({ path: req.path, bytes: req.bytes, language }) };
    } catch (e) {
      res = { id: req.id, error: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(res);
  });
}
