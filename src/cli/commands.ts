// The CLI's command table, as data: each command's usage, options, how the compiled binary
// starts it (src/bin/startup.ts reads this table) and the module that runs it, loaded on use
// (`--version` or `region` must not pay for the MCP SDK). Type imports only: the binary's
// start-up seam loads this before anything else.
import type { Env } from "../io/env.ts";
import type { CliIO } from "./io.ts";

/**
 * How the compiled binary starts a command (src/bin/startup.ts):
 * - `parses`: a short run that parses source: started again at once without JSC's optimizing tiers;
 * - `cached`: the same, unless a cache may answer it (then it parses nothing); a folder outline decides late;
 * - `refreshes`: it learns only while refreshing the index how much it will parse, and decides then;
 * - `keeps`: runs as it is (no parsing, or a long-running server).
 */
export type Startup = "parses" | "cached" | "refreshes" | "keeps";

export interface OptionSpec {
  /** cac's form: `--format <format>` takes a value, `--docs` does not. */
  flags: string;
  description: string;
  default?: string | number;
  /** The command starts as it is when this flag is given (it hands its work to another process). */
  keepsStartup?: true;
}

export interface CommandSpec {
  name: string;
  /** cac's form: `outline [...paths]`, `symbol <file> <...names>`. */
  usage: string;
  description: string;
  options: OptionSpec[];
  startup: Startup;
  /** Runs it: the positional arguments, then the options, as cac passes them to an action. */
  run(io: CliIO, env: Env, ...args: any[]): Promise<number>;
}

const FORMAT = (formats: string) => ({ flags: "--format <format>", description: formats, default: formats.split(" | ")[0] });

