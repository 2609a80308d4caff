// `ast-outline context FILE SYMBOL`: the symbol's text (or skeleton, or signature) with the
// signatures of what it calls, the types it names and its callers' lines, fitted to --max-tokens.
import { symbolContext } from "../../app/context/index.ts";
import { QUESTIONS } from "../../app/questions.ts";
import { repoSymbols } from "../../app/repo-symbols.ts";
import { findOne } from "../../app/symbol-view.ts";
import type { Env } from "../../io/env.ts";
import { cliWorkspace } from "../../io/workspace.ts";
import { fitContext, renderContextJson, renderContextText } from "../../render/context/index.ts";
import type { CliIO } from "../io.ts";
import { parsedNamedFile } from "../named-file.ts";
import { EXIT_OK } from "../options.ts";
import { readOptions } from "../values.ts";

export async function contextCommand(path: string, name: string, raw: Record<string, unknown>, io: CliIO, env: Env): Promise<number> {
  const { maxTokens, format } = readOptions(QUESTIONS.context, raw);
  const repo = repoSymbols(env, cliWorkspace(env.cwd, [path]));
  const file = await parsedNamedFile(repo, path);
  const fitted = fitContext(await symbolContext(repo, file, findOne(file, name)), maxTokens);
  io.out(format === "json" ? renderContextJson(fitted) : renderContextText(fitted));
  return EXIT_OK;
}
