// `ast-outline mcp`: the agent tools over MCP (stdio), on the official SDK. Tool descriptions
// teach the outline -> symbol -> region workflow; every failure is an error result with a
// hint, never a crash of the server.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { QUESTIONS } from "../app/questions.ts";
import { OutlineError } from "../core/errors.ts";
import { printable } from "../core/text/quote.ts";
import { VERSION } from "../version.ts";
import { inputSchema, readArgs } from "./schema.ts";
import type { AgentTools } from "./tools.ts";
import type { Workspace } from "../io/workspace.ts";

const WORKFLOW =
  "Workflow: get_outline first (line-numbered symbols, signatures, content hash), then get_symbol for " +
  "one definition (skeleton for long ones, then drill), then read_region for exact lines. Paths are " +
  "relative to the workspace root; nothing outside it is read.";

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
      "START HERE instead of reading a whole file. Returns a compact outline: every class, function and " +
      "method with its line range (1-based, inclusive) and signature, nested by indentation, plus the " +
      "file's imports and its content hash (sha256:...). For a folder, every supported file under it " +
      "(honours .gitignore; binary, minified and vendored files skipped), outlined until the answer is about " +
      "8,000 tokens, the rest named. Next: get_symbol for a definition, or read_region for exact lines. " + WORKFLOW,
    inputSchema: inputSchema(QUESTIONS.outline),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.outline, args); return getTools().getOutline(v.path, v.maxChildren, v.docs); }));

  register("get_symbol", {
    title: "Read one symbol",
    description:
      "The source of one definition by name: `name`, `Class.method` or a unique suffix (from get_outline). " +
      "mode=full: its exact text (decorators and doc comment included; for a nested function, the names it " +
      "uses from the enclosing function and where they are bound). mode=skeleton: signature, branch " +
      "structure (if/else, loops, try, switch/match arms with line ranges and conditions, bodies elided), " +
      "the calls it makes with lines, and its length. mode=drill with label (e.g. `if@12`, `for@30`, " +
      "`call:helper`, or a branch number from the skeleton): that one branch's text, or the called " +
      "function's definition. Default: skeleton for symbols over 80 lines (full text when a skeleton would not save 30%), full text below.",
    inputSchema: inputSchema(QUESTIONS.symbol),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.symbol, args); return getTools().getSymbol(v.path, v.name, v.mode, v.label, v.hash, v.focus); }));

  register("read_region", {
    title: "Read exact lines",
    description:
      "Lines start..end (1-based, inclusive) of any text file, numbered. Pass the hash get_outline gave " +
      "(sha256 or its first 8+ hex digits): if the file changed since, a `# STALE:` line under the header " +
      "says so: re-outline before trusting line numbers. With a symbol's hash (symbol:… from get_symbol): " +
      "the symbol's lines wherever it moved if unchanged, else its new range. At most 2000 lines a call.",
    inputSchema: inputSchema(QUESTIONS.region),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.region, args); return getTools().readRegion(v.path, v.start, v.end, v.hash); }));

  register("search_symbols", {
    title: "Find symbols by name",
    description:
      "Definitions across the workspace whose name (or, for a query with a dot, qualified name) matches: " +
      "exact first, then prefix, substring, and the query's letters in order; case-insensitive, a case-exact " +
      "match first. Each with path, line range, kind, qualified name and signature; the same answer as the " +
      "CLI's `search`, from the repository index. Use it to find where something is defined before " +
      "get_symbol; use grep for text that is not a definition.",
    inputSchema: inputSchema(QUESTIONS.search),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.search, args); return getTools().searchSymbols(v.query, v.kind, v.path, v.limit); }));

  register("get_calls", {
    title: "What a function calls",
    description:
      "The call chain from a symbol, depth-limited: each callee with the lines it is called on and where " +
      "it resolves (path:lines), and how: same-file, import, name-match (a definition with that name " +
      "elsewhere: not type-checked) or unresolved (builtins, dynamic calls). Cycles are cut.",
    inputSchema: inputSchema(QUESTIONS.calls),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.calls, args); return getTools().getCalls(v.path, v.name, v.depth, v.maxTokens); }));

  register("get_callers", {
    title: "Who calls a function",
    description:
      "Call sites of a name across the workspace, grouped by the enclosing symbol, each group marked " +
      "same-file, import or name-match. Matching is by the called name: `obj.save()` counts for any " +
      "`save`, so check the receiver when it matters.",
    inputSchema: inputSchema(QUESTIONS.callers),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.callers, args); return getTools().getCallers(v.name, v.path, v.maxTokens); }));

  register("digest", {
    title: "Map of the repository",
    description:
      "One line per source file: path, size class and line count, and its symbols (classes with their " +
      "members); when that does not fit the budget, the definitions the rest of the code refers to most, " +
      "with their headers, best first. `focus` (files you work on, or names) ranks around them. The same " +
      "map as the CLI's `digest`. For getting oriented; then get_outline on the files that matter.",
    inputSchema: inputSchema(QUESTIONS.digest),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.digest, args); return getTools().digest(v.path, v.maxTokens, v.focus); }));

  register("symbol_history", {
    title: "When and why a symbol changed",
    description:
      "The commits that added, modified, renamed or moved one symbol, newest first, following renames and " +
      "moves across files: per commit its date, change, flags (signature/body/cosmetic), line range and " +
      "subject; the same answer as the CLI's `history`.",
    inputSchema: inputSchema(QUESTIONS.history),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.history, args); return getTools().symbolHistory(v.path, v.name, v.limit, v.since); }));

  register("changed_symbols", {
    title: "Symbols a change touched",
    description: "Which symbols a git change added, removed, modified, renamed or moved (default: work tree against HEAD).",
    inputSchema: inputSchema(QUESTIONS.changed),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.changed, args); return getTools().changedSymbols(v.base, v.head, v.staged, v.impact); }));
  void workspace;
  return server;
}
