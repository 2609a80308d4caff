#!/usr/bin/env node
// Entry point when running from source (Bun, Deno) or from the tsc output (Node).
import { main } from "./main.ts";
import { processIO } from "./io.ts";
import { processEnv } from "../io/env.ts";
import { argvFromBytes } from "../io/argv.ts";
import { diskRuntime } from "../io/disk-assets.ts";
import { configureRuntime } from "../core/runtime.ts";

configureRuntime(diskRuntime());

const io = processIO();
process.exitCode = await main(argvFromBytes(process.argv.slice(2)), io, processEnv({ warn: io.note }));
