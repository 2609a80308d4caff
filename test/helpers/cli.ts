// Running the CLI in-process (fast, for most tests) or as the compiled binary (for the
// end-to-end promises: exit codes, one-line errors, no stack traces).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../src/cli/main.ts";
import { captureIO } from "../../src/cli/io.ts";
import { processEnv, type Env, type EnvOptions } from "../../src/io/env.ts";

export const ROOT = join(import.meta.dir, "..", "..");
export const BINARY = join(ROOT, "dist", "ast-outline");

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** This process's environment in another working folder and with other variables; warnings are kept in `warnings`. */
export function testEnv(cwd: string = process.cwd(), vars: Record<string, string | undefined> = {}): Env & { warnings: string[] } {
  const warnings: string[] = [];
  return { ...processEnv({ cwd, vars: { ...process.env, ...vars }, warn: (line) => warnings.push(line) }), warnings };
}

/** The CLI in this process, in `cwd` (the process's own working folder is never changed). */
export async function runCli(args: string[], cwd?: string, vars: Record<string, string | undefined> = {}, more: EnvOptions = {}): Promise<RunResult> {
  const io = captureIO();
  const code = await main(args, io, processEnv({ ...more, cwd, vars: { ...process.env, ...vars }, warn: io.note }));
  return { code, stdout: io.stdout(), stderr: io.stderr() };
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
