// Temporary git repositories for the cache and hook tests, and the CLI run from source as a
// child process (what a hook or a second terminal would do).
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { HOOK_TREES } from "../../src/app/hook/hook.ts";
import { ROOT, tempDir } from "./cli.ts";

export const BUN = join(ROOT, "node_modules", ".bin", "bun");
export const CLI_SOURCE = join(ROOT, "src", "cli", "index.ts");

export function sh(cwd: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", env: { ...process.env, ...env } });
  return { code: r.status ?? -1, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

export function gitOk(cwd: string, ...args: string[]): string {
  const r = sh(cwd, "git", args);
  if (r.code !== 0) throw new Error(`git ${args.join(" ")} failed: ${r.stderr}`);
  return r.stdout;
}

export function tempRepo(files: Record<string, string>) {
  const dir = tempDir("ast-outline-repo-");
  gitOk(dir.path, "init", "-q", "-b", "main");
  gitOk(dir.path, "config", "user.name", "Test");
  gitOk(dir.path, "config", "user.email", "test@example.com");
  gitOk(dir.path, "config", "commit.gpgsign", "false");
  for (const [p, text] of Object.entries(files)) write(dir.path, p, text);
  return dir;
}

export function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

export function cliChild(cwd: string, args: string[]) {
  return sh(cwd, BUN, [CLI_SOURCE, ...args]);
}

export function cliChildAsync(cwd: string, args: string[]) {
  return spawn(BUN, [CLI_SOURCE, ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * Wait until no `hook run --background` started in `repo` is still running (its refresh goes on
 * after the commit): the processes whose environment holds HOOK_TREES and whose working folder
 * is the repository, read from /proc. Fails after `deadlineMs` (a bound, not a timing assert).
 */
export function awaitBackgroundHooks(repo: string, deadlineMs = 120_000, landed?: () => boolean): void {
  const root = realpathSync(repo);
  const running = () =>
    readdirSync("/proc").filter((pid) => {
      if (!/^\d+$/.test(pid)) return false;
      try {
        return readFileSync(`/proc/${pid}/environ`, "latin1").includes(`${HOOK_TREES}=`) && readlinkSync(`/proc/${pid}/cwd`) === root;
      } catch {
        return false; // gone, or not ours to read
      }
    });
  const until = Date.now() + deadlineMs;
  // A child just spawned shows its parent's environment and folder until it execs: where the
  // caller can tell what the run leaves behind (`landed`), that is waited for too.
  while (running().length || (landed && !landed())) {
    if (Date.now() > until) throw new Error(`a background hook run in ${repo} still runs after ${deadlineMs} ms`);
    Bun.sleepSync(50);
  }
}
