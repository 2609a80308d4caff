// The parse worker inside the compiled binary: the embedded assets, then the shared worker body.
// Built as an extra entry point of `bun build --compile` (scripts/build.ts). Bun-only.
import { configureRuntime } from "../core/runtime.ts";
import { embeddedAssets, hookScript } from "../../build/embedded.gen.ts";

configureRuntime({
  assets: embeddedAssets,
  hookScript: () => hookScript,
  // As in binary.ts: Bun's native SHA-256, so the worker never loads node:crypto.
  sha256Hex: (data) => new Bun.CryptoHasher("sha256").update(data).digest("hex"),
});
// Loaded after the runtime is given (a static import would run first): the body takes it as it is.
await import("../app/index/parse/worker.ts");
