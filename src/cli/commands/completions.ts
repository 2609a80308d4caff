// `ast-outline completions bash|zsh|fish`: the completion script, made from the command table.
import { usageError } from "../../core/errors.ts";
import { completionScript, SHELLS, type Shell } from "../../render/completions.ts";
import { COMMANDS } from "../commands.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK } from "../options.ts";

export async function completionsCommand(shell: string, io: CliIO): Promise<number> {
  if (!(SHELLS as readonly string[]).includes(shell)) throw usageError(`no completions for shell: ${shell}`, `one of: ${SHELLS.join(", ")}`);
  io.out(completionScript(shell as Shell, "ast-outline", COMMANDS));
  return EXIT_OK;
}
