// Glue between IO and the core: read a file, pick its language, outline it.
// Every entry point (CLI commands, MCP tools, the index) outlines files through here.
import { outlineSource } from "../core/outline/outline.ts";
import type { FileOutline } from "../core/types.ts";
import { DEFAULT_MAX_BYTES, readFileBytes, requireLanguage, type SourceFile } from "../io/files.ts";
import { toDisplayPath } from "../io/paths.ts";
import { outlineWithCache } from "./cache-lookup.ts";

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

export async function outlineFile(path: string, opts: OutlineFileOptions = {}): Promise<OutlinedFile> {
  const file = readFileBytes(path, opts.maxBytes ?? DEFAULT_MAX_BYTES);
  const language = requireLanguage(file, opts.language);
  const display = toDisplayPath(path);
  const direct = () => outlineSource({ path: display, bytes: file.bytes, language });
  const outline = opts.cache === false ? await direct() : await outlineWithCache(path, display, file.bytes, language, direct);
  return { file, outline };
}
