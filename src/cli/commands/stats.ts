// `ast-outline stats FILE`: the totals of an MCP access log (`mcp --log FILE`).
import { accessStats } from "../../app/access-stats.ts";
import { inputError } from "../../core/errors.ts";
import { decodeSource } from "../../core/text/lines.ts";
import { quotePath } from "../../core/text/quote.ts";
import type { Env } from "../../io/env.ts";
import { readInput } from "../../io/files.ts";
import { renderStatsJson, renderStatsText } from "../../render/stats-text.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseFormat } from "../options.ts";

/** A log this large is refused rather than read into memory. */
const LOG_MAX_BYTES = 512 * 1024 * 1024;

export async function statsCommand(path: string, options: { format?: string }, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json"]);
  const file = readInput(env, path, LOG_MAX_BYTES);
  const stats = accessStats(decodeSource(file.bytes));
  if (!stats.calls && stats.badLineCount) throw inputError(`${quotePath(path)} is not an access log (no line of it is a logged call)`, "give the file written by `mcp --log`");
  io.out(format === "json" ? renderStatsJson(stats) : renderStatsText(stats, path));
  return EXIT_OK;
}
