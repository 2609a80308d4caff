// `ast-outline search QUERY`: symbols across the repository, from its index (refreshed first);
// with --text, lines of text answered by their enclosing symbol (search-text.ts).
import { relative, resolve, sep } from "node:path";
import { QUESTIONS } from "../../app/questions.ts";
import { parseKinds, searchSymbols } from "../../app/search.ts";
import { usageError } from "../../core/errors.ts";
import type { Env } from "../../io/env.ts";
import { renderSearchJson, renderSearchText } from "../../render/search-text.ts";
import type { CliIO } from "../io.ts";
import { EXIT_NOT_FOUND, EXIT_OK } from "../options.ts";
import { readOptions } from "../values.ts";
import { openIndex } from "./index-repo.ts";

export async function searchCommand(query: string, raw: Record<string, unknown>, io: CliIO, env: Env): Promise<number> {
  const options = readOptions(QUESTIONS.search, raw);
  const { format, limit } = options;
  if (options.text) {
    if (options.kind) throw usageError("--kind does not go with --text", "a text search answers with the symbols around its lines, of any kind");
    return (await import("./search-text.ts")).searchTextCommand(String(query ?? ""), options, io, env);
  }
  if (options.fixedStrings || options.ignoreCase) throw usageError(`${options.fixedStrings ? "--fixed-strings" : "--ignore-case"} goes with --text`, "a name search ignores case and matches parts of names already");
  const kinds = parseKinds(options.kind);
  const within = options.path ?? [];
  let root = "";
  const result = await searchSymbols({ query: String(query ?? ""), kinds, within, limit }, async (verifyObjects) => {
    const r = await openIndex(env, { root: options.root }, io, { isIndex: false, verifyObjects });
    root = r.repo.root;
    return r;
  });
  // Paths relative to the working folder, as the user sees them.
  const shown = (p: string) => {
    const rel = relative(env.cwd, resolve(root, p));
    return sep === "/" ? rel : rel.split(sep).join("/");
  };
  result.hits = result.hits.map((h) => ({ ...h, path: shown(h.path) }));
  if (format === "json") io.out(renderSearchJson(result));
  else {
    const text = renderSearchText(result);
    io.out(text.lines);
    for (const n of text.notes) io.note(n);
  }
  return result.hits.length ? EXIT_OK : EXIT_NOT_FOUND;
}
