// `ast-outline history FILE SYMBOL`: the commits that changed one symbol (app/history/history.ts).
import { symbolHistory } from "../../app/history/index.ts";
import type { Env } from "../../io/env.ts";
import { parseSize, DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { renderHistoryJson, renderHistoryMarkdown, renderHistoryText } from "../../render/history-text.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseCount, parseFormat } from "../options.ts";

export interface HistoryCommandOptions {
  rev?: unknown;
  limit?: unknown;
  since?: unknown;
  format?: string;
  maxSize?: unknown;
}

export async function historyCommand(path: string, symbol: string, options: HistoryCommandOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json", "markdown"]);
  const history = await symbolHistory({
    env,
    path: String(path),
    symbol: String(symbol),
    // cac turns `--rev 123` into a number: revisions are strings.
    rev: options.rev === undefined ? undefined : String(options.rev),
    limit: parseCount(options.limit, "--limit", 0),
    since: options.since === undefined ? undefined : String(options.since),
    maxBytes: options.maxSize === undefined ? DEFAULT_MAX_BYTES : parseSize(options.maxSize),
  });
  io.out(format === "json" ? renderHistoryJson(history) : format === "markdown" ? renderHistoryMarkdown(history) : renderHistoryText(history));
  return EXIT_OK;
}
