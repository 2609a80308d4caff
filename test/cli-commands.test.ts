// main.ts registers only the command the first argument names (cac parses once per registered
// command). What a command prints must not depend on that: `<cmd> --help` (that command alone)
// and `--help <cmd>` (every command registered, cac finds the command among them) read the same,
// and so do unknown-option errors.
import { describe, expect, test } from "bun:test";
import { ROOT } from "./helpers/cli.ts";
import { cliChild } from "./helpers/git-repo.ts";

const COMMANDS = ["outline", "symbol", "calls", "context", "callers", "mcp", "prompt", "setup", "agent-hook", "region", "changed", "languages", "dump-tree", "index", "search", "digest", "hook"];

describe("one command registered or all: the same help and errors", () => {
  for (const name of COMMANDS) {
    test(name, () => {
      const alone = cliChild(ROOT, [name, "--help"]);
      const amongAll = cliChild(ROOT, ["--help", name]);
      expect(alone.code).toBe(0);
      expect(alone.stdout).toContain(`$ ast-outline ${name}`);
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
