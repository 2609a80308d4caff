// Running the CLI in-process (fast, for most tests) or as the compiled binary (for the
// end-to-end promises: exit codes, one-line errors, no stack traces).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/cli/main.ts";
import { captureIO } from "../../src/cli/io.ts";

export const ROOT = join(import.meta.dir, "..", "..");
export const BINARY = join(ROOT, "dist", "ast-outline");

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], cwd?: string): Promise<RunResult> {
  const io = captureIO();
  const before = process.cwd();
  if (cwd) process.chdir(cwd);
  try {
    const code = await main(args, io);
    return { code, stdout: io.stdout(), stderr: io.stderr() };
  } finally {
    if (cwd) process.chdir(before);
  }
}

export function binaryAvailable(): boolean {
  return existsSync(BINARY);
}

export function runBinary(args: string[], opts: { cwd?: string; input?: string; env?: Record<string, string> } = {}): RunResult {
  const r = spawnSync(BINARY, args, { cwd: opts.cwd, input: opts.input, env: { ...process.env, ...opts.env }, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function tempDir(prefix = "ast-outline-test-"): { path: string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}
