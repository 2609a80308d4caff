// The outside world of one run as a value: the working folder, the environment variables, the
// clock, how child processes and parse threads start, where warnings go, and the compiled
// binary's start-up hook. It is made once at the edge (src/cli/index.ts, src/bin/binary.ts, a
// test) and passed down; nothing below the edge reads process.cwd() or process.env, or changes
// the working folder, so a test runs a command in any folder without touching the process.
import { resolve } from "node:path";
import { nodeOs } from "./builtins.ts";
import { printable } from "../core/text/quote.ts";
import { defaultRunner, type ProcessRunner } from "./process.ts";

/** The size of a batch of files about to be parsed (an upper bound). */
export interface BatchSize {
  files: number;
  bytes: number;
}

export interface Env {
  /** Absolute; relative paths a user gives start here. */
  readonly cwd: string;
  readonly vars: Readonly<Record<string, string | undefined>>;
  /** Wall clock, ms since the epoch. */
  now(): number;
  readonly processes: ProcessRunner;
  /** Where a parse worker thread starts; undefined: the worker module beside the sources (app/index/parse/pool.ts). */
  readonly parseWorker?: () => URL | string;
  /** A warning for people that is no part of an answer (one line; stderr in the CLI and the MCP server). */
  warn(line: string): void;
  /**
   * Called once, before the first file of a batch is parsed and before any of its results is
   * written, with the batch's size: the compiled binary's start-up seam (src/bin/startup.ts)
   * may start the process again there.
   */
  readonly batchStarting?: (batch: BatchSize) => void;
  /** Tests only: make cache writes whose path this returns an errno code for fail with it (a full disk). */
  readonly writeFault?: (file: string) => string | undefined;
  /** What `-` reads in place of a file: all of standard input (default: the process's, fd 0). */
  readonly stdin?: () => Uint8Array;
}

export interface EnvOptions {
  cwd?: string;
  vars?: Record<string, string | undefined>;
  now?: () => number;
  processes?: ProcessRunner;
  parseWorker?: () => URL | string;
  warn?: (line: string) => void;
  batchStarting?: (batch: BatchSize) => void;
  writeFault?: (file: string) => string | undefined;
  stdin?: () => Uint8Array;
}

/** This process's environment, with whatever `opts` replaces (a test's folder, variables or runner). */
export function processEnv(opts: EnvOptions = {}): Env {
  return {
    cwd: resolve(opts.cwd ?? process.cwd()),
    vars: opts.vars ?? { ...process.env },
    now: opts.now ?? Date.now,
    processes: opts.processes ?? defaultRunner(),
    parseWorker: opts.parseWorker,
    warn: opts.warn ?? ((line) => process.stderr.write(`ast-outline: ${printable(line)}\n`)),
    batchStarting: opts.batchStarting,
    writeFault: opts.writeFault,
    stdin: opts.stdin,
  };
}

/** The same environment with another working folder (an MCP workspace root, a `--root`). */
export function envAt(env: Env, cwd: string): Env {
  return { ...env, cwd: resolve(env.cwd, cwd) };
}

/** The user's home folder, as git finds it ($HOME first). */
export function homeDir(env: Env): string {
  return env.vars.HOME || nodeOs().homedir();
}

/** Git is pointed away from the work tree's own `.git` by its variables: the work tree cannot be found by looking for `.git`. */
export function gitRedirected(env: Env): boolean {
  return env.vars.GIT_DIR !== undefined || env.vars.GIT_WORK_TREE !== undefined;
}
