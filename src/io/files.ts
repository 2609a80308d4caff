// Reading one source file, with every way it can fail turned into a one-line input error.
import { readFileSync, statSync, type Stats } from "node:fs";
import { resolve } from "node:path";
import { detectLanguage } from "../core/languages/detect.ts";
import type { LanguageSpec } from "../core/languages/registry.ts";
import { OutlineError, inputError, usageError } from "../core/errors.ts";
import type { UnreadableReason, WalkSkipReason } from "../core/skip-reason.ts";
import { formatBytes } from "../core/text/bytes.ts";
import { cutText, printable, quotePath } from "../core/text/quote.ts";
import { fsPath } from "./names.ts";
import { BINARY_SNIFF_BYTES, looksBinary } from "../core/text/binary.ts";

/** Files over this are skipped in directory walks and refused when named (override: --max-size). */
export const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;

export interface SourceFile {
  path: string;
  bytes: Uint8Array;
  /** Absent for standard input. */
  stat: Stats | undefined;
}

/** What a missing file's error suggests, wherever the user named the file. */
export const MISSING_FILE_HINT = "check the path; `outline .` lists what is here";

/** The stat of `path` (relative to `base`, the working folder); an input error naming `path` as given when there is none. */
export function statOrThrow(path: string, base: string): Stats {
  try {
    return statSync(fsPath(base, path));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const file = quotePath(path);
    if (code === "ENOENT" || code === "ENOTDIR") throw new OutlineError({ kind: "no-such-file", file, hint: MISSING_FILE_HINT });
    if (code === "EACCES" || code === "EPERM") throw new OutlineError({ kind: "permission-denied", file });
    throw new OutlineError({ kind: "cannot-read", file, cause: code ?? String(e) });
  }
}

/** A file's bytes; `path` is relative to `base` (the working folder) and is the path the result and errors name. */
export function readFileBytes(path: string, base: string, maxBytes = DEFAULT_MAX_BYTES): SourceFile {
  const stat = statOrThrow(path, base);
  const file = quotePath(path);
  if (stat.isDirectory()) throw new OutlineError({ kind: "is-a-directory", file, hint: "name a file, or use `outline <dir>`" });
  if (!stat.isFile()) throw new OutlineError({ kind: "not-a-regular-file", file });
  if (stat.size > maxBytes) throw new OutlineError({ kind: "too-large", file, bytes: stat.size, hint: "raise --max-size, or read lines with `region`" });
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(fsPath(base, path));
  } catch (e) {
    throw new OutlineError({ kind: "cannot-read", file, cause: (e as NodeJS.ErrnoException).code ?? String(e) });
  }
  return { path, bytes, stat };
}

/** The name `-` (standard input) goes by in answers and messages. */
const STDIN_NAME = "<stdin>";

/**
 * A file the user named, or with `-` all of standard input (as cat, grep and git hash-object
 * read it): named `<stdin>`, its language from --language or its content (a #! line).
 */
export function readInput(env: { cwd: string; stdin?: () => Uint8Array }, path: string, maxBytes = DEFAULT_MAX_BYTES): SourceFile {
  if (path !== "-") return readFileBytes(path, env.cwd, maxBytes);
  let bytes: Uint8Array;
  try {
    bytes = env.stdin ? env.stdin() : readFileSync(0);
  } catch (e) {
    throw inputError(`cannot read standard input: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  if (bytes.length > maxBytes) throw inputError(`standard input is too large (${formatBytes(bytes.length)})`, "raise --max-size");
  return { path: STDIN_NAME, bytes, stat: undefined };
}

/** Why a file could not be read, as a skipped reason: `unreadable (permission denied)`, `unreadable (EIO)`. */
export function unreadableReason(e: unknown): UnreadableReason {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return "unreadable (permission denied)";
  return `unreadable (${code ?? (e instanceof Error ? e.message : String(e))})`;
}

export { BINARY_SNIFF_BYTES, looksBinary };

/**
 * The one rule for what a folder walk or a repository listing leaves out (outline of a folder,
 * index, search, digest, the MCP tools), in two parts: by size before reading, then by content
 * (the first 64 KiB suffice). Vendored folders are left out by the walk itself (walk.ts).
 * A file the user names is always tried.
 */
export function sizeSkipReason(size: number, maxBytes: number): WalkSkipReason | undefined {
  return size > maxBytes ? `larger than ${formatBytes(maxBytes)} (--max-size)` : undefined;
}

/** How much of a file contentSkipReason needs. */
export const SKIP_SNIFF_BYTES = 64 * 1024;

export function contentSkipReason(path: string, head: Uint8Array): WalkSkipReason | undefined {
  if (head.length === 0) return undefined;
  if (looksBinary(head)) return "binary";
  if (/\.min\.(js|css|mjs)$/.test(path) || looksMinified(head)) return "minified or generated";
  if (isLockfile(path)) return "lockfile";
  return undefined;
}

/** Minified or generated: very long average lines. */
export function looksMinified(bytes: Uint8Array): boolean {
  if (bytes.length < 4096) return false;
  // Minified when lines < length / 500: counting stops once there are that many.
  const enough = bytes.length / 500;
  let lines = 1;
  for (let i = bytes.indexOf(0x0a); i >= 0 && lines < enough; i = bytes.indexOf(0x0a, i + 1)) lines++;
  return lines < enough;
}

/**
 * Lockfiles in a supported format (JSON, YAML, HCL): written by package managers, thousands of
 * entries nobody reviews one by one. Folder walks, `index` and `changed` skip them; a file named
 * explicitly is outlined (contentSkipReason).
 */
const LOCKFILES = new Set(["package-lock.json", "npm-shrinkwrap.json", "pnpm-lock.yaml", "packages.lock.json", ".terraform.lock.hcl", "composer.lock", "flake.lock", "deno.lock"]);

export function isLockfile(path: string): boolean {
  return LOCKFILES.has(path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1));
}

export function languageOf(file: SourceFile, override?: string): LanguageSpec | undefined {
  return detectLanguage(file.path, file.bytes, override);
}

export function requireLanguage(file: SourceFile, override?: string): LanguageSpec {
  const spec = languageOf(file, override);
  if (!spec) {
    if (looksBinary(file.bytes)) throw new OutlineError({ kind: "binary-file", file: file.path, hint: "nothing to outline" });
    if (file.path === STDIN_NAME) throw inputError("standard input: which language?", "give --language (`ast-outline languages` lists them), or start it with a #! line");
    throw new OutlineError({ kind: "unsupported-language", file: file.path, hint: "`ast-outline languages` lists what is supported; use `region` or grep for this file" });
  }
  if (looksBinary(file.bytes)) throw new OutlineError({ kind: "binary-file", file: file.path, hint: "nothing to outline" });
  return spec;
}


/** Parse `--max-size` values like 4M, 512k, 100000. */
export function parseSize(value: unknown): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]i?b?|b)?$/i.exec(String(value).trim());
  if (!m) throw usageError(`--max-size: not a size: ${printable(cutText(String(value), 80)) || '""'}`, "use a number of bytes, or e.g. 512K, 4M");
  const unit = (m[2] ?? "").toLowerCase()[0];
  const mult = unit === "k" ? 1024 : unit === "m" ? 1024 ** 2 : unit === "g" ? 1024 ** 3 : 1;
  return Math.floor(Number(m[1]) * mult);
}
