// `ast-outline region FILE START END [--hash H]`: exact lines, numbered.
import { REGION_MAX_BYTES, checkRange, isSymbolHash, normalizeHash, readRegion, readRegionBySymbol } from "../../app/region.ts";
import { outlineFile } from "../../app/outline-file.ts";
import { languageByName } from "../../core/languages/detect.ts";
import type { Env } from "../../io/env.ts";
import { readFileBytes, parseSize } from "../../io/files.ts";
import { renderRegionJson, renderRegionText } from "../../render/region-text.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseFormat, parseLine } from "../options.ts";

export interface RegionOptions {
  hash?: string;
  format?: string;
  maxSize?: unknown;
}

export async function regionCommand(path: string, startArg: unknown, endArg: unknown, options: RegionOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json"]);
  const startLine = parseLine(startArg, "start");
  const endLine = parseLine(endArg, "end");
  checkRange(startLine, endLine);
  const expectedHash = options.hash === undefined ? undefined : normalizeHash(String(options.hash));
  const file = readFileBytes(path, env.cwd, options.maxSize === undefined ? REGION_MAX_BYTES : parseSize(options.maxSize));
  const req = { startLine, endLine, expectedHash };
  let view = readRegion(file, req);
  // A hash that is not the file's may be a symbol's: checked against the file's outline (as MCP read_region does).
  if (view.staleSince !== undefined && languageByName(file.path)) {
    const parsed = await outlineFile(env, path, { maxBytes: REGION_MAX_BYTES }).catch(() => undefined);
    if (parsed) view = readRegionBySymbol(file, req, view, parsed.outline, isSymbolHash(String(options.hash)));
  }
  if (format === "json") {
    io.out(renderRegionJson(view));
    return EXIT_OK;
  }
  const text = renderRegionText(view);
  for (const n of text.notes) io.note(n.kind === "stale" ? `warning: ${n.text}` : n.text);
  for (const part of text.lines) io.out(part);
  return EXIT_OK;
}
