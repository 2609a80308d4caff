// The stamp (core/stamp.ts): when a file's stat vouches for its bytes, and the racy window every
// cache that trusts a stat shares.
import { describe, expect, test } from "bun:test";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { recordFor } from "../src/core/cache/format.ts";
import { changedWithin, RACY_WINDOW_MS, sameStamp, stampOf, stampPrint } from "../src/core/stamp.ts";
import { tempDir } from "./helpers/cli.ts";

const stamp = { size: 10, mtimeMs: 50_000, ctimeMs: 50_000, ino: 7 };

describe("stamp", () => {
  test("two stamps are the same version only when all four fields agree", () => {
    expect(sameStamp(stamp, { ...stamp })).toBe(true);
    for (const field of ["size", "mtimeMs", "ctimeMs", "ino"] as const) expect([field, sameStamp(stamp, { ...stamp, [field]: stamp[field] + 1 })]).toEqual([field, false]);
    expect(sameStamp(undefined, stamp)).toBe(false);
  });

  test("a stamp of a real file: its four fields, printed in the order the caches store", () => {
    const dir = tempDir();
    try {
      const file = join(dir.path, "a.txt");
      writeFileSync(file, "hello");
      const st = statSync(file);
      expect(stampOf(st)).toEqual({ size: 5, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino });
      expect(stampPrint(st)).toBe(`${st.mtimeMs} ${st.ctimeMs} 5 ${st.ino}`);
    } finally {
      dir.cleanup();
    }
  });

  test("a change within the window before a read, at its edge or after it, is racy; one before the window is not", () => {
    const read = 100_000;
    expect(changedWithin({ mtimeMs: read - RACY_WINDOW_MS - 1, ctimeMs: read - RACY_WINDOW_MS - 1 }, read)).toBe(false);
    expect(changedWithin({ mtimeMs: read - RACY_WINDOW_MS, ctimeMs: 0 }, read)).toBe(true);
    expect(changedWithin({ mtimeMs: read + 5, ctimeMs: 0 }, read)).toBe(true);
    // ctime counts: `touch -d` sets mtime back, but the change itself is recent.
    expect(changedWithin({ mtimeMs: 0, ctimeMs: read - 10 }, read)).toBe(true);
    expect(changedWithin({ mtimeMs: read - 60, ctimeMs: read - 60 }, read, 50)).toBe(false);
  });

  test("the manifest stores a racy file with a size no file has, so the next run hashes it again", () => {
    const read = stamp.mtimeMs + 10;
    const racy = recordFor(stamp, "0".repeat(64), "python", 3, read);
    expect(racy.size).toBe(-1);
    expect(sameStamp(racy, stamp)).toBe(false);
    const settled = recordFor(stamp, "0".repeat(64), "python", 3, stamp.mtimeMs + RACY_WINDOW_MS + 1);
    expect(settled.size).toBe(stamp.size);
    expect(sameStamp(settled, stamp)).toBe(true);
  });
});
