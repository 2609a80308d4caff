// Where the runtime .wasm, the grammar .wasm files and the queries come from: the source the
// entry point gave the runtime (core/runtime.ts), embedded in the compiled binary or read from
// disk (src/io/disk-assets.ts). Nothing here knows which.
import { type AssetSource, runtimeAssets } from "../runtime.ts";

export type { AssetSource };

/** A query folder's file of import patterns, appended to outline.scm where imports are wanted. */
const IMPORTS_FILE = "imports.scm";

export interface QueryParts {
  /** The import patterns too (default). `changed` compares definitions only and leaves them out. */
  imports?: boolean;
  /** A profile's query file (registry `profiles`) in place of outline.scm. */
  definitions?: string;
}

/**
 * The source of a query folder's outline query: outline.scm, then imports.scm unless left out.
 * Import patterns come last, so definitions keep their pattern order ("the earlier wins") either way.
 */
export function outlineQuerySource(folder: string, { imports = true, definitions }: QueryParts = {}): string {
  const defs = definitions === undefined ? assets().query(folder) : assets().queryFile(folder, definitions);
  if (defs === undefined) throw new Error(`query not found: grammars/${folder}/${definitions}`);
  const importPatterns = imports ? assets().queryFile(folder, IMPORTS_FILE) : undefined;
  return importPatterns === undefined ? defs : `${defs}\n${importPatterns}`;
}

export const assets = runtimeAssets;
