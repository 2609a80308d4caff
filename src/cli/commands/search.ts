// `ast-outline search QUERY`: symbols across the repository, from its index (refreshed first).
import { relative, resolve, sep } from "node:path";
import { parseKinds, searchSymbols } from "../../app/search.ts";
import type { Env } from "../../io/env.ts";
import { renderSearchJson, renderSearchText } from "../../render/search-text.ts";
import type { CliIO } from "../io.ts";
import { EXIT_NOT_FOUND, EXIT_OK, parseCount, parseFormat } from "../options.ts";
import { openIndex } from "./index-repo.ts";

export interface SearchOptions {
  kind?: string | string[];
  path?: string | string[];
  format?: string;
  limit?: unknown;
  root?: string;
}

export async function searchCommand(query: string, options: SearchOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json"]);
  const limit = parseCount(options.limit, "--limit", 50);
  const kinds = parseKinds(options.kind);
  const within = [options.path ?? []].flat().map(String);
  let root = "";
  const result = await searchSymbols({ query: String(query ?? ""), kinds, within, limit }, async (verifyObjects) => {
    const r = await openIndex(env, options, io, { isIndex: false, verifyObjects });
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
