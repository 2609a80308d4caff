// Untrusted repositories that try to break an answer: unreadable files, file names that are not
// UTF-8, NUL bytes, deep nesting, huge files, odd names. Each case runs the compiled binary
// (dist/ast-outline) in a real git repository; one bad file must fail alone, named, with its
// reason, and never take down the answer for the rest.
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { chmodSync } from "node:fs";
import { BINARY, binaryAvailable } from "./helpers/cli.ts";
import { tempRepo, type TempRepo } from "./helpers/git.ts";

const available = binaryAvailable();
if (!available) console.warn(`robustness tests skipped: ${BINARY} is absent (run \`npm run build\` first; CI always builds)`);

interface Run {
  code: number;
  out: string;
  err: string;
}

function run(cwd: string, args: string[], opts: { uid?: number; env?: Record<string, string> } = {}): Run {
  const r = spawnSync(BINARY, args, { cwd, uid: opts.uid, gid: opts.uid, env: { ...process.env, ...opts.env }, maxBuffer: 512 * 1024 * 1024 });
  return { code: r.status ?? -1, out: r.stdout?.toString("utf8") ?? "", err: r.stderr?.toString("utf8") ?? String(r.error ?? "") };
}

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

/**
 * Runs the binary so that a chmod-000 file really cannot be read. root reads any file, so as
 * root the run drops to the unprivileged uid 65534 (the repository is opened to it, and git is
 * told to trust a repository owned by someone else); elsewhere the current user is already
 * unprivileged. Returns undefined when neither is possible (the test then says why and stops).
 */
function unprivileged(repo: TempRepo): ((args: string[]) => Run) | undefined {
  if (!isRoot) return (args) => run(repo.path, args);
  chmodSync(repo.path, 0o777);
  spawnSync("chmod", ["-R", "a+rwX", repo.path]);
  const env = { HOME: "/tmp", GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "safe.directory", GIT_CONFIG_VALUE_0: "*" };
  const probe = run(repo.path, ["--version"], { uid: NOBODY, env });
  if (probe.code !== 0) return undefined;
  return (args) => run(repo.path, args, { uid: NOBODY, env });
}

/** Makes `file` unreadable to the runner from `unprivileged`, and checks that it is. */
function lockFile(repo: TempRepo, file: string): boolean {
  chmodSync(`${repo.path}/${file}`, 0o000);
  const cat = isRoot ? spawnSync("cat", [file], { cwd: repo.path, uid: NOBODY, gid: NOBODY }) : spawnSync("cat", [file], { cwd: repo.path });
  return cat.status !== 0;
}

describe.skipIf(!available)("robustness: one bad file fails alone", () => {
  test("changed: an unreadable work-tree file is listed as skipped with its reason, not as its symbols removed", () => {
    const repo = tempRepo();
    try {
      repo.write("a.py", "def secret():\n    return 1\n");
      repo.write("b.py", "def other():\n    return 1\n");
      repo.commit("one");
      repo.write("a.py", "def secret():\n    return 2\n");
      repo.write("b.py", "def other():\n    return 2\n");
      const as = unprivileged(repo);
      if (!as || !lockFile(repo, "a.py")) {
        console.warn("skipped: cannot make a file unreadable here (running as root without a way to drop privileges)");
        return;
      }
      const json = as(["changed", "--format", "json"]);
      expect(json.code).toBe(0);
      const files = JSON.parse(json.out).files;
      const a = files.find((f: { path: string }) => f.path === "a.py");
      expect(a.skipped).toBe("unreadable (permission denied)");
      expect(a.symbols).toEqual([]);
      // The rest of the review still works.
      expect(files.find((f: { path: string }) => f.path === "b.py").symbols.map((s: { change: string; name: string }) => `${s.change} ${s.name}`)).toEqual(["modified other"]);
      for (const format of ["text", "markdown", "github"]) {
        const r = as(["changed", "--format", format]);
        expect(r.code).toBe(0);
        expect(r.out).toContain("unreadable (permission denied)");
        expect(r.out).not.toContain("removed");
        expect(r.out).toContain("other");
      }
    } finally {
      repo.cleanup();
    }
  }, 60_000);
});