export const COMMANDS: CommandSpec[] = [
  {
    name: "outline", usage: "outline [...paths]", description: "Outline files and folders (recursive, honours .gitignore)", startup: "cached",
    options: [
      FORMAT("text | json | jsonl"),
      { flags: "--max-children <n>", description: "Members shown per container: text 40 by default (0: all); JSON lists all unless given" },
      { flags: "--docs", description: "Text: every doc sentence, members' and values' too (default: public top-level ones)" },
      { flags: "--max-size <size>", description: "Skip files larger than this (e.g. 4M)" },
      { flags: "--language <id>", description: "Parse as this language (see `languages`)" },
    ],
    run: async (io, env, paths, opts) => (await import("./commands/outline.ts")).outlineCommand(paths, opts, io, env),
  },
  {
    name: "symbol", usage: "symbol <file> <...names>", description: "Source of symbols by name, qualified name (Class.method) or unique suffix", startup: "cached",
    options: [
      FORMAT("text | json"),
      { flags: "--language <id>", description: "Parse as this language" },
      { flags: "--max-size <size>", description: "Refuse files larger than this (e.g. 4M)" },
      { flags: "--skeleton", description: "Signature, branches, calls and size instead of the body" },
      { flags: "--drill <label>", description: "One branch (if@12, 3) or one call's target (call:foo) of the skeleton" },
      { flags: "--focus <words>", description: "With --skeleton: branches and lines mentioning these words shown in full" },
      { flags: "--hash <h>", description: "The symbol:… hash of an earlier read: `unchanged`, or the text marked CHANGED" },
    ],
    run: async (io, env, file, names, opts) => (await import("./commands/symbol.ts")).symbolCommand(file, names, opts, io, env),
  },
  {
    name: "calls", usage: "calls <file> <symbol>", description: "The call chain from a symbol, each call resolved (same-file, import, name-match)", startup: "parses",
    options: [
      { flags: "--depth <n>", description: "Levels to follow (1-5)", default: 2 },
      { flags: "--max-tokens <n>", description: "Cut the answer to about this many tokens", default: 2000 },
    ],
    run: async (io, env, file, name, opts) => (await import("./commands/calls.ts")).callsCommand(file, name, opts, io, env),
  },
  {
    name: "callers", usage: "callers <symbol>", description: "Call sites of a name across the repo, grouped by enclosing symbol", startup: "parses",
    options: [
      { flags: "--path <glob>", description: "Only files matching this glob or under this folder" },
      { flags: "--max-tokens <n>", description: "Cut the answer to about this many tokens", default: 2000 },
    ],
    run: async (io, env, name, opts) => (await import("./commands/calls.ts")).callersCommand(name, opts, io, env),
  },
  {
    name: "mcp", usage: "mcp", description: "Serve the tools over MCP on stdio (for Claude Code, Cursor, ...)", startup: "keeps",
    options: [
      { flags: "--root <dir>", description: "A workspace root the tools may read (repeatable; default: the current folder)" },
      { flags: "--log <file>", description: "Append one JSON line per tool call (time, tool, arguments, tokens, duration, error); `stats` sums it" },
    ],
    run: async (io, env, opts) => (await import("./commands/mcp.ts")).mcpCommand(opts, io, env),
  },
  {
    name: "stats", usage: "stats <file>", description: "Totals of an MCP access log (mcp --log): calls, tokens returned, what whole files would have cost", startup: "keeps",
    options: [FORMAT("text | json")],
    run: async (io, env, file, opts) => (await import("./commands/stats.ts")).statsCommand(file, opts, io, env),
  },
  {
    name: "prompt", usage: "prompt", description: "Print a snippet for AGENTS.md / CLAUDE.md that teaches the workflow", startup: "keeps",
    options: [],
    run: async (io) => (await import("./commands/prompt.ts")).promptCommand(io),
  },
  {
    name: "region", usage: "region <file> <start> <end>", description: "Lines start..end (1-based, inclusive), numbered", startup: "keeps",
    options: [
      { flags: "--hash <sha256>", description: "Warn when the file no longer has this content hash" },
      FORMAT("text | json"),
    ],
    run: async (io, env, file, start, end, opts) => (await import("./commands/region.ts")).regionCommand(file, start, end, opts, io, env),
  },
  {
    name: "changed", usage: "changed", description: "Symbols a commit, branch, PR or the work tree added, removed, modified, renamed or moved", startup: "parses",
    options: [
      { flags: "--base <rev>", description: "Compare from this revision (default: HEAD)" },
      { flags: "--head <rev>", description: "Compare to this revision (default: the work tree)" },
      { flags: "--staged", description: "Compare the base with the index (what `git commit` would record)" },
      { flags: "--merge-base", description: "Compare from the merge base of base and head (what a PR shows)" },
      FORMAT("text | json | markdown | github | sarif | rdjson | patch"),
      { flags: "--exit-code", description: "Exit 1 when any symbol changed, 0 when none" },
      { flags: "--fail-on <what>", description: "Exit 1 on: none | removed | signature-change | value-change | doc-change | any (each includes the ones before)" },
      { flags: "--level <level>", description: "Level of each sarif/rdjson finding: note | warning | error" },
      { flags: "--max-size <size>", description: "Files larger than this are listed without symbols (e.g. 4M)" },
      { flags: "--impact", description: "Also list the call sites a removed, renamed, moved or re-declared function still has" },
    ],
    run: async (io, env, opts) => (await import("./commands/changed.ts")).changedCommand(opts, io, env),
  },
  {
    name: "history", usage: "history <file> <symbol>", description: "Commits that added, modified, renamed or moved a symbol, newest first (follows renames and moves)", startup: "parses",
    options: [
      { flags: "--limit <n>", description: "At most this many commits (0: all)", default: 0 },
      { flags: "--since <date>", description: "Only commits since this date (2024-01-31, `6 months ago`)" },
      { flags: "--rev <rev>", description: "Start from this revision (default: HEAD)" },
      FORMAT("text | json | markdown"),
      { flags: "--max-size <size>", description: "Versions larger than this are not compared (e.g. 4M)" },
    ],
    run: async (io, env, file, symbol, opts) => (await import("./commands/history.ts")).historyCommand(file, symbol, opts, io, env),
  },
  {
    name: "languages", usage: "languages", description: "Supported languages, extensions and grammar versions", startup: "keeps",
    options: [FORMAT("text | json")],
    run: async (io, _env, opts) => (await import("./commands/languages.ts")).languagesCommand(opts, io),
  },
  {
    name: "dump-tree", usage: "dump-tree <file>", description: "Print the syntax tree of a file (for writing queries)", startup: "parses",
    options: [{ flags: "--language <id>", description: "Parse as this language" }],
    run: async (io, env, file, opts) => (await import("./commands/dump-tree.ts")).dumpTreeCommand(file, opts, io, env),
  },
  {
    name: "index", usage: "index", description: "Build or refresh .ast_outline_cache/ for the repository (only what changed is parsed)", startup: "refreshes",
    options: [
      { flags: "--root <dir>", description: "Index this folder instead of the git repository around the current one" },
      { flags: "--max-size <size>", description: "Skip files larger than this (default 4M)" },
      { flags: "--threads <n>", description: "Parse on this many threads (default: all cores)" },
      FORMAT("text | json (the summary)"),
    ],
    run: async (io, env, opts) => (await import("./commands/index-repo.ts")).indexCommand(opts, io, env),
  },
  {
    name: "search", usage: "search <query>", description: "Symbols across the repository by name, Class.method, prefix, substring or fuzzy match", startup: "refreshes",
    options: [
      { flags: "--kind <kind>", description: "Only these kinds (class, function, method, ...; repeat or comma-separate)" },
      { flags: "--path <glob>", description: "Only files matching this glob or path prefix (repeatable)" },
      { flags: "--limit <n>", description: "At most this many results (0: all)", default: 50 },
      FORMAT("text | json"),
      { flags: "--root <dir>", description: "Search this folder instead of the git repository around the current one" },
    ],
    run: async (io, env, query, opts) => (await import("./commands/search.ts")).searchCommand(query, opts, io, env),
  },
  {
    name: "digest", usage: "digest [path]", description: "One-page map of the repository or a folder: per file its size class and symbols, ranked by references when it does not fit whole", startup: "refreshes",
    options: [
      { flags: "--max-tokens <n>", description: "Fit the map into about this many tokens (chars/4)", default: 2000 },
      { flags: "--focus <paths or names>", description: "Rank around these files, folders or definition names (comma-separated, repeatable)" },
      { flags: "--flat", description: "The flat map (every file, detail dropped until it fits) even when it does not fit whole" },
      { flags: "--root <dir>", description: "Map this folder instead of the git repository around the current one" },
    ],
    run: async (io, env, path, opts) => (await import("./commands/digest.ts")).digestCommand(path, opts, io, env),
  },
  {
    name: "hook", usage: "hook <action>", description: "Git pre-commit integration: install | uninstall | run (refresh the cache from staged content)", startup: "parses",
    options: [
      { flags: "--strict", description: "run: fail (exit 1) on a problem instead of warning" },
      { flags: "--background", description: "run: refresh in a process of its own that goes on after the commit (problems are not reported; not with --strict)", keepsStartup: true },
      { flags: "--force", description: "install: also into a core.hooksPath shared with other repositories" },
    ],
    run: async (io, env, action, opts) => (await import("./commands/hook.ts")).hookCommand(action, opts, io, env),
  },
  {
    name: "setup", usage: "setup [...clients]", description: "Register the MCP server and write the agent instructions for clients: claude codex gemini copilot vscode cursor opencode claude-desktop zed windsurf (or all)", startup: "keeps",
    options: [
      { flags: "--scope <scope>", description: "project (files in this repository) or user (your home folder)", default: "project" },
      { flags: "--dry-run", description: "Print the changes as a unified diff; write nothing" },
      { flags: "--uninstall", description: "Take back what setup wrote: every file as it was, files it made removed" },
      { flags: "--hooks", description: "Claude Code: also add the SessionStart map and the outline beside long Reads" },
      { flags: "--command <path>", description: "The command clients start (default: this ast-outline, or the npm launcher that ran it)" },
    ],
    run: async (io, env, clients, opts) => (await import("./commands/setup.ts")).setupCommand(clients, opts, io, env),
  },
  {
    name: "agent-hook", usage: "agent-hook <event>", description: "Claude Code hook (installed by setup --hooks): session-start (a short map) | read (the outline beside a long Read)", startup: "keeps",
    options: [{ flags: "--min-lines <n>", description: "read: only files longer than this", default: 200 }],
    run: async (io, env, event, opts) => (await import("./commands/agent-hook.ts")).agentHookCommand(event, opts, io, env),
  },
];

