// Exact lines of any text file (the fallback for everything ast-outline does not parse), with
// a check that the file still has the content hash the caller took its line numbers from.
import { contentHash } from "../core/hash.ts";
import { inputError, usageError } from "../core/errors.ts";
import { LineIndex } from "../core/text/lines.ts";
import type { RegionView } from "../core/views.ts";
import { cutText, printable, quotePath } from "../core/text/quote.ts";
import { looksBinary, type SourceFile } from "../io/files.ts";
import { toDisplayPath } from "../io/paths.ts";
import type { FileOutline } from "../core/types.ts";
import { symbolForHash } from "./symbol-hash.ts";

/** Region reads any text file, source or not, up to this size. */
export const REGION_MAX_BYTES = 64 * 1024 * 1024;

export interface RegionRequest {
  startLine: number;
  endLine: number;
  /** The sha256 (or a prefix of 8+ hex digits, `sha256:` allowed) the caller took the lines from. */
  expectedHash?: string;
  /** At most this many lines a read. */
  maxLines?: number;
}

/** A hash as given (`sha256:` or `symbol:` prefix, any case), checked: 8 to 64 hex digits. */
export function normalizeHash(h: string): string {
  const v = h.trim().toLowerCase().replace(/^(sha256|symbol):/, "");
  // The value is the caller's: cut (a 100,000-character hash is not echoed whole) and escaped.
  if (!/^[0-9a-f]{8,64}$/.test(v)) throw usageError(`bad hash: ${printable(cutText(h, 80))}`, "give the sha256 (or its first 8+ hex digits) that the outline printed");
  return v;
}

/**
 * A hash from an earlier read, with what the printed prefix says it is: `symbol:…` a symbol's
 * own hash, `sha256:…` the file's content hash (the headers print both), bare hex either.
 */
export interface GivenHash {
  hex: string;
  kind: "symbol" | "file" | "either";
}

export function givenHash(h: string): GivenHash {
  const prefix = /^\s*(sha256|symbol):/i.exec(h)?.[1].toLowerCase();
  return { hex: normalizeHash(h), kind: prefix === "symbol" ? "symbol" : prefix === "sha256" ? "file" : "either" };
}

/** A usage error for a range that ends before it starts (checked before the file is read). */
export function checkRange(start: number, end: number): void {
  if (end < start) throw usageError(`end line ${end} is before start line ${start}`);
}

/** A hash given as `symbol:…`: a symbol's own hash (app/symbol-hash.ts), not the file's. */
export function isSymbolHash(h: string): boolean {
  return /^\s*symbol:/i.test(h);
}

/**
 * A region read with a hash that is not the file's (`view`, stale) but may be a symbol's: one
 * whose hash it is in `outline` is read where it is now, unchanged; a hash given as `symbol:…`
 * that no symbol has names the symbol holding the first line asked for, changed, with its new
 * range and hash. Any other hash is a stale file hash, as before.
 */
export function readRegionBySymbol(file: SourceFile, req: RegionRequest, view: RegionView, outline: FileOutline, symbolHash: boolean): RegionView {
  if (view.staleSince === undefined) return view;
  const f = symbolForHash(outline, file.bytes, view.staleSince, req.startLine);
  if (!f || (!f.unchanged && !symbolHash)) return view;
  const symbol = { name: f.symbol.qualifiedName, unchanged: f.unchanged, given: view.staleSince, hash: f.now, startLine: f.symbol.startLine, endLine: f.symbol.endLine };
  if (!f.unchanged) return { ...view, symbol };
  const moved = readRegion(file, { ...req, startLine: f.symbol.startLine, endLine: f.symbol.endLine, expectedHash: undefined });
  return { ...moved, symbol };
}

/**
 * `region` and read_region: the lines asked for and, when `hash` is not the file's, read as a
 * symbol's (readRegionBySymbol) against the file's outline, which `outline` gets the front end's
 * way (from the disk, or through the workspace gate). A file with no language, or one that
 * cannot be outlined, gets the stale read. The language registry and the parser load only then:
 * a plain read needs neither.
 */
export async function readRegionChecked(file: SourceFile, req: RegionRequest, hash: string | undefined, outline: () => Promise<FileOutline>): Promise<RegionView> {
  const view = readRegion(file, req);
  if (view.staleSince === undefined || hash === undefined) return view;
  // A file of no language by its name may still be one by its #! line (standard input has no name).
  const { detectLanguage } = await import("../core/languages/detect.ts");
  if (!detectLanguage(file.path, file.bytes)) return view;
  const parsed = await outline().catch(() => undefined);
  return parsed ? readRegionBySymbol(file, req, view, parsed, isSymbolHash(hash)) : view;
}

export function readRegion(file: SourceFile, req: RegionRequest): RegionView {
  const { startLine: start, endLine: end } = req;
  checkRange(start, end);
  const path = toDisplayPath(file.path);
  if (looksBinary(file.bytes)) throw inputError(`${quotePath(path)} is a binary file`, "region reads text files");
  const index = new LineIndex(file.bytes);
  const hash = contentHash(file.bytes);
  if (start > index.lineCount) throw inputError(`${quotePath(path)} has ${index.lineCount} lines; line ${start} is past the end`);
  const limit = req.maxLines === undefined ? Infinity : start + req.maxLines - 1;
  const last = Math.min(end, index.lineCount, limit);
  const view: RegionView = { path, hash, lineCount: index.lineCount, startLine: start, endLine: last, requestedEnd: end, lines: index.lines(start, last) };
  if (last === limit && last < end && last < index.lineCount) view.lineLimit = req.maxLines;
  if (req.expectedHash !== undefined && !hash.startsWith(req.expectedHash)) view.staleSince = req.expectedHash;
  return view;
}
