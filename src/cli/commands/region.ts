import { contentHash } from "../../core/hash.ts";
import { LineIndex } from "../../core/text/lines.ts";
import { inputError, usageError } from "../../core/errors.ts";
import { looksBinary, readFileBytes, parseSize } from "../../io/files.ts";
import { toDisplayPath } from "../../io/paths.ts";
import { quotePath, toJson } from "../../core/text/quote.ts";
import { HASH_PREFIX } from "../../render/outline-text.ts";
import type { Env } from "../../io/env.ts";
import type { CliIO } from "../io.ts";
import { EXIT_OK, parseFormat, parseLine } from "../options.ts";

export interface RegionOptions {
  hash?: string;
  format?: string;
  maxSize?: unknown;
}

/** Region reads any text file, source or not: it is the fallback for everything else. */
const REGION_MAX_BYTES = 64 * 1024 * 1024;

export async function regionCommand(path: string, startArg: unknown, endArg: unknown, options: RegionOptions, io: CliIO, env: Env): Promise<number> {
  const format = parseFormat(options.format, ["text", "json"]);
  const start = parseLine(startArg, "start");
  const end = parseLine(endArg, "end");
  if (end < start) throw usageError(`end line ${end} is before start line ${start}`);
  const expected = options.hash === undefined ? undefined : normalizeHash(String(options.hash));

  const file = readFileBytes(path, env.cwd, options.maxSize === undefined ? REGION_MAX_BYTES : parseSize(options.maxSize));
  if (looksBinary(file.bytes)) throw inputError(`${path} is a binary file`, "region reads text files");
  const index = new LineIndex(file.bytes);
  const display = quotePath(toDisplayPath(path));
  const hash = contentHash(file.bytes);
  if (start > index.lineCount) throw inputError(`${display} has ${index.lineCount} lines; line ${start} is past the end`);
  const last = Math.min(end, index.lineCount);
  if (last < end) io.note(`${display} has ${index.lineCount} lines; showing ${start}-${last}`);
  const stale = expected !== undefined && !hash.startsWith(expected);
  if (stale) io.note(`warning: ${display} changed since hash ${expected.slice(0, HASH_PREFIX)} (now ${hash.slice(0, HASH_PREFIX)}); line numbers may be stale, run \`outline\` again`);

  const lines = index.lines(start, last);
  if (format === "json") {
    const decoder = new TextDecoder();
    io.out(toJson({ path: toDisplayPath(path), hash, stale, startLine: start, endLine: last, lineCount: index.lineCount, lines: lines.map((l) => decoder.decode(l)) }, 2) + "\n");
    return EXIT_OK;
  }
  const width = String(last).length;
  const enc = new TextEncoder();
  for (let i = 0; i < lines.length; i++) {
    io.out(enc.encode(`${String(start + i).padStart(width)}  `));
    io.out(lines[i]);
    io.out("\n");
  }
  return EXIT_OK;
}

function normalizeHash(h: string): string {
  const v = h.trim().toLowerCase().replace(/^sha256:/, "");
  if (!/^[0-9a-f]{8,64}$/.test(v)) throw usageError(`bad --hash: ${h}`, "give the sha256 (or its first 8+ hex digits) that `outline` printed");
  return v;
}
