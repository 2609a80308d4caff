// Failures a user's setup causes (a read-only mount, a quota, permissions, a full disk): one
// line, exit 2, no stack. The codes are simulated (Env.writeFault, or the error itself): a real
// read-only mount needs privileges a test run does not have.
import { describe, expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { captureIO } from "../src/cli/io.ts";
import { reportError } from "../src/cli/main.ts";
import { RACY_WINDOW_MS } from "../src/core/stamp.ts";
import { EXIT } from "../src/core/errors.ts";
import { causeOf, setupError, SETUP_ERRORS, writeHint } from "../src/io/fs-errors.ts";
import { runCli } from "./helpers/cli.ts";
import { tempRepo } from "./helpers/git.ts";

const CACHE = ".ast_outline_cache";
const fsError = (code: string, syscall = "open", path = "/repo/.git/hooks/pre-commit") =>
  Object.assign(new Error(`${code}: failed, ${syscall} '${path}'`), { code, syscall, path, errno: -1 });

describe("setup errors", () => {
  test("each code is an input error naming the call, the path (quoted) and the cause; other errors are not", () => {
    expect(setupError(fsError("EROFS"))?.message).toBe("cannot open /repo/.git/hooks/pre-commit: read-only file system (EROFS)");
    expect(setupError(fsError("EDQUOT", "write", "/q/a\nb"))?.message).toBe('cannot write "/q/a\\nb": disk quota exceeded (EDQUOT)');
    expect(setupError(fsError("EPERM", "rename"))?.message).toBe("cannot rename /repo/.git/hooks/pre-commit: operation not permitted (EPERM)");
    for (const code of Object.keys(SETUP_ERRORS)) expect(setupError(fsError(code))?.exitCode).toBe(EXIT.usage);
    expect(setupError(fsError("EIO"))).toBeUndefined();
    expect(setupError(new Error("a bug"))).toBeUndefined();
    expect(causeOf(fsError("ENOSPC"))).toBe("no space left on device (ENOSPC)");
    expect(writeHint("EROFS", "/r/.ast_outline_cache")).toBe("/r/.ast_outline_cache is on a read-only file system");
    expect(writeHint("EDQUOT", "/r/c")).toBe("free some space for /r/c");
  });

  test("the CLI says one line and exits 2 for them (it printed an internal error and the stack, exit 3)", () => {
    for (const code of ["EROFS", "EPERM", "EDQUOT"]) {
      const io = captureIO();
      expect(reportError(fsError(code), io)).toBe(2);
      expect(io.stderr()).toBe(`ast-outline: cannot open /repo/.git/hooks/pre-commit: ${SETUP_ERRORS[code]} (${code})\n`);
    }
    const io = captureIO();
    expect(reportError(fsError("EIO"), io)).toBe(3); // not the user's doing: still a bug report
  });

  test("index: a new cache that cannot be made (EROFS, EDQUOT, EPERM) is exit 2, one line; it said 'partly updated', exit 0", async () => {
    const repo = tempRepo();
    repo.write("a.py", "def alpha():\n    return 1\n");
    try {
      for (const code of ["EROFS", "EDQUOT", "EPERM"]) {
        const fault = { writeFault: (file: string) => (file.includes(CACHE) ? code : undefined) };
        const index = await runCli(["index"], repo.path, {}, fault);
        expect(`${code}: ${index.code} ${index.stdout}`).toBe(`${code}: 2 `);
        const hint = code === "EROFS" ? `${join(repo.path, CACHE)} is on a read-only file system` : code === "EDQUOT" ? `free some space for ${join(repo.path, CACHE)}` : `check the permissions of ${join(repo.path, CACHE)} and the free space`;
        expect(index.stderr).toBe(`ast-outline: could not write the cache: ${code} writing ${CACHE} (the cache was not updated; ${hint})\n`);
        const search = await runCli(["search", "alpha"], repo.path, {}, fault);
        expect([search.code, search.stdout]).toEqual([0, "a.py:1-2 function alpha  def alpha()\n"]);
        expect(search.stderr).toBe(`ast-outline: warning: cache not updated: ${code} writing ${CACHE} (results computed without it)\n`);
      }
      // Writable again: made, and a warm run writes nothing it could fail on. A file changed within
      // the racy window of an index (core/stamp.ts) is recorded to be checked again, and
      // that check writes: the index that makes the cache starts after the window has passed.
      const settle = statSync(join(repo.path, "a.py")).ctimeMs + RACY_WINDOW_MS - Date.now();
      if (settle > 0) await Bun.sleep(settle + 50);
      expect((await runCli(["index"], repo.path)).code).toBe(0);
      const warm = await runCli(["index"], repo.path, {}, { writeFault: (file) => (file.includes(CACHE) ? "EROFS" : undefined) });
      expect([warm.code, warm.stderr]).toEqual([0, ""]);
    } finally {
      repo.cleanup();
    }
  });
});
