import { WORKFLOW } from "../../app/setup/index.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK } from "../options.ts";

/** A snippet for AGENTS.md / CLAUDE.md: the workflow `setup` writes into the instructions files. */
export const AGENT_PROMPT = WORKFLOW;

export function promptCommand(io: CliIO): number {
  io.out(AGENT_PROMPT);
  return EXIT_OK;
}
