// `ast-outline completions bash|zsh|fish`: made from the command table, so every command and
// every flag is offered, and a flag's values where it takes one of a list. Each script is run by
// its own shell where that shell is installed (bash: the completion function itself; fish: its
// `complete -C`; zsh: loaded under compinit); the tests of an absent shell are skipped.
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHANGED_FORMATS, QUESTIONS } from "../src/app/questions.ts";
import { COMMANDS } from "../src/cli/commands.ts";
import { runCli, tempDir } from "./helpers/cli.ts";

const has = (shell: string) => spawnSync(shell, ["-c", "exit 0"]).status === 0;
const script = async (shell: string) => {
  const r = await runCli(["completions", shell]);
  expect([r.code, r.stderr]).toEqual([0, ""]);
  return r.stdout;
};
const dir = tempDir("ast-outline-completions-");

describe("completions", () => {
  test("every command and every flag of the table is in each script", async () => {
    for (const shell of ["bash", "zsh", "fish"]) {
      const text = await script(shell);
      for (const c of COMMANDS) {
        expect(text).toContain(c.name);
        for (const o of c.options) for (const flag of o.flags.split(/[\s,]+/).filter((f) => f.startsWith("--"))) expect(text).toContain(shell === "fish" ? `-l ${flag.slice(2)}` : flag);
      }
    }
  });

  test("an unknown shell is a usage error", async () => {
    const r = await runCli(["completions", "tcsh"]);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, "", "ast-outline: no completions for shell: tcsh (one of: bash, zsh, fish)\n"]);
  });

  test.skipIf(!has("bash"))("bash: commands, a command's flags, a flag's values, folders for --root", async () => {
    const file = join(dir.path, "c.bash");
    writeFileSync(file, await script("bash"));
    const complete = (...words: string[]) => {
      const r = spawnSync("bash", ["-c", `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _ast_outline; printf '%s\\n' "\${COMPREPLY[@]}"`, "-", file, ...words], { cwd: dir.path, encoding: "utf8" });
      expect(r.stderr).toBe("");
      return r.stdout.split("\n").filter(Boolean);
    };
    expect(complete("ast-outline", "con")).toEqual(["context"]);
    expect(complete("ast-outline", "changed", "--format", "s")).toEqual(["sarif"]);
    expect(complete("ast-outline", "changed", "--format", "")).toEqual([...QUESTIONS.changed.options.find((o) => o.key === "format")!.choices!]);
    expect(complete("ast-outline", "search", "--fi")).toEqual(["--fixed-strings"]);
    expect(complete("ast-outline", "languages", "--format", "")).toEqual(["text", "json"]);
    writeFileSync(join(dir.path, "afile"), "");
    spawnSync("mkdir", ["-p", join(dir.path, "adir")]);
    expect(complete("ast-outline", "digest", "--root", "a")).toEqual(["adir"]);
    // A positional argument: nothing from the function, so bash completes file names (-o default).
    expect(complete("ast-outline", "outline", "a")).toEqual([]);
    expect(spawnSync("bash", ["-c", `source "${file}"; complete -p ast-outline`], { encoding: "utf8" }).stdout).toBe("complete -o default -F _ast_outline ast-outline\n");
  });

  test.skipIf(!has("fish"))("fish: commands with descriptions, flags, values", async () => {
    const file = join(dir.path, "c.fish");
    writeFileSync(file, await script("fish"));
    const complete = (line: string) => spawnSync("fish", ["--no-config", "-c", `source ${file}; complete -C '${line}'`], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
    expect(complete("ast-outline con")).toEqual([`context\t${COMMANDS.find((c) => c.name === "context")!.description}`]);
    expect(complete("ast-outline changed --format ").map((l) => l.split("\t")[0])).toEqual([...CHANGED_FORMATS].sort());
    expect(complete("ast-outline search --fi").map((l) => l.split("\t")[0])).toEqual(["--fixed-strings"]);
  });

  test.skipIf(!has("zsh"))("zsh: the script loads under compinit and registers itself", async () => {
    const file = join(dir.path, "_ast-outline");
    writeFileSync(file, await script("zsh"));
    const r = spawnSync("zsh", ["-f", "-c", `autoload -U compinit; compinit -u -d ${join(dir.path, "zcompdump")}; source ${file}; print -r -- $_comps[ast-outline]`], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("_ast-outline\n");
    expect(spawnSync("zsh", ["-n", file]).status).toBe(0);
  });
});
