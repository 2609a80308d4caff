// The CLI: parse arguments, call the command, map errors to exit codes. Nothing else. The
// commands are the table in commands.ts.
import { cac } from "cac";
import { OutlineError, errorLine, EXIT } from "../core/errors.ts";
import type { Env } from "../io/env.ts";
import { COMMANDS, valueOptions } from "./commands.ts";
import { holdValues } from "./held-values.ts";
import { setupError } from "../io/fs-errors.ts";
import type { CliIO } from "./io.ts";
import { VERSION } from "../version.ts";
import { parseBudgetSetting, parseLimits } from "../core/parse/limits.ts";

export async function main(argv: string[], io: CliIO, env: Env): Promise<number> {
  const budget = parseBudgetSetting(env.vars.AST_OUTLINE_PARSE_BUDGET_MS);
  if (budget !== undefined) parseLimits.budgetMs = budget;
  const cli = cac("ast-outline");
  let result: Promise<number> | number = EXIT.ok;

  // cac parses the arguments once per registered command (and builds every option first), so
  // when the first argument names a command only that one is registered. Help and errors for it
  // read the same. A request for the version alone (no help, no argument naming a command)
  // matches no command and prints no list of them: none is registered. Anything else (no
  // command, an unknown one, `--help`) registers them all.
  const named = COMMANDS.find((c) => c.name === argv[0]);
  const held = holdValues(argv, named ? valueOptions(named) : new Set());
  const versionOnly = !named && argv.some((a) => a === "--version" || a === "-v") && !argv.some((a) => a === "--help" || a === "-h" || COMMANDS.some((c) => c.name === a));
  for (const spec of named ? [named] : versionOnly ? [] : COMMANDS) {
    const command = cli.command(spec.usage, spec.description);
    for (const o of spec.options) command.option(o.flags, o.description, o.default === undefined ? undefined : { default: o.default });
    for (const e of spec.examples) command.example(`  $ ${e}`);
    command.action((...parsed: unknown[]) => {
      const options = parsed[parsed.length - 1] as Record<string, unknown>;
      held.restore(options);
      result = spec.run(io, env, ...held.restoreArgs(parsed.slice(0, -1)), options);
    });
  }

  // A command's help says what it does under its usage (cac shows the description only in the list of commands).
  cli.help((sections) => {
    const description = COMMANDS.find((c) => c.name === cli.matchedCommand?.name)?.description;
    const usage = sections.findIndex((s) => s.title === "Usage");
    if (description && usage >= 0) sections.splice(usage + 1, 0, { body: description });
    return sections;
  });
  cli.version(VERSION);

  try {
    cli.parse(["node", "ast-outline", ...held.argv], { run: false });
    if (!cli.matchedCommand) {
      if (cli.options.help || cli.options.version) return EXIT.ok;
      if (cli.args.length) throw new OutlineError({ kind: "unknown-command", name: String(cli.args[0]) });
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
  e = setupError(e) ?? e;
  if (e instanceof OutlineError) {
    io.note(errorLine(e));
    return e.exitCode;
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
