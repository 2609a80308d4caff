// Where a grammar comes from, as its language's row records it (`grammar.source`, `build`,
// `sha256`: grammars/language.schema.json). One reader for the build script
// (scripts/build-grammar.ts), the asset loader (a built grammar's version) and the test that
// checks every .wasm against its record.
import type { GrammarSource } from "../languages/registry.ts";

export type SourceRef =
  | { kind: "npm"; package: string; version: string }
  | { kind: "github"; owner: string; repo: string; commit: string };

/** `npm:tree-sitter-c@0.24.1` / `github:tree-sitter/tree-sitter-cpp@<40 hex>`. */
export function parseSource(source: string): SourceRef {
  const npm = /^npm:((?:@[^/@]+\/)?[^@]+)@(.+)$/.exec(source);
  if (npm) return { kind: "npm", package: npm[1], version: npm[2] };
  const gh = /^github:([^/]+)\/([^@]+)@([0-9a-f]{40})$/.exec(source);
  if (gh) return { kind: "github", owner: gh[1], repo: gh[2], commit: gh[3] };
  throw new Error(`grammar source ${source}: neither npm:<package>@<version> nor github:<owner>/<repo>@<commit>`);
}

/** The version a grammar built here reports: its source's, plus the build's hash (engine ids change with it). */
export function builtVersion(g: Pick<GrammarSource, "version" | "sha256">): string {
  return `${g.version}+build.${g.sha256.slice(0, 12)}`;
}
