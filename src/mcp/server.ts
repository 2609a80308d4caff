// `ast-outline mcp`: the agent tools over MCP (stdio), on the official SDK. Tool descriptions
// teach the outline -> symbol -> region workflow; every failure is an error result with a
// hint, never a crash of the server.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { QUESTIONS } from "../app/questions.ts";
import { OutlineError, errorLine, usageError } from "../core/errors.ts";
import { printable } from "../core/text/quote.ts";
import { VERSION } from "../version.ts";
import { inputSchema, readArgs } from "./schema.ts";
import type { AgentTools, Waiting } from "./tools.ts";
import type { Workspace } from "../io/workspace.ts";

const WORKFLOW =
  "Workflow: get_outline first (line-numbered symbols, signatures, content hash), then get_symbol for " +
  "one definition (skeleton for long ones, then drill), then read_region for exact lines. Paths are " +
  "relative to the workspace root; nothing outside it is read.";

/** What the server writes, said up front: teams refuse a tool that writes into their checkout unasked. */
const WRITES =
  " Writes: search_symbols and digest keep an index in .ast_outline_cache/ at the repository's top " +
  "(listed in .git/info/exclude, never in .gitignore); start the server with `mcp --read-only` to write nothing.";
const READ_ONLY = " Read-only: this server writes nothing (its index is kept in memory).";

async function answer(run: () => Promise<string> | string): Promise<CallToolResult> {
  try {
    return { content: [{ type: "text", text: await run() }] };
  } catch (e) {
    if (e instanceof OutlineError) {
      return { isError: true, content: [{ type: "text", text: printable(errorLine(e)) }] };
    }
    const msg = printable(e instanceof Error ? e.message : String(e));
    return { isError: true, content: [{ type: "text", text: `internal error: ${msg} (this is a bug in ast-outline; the server keeps running)` }] };
  }
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * While a question waits for the repository index: progress notifications to a client that asked
 * for them (a progressToken), each saying how many files are indexed of those listed. The first
 * goes out soon after the call (app/index/workspace-index.ts: FIRST_TICK_MS) if the index is not
 * ready by then, so the client knows the call is alive; the rest only as the count grows (the
 * protocol wants it to increase).
 */
function waiting(extra: Extra, patienceMs: number | undefined): Waiting {
  const token = extra._meta?.progressToken;
  if (token === undefined) return { patienceMs };
  let last = -1;
  const send = (progress: number, total: number | undefined, message: string) => {
    if (progress <= last || extra.signal.aborted) return;
    last = progress;
    extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress, ...(total ? { total } : {}), message } }).catch(() => undefined);
  };
  return {
    patienceMs,
    progress: ({ indexed, listed }) => send(indexed, listed || undefined, listed ? `indexing the workspace: ${indexed} of ${listed} source files` : "indexing the workspace: listing its files"),
  };
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
  /** Started with --read-only: the instructions say it writes nothing. */
  readOnly?: boolean;
  /** How long search_symbols and digest wait for an index being built (default: the tools'). */
  patienceMs?: number;
  /** Told of every tool call once it is answered (arguments that failed validation never reach a tool). */
  onCall?: (call: ToolCall) => void;
}

