// The parse worker inside the compiled binary: the embedded assets, then the shared worker body.
// Built as an extra entry point of `bun build --compile` (scripts/build.ts). Bun-only.
import { setAssetSource } from "../core/parse/assets.ts";
import { embeddedAssets } from "../../build/embedded.gen.ts";
import "../app/parse-worker.ts";

setAssetSource(embeddedAssets);
