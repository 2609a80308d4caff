// `search --text` / MCP search_text: lines matching a string or regular expression, each
// answered by the innermost symbol around it (qualified name, kind, range) from the file's
// outline, so the answer says where in the code a message, string or config key lives. The lines
// come from lines.ts; a file the listing rule leaves out (larger than the size limit, minified,
// a lockfile) is named, not answered; outlines are made (or read from the cache) only for the
// files of the lines shown.
import { innermost } from "../calls/index.ts";
import type { RepoSymbols } from "../repo-symbols.ts";
import { OutlineError } from "../../core/errors.ts";
import { flatten } from "../../core/symbols/find.ts";
import { pathFilter } from "../../core/text/glob.ts";
import { matchColumn, type TextPattern } from "../../core/search/text-pattern.ts";
import type { TextMatch, TextSearchResult } from "../../core/views.ts";
import type { OutlineSymbol } from "../../core/types.ts";
import { languageByName } from "../../core/languages/detect.ts";
import type { Env } from "../../io/env.ts";
import { formatBytes } from "../../core/text/bytes.ts";
import { DEFAULT_MAX_BYTES, SKIP_SNIFF_BYTES, contentSkipReason } from "../../io/files.ts";
import { findLines } from "./lines.ts";

/** A line longer than this is shown as a window around its match. */
const MAX_LINE_SHOWN = 200;
const BEFORE_MATCH = 60;

export interface TextSearchRequest {
  pattern: TextPattern;
  /** Only files matching one of these globs or path prefixes (relative to the base). */
  within: string[];
  /** At most this many lines shown (0: all). */
  limit: number;
}

export async function searchText(env: Env, repo: RepoSymbols, req: TextSearchRequest): Promise<TextSearchResult> {
  const access = repo.access;
  const filters = req.within.map(pathFilter);
  const keep = (path: string) => !filters.length || filters.some((f) => f(path));
  const found = await findLines(env, access, req.pattern, keep);
  const skipped = [...found.skipped];

  // The listing rule, for the files that matched (a scan applied the size part already).
  const leftOut = new Map<string, string | undefined>();
  const reasonFor = (path: string): string | undefined => {
    if (leftOut.has(path)) return leftOut.get(path);
    let reason: string | undefined;
    const stamp = access.stamp(path);
    if (!stamp) reason = "not a regular file";
    else if (stamp.size > DEFAULT_MAX_BYTES) reason = `larger than ${formatBytes(DEFAULT_MAX_BYTES)}`;
    if (!reason) {
      try {
        reason = contentSkipReason(path, access.read(path, DEFAULT_MAX_BYTES).bytes.subarray(0, SKIP_SNIFF_BYTES));
      } catch (e) {
        if (!(e instanceof OutlineError)) throw e;
        reason = e.message;
      }
    }
    leftOut.set(path, reason);
    if (reason) skipped.push({ path, reason: `${reason} (it matches)` });
    return reason;
  };
  // Lines in files of a supported language first (code before translations, docs in other formats).
  const code = (path: string) => (languageByName(path) ? 0 : 1);
  const lines = found.lines.filter((l) => !reasonFor(l.path)).sort((a, b) => code(a.path) - code(b.path));
  const shown = req.limit > 0 ? lines.slice(0, req.limit) : lines;

  // Each file's symbols, flat, or why it has none (a language not supported, a parse refused).
  const outlines = new Map<string, Promise<OutlineSymbol[] | string>>();
  const outlineOf = (path: string) => {
    let o = outlines.get(path);
    if (!o) {
      o = repo.parsed(path).then(
        (parsed) => flatten(parsed.outline.symbols),
        (e) => {
          if (!(e instanceof OutlineError)) throw e;
          return /^unsupported language/.test(e.message) ? "not a supported language" : "no outline";
        },
      );
      outlines.set(path, o);
    }
    return o;
  };
  const matches: TextMatch[] = [];
  for (const l of shown) {
    const m: TextMatch = { path: l.path, line: l.line, column: matchColumn(req.pattern, l.text) ?? 1, text: "" };
    m.text = window(l.text, m.column);
    const outlined = await outlineOf(l.path);
    if (typeof outlined === "string") m.noOutline = outlined;
    else {
      const s = innermost(outlined, l.line);
      if (s) m.symbol = { kind: s.kind, qualifiedName: s.qualifiedName, startLine: s.startLine, endLine: s.endLine };
    }
    matches.push(m);
  }
  return {
    pattern: req.pattern.source, syntax: req.pattern.literal ? "literal" : "regex", ignoreCase: req.pattern.ignoreCase, within: req.within,
    matches, total: lines.length, files: new Set(lines.map((l) => l.path)).size, capped: found.capped, skipped, searchedBy: found.searchedBy,
  };
}

/** The line, or when long, a window of it from a little before the match. */
function window(text: string, column: number): string {
  const line = text.trimStart();
  const shift = text.length - line.length;
  if (line.length <= MAX_LINE_SHOWN) return line;
  const from = Math.max(0, column - 1 - shift - BEFORE_MATCH);
  return `${from > 0 ? "…" : ""}${line.slice(from, from + MAX_LINE_SHOWN)}…`;
}
