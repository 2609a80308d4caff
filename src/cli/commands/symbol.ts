// `ast-outline symbol FILE NAME...`: the text of symbols; `--skeleton`, `--drill LABEL`.
import { outlineFile } from "../../app/outline-file.ts";
import { QUESTIONS, type Values } from "../../app/questions.ts";
import { fileRef, findOne, lookupSymbols, symbolView } from "../../app/symbol-view.ts";
import { givenHash } from "../../app/region.ts";
import { usageError } from "../../core/errors.ts";
import type { Env } from "../../io/env.ts";
import { DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { cliWorkspace } from "../../io/workspace.ts";
import { renderLookupsJson, renderLookupsText, renderSymbolText } from "../../render/symbol/index.ts";
import type { CliIO } from "../io.ts";
import { parsedNamedFile } from "../named-file.ts";
import { EXIT_NOT_FOUND, EXIT_OK } from "../options.ts";
import { readOptions } from "../values.ts";

export type SymbolOptions = Record<string, unknown>;
type SymbolValues = Values<typeof QUESTIONS.symbol, "cli">;

export async function symbolCommand(path: string, names: string[], raw: SymbolOptions, io: CliIO, env: Env): Promise<number> {
  const options = readOptions(QUESTIONS.symbol, raw);
  const format = options.format;
  const maxBytes = options.maxSize ?? DEFAULT_MAX_BYTES;
  if (options.skeleton || options.drill !== undefined || options.hash !== undefined || options.focus !== undefined) return skeletonOrDrill(path, names, options, io, env);
  const file = await outlineFile(env, path, { language: options.language, maxBytes });
  const lookups = await lookupSymbols(file, names);
  if (format === "json") io.out(renderLookupsJson(fileRef(file), lookups));
  else {
    const text = renderLookupsText(file.outline.path, lookups);
    for (const part of text.out) io.out(part);
    for (const note of text.notes) io.note(note);
  }
  return lookups.every((r) => r.status === "found") ? EXIT_OK : EXIT_NOT_FOUND;
}

/**
 * `--skeleton` / `--drill <label>` / `--hash <h>`: text only, one symbol at a time, read through
 * the repository's gate (what a drill follows stays inside), as MCP get_symbol reads it.
 */
async function skeletonOrDrill(path: string, names: string[], options: SymbolValues, io: CliIO, env: Env): Promise<number> {
  if (path === "-") throw usageError("--skeleton, --drill and --hash read a file of the repository, not standard input", "name the file");
  if (options.format === "json") throw usageError("--skeleton, --drill and --hash print text only", "drop --format json");
  if (options.drill !== undefined && names.length !== 1) throw usageError("--drill takes one symbol", "name one symbol");
  if (options.hash !== undefined && names.length !== 1) throw usageError("--hash takes one symbol", "name the symbol the hash was read from");
  if (options.hash !== undefined && options.drill !== undefined) throw usageError("--hash and --drill do not go together", "check the symbol with --hash, then drill");
  if (options.focus !== undefined && !options.skeleton) throw usageError("--focus goes with --skeleton", "add --skeleton");
  const given = options.hash === undefined ? undefined : givenHash(options.hash);
  // The repository's symbols (and the skeleton scan, which parses) load only for these modes.
  const { repoSymbols } = await import("../../app/repo-symbols.ts");
  const repo = repoSymbols(env, cliWorkspace(env.cwd, [path]));
  const file = await parsedNamedFile(repo, path);
  const mode = options.drill !== undefined ? "drill" : options.skeleton ? "skeleton" : "full";
  for (const name of names) {
    io.out(renderSymbolText(await symbolView(repo, file, findOne(file, name), mode, options.drill, given, options.focus)));
  }
  return EXIT_OK;
}
