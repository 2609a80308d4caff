// What setup writes for the agent to read: the workflow (also `ast-outline prompt`), the Claude
// Code skill, and the rules-file wrappers some clients need. One text, so every client learns
// the same workflow; test/setup-budget.test.ts holds it under 400 o200k tokens.

export const WORKFLOW = `## Reading code with ast-outline

Map first, then read only what you need (CLI; MCP tool in brackets):
1. \`ast-outline digest\` [digest]: one-page map of the repo, ranked by references. Start here.
2. \`ast-outline search <name>\` [search_symbols]: where a class, function or method is defined;
   \`search --text <string>\` [text=true]: strings, messages, config keys, each with its symbol.
3. \`ast-outline outline <file or dir>\` [get_outline]: line-numbered symbols with signatures,
   instead of reading a whole file.
4. \`ast-outline symbol <file> <Name or Class.method>\` [get_symbol]: just that definition. Long
   function: \`--skeleton\` (branches and calls), then \`--drill if@42\` or \`--drill call:helper\`.
5. \`ast-outline region <file> <start> <end> --hash <sha>\` [read_region]: exact lines; warns
   when the file changed since the outline.
6. \`ast-outline context <file> <symbol>\` [get_context]: before changing it: its text, what it
   calls, the types it names, its callers, in one answer. Deeper: \`ast-outline calls\` /
   \`ast-outline callers\` [get_calls, get_callers]: call chains, every call site.
7. \`ast-outline changed --base main --impact\` [changed_symbols]: symbols a change added, removed,
   modified, renamed or moved, and call sites it left behind. Run it before you commit.
8. \`ast-outline history <file> <symbol>\` [symbol_history]: the commits that changed one symbol.
Use a full read for files ast-outline does not support (\`ast-outline languages\`).
`;

export const SKILL = `---
name: ast-outline
description: Read and navigate source code by symbol instead of whole files. Use when exploring an unfamiliar repository, finding where something is defined, reading one function or class from a large file, following calls and callers, or reviewing which symbols a change touched.
---
${WORKFLOW}`;

/** Cursor project rule (.cursor/rules/*.mdc): always applied. */
export const CURSOR_RULE = `---
description: Read code outline-first with ast-outline
alwaysApply: true
---
${WORKFLOW}`;

/** Windsurf workspace rule (.windsurf/rules/*.md): always on. */
export const WINDSURF_RULE = `---
trigger: always_on
---
${WORKFLOW}`;