export function createServer(getTools: () => AgentTools, workspace: () => Workspace, options: ServerOptions = {}): McpServer {
  const server = new McpServer({ name: "ast-outline", version: VERSION }, { instructions: WORKFLOW + (options.readOnly ? READ_ONLY : WRITES) });
  const ro = { readOnlyHint: true, openWorldHint: false } as const;
  const onCall = options.onCall;
  // Every tool registers through here, so each call is timed and reported to onCall. (The
  // SDK's generic signature for registerTool is kept by typing `register` as it.)
  const register = (onCall
    ? (name: string, config: unknown, handler: (args: Record<string, unknown>, extra: Extra) => Promise<CallToolResult>) =>
        server.registerTool(name, config as never, (async (args: Record<string, unknown>, extra: Extra) => {
          const startedAt = new Date();
          const t0 = performance.now();
          const result = await handler(args, extra);
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
    inputSchema: inputSchema(QUESTIONS.outline),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.outline, args); return getTools().getOutline(v.path, v.maxChildren, v.docs); }));

  register("get_symbol", {
    title: "Read one symbol",
    description:
      "One definition by name (`name`, `Class.method` or a unique suffix, from get_outline), instead of " +
      "reading its file. mode=full: its exact text, decorators and doc included. mode=skeleton: signature, " +
      "branches (if, loops, try, match arms with lines and conditions), calls, length. mode=drill with a " +
      "label (`if@12`, `call:helper`, a branch number): that branch, or the callee's definition. Default: " +
      "skeleton over 80 lines, else full.",
    inputSchema: inputSchema(QUESTIONS.symbol),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.symbol, args); return getTools().getSymbol(v.path, v.name, v.mode, v.label, v.hash, v.focus); }));

  register("read_region", {
    title: "Read exact lines",
    description:
      "Exact lines start..end (1-based, inclusive) of a text file, numbered, at most 2000. Pass the hash " +
      "get_outline gave: a `# STALE:` line says the file changed since (outline it again); a symbol:… hash " +
      "reads that symbol where it moved. Use for lines no symbol covers.",
    inputSchema: inputSchema(QUESTIONS.region),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.region, args); return getTools().readRegion(v.path, v.start, v.end, v.hash); }));

  register("search_symbols", {
    title: "Find symbols by name",
    description:
      "Where a name is defined across the workspace: exact matches first, then prefix, substring, letters " +
      "in order (case-insensitive), each with path, lines, kind and signature. Use it when you do not know " +
      "the file, before get_symbol. text=true, instead of grep: the lines containing the query (strings, " +
      "error messages, config keys), each under its enclosing symbol.",
    inputSchema: inputSchema(QUESTIONS.search),
    annotations: ro,
  }, (args, extra) => answer(() => {
    const v = readArgs(QUESTIONS.search, args);
    if (v.text) {
      if (v.kind !== undefined) throw usageError("kind does not go with text", "a text search answers with the symbols around its lines, of any kind");
      return getTools().searchText(v.query, v.path, v.limit, v.fixedStrings);
    }
    return getTools().searchSymbols(v.query, v.kind, v.path, v.limit, waiting(extra, options.patienceMs));
  }));

  register("get_context", {
    title: "A symbol and what it needs",
    description:
      "One symbol with what you need around it, in one call, within max_tokens: its text (or skeleton), " +
      "the signatures of what it calls (resolved), the types it names, its callers' lines; says what it cut. " +
      "Use before changing a function, instead of get_symbol + get_calls + get_callers.",
    inputSchema: inputSchema(QUESTIONS.context),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.context, args); return getTools().getContext(v.path, v.name, v.maxTokens); }));

  register("get_calls", {
    title: "What a function calls",
    description:
      "What a function calls, depth-limited: each callee's call lines and where it resolves (same-file, " +
      "import, name-match: not type-checked, or unresolved). Use to follow a flow without opening files.",
    inputSchema: inputSchema(QUESTIONS.calls),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.calls, args); return getTools().getCalls(v.path, v.name, v.depth, v.maxTokens); }));

  register("get_callers", {
    title: "Who calls a function",
    description:
      "Call sites of a name across the workspace, grouped by enclosing symbol (same-file, import or " +
      "name-match: `obj.save()` counts for any `save`). Use before changing a signature.",
    inputSchema: inputSchema(QUESTIONS.callers),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.callers, args); return getTools().getCallers(v.name, v.path, v.maxTokens); }));

  register("digest", {
    title: "Map of the repository",
    description:
      "A map of the repository: per file its size and symbols, or when that does not fit, the definitions " +
      "referred to most, best first; `focus` ranks around files or names. Use first in an unfamiliar " +
      "repository, then get_outline on the files that matter.",
    inputSchema: inputSchema(QUESTIONS.digest),
    annotations: ro,
  }, (args, extra) => answer(() => { const v = readArgs(QUESTIONS.digest, args); return getTools().digest(v.path, v.maxTokens, v.focus, waiting(extra, options.patienceMs)); }));

  register("symbol_history", {
    title: "When and why a symbol changed",
    description:
      "The commits that added, modified, renamed or moved one symbol, newest first, following renames and " +
      "moves: date, change, flags, lines, subject. Use to learn why code is as it is.",
    inputSchema: inputSchema(QUESTIONS.history),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.history, args); return getTools().symbolHistory(v.path, v.name, v.limit, v.since); }));

  register("changed_symbols", {
    title: "Symbols a change touched",
    description: "Which symbols a git change added, removed, modified, renamed or moved (default: work tree against HEAD). Use to review a change, or before committing.",
    inputSchema: inputSchema(QUESTIONS.changed),
    annotations: ro,
  }, (args) => answer(() => { const v = readArgs(QUESTIONS.changed, args); return getTools().changedSymbols(v.base, v.head, v.staged, v.impact, v.tests); }));
  void workspace;
  return server;
}
