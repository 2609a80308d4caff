// The runtime of a run from source (Bun, Node, Deno): the runtime .wasm, the grammar .wasm files
// and the queries read from node_modules and grammars/, the hook script from hooks/. The
// compiled binary embeds them instead (src/bin/binary.ts); core/runtime.ts is where either is given.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { GrammarSource } from "../core/languages/registry.ts";
import { builtVersion } from "../core/parse/grammar-provenance.ts";
import type { AssetSource, Runtime } from "../core/runtime.ts";
import { nodeUrl } from "./builtins.ts";

/** The project root: the nearest folder above this module that holds grammars/. */
function projectRoot(): string {
  let dir = dirname(nodeUrl().fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "grammars")) && existsSync(join(dir, "package.json"))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error("cannot find the ast-outline project root (grammars/ folder)");
    dir = up;
  }
}

/** The assets and the hook script on disk, found when first read (a run that parses nothing looks for nothing). */
export function diskRuntime(root?: string): Pick<Runtime, "assets" | "hookScript"> {
  let found = root;
  const at = () => (found ??= projectRoot());
  const disk = lazyAssets(at);
  return { assets: disk, hookScript: () => readFileSync(join(at(), "hooks", "pre-commit"), "utf8") };
}

function lazyAssets(root: () => string): AssetSource {
  const pkgDir = (pkg: string) => packageDir(root(), pkg);
  return {
    runtimeWasm: () => readFileSync(join(pkgDir("web-tree-sitter"), "tree-sitter.wasm")),
    grammarWasm: (g) => readFileSync(grammarFile(root(), g)),
    query: (name) => readFileSync(join(root(), "grammars", name, "outline.scm"), "utf8"),
    queryFile: (folder, file) => {
      const path = join(root(), "grammars", folder, file);
      return existsSync(path) ? readFileSync(path, "utf8") : undefined;
    },
    grammarVersion: (g) => grammarVersionOnDisk(root(), g),
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
