// The engine id: what an outline depends on besides the file's bytes (cache format, tool
// version, queries, grammar versions). Cached objects live under it, so a new release or an
// edited query never serves an outline the current code would not produce.
import { createHash } from "node:crypto";
import { CACHE_FORMAT } from "../core/cache/format.ts";
import { REGISTRY } from "../core/languages/registry.ts";
import { assets } from "../core/parse/assets.ts";
import { VERSION } from "../version.ts";

let memo: string | undefined;

export function engineId(): string {
  if (memo) return memo;
  const h = createHash("sha256").update(`format ${CACHE_FORMAT}\nversion ${VERSION}\n`);
  const src = assets();
  const seen = new Set<string>();
  for (const spec of REGISTRY.all) {
    for (const g of [spec.grammar, spec.embedded?.hostGrammar]) {
      if (!g || seen.has(`${g.package}/${g.file}`)) continue;
      seen.add(`${g.package}/${g.file}`);
      h.update(`grammar ${g.package}/${g.file} ${src.grammarVersion(g)}\n`);
    }
    const q = spec.query ?? spec.id;
    if (!seen.has(`query:${q}`)) {
      seen.add(`query:${q}`);
      h.update(`query ${q}\n${src.query(q)}\n`);
    }
  }
  return (memo = h.digest("hex").slice(0, 16));
}
