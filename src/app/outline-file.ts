// Glue between IO and the core: read a file, pick its language, outline it.
// Every entry point (CLI commands, MCP tools, the index) outlines files through here.
import type { FileOutline } from "../core/types.ts";
import { DEFAULT_MAX_BYTES, readInput, requireLanguage, type SourceFile } from "../io/files.ts";
import { resolve } from "node:path";
import type { Env } from "../io/env.ts";
import { toDisplayPath } from "../io/paths.ts";
import { outlineWithCache } from "./index/lookup.ts";

export interface OutlineFileOptions {
  maxBytes?: number;
  language?: string;
  /** Use a fresh entry of the repo-wide cache when there is one (default true). */
  cache?: boolean;
}

export interface OutlinedFile {
  file: SourceFile;
  outline: FileOutline;
}

/** A file named by the user (relative to the working folder), read and outlined. */
export async function outlineFile(env: Env, path: string, opts: OutlineFileOptions = {}): Promise<OutlinedFile> {
  // Standard input (`-`) has no place on disk for the cache to key it by.
  return outlineRead(env, readInput(env, path, opts.maxBytes ?? DEFAULT_MAX_BYTES), path === "-" ? { ...opts, cache: false } : opts);
}

/** The outline of a file already read (by the workspace gate, src/io/workspace.ts); its path is relative to env.cwd. */
export async function outlineRead(env: Env, file: SourceFile, opts: Omit<OutlineFileOptions, "maxBytes"> = {}): Promise<OutlinedFile> {
  const language = requireLanguage(file, opts.language);
  const display = toDisplayPath(file.path);
  // The parser and the outline builder load only when the cache has no answer.
  const direct = async (references: boolean) => (await import("../core/outline/outline.ts")).outlineSource({ path: display, bytes: file.bytes, language, references });
  const outline = opts.cache === false ? await direct(false) : await outlineWithCache(env, resolve(env.cwd, file.path), display, file.bytes, language, direct);
  return { file, outline };
}
