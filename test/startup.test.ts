// The compiled binary's start-up seam (src/bin/startup.ts): when a run starts itself again with
// other engine settings, read from the CLI's own command table; and its rule that a run starts
// again only before anything was written, checked on the commands that start again late.
import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { batchSettings, countWrites, lateStart, positionalArgs, serverSettings, SHORT_BATCH_BYTES, startupPlan, type StartupProbes } from "../src/bin/startup.ts";
import { COMMANDS, valueOptions } from "../src/cli/commands.ts";
import { captureIO } from "../src/cli/io.ts";
import { main } from "../src/cli/main.ts";
import { processEnv } from "../src/io/env.ts";
import { tempRepo } from "./helpers/git-repo.ts";

const dirs = new Set([".", "src", "lib"]);
const probes = (over: Partial<StartupProbes> = {}): StartupProbes => ({
  env: {},
  cacheMayAnswer: () => false,
  isDirectory: (p) => dirs.has(p),
  ...over,
});
const spec = (name: string) => COMMANDS.find((c) => c.name === name)!;

describe("startupPlan", () => {
  test("a short parsing command starts again at once", () => {
    expect(startupPlan(["outline", "a.py"], probes())).toBe("now");
    expect(startupPlan(["changed", "--base", "HEAD~1"], probes())).toBe("now");
    expect(startupPlan(["symbol", "a.py", "f"], probes())).toBe("now");
    expect(startupPlan(["hook", "run"], probes())).toBe("now");
  });

  test("a command that hands its work to another process starts as it is", () => {
    expect(startupPlan(["hook", "run", "--background"], probes())).toBe("keep");
  });

  test("cache commands and folder outlines decide when they know the bytes", () => {
    for (const c of ["index", "search", "digest"]) expect(startupPlan([c], probes())).toBe("late");
    expect(startupPlan(["outline", "src"], probes())).toBe("late");
    expect(startupPlan(["outline"], probes())).toBe("late"); // no path: the current folder
    expect(startupPlan(["outline", "a.py", "lib"], probes())).toBe("late");
  });

  test("no option's value is taken for a path: every option of the table that takes one", () => {
    for (const c of COMMANDS) {
      for (const option of valueOptions(c)) {
        expect({ command: c.name, option, paths: positionalArgs(c, [option, "lib", "a.py"]) }).toEqual({ command: c.name, option, paths: ["a.py"] });
      }
    }
    expect(valueOptions(spec("outline"))).toEqual(new Set(["--format", "--max-children", "--max-size", "--language"]));
    expect(startupPlan(["outline", "--language", "lib", "a.c"], probes())).toBe("now");
    expect(startupPlan(["outline", "--format", "json", "a.py"], probes())).toBe("now");
  });

  test("a cache that may answer, a user's own JSC setting, a re-run or the switch-off keep this process", () => {
    expect(startupPlan(["outline", "a.py"], probes({ cacheMayAnswer: () => true }))).toBe("keep");
    expect(startupPlan(["outline", "src"], probes({ cacheMayAnswer: () => true }))).toBe("keep");
    expect(startupPlan(["symbol", "x/a.py", "f"], probes({ cacheMayAnswer: (p) => p === "x/a.py" }))).toBe("keep");
    expect(startupPlan(["outline", "a.py"], probes({ cacheMayAnswer: () => true, env: { AST_OUTLINE_NO_CACHE: "1" } }))).toBe("now");
    expect(startupPlan(["changed"], probes({ cacheMayAnswer: () => true }))).toBe("now"); // never served from the cache
    for (const env of [{ BUN_JSC_useOMGJIT: "1" }, { AST_OUTLINE_RERUN: "1" }, { AST_OUTLINE_NO_REEXEC: "1" }]) {
      expect(startupPlan(["outline", "a.py"], probes({ env }))).toBe("keep");
      expect(startupPlan(["index"], probes({ env }))).toBe("keep");
    }
    expect(startupPlan(["languages"], probes())).toBe("keep");
    expect(startupPlan(["mcp"], probes())).toBe("serve");
    // A server keeps JS's tiers and mimalloc's purging (its default, or the user's value).
    expect(serverSettings({})).toEqual({ BUN_JSC_useOMGJIT: "0", MIMALLOC_PURGE_DELAY: "10" });
    expect(serverSettings({ MIMALLOC_PURGE_DELAY: "100" }).MIMALLOC_PURGE_DELAY).toBe("100");
    expect(startupPlan(["nonsense"], probes())).toBe("keep");
  });

  test("a late run's batch: short drops OMG and DFG, long drops FTL (and purging), a user's own settings win", () => {
    const short = batchSettings(SHORT_BATCH_BYTES, {});
    expect(short).toMatchObject({ BUN_JSC_useOMGJIT: "0", BUN_JSC_useDFGJIT: "0", BUN_JSC_largeHeapSize: String(128 << 20) });
    expect(short?.BUN_JSC_priorityDeltaOfWasmCompilerThreads).toBe("0");
    expect(batchSettings(1000, { BUN_JSC_useDFGJIT: "1", BUN_JSC_largeHeapSize: "1000" })).toMatchObject({ BUN_JSC_useOMGJIT: "0", BUN_JSC_useDFGJIT: "1", BUN_JSC_largeHeapSize: "1000" });
    const long = SHORT_BATCH_BYTES + 1;
    expect(batchSettings(long, {})).toEqual({ BUN_JSC_useFTLJIT: "0" });
    expect(batchSettings(long, { MIMALLOC_PURGE_DELAY: "-1" })).toEqual({ BUN_JSC_useFTLJIT: "0" });
    expect(batchSettings(long, { BUN_JSC_useFTLJIT: "1" })).toEqual({ BUN_JSC_useFTLJIT: "1" }); // still starts again, for the purging
    expect(batchSettings(long, { BUN_JSC_useFTLJIT: "1", MIMALLOC_PURGE_DELAY: "10" })).toBeUndefined();
  });

  test("positional arguments skip options and their values, honour --", () => {
    expect(positionalArgs(spec("outline"), ["--max-children", "5", "a", "--docs", "b"])).toEqual(["a", "b"]);
    expect(positionalArgs(spec("outline"), ["--format=json", "a"])).toEqual(["a"]);
    expect(positionalArgs(spec("outline"), ["--", "--odd-name"])).toEqual(["--odd-name"]);
  });
});

