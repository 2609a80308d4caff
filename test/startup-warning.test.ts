// The compiled binary starts itself again (execve) for a short parsing run; when that cannot
// happen it carries on in the same process, and the runtime's "process.execve is an
// experimental feature" warning must not reach the user's stderr. Made to happen for real:
// an environment just under the kernel's argument limit, so the first start succeeds and the
// restart (which adds its settings) is refused with E2BIG, by execve and by spawn alike.
import { expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { BINARY, binaryAvailable, tempDir } from "./helpers/cli.ts";

const available = binaryAvailable();
if (!available) console.warn(`startup warning test skipped: ${BINARY} is absent (run \`npm run build\`)`);

function padded(base: Record<string, string>, bytes: number): Record<string, string> {
  const env = { ...base };
  for (let i = 0; bytes > 0; i++) {
    const n = Math.min(bytes, 100_000); // one string stays under MAX_ARG_STRLEN
    env[`AST_OUTLINE_TEST_PAD${i}`] = "x".repeat(n);
    bytes -= n;
  }
  return env;
}

test.skipIf(!available || process.platform !== "linux")("a restart that fails (E2BIG) runs on with a clean stderr: no ExperimentalWarning", () => {
  const dir = tempDir("ast-outline-e2big-");
  try {
    writeFileSync(join(dir.path, "a.py"), "def f():\n    pass\n");
    const base = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir.path, AST_OUTLINE_NO_CACHE: "1" };
    const starts = (n: number) => !spawnSync(BINARY, ["--version"], { env: padded(base, n) }).error;
    // The largest padding that still starts (`--version` never restarts).
    let lo = 0;
    let hi = 16 << 20;
    expect(starts(lo)).toBe(true);
    expect(starts(hi)).toBe(false);
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (starts(mid)) lo = mid;
      else hi = mid;
    }
    const r = spawnSync(BINARY, ["outline", "a.py"], { cwd: dir.path, env: padded(base, lo - 16), encoding: "utf8" });
    expect(r.error).toBeUndefined();
    expect(r.stdout).toMatch(/^a\.py \(python, 2 lines, 1 symbol, sha256:[0-9a-f]{12}\)\n1-2 def f\(\)\n$/);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  } finally {
    dir.cleanup();
  }
}, 120_000);

test("other warnings still reach the runtime's printer once the execve warning is filtered", () => {
  const script = `
    import { quietExecveWarning } from ${JSON.stringify(join(import.meta.dir, "..", "src", "bin", "startup.ts"))};
    quietExecveWarning(process);
    try { process.execve("/nonexistent/ast-outline-test", ["x"], process.env); } catch {}
    process.emitWarning("a warning of the tool's own");
  `;
  const r = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  expect(r.stderr).not.toContain("ExperimentalWarning");
  expect(r.stderr).toContain("a warning of the tool's own");
});
