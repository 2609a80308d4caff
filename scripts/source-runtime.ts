// Preloaded by every `bun` run in this folder (bunfig.toml): the tests, bench/ and scripts/ import
// src/ directly, so they get the runtime a run from source has (src/cli/index.ts gives the same):
// the grammars, queries and hook script read from disk (core/runtime.ts, io/disk-assets.ts).
import { configureRuntime } from "../src/core/runtime.ts";
import { diskRuntime } from "../src/io/disk-assets.ts";

configureRuntime(diskRuntime());
