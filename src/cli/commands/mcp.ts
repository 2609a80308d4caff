import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { RootsListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { nodeUrl } from "../../core/builtins.ts";
import { createServer } from "../../mcp/server.ts";
import { computeChanges } from "../../app/changed.ts";
import { renderChangedText } from "../../render/changed-text.ts";
import { AgentTools } from "../../mcp/tools.ts";
import { Workspace } from "../../io/workspace.ts";
import { resolve } from "node:path";
import { envAt, type Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK } from "../options.ts";

export interface McpOptions {
  root?: string | string[];
}

/**
 * Serves until the client closes stdin. Roots: `--root` dirs if given, else the client's roots
 * (when it offers them), else the current folder. Paths are relative to the primary root.
 */
export async function mcpCommand(options: McpOptions, io: CliIO, env: Env): Promise<number> {
  const explicit = options.root === undefined ? [] : ([] as string[]).concat(options.root).map((r) => resolve(env.cwd, String(r)));
  let workspace = new Workspace(explicit.length ? explicit : [env.cwd]);
  let tools = new AgentTools(workspace, env);

  const server = createServer(() => tools, () => workspace, {
    // Revisions from the client get the same checks as on the command line (computeChanges);
    // only changes inside the workspace roots are read and reported.
    changed: async (args) => renderChangedText(await computeChanges({ env: envAt(env, workspace.primary), base: args.base, head: args.head, staged: args.staged, confine: workspace })),
  });
  const adoptClientRoots = async () => {
    if (explicit.length || !server.server.getClientCapabilities()?.roots) return;
    try {
      const { roots } = await server.server.listRoots();
      const dirs = roots.filter((r) => r.uri.startsWith("file://")).map((r) => nodeUrl().fileURLToPath(r.uri));
      if (!dirs.length) return;
      workspace = new Workspace(dirs);
      tools = new AgentTools(workspace, env);
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
  return EXIT_OK;
}
