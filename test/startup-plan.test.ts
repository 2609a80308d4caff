// The binary's decision to run itself again with other JSC settings (src/bin/startup-plan.ts).
import { describe, expect, test } from "bun:test";
import { batchSettings, outlinePaths, SHORT_BATCH_BYTES, startupPlan, type StartupProbes } from "../src/bin/startup-plan.ts";

const dirs = new Set([".", "src", "lib"]);
const probes = (over: Partial<StartupProbes> = {}): StartupProbes => ({
  env: {},
  cacheMayAnswer: () => false,
  isDirectory: (p) => dirs.has(p),
  ...over,
});

describe("startupPlan", () => {
  test("a short parsing command starts again at once", () => {
    expect(startupPlan(["outline", "a.py"], probes())).toBe("now");
    expect(startupPlan(["changed", "--base", "HEAD~1"], probes())).toBe("now");
    expect(startupPlan(["symbol", "a.py", "f"], probes())).toBe("now");
  });

  test("cache commands and folder outlines decide when they know the bytes", () => {
    for (const c of ["index", "search", "digest"]) expect(startupPlan([c], probes())).toBe("late");
    expect(startupPlan(["outline", "src"], probes())).toBe("late");
    expect(startupPlan(["outline"], probes())).toBe("late"); // no path: the current folder
    expect(startupPlan(["outline", "a.py", "lib"], probes())).toBe("late");
  });

  test("an option's value is not taken for a folder", () => {
    expect(startupPlan(["outline", "--language", "lib", "a.c"], probes())).toBe("now");
    expect(startupPlan(["outline", "--format", "json", "a.py"], probes())).toBe("now");
  });

  test("a cache that may answer, a user's own JSC setting, a re-run or the switch-off keep this process", () => {
    expect(startupPlan(["outline", "a.py"], probes({ cacheMayAnswer: () => true }))).toBe("keep");
    expect(startupPlan(["outline", "src"], probes({ cacheMayAnswer: () => true }))).toBe("keep");
    expect(startupPlan(["outline", "a.py"], probes({ cacheMayAnswer: () => true, env: { AST_OUTLINE_NO_CACHE: "1" } }))).toBe("now");
    expect(startupPlan(["changed"], probes({ cacheMayAnswer: () => true }))).toBe("now"); // never served from the cache
    for (const env of [{ BUN_JSC_useOMGJIT: "1" }, { AST_OUTLINE_RERUN: "1" }, { AST_OUTLINE_NO_REEXEC: "1" }]) {
      expect(startupPlan(["outline", "a.py"], probes({ env }))).toBe("keep");
      expect(startupPlan(["index"], probes({ env }))).toBe("keep");
    }
    expect(startupPlan(["languages"], probes())).toBe("keep");
    expect(startupPlan(["mcp"], probes())).toBe("keep");
  });

  test("a late run's batch: short drops OMG and DFG, long drops FTL (and purging), a user's own settings win", () => {
    const short = batchSettings(SHORT_BATCH_BYTES, {});
    expect(short).toMatchObject({ BUN_JSC_useOMGJIT: "0", BUN_JSC_useDFGJIT: "0", BUN_JSC_largeHeapSize: String(128 << 20) });
    expect(short?.BUN_JSC_priorityDeltaOfWasmCompilerThreads).toBe("0");
    // A user's own setting wins.
    expect(batchSettings(1000, { BUN_JSC_useDFGJIT: "1", BUN_JSC_largeHeapSize: "1000" })).toMatchObject({ BUN_JSC_useOMGJIT: "0", BUN_JSC_useDFGJIT: "1", BUN_JSC_largeHeapSize: "1000" });
    const long = SHORT_BATCH_BYTES + 1;
    expect(batchSettings(long, {})).toEqual({ BUN_JSC_useFTLJIT: "0" });
    expect(batchSettings(long, { MIMALLOC_PURGE_DELAY: "-1" })).toEqual({ BUN_JSC_useFTLJIT: "0" });
    expect(batchSettings(long, { BUN_JSC_useFTLJIT: "1" })).toEqual({ BUN_JSC_useFTLJIT: "1" }); // still starts again, for the purging
    expect(batchSettings(long, { BUN_JSC_useFTLJIT: "1", MIMALLOC_PURGE_DELAY: "10" })).toBeUndefined();
  });

  test("outlinePaths skips options and their values, honours --", () => {
    expect(outlinePaths(["--max-children", "5", "a", "--docs", "b"])).toEqual(["a", "b"]);
    expect(outlinePaths(["--format=json", "a"])).toEqual(["a"]);
    expect(outlinePaths(["--", "--odd-name"])).toEqual(["--odd-name"]);
    expect(outlinePaths([])).toEqual(["."]);
  });
});
