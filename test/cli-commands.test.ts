// main.ts registers only the command the first argument names (cac parses once per registered
// command). What a command prints must not depend on that: `<cmd> --help` (that command alone)
// and `--help <cmd>` (every command registered, cac finds the command among them) read the same,
// and so do unknown-option errors.
import { describe, expect, test } from "bun:test";
import { COMMANDS as TABLE } from "../src/cli/commands.ts";
import { ROOT } from "./helpers/cli.ts";
import { cliChild } from "./helpers/git-repo.ts";

const COMMANDS = TABLE.map((c) => c.name);

describe("one command registered or all: the same help and errors", () => {
  for (const name of COMMANDS) {
    test(name, () => {
      const alone = cliChild(ROOT, [name, "--help"]);
      const amongAll = cliChild(ROOT, ["--help", name]);
      expect(alone.code).toBe(0);
      expect(alone.stdout).toContain(`$ ast-outline ${name}`);
      // What it does, and at least one example of it, as git's and rg's help give.
      const spec = TABLE.find((c) => c.name === name)!;
      expect(alone.stdout).toContain(`\n${spec.description}\n`);
      const examples = alone.stdout.slice(alone.stdout.indexOf("Examples:\n"));
      expect(spec.examples.length).toBeGreaterThan(0);
      for (const e of spec.examples) expect(examples).toContain(`  $ ${e}\n`);
      expect(spec.examples.some((e) => e.includes(`ast-outline ${name}`))).toBe(true);
      expect(alone).toEqual(amongAll);
      const badAlone = cliChild(ROOT, [name, "--no-such-flag"]);
      const badAmongAll = cliChild(ROOT, ["--no-such-flag", name]);
      expect(badAlone.code).toBe(2);
      expect(badAlone).toEqual(badAmongAll);
    }, 30_000);
  }

  test("the global help still lists every command", () => {
    const r = cliChild(ROOT, ["--help"]);
    for (const name of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${name}\\b`, "m"));
  });
});
