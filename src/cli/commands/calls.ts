// `ast-outline calls FILE SYMBOL` and `ast-outline callers NAME`.
import { callChain, findCallers } from "../../app/calls/index.ts";
import { repoSymbols } from "../../app/repo-symbols.ts";
import { findOne } from "../../app/symbol-view.ts";
import { usageError } from "../../core/errors.ts";
import { normalizeQuery } from "../../core/symbols/find.ts";
import type { Env } from "../../io/env.ts";
import { cliWorkspace } from "../../io/workspace.ts";
import { renderCallChainText, renderCallersText } from "../../render/calls-text.ts";
import type { CliIO } from "../io.ts";
import { EXIT_NOT_FOUND, EXIT_OK, parseCount } from "../options.ts";

export interface CallsOptions {
  depth?: unknown;
  maxTokens?: unknown;
}

export const DEFAULT_CALL_DEPTH = 2;
export const MAX_CALL_DEPTH = 5;
export const DEFAULT_MAX_TOKENS = 2000;

export async function callsCommand(path: string, name: string, options: CallsOptions, io: CliIO, env: Env): Promise<number> {
  const depth = parseCount(options.depth, "--depth", DEFAULT_CALL_DEPTH, MAX_CALL_DEPTH, 1);
  const maxTokens = parseCount(options.maxTokens, "--max-tokens", DEFAULT_MAX_TOKENS);
  const repo = repoSymbols(env, cliWorkspace(env.cwd, [path]));
  const file = await repo.parsed(path);
  const chain = await callChain(repo, { path: file.file.path, symbol: findOne(file, name) }, depth);
  io.out(renderCallChainText(chain, maxTokens));
  return EXIT_OK;
}

export interface CallersOptions {
  path?: string;
  maxTokens?: unknown;
}

export async function callersCommand(name: string, options: CallersOptions, io: CliIO, env: Env): Promise<number> {
  const maxTokens = parseCount(options.maxTokens, "--max-tokens", DEFAULT_MAX_TOKENS);
  const last = normalizeQuery(name).split(".").pop()!;
  if (!last) throw usageError("give a symbol name");
  const callers = await findCallers(repoSymbols(env, cliWorkspace(env.cwd)), last, options.path === undefined ? undefined : String(options.path));
  const { text, notes } = renderCallersText(callers, maxTokens);
  io.out(text);
  for (const n of notes) io.note(n);
  return callers.groups.length ? EXIT_OK : EXIT_NOT_FOUND;
}
