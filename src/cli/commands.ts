// The CLI's command table, as data: each command's usage, options, how the compiled binary
// starts it (src/bin/startup.ts reads this table) and the module that runs it, loaded on use
// (`--version` or `region` must not pay for the MCP SDK). The options of a question both front
// ends answer come from its row in app/questions.ts (plain data); nothing else is loaded here:
// the binary's start-up seam reads this before anything else.
import { boundsFor, QUESTIONS, type Question } from "../app/questions.ts";
import type { Env } from "../io/env.ts";
import type { CliIO } from "./io.ts";

/**
 * How the compiled binary starts a command (src/bin/startup.ts):
 * - `parses`: a short run that parses source: started again at once without JSC's optimizing tiers;
 * - `cached`: the same, unless a cache may answer it (then it parses nothing); a folder outline decides late;
 * - `refreshes`: it learns only while refreshing the index how much it will parse, and decides then;
 * - `serves`: a long-running server: started again at once without wasm's optimizing tier (its
 *   first answers are single files, which that tier's compiles slow down; bench/README.md);
 * - `keeps`: runs as it is (no parsing).
 */
export type Startup = "parses" | "cached" | "refreshes" | "serves" | "keeps";

export interface OptionSpec {
  /** cac's form: `--format <format>` takes a value, `--docs` does not. */
  flags: string;
  description: string;
  default?: string | number;
  /** The command starts as it is when this flag is given (it hands its work to another process). */
  keepsStartup?: true;
  /** The values it takes, when it takes one of a list (shell completion offers them). */
  choices?: readonly string[];
}

export interface CommandSpec {
  name: string;
  /** cac's form: `outline [...paths]`, `symbol <file> <...names>`. */
  usage: string;
  description: string;
  /** Command lines `--help` shows (at least one), as a user would type them. */
  examples: string[];
  options: OptionSpec[];
  startup: Startup;
  /** Runs it: the positional arguments, then the options, as cac passes them to an action. */
  run(io: CliIO, env: Env, ...args: any[]): Promise<number>;
}

/** Which change `changed` and `tests` look at. */
const CHANGE_RANGE = [
  { flags: "--base <rev>", description: "Compare from this revision (default: HEAD)" },
  { flags: "--head <rev>", description: "Compare to this revision (default: the work tree)" },
  { flags: "--staged", description: "Compare the base with the index (what `git commit` would record)" },
  { flags: "--merge-base", description: "Compare from the merge base of base and head (what a PR shows)" },
];
const FORMAT = (formats: string) => ({ flags: "--format <format>", description: formats, default: formats.split(" | ")[0], choices: formats.split(" | ").map((f) => f.split(" ")[0]) });

/** A question's flags, help and shown defaults, from its row. */
const flagsOf = (q: Question): OptionSpec[] =>
  q.options.flatMap((o) => (o.cli ? [{ flags: o.cli.flags, description: o.cli.help, default: o.cli.showDefault ? (boundsFor(o, "cli").default as string | number) : undefined, choices: o.choices }] : []));

