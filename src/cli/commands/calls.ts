// `ast-outline calls FILE SYMBOL` and `ast-outline callers NAME`.
import { callChain, findCallers } from "../../app/calls/index.ts";
import { QUESTIONS } from "../../app/questions.ts";
import { repoSymbols } from "../../app/repo-symbols.ts";
import { findOne } from "../../app/symbol-view.ts";
import { usageError } from "../../core/errors.ts";
import { normalizeQuery } from "../../core/symbols/find.ts";
import type { Env } from "../../io/env.ts";
import { cliWorkspace } from "../../io/workspace.ts";
import { renderCallChainJson, renderCallersJson } from "../../render/calls-json.ts";
import { renderCallChainText, renderCallersText } from "../../render/calls-text.ts";
import type { CliIO } from "../io.ts";
import { parsedNamedFile } from "../named-file.ts";
import { EXIT_NOT_FOUND, EXIT_OK } from "../options.ts";
import { readOptions } from "../values.ts";

export async function callsCommand(path: string, name: string, raw: Record<string, unknown>, io: CliIO, env: Env): Promise<number> {
  const { depth, maxTokens, format } = readOptions(QUESTIONS.calls, raw);
  const repo = repoSymbols(env, cliWorkspace(env.cwd, [path]));
  const file = await parsedNamedFile(repo, path);
  const chain = await callChain(repo, { path: file.file.path, symbol: findOne(file, name) }, depth);
  io.out(format === "json" ? renderCallChainJson(chain) : renderCallChainText(chain, maxTokens));
  return EXIT_OK;
}

export async function callersCommand(name: string, raw: Record<string, unknown>, io: CliIO, env: Env): Promise<number> {
  const { path, maxTokens, format } = readOptions(QUESTIONS.callers, raw);
  const last = normalizeQuery(name).split(".").pop()!;
  if (!last) throw usageError("give a symbol name");
  const callers = await findCallers(repoSymbols(env, cliWorkspace(env.cwd)), last, path);
  const { text, notes } = renderCallersText(callers, maxTokens);
  io.out(format === "json" ? renderCallersJson(callers) : text);
  for (const n of notes) io.note(n);
  return callers.groups.length ? EXIT_OK : EXIT_NOT_FOUND;
}
