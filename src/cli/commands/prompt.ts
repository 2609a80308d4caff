import type { CliIO } from "../io.ts";
import { EXIT_OK } from "../options.ts";

/** A snippet for AGENTS.md / CLAUDE.md: the outline -> symbol -> region workflow. */
export const AGENT_PROMPT = `## Reading code with ast-outline

Read source outline-first instead of opening whole files:
1. \`ast-outline outline <file or dir>\` (MCP: get_outline): line-numbered symbols with signatures.
2. \`ast-outline symbol <file> <Name or Class.method>\` (MCP: get_symbol): just that definition.
   For long functions add \`--skeleton\` (branches and calls, bodies elided), then
   \`--drill if@42\` or \`--drill call:helper\` for the one part you need.
3. \`ast-outline region <file> <start> <end> --hash <sha>\` (MCP: read_region): exact lines;
   it warns when the file changed since the outline you took the lines from.
4. Navigate: \`ast-outline calls <file> <symbol>\` (what it calls, resolved), \`ast-outline callers
   <name>\` (who calls it, by name), \`ast-outline search <query>\` (MCP: search_symbols).
Fall back to grep / full reads for text that is not code (config, docs, strings, comments) and
for files ast-outline does not support (\`ast-outline languages\`).
`;

export function promptCommand(io: CliIO): number {
  io.out(AGENT_PROMPT);
  return EXIT_OK;
}
