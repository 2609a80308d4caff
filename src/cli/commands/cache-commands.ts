// Registration of the cache-backed commands (index, search, digest, hook), kept here so
// main.ts stays a short list.
import type { CAC } from "cac";
import type { CliIO } from "../io.ts";
import type { Env } from "../../io/env.ts";

type Wrap = (action: (...args: any[]) => Promise<number> | number) => (...args: any[]) => void;

/** [name, register] per command, as main.ts lists its own. */
export function cacheCommands(cli: CAC, run: Wrap, io: CliIO, env: Env): [string, () => unknown][] {
  return [
    ["index", () =>
      cli
        .command("index", "Build or refresh .ast_outline_cache/ for the repository (only what changed is parsed)")
        .option("--root <dir>", "Index this folder instead of the git repository around the current one")
        .option("--max-size <size>", "Skip files larger than this (default 4M)")
        .option("--threads <n>", "Parse on this many threads (default: all cores)")
        .option("--format <format>", "text | json (the summary)", { default: "text" })
        .action(run(async (opts) => (await import("./index-repo.ts")).indexCommand(opts, io, env)))],
    ["search", () =>
      cli
        .command("search <query>", "Symbols across the repository by name, Class.method, prefix, substring or fuzzy match")
        .option("--kind <kind>", "Only these kinds (class, function, method, ...; repeat or comma-separate)")
        .option("--path <glob>", "Only files matching this glob or path prefix (repeatable)")
        .option("--limit <n>", "At most this many results (0: all)", { default: 50 })
        .option("--format <format>", "text | json", { default: "text" })
        .option("--root <dir>", "Search this folder instead of the git repository around the current one")
        .action(run(async (query: string, opts) => (await import("./search.ts")).searchCommand(query, opts, io, env)))],
    ["digest", () =>
      cli
        .command("digest [path]", "One-page map of the repository or a folder: per file its size class and symbols")
        .option("--max-tokens <n>", "Fit the map into about this many tokens (chars/4)", { default: 2000 })
        .option("--root <dir>", "Map this folder instead of the git repository around the current one")
        .action(run(async (path: string | undefined, opts) => (await import("./digest.ts")).digestCommand(path, opts, io, env)))],
    ["hook", () =>
      cli
        .command("hook <action>", "Git pre-commit integration: install | uninstall | run (refresh the cache from staged content)")
        .option("--strict", "run: fail (exit 1) on a problem instead of warning")
        .option("--force", "install: also into a core.hooksPath shared with other repositories")
        .action(run(async (action: string, opts) => (await import("./hook.ts")).hookCommand(action, opts, io, env)))],
  ];
}
