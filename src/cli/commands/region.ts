// `ast-outline region FILE START END [--hash H]`: exact lines, numbered.
import { REGION_MAX_BYTES, checkRange, normalizeHash, readRegionChecked } from "../../app/region.ts";
import { QUESTIONS } from "../../app/questions.ts";
import type { Env } from "../../io/env.ts";
import { readInput } from "../../io/files.ts";
import { renderRegionJson, renderRegionText } from "../../render/region-text.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseLine } from "../options.ts";
import { readOptions } from "../values.ts";

export async function regionCommand(path: string, startArg: unknown, endArg: unknown, raw: Record<string, unknown>, io: CliIO, env: Env): Promise<number> {
  const options = readOptions(QUESTIONS.region, raw);
  const format = options.format;
  const startLine = parseLine(startArg, "start");
  const endLine = parseLine(endArg, "end");
  checkRange(startLine, endLine);
  const expectedHash = options.hash === undefined ? undefined : normalizeHash(options.hash);
  const file = readInput(env, path, REGION_MAX_BYTES);
  const req = { startLine, endLine, expectedHash };
  const view = await readRegionChecked(file, req, options.hash, async () => {
    // The bytes already read (standard input cannot be read twice); the cache only for a file on disk.
    const { outlineRead } = await import("../../app/outline-file.ts");
    return (await outlineRead(env, file, { cache: path !== "-" })).outline;
  });
  if (format === "json") {
    io.out(renderRegionJson(view));
    return EXIT_OK;
  }
  const text = renderRegionText(view);
  for (const n of text.notes) io.note(n.kind === "stale" ? `warning: ${n.text}` : n.text);
  for (const part of text.lines) io.out(part);
  return EXIT_OK;
}
