#!/usr/bin/env node
// ast-outline's npm launcher (the `bin` of the published `ast-outline` package): runs the
// prebuilt binary from this platform's package (ast-outline-<os>-<arch>[-musl], an optional
// dependency npm installs only where its os/cpu/libc match) with the arguments, the standard
// streams and the exit code passed through. No install script: npm picks the package.
// AST_OUTLINE_BINARY=<path> runs that binary instead (a build from source on another platform).
"use strict";
const { spawnSync } = require("node:child_process");

function platformPackage() {
  const os = process.platform === "win32" ? "windows" : process.platform;
  // glibcVersionRuntime is reported by a glibc Node only: without it, Linux is musl.
  const report = process.platform === "linux" && process.report ? process.report.getReport() : undefined;
  const musl = process.platform === "linux" && !(report && report.header && report.header.glibcVersionRuntime);
  return `ast-outline-${os}-${process.arch}${musl ? "-musl" : ""}`;
}

function fail(message) {
  process.stderr.write(`ast-outline: ${message}\n`);
  process.exit(2);
}

function binaryPath() {
  if (process.env.AST_OUTLINE_BINARY) return process.env.AST_OUTLINE_BINARY;
  const pkg = platformPackage();
  const file = `bin/ast-outline${process.platform === "win32" ? ".exe" : ""}`;
  try {
    return require.resolve(`${pkg}/${file}`);
  } catch {
    return fail(`no prebuilt binary for this platform: ${pkg} is not installed (reinstall without --omit=optional or --no-optional; other platforms: build from source and set AST_OUTLINE_BINARY)`);
  }
}

const bin = binaryPath();
// `ast-outline setup` records this launcher (not the platform binary, whose path changes with
// each version) as the command agent clients start.
const env = { ...process.env, AST_OUTLINE_LAUNCHER: require("node:path").resolve(process.argv[1]) };
const run = spawnSync(bin, process.argv.slice(2), { stdio: "inherit", windowsHide: true, env });
if (run.error) fail(`cannot run ${bin}: ${run.error.code || run.error.message}`);
if (run.signal) {
  // Die of the same signal, so a parent sees what the binary saw.
  process.removeAllListeners(run.signal);
  process.kill(process.pid, run.signal);
}
process.exit(run.status === null ? 1 : run.status);
