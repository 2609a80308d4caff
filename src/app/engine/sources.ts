// The source files an outline is built by, for the engine id (id.ts): the modules that make
// a cached object (outline building, language rows, parsing, the object and its symbol rows)
// and every module they import. A change to any of them is a different engine, so a cache
// made before it is never served after it.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { sha256 } from "../../core/hash.ts";

/** Where building an outline and its cached object starts, relative to the source root (src/). */
export const ENGINE_ENTRIES = [
  "core/outline/outline.ts",
  "core/languages/registry.ts",
  "core/cache/format.ts",
  "core/cache/pack.ts",
];

/** Relative module specifiers: `from "./x.ts"`, `import("../y.ts")`, `import "./z.ts"`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The entries and everything they import, transitively, as paths relative to `srcRoot`,
 * sorted. `ext` is the extension the modules have where they run (`.ts` from source, `.js`
 * in a build that compiled them): a `.ts` specifier names the `.js` file there.
 */
export function engineSourceFiles(srcRoot: string, ext = ".ts"): string[] {
  const seen = new Set<string>();
  const pending = ENGINE_ENTRIES.map((e) => withExt(join(srcRoot, e), ext));
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) pending.push(withExt(join(dirname(file), m[1]), ext));
  }
  return [...seen].map((f) => relative(srcRoot, f).split("\\").join("/")).sort();
}

/** A digest of the engine's source files: their paths and bytes. */
export function engineSourceDigest(srcRoot: string, ext = ".ts"): string {
  const h = sha256();
  for (const rel of engineSourceFiles(srcRoot, ext)) {
    const bytes = readFileSync(join(srcRoot, rel));
    h.update(`source ${rel} ${bytes.length}\n`).update(bytes).update("\n");
  }
  return h.digest("hex");
}

function withExt(path: string, ext: string): string {
  return ext !== ".ts" && path.endsWith(".ts") ? path.slice(0, -3) + ext : path;
}