export const COMMANDS: CommandSpec[] = [
  {
    name: "outline", usage: "outline [...paths]", description: "Outline files and folders (recursive, honours .gitignore)", startup: "cached",
    examples: ["ast-outline outline src/app.py", "ast-outline outline src --max-children 10", "ast-outline outline . --format jsonl"],
    options: flagsOf(QUESTIONS.outline),
    run: async (io, env, paths, opts) => (await import("./commands/outline.ts")).outlineCommand(paths, opts, io, env),
  },
  {
    name: "symbol", usage: "symbol <file> <...names>", description: "Source of symbols by name, qualified name (Class.method) or unique suffix", startup: "cached",
    examples: ["ast-outline symbol src/app.py App.run", "ast-outline symbol src/app.py App.run --skeleton --focus retry", "ast-outline symbol src/app.py App.run --drill if@42"],
    options: flagsOf(QUESTIONS.symbol),
    run: async (io, env, file, names, opts) => (await import("./commands/symbol.ts")).symbolCommand(file, names, opts, io, env),
  },
  {
    name: "calls", usage: "calls <file> <symbol>", description: "The call chain from a symbol, each call resolved (same-file, import, name-match)", startup: "parses",
    examples: ["ast-outline calls src/app.py main --depth 3"],
    options: flagsOf(QUESTIONS.calls),
    run: async (io, env, file, name, opts) => (await import("./commands/calls.ts")).callsCommand(file, name, opts, io, env),
  },
  {
    name: "context", usage: "context <file> <symbol>", description: "A symbol with what it needs around it, in one answer: its text (or skeleton), the signatures of what it calls, the types it names, its callers' lines, fitted to --max-tokens", startup: "parses",
    examples: ["ast-outline context src/app.py App.run", "ast-outline context src/app.py App.run --max-tokens 1500 --format json"],
    options: flagsOf(QUESTIONS.context),
    run: async (io, env, file, name, opts) => (await import("./commands/context.ts")).contextCommand(file, name, opts, io, env),
  },
  {
    name: "callers", usage: "callers <symbol>", description: "Call sites of a name across the repo, grouped by enclosing symbol", startup: "parses",
    examples: ["ast-outline callers save --path 'src/**'"],
    options: flagsOf(QUESTIONS.callers),
    run: async (io, env, name, opts) => (await import("./commands/calls.ts")).callersCommand(name, opts, io, env),
  },
  {
    name: "mcp", usage: "mcp", description: "Serve the tools over MCP on stdio (for Claude Code, Cursor, ...)", startup: "serves",
    examples: ["ast-outline mcp", "ast-outline mcp --read-only --log ast-outline.jsonl"],
    options: [
      { flags: "--root <dir>", description: "A workspace root the tools may read (repeatable; default: the current folder)" },
      { flags: "--log <file>", description: "Append one JSON line per tool call (time, tool, arguments, tokens, duration, error); `stats` sums it" },
      { flags: "--read-only", description: "Write nothing: no .ast_outline_cache/ (the index is kept in memory), no .git/info/exclude line" },
      { flags: "--patience <seconds>", description: "How long search_symbols and digest wait for a first index before answering from what it holds so far", default: 10 },
    ],
    run: async (io, env, opts) => (await import("./commands/mcp.ts")).mcpCommand(opts, io, env),
  },
  {
    name: "stats", usage: "stats <file>", description: "Totals of an MCP access log (mcp --log): calls, tokens returned, what whole files would have cost", startup: "keeps",
    examples: ["ast-outline stats ast-outline.jsonl"],
    options: [FORMAT("text | json")],
    run: async (io, env, file, opts) => (await import("./commands/stats.ts")).statsCommand(file, opts, io, env),
  },
  {
    name: "prompt", usage: "prompt", description: "Print a snippet for AGENTS.md / CLAUDE.md that teaches the workflow", startup: "keeps",
    examples: ["ast-outline prompt >> AGENTS.md"],
    options: [FORMAT("text | json")],
    run: async (io, _env, opts) => (await import("./commands/prompt.ts")).promptCommand(io, opts),
  },
  {
    name: "region", usage: "region <file> <start> <end>", description: "Lines start..end (1-based, inclusive), numbered", startup: "keeps",
    examples: ["ast-outline region src/app.py 40 80", "ast-outline region src/app.py 40 80 --hash sha256:1a2b3c4d5e6f"],
    options: flagsOf(QUESTIONS.region),
    run: async (io, env, file, start, end, opts) => (await import("./commands/region.ts")).regionCommand(file, start, end, opts, io, env),
  },
  {
    name: "changed", usage: "changed [range]", description: "Symbols a commit, branch, PR or the work tree added, removed, modified, renamed or moved; a range as git diff reads it (A..B, A...B: from their merge base), pathspecs after --", startup: "parses",
    examples: ["ast-outline changed", "ast-outline changed main...HEAD --impact", "ast-outline changed HEAD~3..HEAD -- src/ ':!src/vendor'", "ast-outline changed --staged --format json"],
    options: flagsOf(QUESTIONS.changed),
    run: async (io, env, range, opts) => (await import("./commands/changed.ts")).changedCommand(range, opts, io, env),
  },
  {
    name: "tests", usage: "tests [...paths]", description: "Tests a change can reach through calls and imports, with the chain and how sure; --format command prints the runnable selection", startup: "parses",
    examples: ["ast-outline tests --base main", "ast-outline tests --staged --format command"],
    options: [
      ...CHANGE_RANGE,
      { flags: "--depth <n>", description: "Most definitions a chain passes through between a test and the change", default: 8 },
      FORMAT("text | json | command"),
      { flags: "--max-size <size>", description: "Files larger than this are not compared (e.g. 4M)" },
    ],
    run: async (io, env, paths, opts) => (await import("./commands/tests.ts")).testsCommand(paths, opts, io, env),
  },
  {
    name: "history", usage: "history <file> <symbol>", description: "Commits that added, modified, renamed or moved a symbol, newest first (follows renames and moves)", startup: "parses",
    examples: ["ast-outline history src/app.py App.run --since '6 months ago'"],
    options: flagsOf(QUESTIONS.history),
    run: async (io, env, file, symbol, opts) => (await import("./commands/history.ts")).historyCommand(file, symbol, opts, io, env),
  },
  {
    name: "languages", usage: "languages", description: "Supported languages, extensions and grammar versions", startup: "keeps",
    examples: ["ast-outline languages", "ast-outline languages --format json"],
    options: [FORMAT("text | json")],
    run: async (io, _env, opts) => (await import("./commands/languages.ts")).languagesCommand(opts, io),
  },
  {
    name: "dump-tree", usage: "dump-tree <file>", description: "Print the syntax tree of a file (for writing queries)", startup: "parses",
    examples: ["ast-outline dump-tree src/app.py"],
    options: [{ flags: "--language <id>", description: "Parse as this language" }, FORMAT("text | json")],
    run: async (io, env, file, opts) => (await import("./commands/dump-tree.ts")).dumpTreeCommand(file, opts, io, env),
  },
  {
    name: "index", usage: "index", description: "Build or refresh .ast_outline_cache/ for the repository (only what changed is parsed)", startup: "refreshes",
    examples: ["ast-outline index", "ast-outline index --root ../other-repo --format json"],
    options: [
      { flags: "--root <dir>", description: "Index this folder instead of the git repository around the current one" },
      { flags: "--max-size <size>", description: "Skip files larger than this (default 4M)" },
      { flags: "--threads <n>", description: "Parse on this many threads (default: all cores)" },
      FORMAT("text | json (the summary)"),
    ],
    run: async (io, env, opts) => (await import("./commands/index-repo.ts")).indexCommand(opts, io, env),
  },
  {
    name: "search", usage: "search <query>", description: "Symbols across the repository by name, Class.method, prefix, substring or fuzzy match; --text: lines of text, each with its enclosing symbol", startup: "refreshes",
    examples: ["ast-outline search Session.req", "ast-outline search parse --kind function --path src/", "ast-outline search --text 'connection refused' -F"],
    options: flagsOf(QUESTIONS.search),
    run: async (io, env, query, opts) => (await import("./commands/search.ts")).searchCommand(query, opts, io, env),
  },
  {
    name: "digest", usage: "digest [path]", description: "One-page map of the repository or a folder: per file its size class and symbols, ranked by references when it does not fit whole", startup: "refreshes",
    examples: ["ast-outline digest", "ast-outline digest src --max-tokens 1000 --focus App"],
    options: flagsOf(QUESTIONS.digest),
    run: async (io, env, path, opts) => (await import("./commands/digest.ts")).digestCommand(path, opts, io, env),
  },
  {
    name: "hook", usage: "hook <action>", description: "Git pre-commit integration: install | uninstall | run (refresh the cache from staged content)", startup: "parses",
    examples: ["ast-outline hook install", "ast-outline hook uninstall"],
    options: [
      { flags: "--strict", description: "run: fail (exit 1) on a problem instead of warning" },
      { flags: "--background", description: "run: refresh in a process of its own that goes on after the commit (problems are not reported; not with --strict)", keepsStartup: true },
      { flags: "--force", description: "install: also into a core.hooksPath shared with other repositories" },
      FORMAT("text | json"),
    ],
    run: async (io, env, action, opts) => (await import("./commands/hook.ts")).hookCommand(action, opts, io, env),
  },
  {
    name: "setup", usage: "setup [...clients]", description: "Register the MCP server and write the agent instructions for clients: claude codex gemini copilot vscode cursor opencode claude-desktop zed windsurf (or all)", startup: "keeps",
    examples: ["ast-outline setup claude codex", "ast-outline setup all --scope user --dry-run"],
    options: [
      { flags: "--scope <scope>", description: "project (files in this repository) or user (your home folder)", default: "project" },
      { flags: "--dry-run", description: "Print the changes as a unified diff; write nothing" },
      { flags: "--uninstall", description: "Take back what setup wrote: every file as it was, files it made removed" },
      { flags: "--hooks", description: "Claude Code: also add the SessionStart map and the outline beside long Reads" },
      { flags: "--command <path>", description: "The command clients start (default: this ast-outline, or the npm launcher that ran it)" },
      FORMAT("text | json"),
    ],
    run: async (io, env, clients, opts) => (await import("./commands/setup.ts")).setupCommand(clients, opts, io, env),
  },
  {
    name: "agent-hook", usage: "agent-hook <event>", description: "Claude Code hook (installed by setup --hooks): session-start (a short map) | read (the outline beside a long Read)", startup: "keeps",
    examples: ["ast-outline agent-hook session-start < hook-input.json"],
    options: [{ flags: "--min-lines <n>", description: "read: only files longer than this", default: 200 }],
    run: async (io, env, event, opts) => (await import("./commands/agent-hook.ts")).agentHookCommand(event, opts, io, env),
  },
  {
    name: "completions", usage: "completions <shell>", description: "Print the shell completion script for bash, zsh or fish: commands, flags and their values", startup: "keeps",
    examples: ["source <(ast-outline completions bash)", "ast-outline completions zsh > ~/.zfunc/_ast-outline", "ast-outline completions fish > ~/.config/fish/completions/ast-outline.fish"],
    options: [],
    run: async (io, _env, shell) => (await import("./commands/completions.ts")).completionsCommand(shell, io),
  },
];

/** The seed documents' names, as aliases: `get-outline --file-path F`, `get-symbol --file-path F --symbol S` (other options as the command's own). */
const optionsOf = (name: string) => COMMANDS.find((c) => c.name === name)!.options;
COMMANDS.push(
  {
    name: "get-outline", usage: "get-outline", description: "Alias: outline of --file-path", startup: "cached",
    examples: ["ast-outline get-outline --file-path src/app.py"],
    options: [{ flags: "--file-path <file>", description: "The file or folder to outline (repeatable)" }, ...optionsOf("outline")],
    run: async (io, env, opts) => (await import("./commands/aliases.ts")).getOutlineCommand(opts, io, env),
  },
  {
    name: "get-symbol", usage: "get-symbol", description: "Alias: symbol --symbol of --file-path", startup: "cached",
    examples: ["ast-outline get-symbol --file-path src/app.py --symbol App.run"],
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
