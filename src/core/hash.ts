// SHA-256, with node:crypto loaded on first use. An ESM import is loaded before any code runs,
// and in the compiled binary that means at every start: node:crypto (with the streams it pulls
// in) cost ~6 ms wall / ~10 ms CPU of each start on the 2-core dev box, also for commands that
// hash nothing (`--version`, a warm `search`). createRequire is plain Node ESM (Node 20, Deno, Bun).
import { nodeCrypto } from "./builtins.ts";

/** An incremental SHA-256. */
export function sha256() {
  return nodeCrypto().createHash("sha256");
}

/** Hex SHA-256 of the bytes. */
export function sha256Hex(data: Uint8Array | string): string {
  return sha256().update(data).digest("hex");
}

/** The content hash of a file's bytes: what cache objects and `region --hash` are keyed by. */
export function contentHash(bytes: Uint8Array): string {
  return sha256Hex(bytes);
}
