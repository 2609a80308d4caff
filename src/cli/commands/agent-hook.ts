// `ast-outline agent-hook <session-start|read>`: Claude Code's hooks (installed by `setup claude
// --hooks`). They only ever add context: a short ranked map when a session starts, the outline
// of a long file beside a Read of it (the Read still happens: never denied, never replaced).
// The answers are the CLI's own `digest` and `outline`. Any failure of the hook's own (bad
// input, no repository, a parse error) ends it quietly with exit 0, so the client carries on.
import { readFileSync, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { envAt, type Env } from "../../io/env.ts";
import { captureIO, type CliIO } from "../io.ts";
import { EXIT_OK, parseCount } from "../options.ts";

export interface AgentHookOptions {
  minLines?: unknown;
}

/** The map's budget: the digest's own estimate (characters / 4) under 600 o200k tokens (test/setup-budget.test.ts). */
export const SESSION_MAP_TOKENS = 340;
const READ_MAX_BYTES = 4 * 1024 * 1024;

async function run(args: string[], env: Env): Promise<string | undefined> {
  const { main } = await import("../main.ts");
  const io = captureIO();
  const code = await main(args, io, env);
  const out = io.stdout();
  return code === EXIT_OK && out.trim() ? out : undefined;
}

function answer(event: string, context: string): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: context } });
}

export async function agentHookCommand(event: string, options: AgentHookOptions, io: CliIO, env: Env): Promise<number> {
  try {
    const minLines = parseCount(options.minLines, "--min-lines", 200);
    const input = JSON.parse(readFileSync(0, "utf8")) as { cwd?: string; tool_name?: string; tool_input?: { file_path?: string; offset?: unknown; limit?: unknown } };
    const cwd = typeof input.cwd === "string" && isAbsolute(input.cwd) ? input.cwd : env.cwd;
    const here = envAt({ ...env, warn: () => {} }, cwd);
    if (event === "session-start") {
      const map = await run(["digest", "--max-tokens", String(SESSION_MAP_TOKENS)], here);
      if (map) io.out(answer("SessionStart", `Map of this repository by ast-outline (outline a file, read one symbol, search by name: see the ast-outline instructions or MCP tools):\n${map}`));
    } else if (event === "read") {
      const tool = input.tool_input;
      if (input.tool_name !== "Read" || !tool || typeof tool.file_path !== "string") return EXIT_OK;
      // A Read of chosen lines already targets what it needs.
      if (tool.offset !== undefined || tool.limit !== undefined) return EXIT_OK;
      const file = resolve(cwd, tool.file_path);
      const st = statSync(file);
      if (!st.isFile() || st.size > READ_MAX_BYTES) return EXIT_OK;
      const text = readFileSync(file, "utf8");
      const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
      if (lines <= minLines) return EXIT_OK;
      const outline = await run(["outline", file, "--max-children", "25"], here);
      if (outline) io.out(answer("PreToolUse", `${tool.file_path} has ${lines} lines. Its outline by ast-outline (to read one definition: ast-outline symbol <file> <name>, MCP get_symbol; or Read with offset/limit):\n${outline}`));
    }
  } catch {
    // The hook's own failure never stops the client.
  }
  return EXIT_OK;
}
