import { callChain, findCallers } from "../../app/calls.ts";
import { repoSymbols } from "../../app/repo-symbols.ts";
import { cliWorkspace } from "../../io/workspace.ts";
import { findOne } from "../../app/symbol-view.ts";
import { normalizeQuery } from "../../core/symbols/find.ts";
import { renderCallChainText, renderCallersText } from "../../render/calls-text.ts";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_NOT_FOUND, EXIT_OK, parseCount } from "../options.ts";
import { usageError } from "../../core/errors.ts";

export interface CallsOptions {
  depth?: unknown;
  maxTokens?: unknown;
}

export const DEFAULT_CALL_DEPTH = 2;
export const MAX_CALL_DEPTH = 5;
export const DEFAULT_MAX_TOKENS = 2000;

export async function callsCommand(path: string, name: string, options: CallsOptions, io: CliIO, env: Env): Promise<number> {
  const depth = parseCount(options.depth, "--depth", DEFAULT_CALL_DEPTH, MAX_CALL_DEPTH);
  if (depth < 1) throw usageError("--depth must be 1 or more");
  const maxTokens = parseCount(options.maxTokens, "--max-tokens", DEFAULT_MAX_TOKENS);
  const repo = repoSymbols(env, cliWorkspace(env.cwd, [path]));
  const file = await repo.parsed(path);
  const symbol = findOne(file, name);
  const chain = await callChain(repo, { path: file.file.path, symbol }, depth);
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
  const groups = await findCallers(repoSymbols(env, cliWorkspace(env.cwd)), last, options.path === undefined ? undefined : String(options.path));
  io.out(renderCallersText(last, groups, maxTokens));
  if (!groups.length) io.note(`no calls to \`${last}\` found${options.path ? ` under ${options.path}` : ""} (callers match call sites by name; a call through a variable or reflection is not seen)`);
  return groups.length ? EXIT_OK : EXIT_NOT_FOUND;
}
