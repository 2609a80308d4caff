// `ast-outline mcp`: the agent tools over MCP (stdio), on the official SDK. Tool descriptions
// teach the outline -> symbol -> region workflow; every failure is an error result with a
// hint, never a crash of the server.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { OutlineError } from "../core/errors.ts";
import { printable } from "../core/text/quote.ts";
import { VERSION } from "../version.ts";
import { AgentTools } from "./tools.ts";
import type { Workspace } from "../io/workspace.ts";

const WORKFLOW =
  "Workflow: get_outline first (line-numbered symbols, signatures, content hash), then get_symbol for " +
  "one definition (skeleton for long ones, then drill), then read_region for exact lines. Paths are " +
  "relative to the workspace root; nothing outside it is read.";

/** Control characters (C0, DEL, C1): no path, name or query an agent means contains one. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A string argument from the client: at most `max` characters, no control characters. A
 * violation is an error result naming the argument, before any tool runs.
 */
function text(max: number) {
  return z
    .string()
    .max(max, `at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), "control characters (NUL, newline, escape, ...) are not allowed");
}

const PATH_MAX = 4096;
const NAME_MAX = 1024;
/** Arguments several tools take. */
const FILE = () => text(PATH_MAX).describe("File, relative to the workspace root");
const WITHIN = () => text(PATH_MAX).optional().describe("Only files matching this glob or under this folder (e.g. src/**/*.py)");
const BUDGET = (tokens: number) => z.number().int().min(100).optional().describe(`Answer budget in tokens (default ${tokens})`);

async function answer(run: () => Promise<string> | string): Promise<CallToolResult> {
  try {
    return { content: [{ type: "text", text: await run() }] };
  } catch (e) {
    if (e instanceof OutlineError) {
      return { isError: true, content: [{ type: "text", text: printable(`${e.message}${e.hint ? ` (${e.hint})` : ""}`) }] };
    }
    const msg = printable(e instanceof Error ? e.message : String(e));
    return { isError: true, content: [{ type: "text", text: `internal error: ${msg} (this is a bug in ast-outline; the server keeps running)` }] };
  }
}

/** One tool call as answered: for the access log (`mcp --log`). */
export interface ToolCall {
  tool: string;
  arguments: Record<string, unknown>;
  /** The answer's text (an error result's message when `error`). */
  text: string;
  error: boolean;
  startedAt: Date;
  durationMs: number;
}

export interface ServerOptions {
  /** Whether changed_symbols is offered (a `changed` core exists). */
  changed?: (args: { base?: string; head?: string; staged?: boolean; impact?: boolean }) => Promise<string>;
  /** Told of every tool call once it is answered (arguments that failed validation never reach a tool). */
  onCall?: (call: ToolCall) => void;
}

export function createServer(getTools: () => AgentTools, workspace: () => Workspace, options: ServerOptions = {}): McpServer {
  const server = new McpServer({ name: "ast-outline", version: VERSION }, { instructions: WORKFLOW });
  const ro = { readOnlyHint: true, openWorldHint: false } as const;
  const onCall = options.onCall;
  // Every tool registers through here, so each call is timed and reported to onCall. (The
  // SDK's generic signature for registerTool is kept by typing `register` as it.)
  const register = (onCall
    ? (name: string, config: unknown, handler: (args: Record<string, unknown>) => Promise<CallToolResult>) =>
        server.registerTool(name, config as never, (async (args: Record<string, unknown>) => {
          const startedAt = new Date();
          const t0 = performance.now();
          const result = await handler(args);
          const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
          onCall({ tool: name, arguments: args, text, error: !!result.isError, startedAt, durationMs: performance.now() - t0 });
          return result;
        }) as never)
    : server.registerTool.bind(server)) as McpServer["registerTool"];

  register("get_outline", {
    title: "Outline a file or folder",
    description:
      "START HERE instead of reading a whole file: every class, function and method with its line range " +
      "(1-based, inclusive) and signature, nested, plus the imports and the content hash (sha256:...). A " +
      "folder: its source files (honours .gitignore) until about 8,000 tokens, the rest named. Next: " +
      "get_symbol for one definition, read_region for exact lines.",
    inputSchema: {
      path: text(PATH_MAX).describe("File or folder, relative to the workspace root (\".\" for all)"),
      max_children: z.number().int().min(0).optional().describe("Members shown per class (default 40, 0 = all)"),
      docs: z.boolean().optional().describe("Show every definition's doc sentence (default: only public top-level classes and functions)"),
    },
    annotations: ro,
  }, ({ path, max_children, docs }) => answer(() => getTools().getOutline(path, max_children ?? 40, docs ?? false)));

  register("get_symbol", {
    title: "Read one symbol",
    description:
      "One definition by name (`name`, `Class.method` or a unique suffix, from get_outline), instead of " +
      "reading its file. mode=full: its exact text, decorators and doc included. mode=skeleton: signature, " +
      "branches (if, loops, try, match arms with lines and conditions), calls, length. mode=drill with a " +
      "label (`if@12`, `call:helper`, a branch number): that branch, or the callee's definition. Default: " +
      "skeleton over 80 lines, else full.",
    inputSchema: {
      path: FILE(),
      name: text(NAME_MAX).describe("Symbol name, qualified name (Class.method) or unique suffix"),
      mode: z.enum(["skeleton", "full", "drill"]).optional().describe("skeleton | full | drill (default: by size)"),
      label: text(NAME_MAX).optional().describe("For mode=drill: a label from the skeleton (if@12, call:foo, 3)"),
      hash: text(128).optional().describe("symbol:… hash from an earlier read: answers unchanged, or the new text marked CHANGED"),
      focus: text(NAME_MAX).optional().describe("Words of your task: a skeleton with the branches and lines mentioning them in full"),
    },
    annotations: ro,
  }, ({ path, name, mode, label, hash, focus }) => answer(() => getTools().getSymbol(path, name, mode, label, hash, focus)));

  register("read_region", {
    title: "Read exact lines",
    description:
      "Exact lines start..end (1-based, inclusive) of a text file, numbered, at most 2000. Pass the hash " +
      "get_outline gave: a `# STALE:` line says the file changed since (outline it again); a symbol:… hash " +
      "reads that symbol where it moved. Use for lines no symbol covers.",
    inputSchema: {
      path: FILE(),
      start: z.number().int().min(1).describe("First line (1-based)"),
      end: z.number().int().min(1).describe("Last line (inclusive)"),
      hash: text(128).optional().describe("File hash (sha256:…) or a symbol's (symbol:…), to detect a stale read"),
    },
    annotations: ro,
  }, ({ path, start, end, hash }) => answer(() => getTools().readRegion(path, start, end, hash)));

  register("search_symbols", {
    title: "Find symbols by name",
    description:
      "Where a name is defined across the workspace: exact matches first, then prefix, substring, letters " +
      "in order (case-insensitive), each with path, lines, kind and signature. Use it when you do not know " +
      "the file, before get_symbol; grep for text that is not a definition.",
    inputSchema: {
      query: text(NAME_MAX).describe("Name, Class.method, or part of one"),
      kind: text(64).optional().describe("Only this kind: class, function, method, interface, struct, ..."),
      path: WITHIN(),
      limit: z.number().int().min(1).max(500).optional().describe("At most this many results (default 50)"),
    },
    annotations: ro,
  }, ({ query, kind, path, limit }) => answer(() => getTools().searchSymbols(query, kind, path, limit ?? 50)));

  register("get_calls", {
    title: "What a function calls",
    description:
      "What a function calls, depth-limited: each callee's call lines and where it resolves (same-file, " +
      "import, name-match: not type-checked, or unresolved). Use to follow a flow without opening files.",
    inputSchema: {
      path: FILE(),
      name: text(NAME_MAX).describe("The calling symbol (name or Class.method)"),
      depth: z.number().int().min(1).max(5).optional().describe("Levels to follow (default 2, max 5)"),
      max_tokens: BUDGET(2000),
    },
    annotations: ro,
  }, ({ path, name, depth, max_tokens }) => answer(() => getTools().getCalls(path, name, depth ?? 2, max_tokens ?? 2000)));

  register("get_callers", {
    title: "Who calls a function",
    description:
      "Call sites of a name across the workspace, grouped by enclosing symbol (same-file, import or " +
      "name-match: `obj.save()` counts for any `save`). Use before changing a signature.",
    inputSchema: {
      name: text(NAME_MAX).describe("Function or method name (Class.method: the last part is matched)"),
      path: WITHIN(),
      max_tokens: BUDGET(2000),
    },
    annotations: ro,
  }, ({ name, path, max_tokens }) => answer(() => getTools().getCallers(name, path, max_tokens ?? 2000)));

  register("digest", {
    title: "Map of the repository",
    description:
      "A map of the repository: per file its size and symbols, or when that does not fit, the definitions " +
      "referred to most, best first; `focus` ranks around files or names. Use first in an unfamiliar " +
      "repository, then get_outline on the files that matter.",
    inputSchema: {
      path: WITHIN(),
      focus: z.array(text(PATH_MAX)).max(64).optional().describe("Files, folders (relative to the workspace root) or definition names to rank around"),
      max_tokens: BUDGET(4000),
    },
    annotations: ro,
  }, ({ path, focus, max_tokens }) => answer(() => getTools().digest(path, max_tokens ?? 4000, focus ?? [])));

  register("symbol_history", {
    title: "When and why a symbol changed",
    description:
      "The commits that added, modified, renamed or moved one symbol, newest first, following renames and " +
      "moves: date, change, flags, lines, subject. Use to learn why code is as it is.",
    inputSchema: {
      path: FILE(),
      name: text(NAME_MAX).describe("Symbol name or Class.method, as it is at HEAD"),
      limit: z.number().int().min(1).max(500).optional().describe("At most this many commits (default 20)"),
      since: text(64).optional().describe("Only commits since this date (2024-01-31, `6 months ago`)"),
    },
    annotations: ro,
  }, ({ path, name, limit, since }) => answer(() => getTools().symbolHistory(path, name, limit ?? 20, since)));

  if (options.changed) {
    const changed = options.changed;
    register("changed_symbols", {
      title: "Symbols a change touched",
      description: "Which symbols a git change added, removed, modified, renamed or moved (default: work tree against HEAD). Use to review a change, or before committing.",
      inputSchema: {
        base: text(NAME_MAX).optional().describe("Base revision (default HEAD)"),
        head: text(NAME_MAX).optional().describe("Head revision (default: the work tree)"),
        staged: z.boolean().optional().describe("Compare HEAD with the index"),
        impact: z.boolean().optional().describe("Also the call sites the change left behind for each removed, renamed, moved or re-declared function (`breaks` where the new signature cannot take the call)"),
      },
      annotations: ro,
    }, (args) => answer(() => changed(args)));
  }
  void workspace;
  return server;
}