/** The seed documents' names, as aliases: `get-outline --file-path F`, `get-symbol --file-path F --symbol S` (other options as the command's own). */
const optionsOf = (name: string) => COMMANDS.find((c) => c.name === name)!.options;
COMMANDS.push(
  {
    name: "get-outline", usage: "get-outline", description: "Alias: outline of --file-path", startup: "cached",
    options: [{ flags: "--file-path <file>", description: "The file or folder to outline (repeatable)" }, ...optionsOf("outline")],
    run: async (io, env, opts) => (await import("./commands/aliases.ts")).getOutlineCommand(opts, io, env),
  },
  {
    name: "get-symbol", usage: "get-symbol", description: "Alias: symbol --symbol of --file-path", startup: "cached",
    options: [{ flags: "--file-path <file>", description: "The file" }, { flags: "--symbol <name>", description: "The symbol (repeatable)" }, ...optionsOf("symbol")],
    run: async (io, env, opts) => (await import("./commands/aliases.ts")).getSymbolCommand(opts, io, env),
  },
);

/** The options of a command that take a value (their next argument is not a positional one). */
export function valueOptions(spec: CommandSpec): Set<string> {
  const out = new Set<string>();
  for (const o of spec.options) {
    if (!/[<[]/.test(o.flags)) continue;
    for (const name of o.flags.split(/[\s,]+/)) if (name.startsWith("-")) out.add(name);
  }
  return out;
}
