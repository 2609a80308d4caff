// Option values reach the commands as the strings given (src/cli/held-values.ts): a value that
// starts with `-` is the option's value, not the next option; one that looks like a number is
// not turned into one; a bad number names the option and the value, on one line, exit 2.
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { holdValues } from "../src/cli/held-values.ts";
import { runCli, tempDir } from "./helpers/cli.ts";
import { tempRepo } from "./helpers/git.ts";

const ws = tempDir("ast-outline-options-");
writeFileSync(join(ws.path, "m.py"), "def f():\n    return 1\n\n\ndef g():\n    return f()\n");
afterAll(() => ws.cleanup());

async function refusal(args: string[], cwd = ws.path): Promise<string> {
  const out = await runCli(args, cwd);
  expect(`${args.join(" ")} -> ${out.code} ${out.stdout}`).toBe(`${args.join(" ")} -> 2 `);
  const lines = out.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  return lines[0];
}

describe("option values", () => {
  test("a bad count names the option and the value", async () => {
    expect(await refusal(["search", "f", "--limit", "abc"])).toBe("ast-outline: --limit: not a number: abc (a whole number from 0 up)");
    expect(await refusal(["search", "f", "--limit", "-1"])).toBe("ast-outline: --limit: out of range: -1 (a whole number from 0 up)");
    expect(await refusal(["search", "f", "--limit=-1"])).toBe("ast-outline: --limit: out of range: -1 (a whole number from 0 up)");
    expect(await refusal(["calls", "m.py", "g", "--depth", "-1"])).toBe("ast-outline: --depth: out of range: -1 (a whole number from 1 to 5)");
    expect(await refusal(["calls", "m.py", "g", "--depth", "6"])).toBe("ast-outline: --depth: out of range: 6 (a whole number from 1 to 5)");
    expect(await refusal(["outline", "m.py", "--max-children", "1e3"])).toBe("ast-outline: --max-children: not a number: 1e3 (a whole number from 0 up)");
    expect(await refusal(["outline", "m.py", "--max-children", "0x10"])).toBe("ast-outline: --max-children: not a number: 0x10 (a whole number from 0 up)");
    // An empty value was read as 0.
    expect(await refusal(["search", "f", "--limit", ""])).toBe('ast-outline: --limit: not a number: "" (a whole number from 0 up)');
    expect(await refusal(["outline", "m.py", "--max-size", "-5"])).toBe("ast-outline: --max-size: not a size: -5 (use a number of bytes, or e.g. 512K, 4M)");
    const long = await refusal(["search", "f", "--limit", `\x1b]0;${"9x".repeat(50_000)}`]);
    expect(long).toStartWith("ast-outline: --limit: not a number: \\033]0;9x9x");
    expect(long.length).toBeLessThan(150);
  });

  test("good values still work, in both forms, and a missing one is still said so", async () => {
    const a = await runCli(["outline", "m.py", "--max-children", "1", "--format=json"], ws.path);
    expect(a.code).toBe(0);
    expect(JSON.parse(a.stdout).symbols).toHaveLength(2);
    const b = await runCli(["calls", "m.py", "g", "--depth=1"], ws.path);
    expect(b.code).toBe(0);
    expect(await refusal(["calls", "m.py", "g", "--depth=0"])).toBe("ast-outline: --depth: out of range: 0 (a whole number from 1 to 5)");
    expect(await refusal(["search", "f", "--limit"])).toContain("--limit <n> value is missing");
  });

  test("a revision of digits keeps its leading zero (it was read as a number)", async () => {
    const r = tempRepo();
    try {
      r.write("m.py", "def f():\n    return 1\n");
      r.commit("one");
      r.git("tag", "0123");
      r.write("m.py", "def f():\n    return 2\n");
      r.commit("two");
      const out = await runCli(["history", "m.py", "f", "--rev", "0123", "--format", "json"], r.path);
      expect([out.code, out.stderr]).toEqual([0, ""]);
      expect(JSON.parse(out.stdout).commits.map((c: any) => c.subject)).toEqual(["one"]);
    } finally {
      r.cleanup();
    }
  });

  test("holdValues: every value of a value option is held and put back; nothing after -- is touched", () => {
    const held = holdValues(["search", "q", "--limit", "-1", "--kind=007", "--flat", "--", "--limit", "2"], new Set(["--limit", "--kind"]));
    expect(held.argv.slice(0, 2)).toEqual(["search", "q"]);
    expect(held.argv.slice(-3)).toEqual(["--", "--limit", "2"]);
    expect(held.argv.join(" ")).not.toContain("-1");
    const options: Record<string, unknown> = { limit: held.argv[2].split("=")[1], kind: [held.argv[3].split("=")[1], held.argv[2].split("=")[1]], flat: true };
    held.restore(options);
    expect(options).toEqual({ limit: "-1", kind: ["007", "-1"], flat: true });
  });
});
