// Where the runtime .wasm, the grammar .wasm files and the queries come from. The compiled
// binary installs an embedded source (src/bin/binary.ts); running from source (Bun, Node,
// Deno) they are read from node_modules and grammars/ on disk. This is the only module that
// knows the difference.
import { readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { lazyModule } from "../lazy-module.ts";
import type { GrammarSource } from "../languages/registry.ts";
import { builtVersion } from "./grammar-provenance.ts";

export interface AssetSource {
  runtimeWasm(): Uint8Array;
  grammarWasm(grammar: GrammarSource): Uint8Array;
  query(name: string): string;
  /** Another query file of a query folder (grammars/<folder>/<file>), or undefined if it has none. */
  queryFile(folder: string, file: string): string | undefined;
  grammarVersion(grammar: GrammarSource): string;
  /** The engine id (src/app/engine/id.ts) when known in advance: the binary's embedded assets never change. */
  engineId?: string;
}

/** The project root: the nearest folder above this module that holds grammars/. */
const nodeUrl = lazyModule<typeof import("node:url")>("node:url");

function projectRoot(): string {
  let dir = dirname(nodeUrl().fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "grammars")) && existsSync(join(dir, "package.json"))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error("cannot find the ast-outline project root (grammars/ folder)");
    dir = up;
  }
}

export function diskAssets(root = projectRoot()): AssetSource {
  const pkgDir = (pkg: string) => packageDir(root, pkg);
  return {
    runtimeWasm: () => readFileSync(join(pkgDir("web-tree-sitter"), "tree-sitter.wasm")),
    grammarWasm: (g) => readFileSync(grammarFile(root, g)),
    query: (name) => readFileSync(join(root, "grammars", name, "outline.scm"), "utf8"),
    queryFile: (folder, file) => {
      const path = join(root, "grammars", folder, file);
      return existsSync(path) ? readFileSync(path, "utf8") : undefined;
    },
    grammarVersion: (g) => grammarVersionOnDisk(root, g),
  };
}

/** Where a grammar's .wasm is: in its npm package, or under grammars/ when built here. */
export function grammarFile(root: string, g: GrammarSource): string {
  return g.build ? join(root, "grammars", g.file) : join(packageDir(root, g.package), g.file);
}

/** A grammar's version: its package's, or for one built here the recorded build (see grammar-provenance.ts). */
export function grammarVersionOnDisk(root: string, g: GrammarSource): string {
  if (g.build) return builtVersion(g);
  return JSON.parse(readFileSync(join(packageDir(root, g.package), "package.json"), "utf8")).version;
}

/** node_modules/<pkg> as Node would find it from root (package "exports" may hide package.json). */
export function packageDir(root: string, pkg: string): string {
  for (let dir = root; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", pkg);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) throw new Error(`package ${pkg} is not installed (run npm ci)`);
  }
}

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

let current: AssetSource | undefined;

export function setAssetSource(source: AssetSource): void {
  current = source;
}

export function assets(): AssetSource {
  return (current ??= diskAssets());
}
