// The parse worker inside the compiled binary: the embedded assets, then the shared worker body.
// Built as an extra entry point of `bun build --compile` (scripts/build.ts). Bun-only.
import { setSha256Hex } from "../core/hash.ts";
import { setAssetSource } from "../core/parse/assets.ts";
import { embeddedAssets } from "../../build/embedded.gen.ts";
import "../app/index/parse/worker.ts";

setAssetSource(embeddedAssets);
// As in binary.ts: Bun's native SHA-256, so the worker never loads node:crypto.
setSha256Hex((data) => new Bun.CryptoHasher("sha256").update(data).digest("hex"));
