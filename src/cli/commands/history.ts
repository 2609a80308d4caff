// `ast-outline history FILE SYMBOL`: the commits that changed one symbol (app/history/history.ts).
import { symbolHistory } from "../../app/history/index.ts";
import { QUESTIONS } from "../../app/questions.ts";
import type { Env } from "../../io/env.ts";
import { DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { renderHistoryJson, renderHistoryMarkdown, renderHistoryText } from "../../render/history-text.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK } from "../options.ts";
import { readOptions } from "../values.ts";

export async function historyCommand(path: string, symbol: string, raw: Record<string, unknown>, io: CliIO, env: Env): Promise<number> {
  const { format, rev, limit, since, maxSize } = readOptions(QUESTIONS.history, raw);
  const history = await symbolHistory({ env, path: String(path), symbol: String(symbol), rev, limit, since, maxBytes: maxSize ?? DEFAULT_MAX_BYTES });
  io.out(format === "json" ? renderHistoryJson(history) : format === "markdown" ? renderHistoryMarkdown(history) : renderHistoryText(history));
  return EXIT_OK;
}
