// `ast-outline search --text PATTERN`: lines matching a JavaScript regex (or, with -F, a string
// as written) across the repository around the current folder (or --root, or the current folder
// outside a repository), each answered by its enclosing symbol. Paths as the user sees them:
// relative to the current folder.
import { relative, resolve, sep } from "node:path";
import type { QUESTIONS, Values } from "../../app/questions.ts";
import { repoSymbols } from "../../app/repo-symbols.ts";
import { searchText } from "../../app/text-search/index.ts";
import { textPattern } from "../../core/search/text-pattern.ts";
import { envAt, type Env } from "../../io/env.ts";
import { findRepoRoot } from "../../io/git.ts";
import { Workspace } from "../../io/workspace.ts";
import { renderTextSearch, renderTextSearchJson } from "../../render/text-search.ts";
import type { CliIO } from "../io.ts";
import { EXIT_NOT_FOUND, EXIT_OK } from "../options.ts";

export async function searchTextCommand(query: string, options: Values<typeof QUESTIONS.search, "cli">, io: CliIO, env: Env): Promise<number> {
  const pattern = textPattern(query, { fixed: options.fixedStrings, ignoreCase: options.ignoreCase });
  const root = options.root !== undefined ? resolve(env.cwd, options.root) : findRepoRoot(env, env.cwd) ?? env.cwd;
  const at = envAt(env, root);
  const result = await searchText(at, repoSymbols(at, new Workspace([root], { base: root, list: ["."] })), { pattern, within: options.path ?? [], limit: options.limit });
  const shown = (p: string) => {
    const rel = relative(env.cwd, resolve(root, p));
    return sep === "/" ? rel : rel.split(sep).join("/");
  };
  result.matches = result.matches.map((m) => ({ ...m, path: shown(m.path) }));
  result.skipped = result.skipped.map((s) => ({ ...s, path: shown(s.path) }));
  if (options.format === "json") io.out(renderTextSearchJson(result));
  else {
    const text = renderTextSearch(result);
    io.out(text.lines);
    for (const n of text.notes) io.note(n);
  }
  return result.matches.length ? EXIT_OK : EXIT_NOT_FOUND;
}
