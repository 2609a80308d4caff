import { WORKFLOW } from "../../app/setup/index.ts";
import { toJson } from "../../core/text/quote.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseFormat } from "../options.ts";

/** A snippet for AGENTS.md / CLAUDE.md: the workflow `setup` writes into the instructions files. */
export const AGENT_PROMPT = WORKFLOW;

export function promptCommand(io: CliIO, options: { format?: string } = {}): number {
  const format = parseFormat(options.format, ["text", "json"]);
  io.out(format === "json" ? toJson({ workflow: AGENT_PROMPT }, 2) + "\n" : AGENT_PROMPT);
  return EXIT_OK;
}
