// The CLI: parse arguments, call the command, map errors to exit codes. Nothing else.
// Command modules load on use: `--version` or `region` must not pay for the MCP SDK.
import { cac } from "cac";
import { OutlineError, exitCodeFor, EXIT } from "../core/errors.ts";
import type { CliIO } from "./io.ts";
import { cacheCommands } from "./commands/cache-commands.ts";
import { VERSION } from "../version.ts";

type Action = (...args: any[]) => Promise<number> | number;

export async function main(argv: string[], io: CliIO): Promise<number> {
  const cli = cac("ast-outline");
  let result: Promise<number> | number = EXIT.ok;
  const run = (action: Action) => (...args: any[]) => {
    result = action(...args);
  };

  // One registration per command. cac parses the arguments once per registered command (and
  // builds every option first): with all 14 that was ~3 ms of every start, so when the first
  // argument names a command only that one is registered. Help and errors for it read the same;
  // anything else (no command, an unknown one, `--help`) registers them all.
  const commands: [string, () => unknown][] = [
    ["outline", () =>
      cli
        .command("outline [...paths]", "Outline files and folders (recursive, honours .gitignore)")
        .option("--format <format>", "text | json | jsonl", { default: "text" })
        .option("--max-children <n>", "Members shown per container: text 40 by default (0: all); JSON lists all unless given")
        .option("--docs", "Text: every doc sentence, members' and values' too (default: public top-level ones)")
        .option("--max-size <size>", "Skip files larger than this (e.g. 4M)")
        .option("--language <id>", "Parse as this language (see `languages`)")
        .action(run(async (paths: string[], opts) => (await import("./commands/outline.ts")).outlineCommand(paths, opts, io)))],
    ["symbol", () =>
      cli
        .command("symbol <file> <...names>", "Source of symbols by name, qualified name (Class.method) or unique suffix")
        .option("--format <format>", "text | json", { default: "text" })
        .option("--language <id>", "Parse as this language")
        .option("--max-size <size>", "Refuse files larger than this (e.g. 4M)")
        .option("--skeleton", "Signature, branches, calls and size instead of the body")
        .option("--drill <label>", "One branch (if@12, 3) or one call's target (call:foo) of the skeleton")
        .action(run(async (file: string, names: string[], opts) => (await import("./commands/symbol.ts")).symbolCommand(file, names, opts, io)))],
    ["calls", () =>
      cli
        .command("calls <file> <symbol>", "The call chain from a symbol, each call resolved (same-file, import, name-match)")
        .option("--depth <n>", "Levels to follow (1-5)", { default: 2 })
        .option("--max-tokens <n>", "Cut the answer to about this many tokens", { default: 2000 })
        .action(run(async (file: string, name: string, opts) => (await import("./commands/calls.ts")).callsCommand(file, name, opts, io)))],
    ["callers", () =>
      cli
        .command("callers <symbol>", "Call sites of a name across the repo, grouped by enclosing symbol")
        .option("--path <glob>", "Only files matching this glob or under this folder")
        .option("--max-tokens <n>", "Cut the answer to about this many tokens", { default: 2000 })
        .action(run(async (name: string, opts) => (await import("./commands/calls.ts")).callersCommand(name, opts, io)))],
    ["mcp", () =>
      cli
        .command("mcp", "Serve the tools over MCP on stdio (for Claude Code, Cursor, ...)")
        .option("--root <dir>", "A workspace root the tools may read (repeatable; default: the current folder)")
        .action(run(async (opts) => (await import("./commands/mcp.ts")).mcpCommand(opts, io)))],
    ["prompt", () =>
      cli
        .command("prompt", "Print a snippet for AGENTS.md / CLAUDE.md that teaches the workflow")
        .action(run(async () => (await import("./commands/prompt.ts")).promptCommand(io)))],
    ["region", () =>
      cli
        .command("region <file> <start> <end>", "Lines start..end (1-based, inclusive), numbered")
        .option("--hash <sha256>", "Warn when the file no longer has this content hash")
        .option("--format <format>", "text | json", { default: "text" })
        .action(run(async (file: string, start: string, end: string, opts) => (await import("./commands/region.ts")).regionCommand(file, start, end, opts, io)))],
    ["changed", () =>
      cli
        .command("changed", "Symbols a commit, branch, PR or the work tree added, removed, modified, renamed or moved")
        .option("--base <rev>", "Compare from this revision (default: HEAD)")
        .option("--head <rev>", "Compare to this revision (default: the work tree)")
        .option("--staged", "Compare the base with the index (what `git commit` would record)")
        .option("--merge-base", "Compare from the merge base of base and head (what a PR shows)")
        .option("--format <format>", "text | json | markdown | github | sarif | rdjson | patch", { default: "text" })
        .option("--exit-code", "Exit 1 when any symbol changed, 0 when none")
        .option("--fail-on <what>", "Exit 1 on: none | removed | signature-change | any")
        .option("--level <level>", "Level of each sarif/rdjson finding: note | warning | error")
        .option("--max-size <size>", "Files larger than this are listed without symbols (e.g. 4M)")
        .action(run(async (opts) => (await import("./commands/changed.ts")).changedCommand(opts, io)))],
    ["languages", () =>
      cli
        .command("languages", "Supported languages, extensions and grammar versions")
        .option("--format <format>", "text | json", { default: "text" })
        .action(run(async (opts) => (await import("./commands/languages.ts")).languagesCommand(opts, io)))],
    ["dump-tree", () =>
      cli
        .command("dump-tree <file>", "Print the syntax tree of a file (for writing queries)")
        .option("--language <id>", "Parse as this language")
        .action(run(async (file: string, opts) => (await import("./commands/dump-tree.ts")).dumpTreeCommand(file, opts, io)))],
    ...cacheCommands(cli, run, io),
  ];
  const named = commands.find(([name]) => name === argv[0]);
  for (const [, register] of named ? [named] : commands) register();

  cli.help();
  cli.version(VERSION);

  try {
    cli.parse(["node", "ast-outline", ...argv], { run: false });
    if (!cli.matchedCommand) {
      if (cli.options.help || cli.options.version) return EXIT.ok;
      if (cli.args.length) throw new OutlineError("usage", `unknown command: ${cli.args[0]}`, "`ast-outline --help` lists the commands");
      cli.outputHelp();
      return EXIT.ok;
    }
    if (cli.options.help) return EXIT.ok;
    await cli.runMatchedCommand();
    return await result;
  } catch (e) {
    return reportError(e, io);
  }
}

export function reportError(e: unknown, io: CliIO): number {
  if (e instanceof OutlineError) {
    io.note(`${e.message}${e.hint ? ` (${e.hint})` : ""}`);
    return exitCodeFor(e.kind);
  }
  if (e instanceof Error && e.name === "CACError") {
    io.note(`${e.message.replace(/`/g, "")} (\`ast-outline --help\` shows the usage)`);
    return EXIT.usage;
  }
  // Unexpected: this is our bug, so the stack is worth having. A note is one line (io.ts escapes
  // line breaks): the message, which may hold a path, is one, each frame of the stack another.
  const message = e instanceof Error ? e.message : String(e);
  io.note(`internal error: ${message}`);
  const stack = e instanceof Error ? e.stack ?? "" : "";
  const frames = stack.includes(message) ? stack.slice(stack.indexOf(message) + message.length) : stack;
  for (const frame of frames.split("\n")) if (frame.trim()) io.note(`  ${frame.trim()}`);
  return EXIT.internal;
}
