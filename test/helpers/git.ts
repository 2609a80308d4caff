// Real git repositories in temp dirs for the `changed` tests.
import { afterEach } from "bun:test";
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tempDir } from "./cli.ts";

export interface TempRepo {
  path: string;
  git: (...args: string[]) => string;
  write: (file: string, content: string | Uint8Array) => void;
  commit: (message: string) => string;
  cleanup: () => void;
}

export function tempRepo(): TempRepo {
  const dir = tempDir("ast-outline-git-");
  const git = (...args: string[]) =>
    execFileSync("git", args, {
      cwd: dir.path,
      encoding: "utf8",
      env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com", GIT_CONFIG_NOSYSTEM: "1", HOME: dir.path },
    });
  git("init", "-q", "-b", "main");
  git("config", "commit.gpgsign", "false");
  return {
    path: dir.path,
    git,
    write: (file, content) => {
      mkdirSync(dirname(join(dir.path, file)), { recursive: true });
      writeFileSync(join(dir.path, file), content);
    },
    commit: (message) => {
      git("add", "-A");
      git("commit", "-q", "--allow-empty", "-m", message);
      return git("rev-parse", "HEAD").trim();
    },
    cleanup: dir.cleanup,
  };
}

/** Make the work tree hold exactly the files of `src` (everything but .git replaced). */
export function replaceTree(repo: TempRepo, src: string): void {
  for (const name of readdirSync(repo.path)) if (name !== ".git") rmSync(join(repo.path, name), { recursive: true, force: true });
  cpSync(src, repo.path, { recursive: true });
}

/**
 * Temporary repositories removed after each test of the calling file: call once at the file's
 * top level, then `repo()` in a test.
 */
export function reposPerTest(): () => TempRepo {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    while (cleanups.length) cleanups.pop()!();
  });
  return () => {
    const r = tempRepo();
    cleanups.push(r.cleanup);
    return r;
  };
}

