// From flat definition records to the nested symbol tree: each definition placed (placed.ts),
// the extents error recovery got wrong fitted (recovery.ts), then nested with names, kinds,
// signatures and docs (nesting.ts).
import type { LanguageSpec } from "../languages/registry.ts";
import type { OutlineSymbol } from "../types.ts";
import type { RawDefinition } from "./extract.ts";
import { mergeClauses, nest } from "./nesting.ts";
import { place } from "./placed.ts";
import { fitExtents } from "./recovery.ts";

/**
 * `text` is what the parser read; `source` the file's text, the same unless the parser read a
 * mask of it (parse-mask.ts): signatures are sliced from `source`.
 */
export function buildSymbols(defs: RawDefinition[], spec: LanguageSpec, text: string, source = text): OutlineSymbol[] {
  let placed = defs.map((raw) => place(raw, spec, text));
  if (defs.some((d) => d.hasError)) placed = fitExtents(placed, text, spec).placed;
  const symbols = nest(placed, spec, text, source);
  return spec.mergeClauses ? mergeClauses(symbols, spec.mergeClauses) : symbols;
}
