// The seed documents' command names, as aliases: `get-outline --file-path F` is `outline F`,
// `get-symbol --file-path F --symbol S` is `symbol F S`; every other option is the command's own.
import { usageError } from "../../core/errors.ts";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { outlineCommand, type OutlineOptions } from "./outline.ts";
import { symbolCommand, type SymbolOptions } from "./symbol.ts";

/** An option's values as given (cac gives one value as itself, several as an array), each a non-empty string. */
function values(value: unknown, flag: string, hint: string): string[] {
  const list = value === undefined ? [] : ([] as unknown[]).concat(value);
  if (!list.length || list.some((v) => typeof v !== "string" && typeof v !== "number") || list.some((v) => String(v) === "")) throw usageError(`${flag} is required`, hint);
  return list.map(String);
}

export async function getOutlineCommand(options: OutlineOptions & { filePath?: unknown }, io: CliIO, env: Env): Promise<number> {
  const { filePath, ...rest } = options;
  return outlineCommand(values(filePath, "--file-path", "get-outline --file-path FILE"), rest, io, env);
}

export async function getSymbolCommand(options: SymbolOptions & { filePath?: unknown; symbol?: unknown }, io: CliIO, env: Env): Promise<number> {
  const { filePath, symbol, ...rest } = options;
  const files = values(filePath, "--file-path", "get-symbol --file-path FILE --symbol NAME");
  if (files.length > 1) throw usageError("--file-path takes one file here", "get-symbol --file-path FILE --symbol NAME");
  return symbolCommand(files[0], values(symbol, "--symbol", "get-symbol --file-path FILE --symbol NAME"), rest, io, env);
}
