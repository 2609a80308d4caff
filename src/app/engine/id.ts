// The engine id: what an outline depends on besides the file's bytes (cache format, tool
// version, queries (outline and references), grammar versions, and the source of the code that builds outlines and
// their cached objects). Cached objects live under it, so a new release, an edited query or a
// changed extraction never serves an outline the current code would not produce.
import { dirname, extname, join } from "node:path";
import { nodeUrl } from "../../io/builtins.ts";
import { CACHE_FORMAT } from "../../core/cache/format.ts";
import { sha256 } from "../../core/hash.ts";
import { REGISTRY } from "../../core/languages/registry.ts";
import { assets, outlineQuerySource } from "../../core/parse/assets.ts";
import { VERSION } from "../../version.ts";
import { engineSourceDigest } from "./sources.ts";

let memo: string | undefined;

export function engineId(): string {
  if (memo) return memo;
  const src = assets();
  // The compiled binary's assets are fixed, so scripts/build.ts computes the id once: no start
  // hashes the queries or loads node:crypto for it.
  if (src.engineId) return (memo = src.engineId);
  const h = sha256().update(`format ${CACHE_FORMAT}\nversion ${VERSION}\nsources ${runningSourceDigest()}\n`);
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
      h.update(`query ${q}\n${outlineQuerySource(q)}\n`);
      // A cached object holds the file's references too (core/outline/references.ts).
      h.update(`references ${q}\n${src.queryFile(q, "references.scm") ?? ""}\n`);
      for (const p of spec.profiles ?? []) h.update(`profile ${q}/${p.query} ${p.when.join("\0")}\n${outlineQuerySource(q, { definitions: p.query })}\n`);
    }
  }
  return (memo = h.digest("hex").slice(0, 16));
}

/**
 * The digest of the outline-building modules this process runs: the .ts files from source
 * (Bun, Deno, and scripts/build.ts, which embeds the id in the binary), the compiled .js files
 * in the Node build.
 */
function runningSourceDigest(): string {
  const self = nodeUrl().fileURLToPath(import.meta.url);
  return engineSourceDigest(join(dirname(self), "..", ".."), extname(self));
}