describe("a run starts again only before anything is written", () => {
  test("after a write, the batch hook runs on as it is", () => {
    const starts: Record<string, string>[] = [];
    const io = countWrites(captureIO());
    const hook = lateStart(io, (s) => starts.push(s), {});
    hook({ files: 1, bytes: 10 });
    expect(starts.length).toBe(1);
    io.note("a note");
    hook({ files: 1, bytes: 10 });
    expect(starts.length).toBe(1);
  });

  /** Runs a late command in-process with the seam's hook; what had been written at each start it asked for. */
  async function writtenAtRestart(cwd: string, args: string[]): Promise<{ writtenAtStart: number[]; stderr: string }> {
    const captured = captureIO();
    const io = countWrites(captured);
    const writtenAtStart: number[] = [];
    const hook = lateStart(io, () => writtenAtStart.push(io.written), {});
    const code = await main(args, io, processEnv({ cwd, warn: io.note, batchStarting: hook }));
    expect({ args, code }).toEqual({ args, code: 0 });
    return { writtenAtStart, stderr: captured.stderr() };
  }

  test("index, search, digest and a folder outline, each with notes to write, ask to start again before any", async () => {
    const repo = tempRepo({
      "a.py": "def alpha():\n    return 1\n",
      "b.py": "x = 1\0\n", // binary: a skipped note
      "node_modules/m/x.js": "function x() {}\n", // vendored: a note in a folder outline
      "src/c.py": "def gamma():\n    return 2\n",
    });
    try {
      for (const args of [["index"], ["search", "alpha"], ["digest"], ["outline", "."]]) {
        if (args[0] !== "outline") writeFileSync(join(repo.path, "src", "c.py"), `def gamma():\n    return ${Math.random()}\n`); // something to parse
        const r = await writtenAtRestart(repo.path, args);
        expect({ args, starts: r.writtenAtStart.length > 0 }).toEqual({ args, starts: true });
        expect({ args, writtenAtStart: r.writtenAtStart }).toEqual({ args, writtenAtStart: r.writtenAtStart.map(() => 0) });
      }
      // A cache that must not be used: its warning comes after the batch started.
      chmodSync(join(repo.path, ".ast_outline_cache"), 0o777);
      const distrusted = await writtenAtRestart(repo.path, ["search", "alpha"]);
      expect(distrusted.stderr).toContain("ignoring .ast_outline_cache");
      expect(distrusted.writtenAtStart.length).toBeGreaterThan(0);
      expect(distrusted.writtenAtStart.every((n) => n === 0)).toBe(true);
    } finally {
      repo.cleanup();
    }
  }, 60_000);
});
