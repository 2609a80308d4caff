// SHA-256, with node:crypto loaded on first use. An ESM import is loaded before any code runs,
// and in the compiled binary that means at every start, also for commands that hash nothing
// (`--version`, a warm `search`). The binary goes further and hands in Bun's native hasher
// (src/bin/binary.ts), so a parsing run never loads node:crypto at all.
import { lazyModule } from "./lazy-module.ts";

const nodeCrypto = lazyModule<typeof import("node:crypto")>("node:crypto");

/** Hex digits of a hash that outputs show and that a symbol hash keeps (symbol headers, `region`, JSON outlines). */
export const HASH_PREFIX = 12;

type HexDigest = (data: Uint8Array | string) => string;
let hexDigest: HexDigest = (data) => sha256().update(data).digest("hex");

/** Use another SHA-256 implementation (same digests): the compiled binary's native one. */
export function setSha256Hex(impl: HexDigest): void {
  hexDigest = impl;
}

/** An incremental SHA-256. */
export function sha256() {
  return nodeCrypto().createHash("sha256");
}

/** The content hash of a file's bytes: what cache objects and `region --hash` are keyed by. */
export function contentHash(bytes: Uint8Array): string {
  return hexDigest(bytes);
}
