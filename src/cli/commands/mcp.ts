import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { RootsListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { nodeUrl } from "../../io/builtins.ts";
import { createServer, type ToolCall } from "../../mcp/server.ts";
import { AccessLog, type AccessLogLine } from "../../io/access-log.ts";
import { estimateTokens } from "../../core/text/tokens.ts";
import { decodeSource } from "../../core/text/lines.ts";
import { REGION_MAX_BYTES } from "../../app/region.ts";
import { AgentTools, DEFAULT_PATIENCE_MS } from "../../mcp/tools.ts";
import { Workspace } from "../../io/workspace.ts";
import { resolve } from "node:path";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseCount } from "../options.ts";

export interface McpOptions {
  root?: string | string[];
  log?: string;
  readOnly?: boolean;
  patience?: unknown;
}

/**
 * Serves until the client closes stdin. Roots: `--root` dirs if given, else the client's roots
 * (when it offers them), else the current folder. Paths are relative to the primary root.
 */
export async function mcpCommand(options: McpOptions, io: CliIO, given: Env): Promise<number> {
  const patienceMs = parseCount(options.patience, "--patience", DEFAULT_PATIENCE_MS / 1000, 3600) * 1000;
  // Read-only: the index lives in memory (app/index/lookup.ts: no cache is read or written).
  const env: Env = options.readOnly ? { ...given, vars: { ...given.vars, AST_OUTLINE_NO_CACHE: "1" } } : given;
  const explicit = options.root === undefined ? [] : ([] as string[]).concat(options.root).map((r) => resolve(env.cwd, String(r)));
  let workspace = new Workspace(explicit.length ? explicit : [env.cwd]);
  let tools = new AgentTools(workspace, env, patienceMs);
  const log = options.log === undefined ? undefined : AccessLog.open(resolve(env.cwd, String(options.log)));

  const server = createServer(() => tools, () => workspace, {
    readOnly: !!options.readOnly,
    onCall: log && ((call) => log.write(logLine(call, workspace))),
  });
  const adoptClientRoots = async () => {
    if (explicit.length || !server.server.getClientCapabilities()?.roots) return;
    try {
      const { roots } = await server.server.listRoots();
      const dirs = roots.filter((r) => r.uri.startsWith("file://")).map((r) => nodeUrl().fileURLToPath(r.uri));
      if (!dirs.length) return;
      workspace = new Workspace(dirs);
      tools = new AgentTools(workspace, env, patienceMs);
    } catch (e) {
      io.note(`could not use the client's roots (${e instanceof Error ? e.message : String(e)}); serving ${workspace.primary}`);
    }
  };
  server.server.oninitialized = () => void adoptClientRoots();
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, () => adoptClientRoots());

  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.on("end", () => resolve());
  });
  await server.connect(transport);
  await closed;
  log?.close();
  return EXIT_OK;
}

/** A call's log line; a call naming one file also says what that whole file would have cost. */
function logLine(call: ToolCall, workspace: Workspace): AccessLogLine {
  const line: AccessLogLine = {
    time: call.startedAt.toISOString(),
    tool: call.tool,
    arguments: call.arguments,
    resultTokens: estimateTokens(call.text),
    durationMs: Math.round(call.durationMs * 10) / 10,
    error: call.error ? call.text : null,
  };
  const path = call.arguments.path;
  if (typeof path === "string" && !call.error) {
    try {
      if (workspace.probe(path) === "file") line.fileTokens = estimateTokens(decodeSource(workspace.read(path, REGION_MAX_BYTES).bytes));
    } catch {
      // Gone or refused since the call: the line goes without the file's cost.
    }
  }
  return line;
}
