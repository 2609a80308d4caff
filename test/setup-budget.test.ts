// What setup puts in front of the model, measured in o200k tokens: the workflow (`prompt`, the
// instructions block, the skill) under 400, covering every step; the SessionStart map under 600.
// And the hooks' protocol with Claude Code: JSON with hookSpecificOutput.additionalContext, never
// a permission decision, exit 0 with nothing on any failure of their own.
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { WORKFLOW } from "../src/app/setup/instructions.ts";
import { BINARY, ROOT, binaryAvailable, runCli, tempDir } from "./helpers/cli.ts";

const tokens = (text: string) => new Tiktoken(o200k).encode(text, "all").length;

test("the workflow is under 400 tokens and names every step, CLI and MCP", async () => {
  const prompt = (await runCli(["prompt"])).stdout;
  expect(prompt).toBe(WORKFLOW);
  console.log(`workflow: ${tokens(prompt)} o200k tokens`);
  expect(tokens(prompt)).toBeLessThan(400);
  for (const step of ["digest", "search", "outline", "symbol", "--skeleton", "region", "context", "calls", "callers", "changed", "history", "search --text"]) expect(prompt).toContain(`${step === "search --text" ? "" : "ast-outline "}${step === "--skeleton" ? "symbol" : step}`);
  for (const tool of ["get_outline", "get_symbol", "read_region", "search_symbols", "digest", "get_context", "get_calls", "get_callers", "changed_symbols", "symbol_history"]) expect(prompt).toContain(tool);
});

function hook(event: string, input: unknown, cwd = ROOT) {
  const r = spawnSync(BINARY, ["agent-hook", event], { cwd, input: typeof input === "string" ? input : JSON.stringify(input), encoding: "utf8", timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.skipIf(!binaryAvailable())("Claude Code hooks (the compiled binary, as Claude Code runs it)", () => {
  test("read: a long file gets its outline as additional context, and the Read goes on", () => {
    const file = join(ROOT, "src", "io", "git.ts");
    const r = hook("read", { hook_event_name: "PreToolUse", cwd: ROOT, tool_name: "Read", tool_input: { file_path: file } });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(["hookSpecificOutput"]);
    expect(Object.keys(out.hookSpecificOutput).sort()).toEqual(["additionalContext", "hookEventName"]);
    expect(out.hookSpecificOutput.hookEventName).toBe("PreToolUse");
    expect(out.hookSpecificOutput.additionalContext).toContain("src/io/git.ts (typescript,");
  });

  test("read: nothing for a short file, a chosen range, another tool, or input that is not JSON", () => {
    const short = join(ROOT, "src", "cli", "index.ts");
    for (const input of [
      { cwd: ROOT, tool_name: "Read", tool_input: { file_path: short } },
      { cwd: ROOT, tool_name: "Read", tool_input: { file_path: join(ROOT, "src", "io", "git.ts"), offset: 10, limit: 20 } },
      { cwd: ROOT, tool_name: "Grep", tool_input: { pattern: "x" } },
      { cwd: ROOT, tool_name: "Read", tool_input: { file_path: join(ROOT, "no-such-file.ts") } },
      "not json",
    ]) {
      const r = hook("read", input);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe("");
    }
  });

  test("session-start: a ranked map under 600 tokens", () => {
    const t = tempDir("ast-outline-session-");
    try {
      cpSync(join(ROOT, "src"), join(t.path, "src"), { recursive: true });
      writeFileSync(join(t.path, ".gitignore"), ".ast_outline_cache/\n");
      spawnSync("git", ["init", "-q", t.path]);
      spawnSync("git", ["-C", t.path, "add", "."]);
      const r = hook("session-start", { hook_event_name: "SessionStart", source: "startup", cwd: t.path }, t.path);
      expect(r.code).toBe(0);
      const context = JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string;
      console.log(`session map: ${tokens(context)} o200k tokens`);
      expect(context).toContain("src/");
      expect(tokens(context)).toBeLessThanOrEqual(600);
      // Outside a repository, or on bad input: nothing, exit 0.
      expect(hook("session-start", "{").stdout).toBe("");
    } finally {
      t.cleanup();
    }
  }, 120_000);
});
