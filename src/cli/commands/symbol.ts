import { outlineFile } from "../../app/outline-file.ts";
import { readSymbols, type SymbolRead } from "../../app/read-symbol.ts";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_NOT_FOUND, EXIT_OK, parseFormat } from "../options.ts";
import { parseSize, DEFAULT_MAX_BYTES } from "../../io/files.ts";
import { usageError } from "../../core/errors.ts";
import { quoteName, quotePath, toJson } from "../../core/text/quote.ts";
import type { OutlineSymbol } from "../../core/types.ts";
import type { OuterName } from "../../core/skeleton/free-names.ts";
import { drillText, findOne, outerNamesOf, renderOuterNames, skeletonText } from "../../app/symbol-view.ts";
import { repoSymbols } from "../../app/repo-symbols.ts";
import { cliWorkspace } from "../../io/workspace.ts";

export interface SymbolOptions {
  format?: string;
  skeleton?: boolean;
  drill?: string;
  language?: string;
  maxSize?: unknown;
}

export async function symbolCommand(path: string, names: string[], options: SymbolOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json"]);
  const maxBytes = options.maxSize === undefined ? DEFAULT_MAX_BYTES : parseSize(options.maxSize);
  if (options.skeleton || options.drill !== undefined) return skeletonOrDrill(path, names, options, io, env);
  const { file, outline } = await outlineFile(env, path, { language: options.language, maxBytes });
  const reads = readSymbols(outline, file.bytes, names);
  const parsed = { file, outline, scan: undefined };
  const outer = new Map<OutlineSymbol, OuterName[]>();
  for (const r of reads) if (r.status === "found") for (const b of r.blocks) outer.set(b.symbol, await outerNamesOf(parsed, b.symbol));

  if (format === "json") {
    io.out(toJson({ path: outline.path, language: outline.language, hash: outline.hash, results: reads.map((r) => jsonResult(r, outer)) }, 2) + "\n");
  } else {
    for (const r of reads) renderText(r, outline.path, io, outer);
  }
  return reads.every((r) => r.status === "found") ? EXIT_OK : EXIT_NOT_FOUND;
}

/** `--skeleton` / `--drill <label>`: text only, one symbol at a time. */
async function skeletonOrDrill(path: string, names: string[], options: SymbolOptions, io: CliIO, env: Env): Promise<number> {
  if (options.format === "json") throw usageError("--skeleton and --drill print text only", "drop --format json");
  if (options.drill !== undefined && names.length !== 1) throw usageError("--drill takes one symbol", "name one symbol");
  const repo = repoSymbols(env, cliWorkspace(env.cwd, [path]));
  const parsed = await repo.parsed(path);
  for (const name of names) {
    const symbol = findOne(parsed, name);
    io.out(options.drill !== undefined ? await drillText(repo, parsed, symbol, String(options.drill)) : await skeletonText(parsed, symbol));
  }
  return EXIT_OK;
}

function renderText(r: SymbolRead, rawPath: string, io: CliIO, outer: Map<OutlineSymbol, OuterName[]>): void {
  const path = quotePath(rawPath);
  if (r.status === "found") {
    for (const b of r.blocks) {
      const s = b.symbol;
      io.out(`# ${path}:${b.startLine}-${b.endLine} ${quoteName(s.qualifiedName)} (${s.kind}${s.truncated ? ", truncated" : ""})\n`);
      io.out(renderOuterNames(outer.get(s) ?? []));
      io.out(b.text);
      if (b.text.length && b.text[b.text.length - 1] !== 0x0a) io.out("\n");
    }
  } else if (r.status === "ambiguous") {
    io.note(`\`${r.query}\` matches ${r.candidates.length} symbols in ${path} (name one by its qualified name)`);
    for (const c of r.candidates) io.out(`${path}:${c.startLine}-${c.endLine} ${c.kind} ${quoteName(c.qualifiedName)}\n`);
  } else {
    const hint = r.suggestions.length ? `did you mean: ${r.suggestions.map((s) => quoteName(s.qualifiedName)).join(", ")}` : `\`ast-outline outline ${path}\` lists its symbols`;
    io.note(`no symbol \`${r.query}\` in ${path} (${hint})`);
  }
}

const decoder = new TextDecoder();

function jsonResult(r: SymbolRead, outer: Map<OutlineSymbol, OuterName[]>) {
  if (r.status === "found") {
    return {
      query: r.query,
      status: r.status,
      symbols: r.blocks.map((b) => {
        const { children, ...fields } = b.symbol;
        const names = outer.get(b.symbol) ?? [];
        return { ...fields, textStartLine: b.startLine, textEndLine: b.endLine, text: decoder.decode(b.text), ...(names.length ? { outerNames: names } : {}) };
      }),
    };
  }
  if (r.status === "ambiguous") {
    return { query: r.query, status: r.status, candidates: r.candidates.map(({ children, ...c }) => c) };
  }
  return { query: r.query, status: r.status, suggestions: r.suggestions.map((s) => s.qualifiedName) };
}
