// The provenance record of a grammar built in this repository (scripts/build-grammar.ts):
// the `## Provenance` list of grammars/<id>/GRAMMAR.md, `- key: value` a line. One reader for
// the build script, the asset loader (the grammar's version) and the test that checks the
// committed .wasm against it.

export interface GrammarProvenance {
  /** npm package whose published C sources were compiled. */
  package: string;
  version: string;
  /** The package tarball's integrity as the registry states it (`sha512-…`). */
  integrity: string;
  /** Patch applied to the package before compiling (a file beside GRAMMAR.md), if any. */
  patch?: string;
  /** The C function the grammar exports (`tree_sitter_swift`). */
  function: string;
  /** The built .wasm, beside GRAMMAR.md. */
  output: string;
  /** sha256 (hex) of the built .wasm as committed. */
  sha256: string;
  /** The compiler, as `emcc --version` names it on its first line. */
  toolchain: string;
}

const REQUIRED = ["package", "version", "integrity", "function", "output", "sha256", "toolchain"] as const;

export function parseProvenance(markdown: string): GrammarProvenance {
  const at = markdown.indexOf("\n## Provenance");
  if (at < 0) throw new Error("GRAMMAR.md has no `## Provenance` section");
  const fields: Record<string, string> = {};
  for (const line of markdown.slice(at + 1).split("\n").slice(1)) {
    if (line.startsWith("#")) break;
    const m = /^- (\w+): `?([^`]*?)`?\s*$/.exec(line);
    if (m) fields[m[1]] = m[2];
  }
  for (const key of REQUIRED) if (!fields[key]) throw new Error(`GRAMMAR.md provenance has no ${key}`);
  return fields as unknown as GrammarProvenance;
}

/** The version a built grammar reports: the package's, plus the build's hash (engine ids change with it). */
export function builtVersion(p: GrammarProvenance): string {
  return `${p.version}+build.${p.sha256.slice(0, 12)}`;
}
