// SHA-256, with node:crypto loaded on first use. An ESM import is loaded before any code runs,
// and in the compiled binary that means at every start, also for commands that hash nothing
// (`--version`, a warm `search`). The binary goes further and gives the runtime Bun's native
// hasher (src/bin/binary.ts, core/runtime.ts), so a parsing run never loads node:crypto at all.
import { lazyModule } from "./lazy-module.ts";
import { runtimeSha256Hex } from "./runtime.ts";

const nodeCrypto = lazyModule<typeof import("node:crypto")>("node:crypto");

/** Hex digits of a hash that outputs show and that a symbol hash keeps (symbol headers, `region`, JSON outlines). */
export const HASH_PREFIX = 12;


/** An incremental SHA-256. */
export function sha256() {
  return nodeCrypto().createHash("sha256");
}

/** The content hash of a file's bytes: what cache objects and `region --hash` are keyed by. */
export function contentHash(bytes: Uint8Array): string {
  const native = runtimeSha256Hex();
  return native ? native(bytes) : sha256().update(bytes).digest("hex");
}
