// Glue between IO and the core: read a file, pick its language, outline it.
// Every entry point (CLI commands, MCP tools, the index) outlines files through here.
import { outlineSource } from "../core/outline/outline.ts";
import type { FileOutline } from "../core/types.ts";
import { DEFAULT_MAX_BYTES, readFileBytes, requireLanguage, type SourceFile } from "../io/files.ts";
import { toDisplayPath } from "../io/paths.ts";

export interface OutlineFileOptions {
  maxBytes?: number;
  language?: string;
}

export interface OutlinedFile {
  file: SourceFile;
  outline: FileOutline;
}

export async function outlineFile(path: string, opts: OutlineFileOptions = {}): Promise<OutlinedFile> {
  const file = readFileBytes(path, opts.maxBytes ?? DEFAULT_MAX_BYTES);
  const language = requireLanguage(file, opts.language);
  const outline = await outlineSource({ path: toDisplayPath(path), bytes: file.bytes, language });
  return { file, outline };
}
