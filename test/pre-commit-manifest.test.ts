// .pre-commit-hooks.yaml against pre-commit's manifest schema (keys and stage names every
// pre-commit release since 2.x accepts), and through the real `pre-commit try-repo` where the
// tool is installed (Debian 12's 3.0.4 rejected `stages: [pre-commit]`).
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BINARY, binaryAvailable, ROOT, tempDir } from "./helpers/cli.ts";

const MANIFEST = join(ROOT, ".pre-commit-hooks.yaml");
// pre-commit's documented hook keys (https://pre-commit.com/#new-hooks).
const KEYS = new Set(["id", "name", "entry", "language", "files", "exclude", "types", "types_or", "exclude_types", "always_run", "fail_fast", "verbose", "pass_filenames", "require_serial", "description", "language_version", "minimum_pre_commit_version", "args", "stages"]);

function keys(): string[] {
  return [...readFileSync(MANIFEST, "utf8").matchAll(/^[-\s]\s*([a-z_]+):/gm)].map((m) => m[1]);
}

const which = spawnSync("sh", ["-c", "command -v pre-commit"], { encoding: "utf8" });
const havePreCommit = which.status === 0 && binaryAvailable();
if (!havePreCommit) console.warn("pre-commit try-repo test skipped: `pre-commit` is not on PATH or dist/ast-outline is not built");

describe("pre-commit manifest", () => {
  test("only documented keys; no stage name older pre-commit rejects unless a minimum version says so", () => {
    const ks = keys();
    for (const k of ["id", "name", "entry", "language"]) expect(ks).toContain(k);
    expect(ks.filter((k) => !KEYS.has(k))).toEqual([]);
    if (ks.includes("stages")) expect(ks).toContain("minimum_pre_commit_version");
  });

  test.skipIf(!havePreCommit)("real pre-commit try-repo: passes with ast-outline on PATH, blocks without", () => {
    const dir = tempDir("ast-outline-pc-");
    try {
      const hookRepo = join(dir.path, "hooks");
      const use = join(dir.path, "use");
      const bin = join(dir.path, "bin");
      mkdirSync(hookRepo); mkdirSync(use); mkdirSync(bin);
      cpSync(MANIFEST, join(hookRepo, ".pre-commit-hooks.yaml"));
      symlinkSync(BINARY, join(bin, "ast-outline"));
      const env = { ...process.env, PRE_COMMIT_HOME: join(dir.path, "home"), GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@e", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@e" };
      const run = (cwd: string, cmd: string, args: string[], path = "/usr/bin:/bin") => spawnSync(cmd, args, { cwd, encoding: "utf8", env: { ...env, PATH: path } });
      run(hookRepo, "git", ["init", "-q"]); run(hookRepo, "git", ["add", "."]); run(hookRepo, "git", ["commit", "-qm", "m"]);
      run(use, "git", ["init", "-q"]);
      writeFileSync(join(use, "a.py"), "def first():\n    pass\n");
      run(use, "git", ["add", "a.py"]);
      const pc = which.stdout.trim();
      const ok = run(use, pc, ["try-repo", hookRepo, "ast-outline"], `${bin}:/usr/bin:/bin`);
      expect(ok.stdout + ok.stderr).toContain("Passed");
      expect(ok.status).toBe(0);
      expect(existsSync(join(use, ".ast_outline_cache"))).toBe(true);
      const missing = run(use, pc, ["try-repo", hookRepo, "ast-outline"]);
      expect(missing.status).not.toBe(0);
      expect(missing.stdout + missing.stderr).toContain("Executable `ast-outline` not found");
    } finally {
      dir.cleanup();
    }
  }, 120_000);
});
